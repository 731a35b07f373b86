@testable import CalloutMapCore
import Foundation
import XCTest

/// Properties kept in a table shared by many places behave exactly as properties of their own.
final class PropertyTableTests: XCTestCase {
    let rows: [[AnnotationProperties.Element]] = [
        [("kind", "village"), ("population", "1242958")],
        [("kind", "suburb"), ("population", "273616"), ("note", "")],
        [("population", "7"), ("kind", "hamlet")],  // the same keys in another order
        [("é", "naïve — ünïcode ✓"), ("marker-color", "#ff0000")],
        [("kind", "")],
    ]

    func testRowsReadBackAsTheirEntries() {
        let table = PropertyTable()
        let made = rows.map { AnnotationProperties(row: table.append($0)!, of: table) }
        table.finish()
        XCTAssertEqual(table.rowCount, rows.count)
        for (properties, entries) in zip(made, rows) {
            let own = AnnotationProperties(uniqueEntries: entries)
            XCTAssertEqual(properties, own)
            XCTAssertEqual(properties.map(\.key), entries.map(\.key))
            XCTAssertEqual(properties.map(\.value), entries.map(\.value))
            for (key, value) in entries { XCTAssertEqual(properties[key], value) }
            XCTAssertNil(properties["missing"])
            XCTAssertEqual(properties.shown, own.shown)
            XCTAssertEqual(properties.summary, own.summary)
        }
        XCTAssertEqual(made[2]["kind"], "hamlet")
        XCTAssertEqual(made[3].shown.map(\.key), ["é"], "style keys are not shown")
        XCTAssertNotEqual(made[0], made[1])
    }

    func testChangingOnePlaceLeavesTheOthersSharingItsTable() {
        let table = PropertyTable()
        var first = AnnotationProperties(row: table.append(rows[0])!, of: table)
        let second = AnnotationProperties(row: table.append(rows[0])!, of: table)
        var copy = first
        first["kind"] = "town"
        first["new"] = "yes"
        copy["population"] = nil
        XCTAssertEqual(first.map(\.key), ["kind", "population", "new"])
        XCTAssertEqual(first["kind"], "town")
        XCTAssertEqual(copy.map(\.key), ["kind"])
        XCTAssertEqual(second, AnnotationProperties(uniqueEntries: rows[0]), "the table is unchanged")
        XCTAssertEqual(AnnotationProperties(row: 0, of: table)["kind"], "village")
    }

    func testPlacesReadAheadKeepTheirPropertiesInATable() {
        let features = (0..<50).map { i in
            #"{"type":"Feature","geometry":{"type":"Point","coordinates":[\#(i),1]},"properties":{"title":"P\#(i)","kind":"k\#(i % 3)","n":\#(i)}}"#
        }
        let text = #"{"type":"FeatureCollection","features":[\#(features.joined(separator: ","))]}"#
        var options = GeoJSONLoader.Options()
        options.readAhead = 200
        let result = GeoJSONLoader.load(data: Data(text.utf8), file: "t.geojson", options: options)
        XCTAssertGreaterThan(result.featuresReadAhead, 40)
        XCTAssertEqual(result.annotations.count, 50)
        XCTAssertEqual(result.annotations[7].properties.map(\.key), ["kind", "n"])
        XCTAssertEqual(result.annotations[7].properties["n"], "7")
        XCTAssertEqual(result.annotations[49].properties["kind"], "k1")
    }

    /// A subtitle, and a title past 15 bytes, are kept in the row, not as Strings of each place
    /// (112 MB a million places with subtitles): read back, changed and replaced as their own.
    func testATitleAndSubtitleKeptInTheRowReadAsThePlacesOwn() {
        let table = PropertyTable()
        let row = table.append([("kind", "cafe")], title: "Santa María del Río 12", subtitle: "Open daily · stop 3")!
        let bare = table.append([("kind", "shop")])!
        XCTAssertEqual(table.text(.title, of: row), "Santa María del Río 12")
        XCTAssertEqual(table.text(.subtitle, of: row), "Open daily · stop 3")
        XCTAssertNil(table.text(.title, of: bare))
        let properties = AnnotationProperties(row: row, of: table)
        XCTAssertEqual(properties.map(\.key), ["kind"], "the texts are not properties")
        XCTAssertEqual(properties, AnnotationProperties(uniqueEntries: [("kind", "cafe")]))
        XCTAssertEqual(properties["kind"], "cafe")
        XCTAssertEqual(properties.summary, "kind: cafe")

        func place() -> PointAnnotation {
            PointAnnotation(coordinate: Coordinate(latitude: 1, longitude: 2), title: "Santa María del Río 12",
                            subtitle: "Open daily · stop 3", properties: properties, identifier: nil,
                            summarizingProperties: true, titleInRow: true, subtitleInRow: true)
        }
        let read = place()
        XCTAssertEqual(read.title, "Santa María del Río 12")
        XCTAssertEqual(read.subtitle, "Open daily · stop 3")
        XCTAssertFalse(read.subtitleIsSummary)

        let changed = place()
        changed.properties["kind"] = "bar"  // the row becomes a list of its own; the texts stay
        XCTAssertEqual(changed.title, "Santa María del Río 12")
        XCTAssertEqual(changed.subtitle, "Open daily · stop 3")
        changed.properties = [:]
        XCTAssertEqual(changed.subtitle, "Open daily · stop 3")

        let renamed = place()
        renamed.title = "Other"
        renamed.subtitle = nil
        XCTAssertEqual(renamed.title, "Other")
        XCTAssertNil(renamed.subtitle)
        XCTAssertEqual(table.text(.title, of: row), "Santa María del Río 12", "the table is unchanged")
    }

    func testPlacesReadAheadKeepLongTitlesAndSubtitlesInTheirRows() {
        let features = (0..<50).map { i in
            #"{"type":"Feature","geometry":{"type":"Point","coordinates":[\#(i),1]},"properties":{"name":"Santa María del Río \#(i)","description":"Stop \#(i)","n":\#(i)}}"#
        }
        let text = #"{"type":"FeatureCollection","features":[\#(features.joined(separator: ","))]}"#
        var options = GeoJSONLoader.Options()
        options.readAhead = 200
        let ahead = GeoJSONLoader.load(data: Data(text.utf8), file: "t.geojson", options: options)
        options.readAhead = nil
        let read = GeoJSONLoader.load(data: Data(text.utf8), file: "t.geojson", options: options)
        XCTAssertGreaterThan(ahead.featuresReadAhead, 40)
        for (a, b) in zip(ahead.annotations, read.annotations) {
            XCTAssertEqual(a.title, b.title)
            XCTAssertEqual(a.subtitle, b.subtitle)
            XCTAssertEqual(a.properties, b.properties)
        }
        XCTAssertEqual(ahead.annotations[7].title, "Santa María del Río 7")
        XCTAssertEqual(ahead.annotations[7].subtitle, "Stop 7")
        XCTAssertEqual(ahead.annotations[7].properties.map(\.key), ["n"])
    }
}
