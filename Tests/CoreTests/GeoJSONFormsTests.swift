import CalloutMapCore
import Foundation
import XCTest

/// GeoJSON as tools write it: every top level RFC 7946 allows, MultiPoint, ids, CRS
/// members, titles from the properties people have, and text sequences (RFC 8142 and
/// one Feature a line), read from memory and streamed from files.
final class GeoJSONFormsTests: XCTestCase {
    func load(_ text: String, options: GeoJSONLoader.Options = .init()) -> LoadedPlaces {
        GeoJSONLoader.load(data: Data(text.utf8), file: "f.geojson", options: options)
    }

    func feature(_ geometry: String, _ properties: String = "{}", extra: String = "") -> String {
        #"{"type":"Feature",\#(extra)"geometry":\#(geometry),"properties":\#(properties)}"#
    }

    func testEveryTopLevelRFC7946Allows() {
        let one = load(feature(#"{"type":"Point","coordinates":[2.35,48.86]}"#, #"{"name":"Paris"}"#))
        XCTAssertEqual(one.annotations.map(\.title), ["Paris"], "a file holding one Feature")
        XCTAssertEqual(one.problems, [])

        let bare = load(#"{"type":"Point","coordinates":[-122.42,37.77,16.5]}"#)
        XCTAssertEqual(bare.annotations.count, 1, "a bare geometry, with an altitude")
        XCTAssertEqual(bare.annotations.first?.coordinate.latitude, 37.77)

        let multi = load(#"{"coordinates":[[0,1],[2,3,100],[4,5]],"type":"MultiPoint"}"#)
        XCTAssertEqual(multi.annotations.map(\.coordinate.longitude), [0, 2, 4], "members in any order")

        let collection = load(#"{"type":"GeometryCollection","geometries":[{"type":"Point","coordinates":[1,1]},{"type":"LineString","coordinates":[[0,0],[1,1]]},{"type":"MultiPoint","coordinates":[[2,2]]}]}"#)
        XCTAssertEqual(collection.annotations.count, 2, "the points of a GeometryCollection")
        XCTAssertEqual(collection.overlays.map { "\(type(of: $0))" }, ["Polyline"], "and its line")

        let line = load(#"{"type":"LineString","coordinates":[[0,0],[1,1]]}"#)
        XCTAssertEqual(line.problems, [])
        XCTAssertEqual(line.overlays.first?.geometry, .lines([[Coordinate(latitude: 0, longitude: 0), Coordinate(latitude: 1, longitude: 1)]]))
        let unlocated = load(#"{"type":"Feature","geometry":null}"#)
        XCTAssertEqual(unlocated.problems, [], "RFC 7946's unlocated feature is valid, with nothing to show")
        XCTAssertEqual(unlocated.annotations.count + unlocated.overlays.count, 0)
        for junk in [#"{"type":"Topology"}"#, "[]", #"{"type":"Feature"}"#] {
            XCTAssertEqual(load(junk).problems.first?.severity, .fatal, junk)
        }
    }

    func testMultiPointsShareTheirFeature() {
        let r = load(#"{"type":"FeatureCollection","bbox":[0,0,5,5],"generator":"x","features":[\#(feature(#"{"type":"MultiPoint","coordinates":[[0,0],[1,1],[200,1],[2,2]]}"#, #"{"name":"Stops","line":"7"}"#, extra: #""id":"route-7","bbox":[0,0,2,2],"#))]}"#)
        XCTAssertEqual(r.annotations.map(\.title), ["Stops", "Stops", "Stops"])
        XCTAssertEqual(Set(r.annotations.map(\.identifier)), ["route-7"], "the feature's id, kept")
        XCTAssertEqual(r.annotations.first?.properties["line"], "7")
        XCTAssertEqual(r.problems.map(\.description), ["f.geojson: feature 0 (id “route-7”): position 2 has longitude 200.0, beyond ±180; left out"])
        let numbered = load(feature(#"{"type":"Point","coordinates":[0,0]}"#, "{}", extra: #""id":17,"#))
        XCTAssertEqual(numbered.annotations.first?.identifier, "17")
    }

    func testOnlyLongitudeAndLatitudeAreRead() {
        let gdal = #"{"type":"FeatureCollection","name":"airports","crs":{"type":"name","properties":{"name":"urn:ogc:def:crs:OGC:1.3:CRS84"}},"features":[\#(feature(#"{"type":"Point","coordinates":[1,2]}"#))]}"#
        XCTAssertEqual(load(gdal).annotations.count, 1, "GDAL's CRS84 member is accepted silently")
        XCTAssertEqual(load(gdal.replacingOccurrences(of: "urn:ogc:def:crs:OGC:1.3:CRS84", with: "EPSG:4326")).problems, [])
        let mercator = load(gdal.replacingOccurrences(of: "urn:ogc:def:crs:OGC:1.3:CRS84", with: "urn:ogc:def:crs:EPSG::3857"))
        XCTAssertEqual(mercator.annotations.count, 0)
        XCTAssertEqual(mercator.problems.first?.severity, .fatal)
        XCTAssertTrue(mercator.problems.first?.message.contains("urn:ogc:def:crs:EPSG::3857") == true, "named: \(mercator.problems)")
    }

    func testTitlesAndSubtitlesFromTheDataPeopleHave() {
        func titles(_ properties: [String], options: GeoJSONLoader.Options = .init()) -> [(String?, String?)] {
            let features = properties.enumerated().map { feature(#"{"type":"Point","coordinates":[\#($0.offset),0]}"#, $0.element) }
            return load(#"{"type":"FeatureCollection","features":[\#(features.joined(separator: ","))]}"#, options: options)
                .annotations.map { ($0.title, $0.subtitle) }
        }
        let got = titles([#"{"title":"T","name":"N","subtitle":"S","description":"D"}"#,
                          #"{"name":"Ogr","description":"from a shapefile"}"#,
                          #"{"Name":"KML"}"#, #"{"NAME":"Natural Earth","ADM0NAME":"France","POP_MAX":2138551}"#,
                          #"{"label":7}"#, ##"{"marker-color":"#f00","marker-symbol":"star","city":"Oslo"}"##])
        XCTAssertEqual(got.map(\.0), ["T", "Ogr", "KML", "Natural Earth", "7", nil])
        XCTAssertEqual(got.map(\.1), ["S", "from a shapefile", nil, "ADM0NAME: France · POP_MAX: 2138551", nil, "city: Oslo"],
                       "a subtitle from the other properties, style keys aside")
        let chosen = titles([#"{"name":"N","iata":"SFO","city":"San Francisco"}"#],
                            options: .init(titleProperty: "iata", subtitleProperty: "city"))
        XCTAssertEqual(chosen.first?.0, "SFO")
        XCTAssertEqual(chosen.first?.1, "San Francisco")
        let order = load(feature(#"{"type":"Point","coordinates":[0,0]}"#, #"{"z":"1","name":"x","a":"2","m":true}"#))
        XCTAssertEqual(order.annotations.first?.properties.map(\.key), ["z", "a", "m"], "the rest, in the file's order")
    }

    /// RFC 8142 records and newline-delimited Features, told apart by content whatever the name.
    func testTextSequences() {
        let a = feature(#"{"type":"Point","coordinates":[1,1]}"#, #"{"name":"a"}"#)
        let b = feature(#"{"type":"MultiPoint","coordinates":[[2,2],[3,3]]}"#, #"{"name":"b"}"#)
        let rs = "\u{1E}\(a)\n\u{1E}\(b)\n\u{1E}{\"type\":\"Feature\",\"geometry\":\n\u{1E}\(a)\n"
        let seq = load(rs)
        XCTAssertEqual(seq.annotations.map(\.title), ["a", "b", "b", "a"])
        XCTAssertEqual(seq.problems.map(\.description), ["f.geojson: record 3: is not valid JSON: the text ends before the JSON does at byte 30 of the record; skipped"],
                       "a truncated record is skipped, the next one read (RFC 8142)")
        let lines = load("\(a)\r\n\n\(b)\n   \n{\"type\":\"Feature\",\"geometry\":{\"type\":\"Polygon\",\"coordinates\":[]}}\n\(a)")
        XCTAssertEqual(lines.annotations.map(\.title), ["a", "b", "b", "a"], "CRLF, blank lines, no final newline")
        XCTAssertEqual(lines.problems.map(\.record), [3], "blank lines are not records")
        XCTAssertEqual(load("\(a)\n").annotations.count, 1, "one Feature and a newline is a plain file")
    }

    /// A sequence bigger than the pieces it is read in, from a file: every record whole.
    func testSequenceFilesStreamAcrossPieces() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("cm-seq-\(getpid()).geojsons")
        defer { try? FileManager.default.removeItem(at: url) }
        var text = ""
        let count = 60_000  // ~7 MB: pieces are 4 MiB
        for i in 0..<count {
            text += "\u{1E}" + feature(#"{"type":"Point","coordinates":[\#(Double(i % 360) - 180 + 0.5),\#(Double(i % 170) - 85)]}"#,
                                      #"{"name":"Place \#(i)","padding":"\#(String(repeating: "x", count: i % 100))"}"#) + "\n"
        }
        try text.write(to: url, atomically: true, encoding: .utf8)
        var reports: [(Int, Double)] = []
        let r = GeoJSONLoader.load(contentsOf: url) { reports.append(($0, $1)) }
        XCTAssertEqual(r.problems, [])
        XCTAssertEqual(r.annotations.count, count)
        XCTAssertEqual(r.annotations.last?.title, "Place \(count - 1)")
        XCTAssertTrue(r.annotations.enumerated().allSatisfy { $0.element.title == "Place \($0.offset)" }, "in order, none cut")
        XCTAssertGreaterThanOrEqual(reports.count, 2, "progress while streaming")
        XCTAssertEqual(reports.map(\.1), reports.map(\.1).sorted())
    }
}
