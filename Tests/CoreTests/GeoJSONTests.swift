import CalloutMapCore
import Foundation
import XCTest

final class GeoJSONTests: XCTestCase {
    func load(_ text: String) -> LoadedPlaces {
        GeoJSONLoader.load(data: Data(text.utf8), file: "places.geojson")
    }

    func point(_ lon: String, _ lat: String, _ props: String = "{}") -> String {
        #"{"type":"Feature","geometry":{"type":"Point","coordinates":[\#(lon),\#(lat)]},"properties":\#(props)}"#
    }

    func testValidFeaturesLoadWithTheirProperties() throws {
        let r = load(#"{"type":"FeatureCollection","features":[\#(point("-122.4783", "37.8199", #"{"title":"Golden Gate Bridge","subtitle":"Bridge","kind":"marker","price":125,"open":true}"#))]}"#)
        XCTAssertEqual(r.problems, [])
        let a = try XCTUnwrap(r.annotations.first)
        XCTAssertEqual(a.title, "Golden Gate Bridge")
        XCTAssertEqual(a.subtitle, "Bridge")
        XCTAssertEqual(a.coordinate, Coordinate(latitude: 37.8199, longitude: -122.4783))
        XCTAssertEqual(a.properties["kind"], "marker")
        XCTAssertEqual(a.properties["price"], "125")
        XCTAssertEqual(a.properties["open"], "true")
    }

    func testASubtitleMadeOfPropertiesIsMadeWhenAskedForAndGivesWayToOneSet() throws {
        let r = load(#"{"type":"FeatureCollection","features":[\#(point("2.35", "48.85", #"{"name":"Paris","city":"Paris","country":"FR","marker-color":"red"}"#))]}"#)
        let a = try XCTUnwrap(r.annotations.first)
        XCTAssertEqual(a.subtitle, "city: Paris · country: FR")
        a.properties["city"] = "Lutèce"
        XCTAssertEqual(a.subtitle, "city: Lutèce · country: FR", "made from the properties as they are now")
        a.subtitle = "Capital"
        XCTAssertEqual(a.subtitle, "Capital")
        a.subtitle = nil
        XCTAssertNil(a.subtitle, "a subtitle taken away stays away")
        let made = PointAnnotation(coordinate: a.coordinate, title: "Paris", properties: ["city": "Paris"])
        XCTAssertNil(made.subtitle, "a place made in code has only the subtitle it is given")
    }

    func testBadFeaturesAreSkippedOneProblemEachNamingFileAndIndex() {
        let features = [
            point("-122.4", "37.8", #"{"title":"ok 0"}"#),
            #"{"type":"Feature","geometry":{"type":"LineString","coordinates":[[0,0]]},"properties":{}}"#,
            #"{"type":"Feature","properties":{"title":"no geometry"}}"#,
            point("-122.4", "95"),
            point("-190", "37"),
            point("\"x\"", "37"),
            point("null", "37"),
            point("-122.4", "37.8", #"{"title":[42]}"#),
            #"{"type":"Feature","geometry":{"type":"Point","coordinates":[1]},"properties":{}}"#,
            #""not a feature""#,
            point("-122.41", "37.79", #"{"title":"ok 10"}"#),
        ]
        let r = load(#"{"type":"FeatureCollection","features":[\#(features.joined(separator: ","))]}"#)
        XCTAssertEqual(r.annotations.map(\.title), ["ok 0", nil, "ok 10"], "valid features still load")
        XCTAssertEqual(r.problems.map(\.feature), [1, 2, 3, 4, 5, 6, 7, 8, 9])
        XCTAssertEqual(r.problems.filter { $0.severity == .adjusted }.map(\.feature), [7], "a title that is not text is said")
        XCTAssertTrue(r.problems.allSatisfy { $0.description.hasPrefix("places.geojson: feature ") })
        let text = r.problems.map(\.description).joined(separator: "\n")
        for phrase in ["LineString with a line of fewer than 2 positions", "no geometry", "latitude 95.0, beyond ±90", "longitude -190.0, beyond ±180",
                       "title that is not text", "not a Feature"] {
            XCTAssertTrue(text.contains(phrase), "\(phrase) in\n\(text)")
        }
    }

    func testAProblemNamesAFeatureByItsIdWhenItHasOne() {
        let long = String(repeating: "x", count: 100)
        let features = [
            #"{"type":"Feature","id":"pier-7","geometry":{"type":"Point","coordinates":[1]},"properties":{}}"#,
            #"{"type":"Feature","id":42,"geometry":{"type":"Point","coordinates":[0,95]},"properties":{}}"#,
            #"{"type":"Feature","geometry":{"type":"Point","coordinates":[0,95]},"properties":{}}"#,
            #"{"type":"Feature","id":"\#(long)","properties":{"title":[1]},"geometry":{"type":"Point","coordinates":[0,1]}}"#,
        ]
        let r = load(#"{"type":"FeatureCollection","features":[\#(features.joined(separator: ","))]}"#)
        XCTAssertEqual(r.problems.map(\.featureID), ["pier-7", "42", nil, long])
        XCTAssertEqual(r.problems.map { $0.description.components(separatedBy: ": ").prefix(2).joined(separator: ": ") }, [
            "places.geojson: feature 0 (id “pier-7”)", "places.geojson: feature 1 (id “42”)", "places.geojson: feature 2",
            "places.geojson: feature 3 (id “\(String(repeating: "x", count: 59))…”)",
        ])
    }

    func testWholeFileProblemsAreFatalAndSayWhichFile() {
        for bad in ["this is not json", "[1,2,3]", #"{"type":"Feature"}"#, #"{"type":"FeatureCollection"}"#] {
            let r = load(bad)
            XCTAssertEqual(r.annotations.count, 0)
            XCTAssertEqual(r.problems.count, 1, bad)
            XCTAssertEqual(r.problems.first?.severity, .fatal)
            XCTAssertTrue(r.problems.first?.description.hasPrefix("places.geojson: ") == true)
        }
        let missing = GeoJSONLoader.load(contentsOf: URL(fileURLWithPath: "/nonexistent/x.geojson"))
        XCTAssertTrue(missing.problems.first?.description.contains("/nonexistent/x.geojson") == true)
    }

    func testHugeTitlesAreCutNotDroppedAndMarkupStaysText() throws {
        let huge = String(repeating: "A", count: 100_000)
        let r = load(#"{"type":"FeatureCollection","features":[\#(point("0", "0", #"{"title":"\#(huge)","subtitle":"<b>bold</b> &amp; <i>"}"#))]}"#)
        let a = try XCTUnwrap(r.annotations.first)
        XCTAssertEqual(a.title?.count, GeoJSONLoader.maxTextLength)
        XCTAssertEqual(a.subtitle, "<b>bold</b> &amp; <i>", "kept verbatim; views show it as plain text")
        XCTAssertEqual(r.problems.map(\.severity), [.adjusted])
        XCTAssertTrue(r.problems[0].description.contains("feature 0"))
    }
}
