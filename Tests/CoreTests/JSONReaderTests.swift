import CalloutMapCore
import Foundation
import XCTest

final class JSONReaderTests: XCTestCase {
    func parse(_ text: String) throws -> JSONValue {
        var r = JSONReader(Data(text.utf8))
        return try r.value()
    }

    func testValuesEscapesAndUnicode() throws {
        let v = try parse(#" {"a": [1, -2.5e3, true, false, null], "s": "x\"y\\z\/\n\u00e9\ud83d\ude00 ok", "e": {}} "#)
        XCTAssertEqual(v["a"], .array([.number(1), .number(-2500), .bool(true), .bool(false), .null]))
        XCTAssertEqual(v["s"]?.string, "x\"y\\z/\né😀 ok")
        XCTAssertEqual(v["e"], .object([]))
        XCTAssertEqual(try parse("\"Zürich — 東京\"").string, "Zürich — 東京", "UTF-8 passes through")
        XCTAssertEqual(try parse("1e999").number, .infinity, "too large is infinite, left to the caller")
    }

    func testRejectsWhatJSONDoesNot() {
        for bad in ["", "{", "[1,]", "{\"a\" 1}", "01", "+1", ".5", "nan", "inf", "\"unterminated", "\"tab\there\"",
                    "tru", "[1 2]", "\"\\x\"", "{\"a\":1,}"] {
            XCTAssertThrowsError(try parse(bad), bad)
        }
    }

    func testAHugeCoordinateIsOneSkippedFeatureNotABrokenFile() {
        let text = #"{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Point","coordinates":[1e999,0]},"properties":{}},{"type":"Feature","geometry":{"type":"Point","coordinates":[1,2]},"properties":{"title":"ok"}}]}"#
        let r = GeoJSONLoader.load(data: Data(text.utf8), file: "f.geojson")
        XCTAssertEqual(r.annotations.map(\.title), ["ok"])
        XCTAssertEqual(r.problems.map(\.description), ["f.geojson: feature 0: has a coordinate that is not a finite number; skipped"])
        let trailing = GeoJSONLoader.load(data: Data((text + " x").utf8), file: "f.geojson")
        XCTAssertEqual(trailing.annotations.count, 0)
        XCTAssertEqual(trailing.problems.first?.severity, .fatal, "trailing garbage: not JSON, nothing loaded")
    }
}
