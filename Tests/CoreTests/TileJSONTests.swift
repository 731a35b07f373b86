@testable import CalloutMapCore
import XCTest

/// TileJSON documents as tile servers publish them: templates made absolute, zooms, area,
/// credits, vector or images; what is not one refused by name.
final class TileJSONTests: XCTestCase {
    let url = "https://tiles.example.org/data/helsinki.json?key=abc"

    func read(_ json: String) throws -> TileJSON { try TileJSON(json: Array(json.utf8), url: url) }

    func testMartinsDocumentIsReadWithItsTemplateZoomsAreaAndCredits() throws {
        let doc = try read(#"""
        {"tilejson": "3.0.0", "name": "helsinki", "tiles": ["https://tiles.example.org/helsinki/{z}/{x}/{y}"],
         "minzoom": 13, "maxzoom": 14, "bounds": [24.92, 60.15, 24.97, 60.18], "attribution": "© OpenStreetMap contributors",
         "vector_layers": [{"id": "poi", "fields": {}}]}
        """#)
        XCTAssertEqual(doc.tiles, ["https://tiles.example.org/helsinki/{z}/{x}/{y}"])
        XCTAssertEqual(doc.name, "helsinki")
        XCTAssertEqual(doc.attribution, "© OpenStreetMap contributors")
        XCTAssertEqual(doc.zoomRange, 13...14)
        XCTAssertEqual(doc.bounds, GeoBounds(west: 24.92, south: 60.15, east: 24.97, north: 60.18))
        XCTAssertTrue(doc.isVector, "it lists vector_layers")
    }

    func testDefaultsAndWhatTellsVectorTilesFromImages() throws {
        let images = try read(#"{"tiles": ["https://a.example.org/{z}/{x}/{y}.png"], "bounds": [-180, -85.05, 180, 85.05]}"#)
        XCTAssertEqual(images.zoomRange, 0...30)
        XCTAssertNil(images.bounds, "the whole world")
        XCTAssertFalse(images.isVector)
        XCTAssertTrue(try read(#"{"tiles": ["https://a.example.org/{z}/{x}/{y}.pbf?key=1"]}"#).isVector)
        XCTAssertTrue(try read(#"{"tiles": ["https://a.example.org/{z}/{x}/{y}"], "format": "pbf"}"#).isVector)
        XCTAssertEqual(try read(#"{"tiles": ["https://a.example.org/{z}/{x}/{y}"], "minzoom": 40, "maxzoom": -2}"#).zoomRange, 0...0)
    }

    func testTemplatesAreMadeAbsoluteAgainstTheDocument() {
        XCTAssertEqual(TileJSON.absolute("http://b.example.org/{z}/{x}/{y}.pbf", from: url), "http://b.example.org/{z}/{x}/{y}.pbf")
        XCTAssertEqual(TileJSON.absolute("/tiles/{z}/{x}/{y}.pbf", from: url), "https://tiles.example.org/tiles/{z}/{x}/{y}.pbf")
        XCTAssertEqual(TileJSON.absolute("{z}/{x}/{y}.pbf", from: url), "https://tiles.example.org/data/{z}/{x}/{y}.pbf")
        XCTAssertEqual(TileJSON.absolute("{z}/{x}/{y}.pbf", from: "http://127.0.0.1:8080"), "http://127.0.0.1:8080/{z}/{x}/{y}.pbf")
        // Found by the fuzzer: a query before any path cut the URL past its end.
        XCTAssertEqual(TileJSON.absolute("{z}/{x}/{y}.pbf", from: "https://h.example?x=/a/b"), "https://h.example/{z}/{x}/{y}.pbf")
        XCTAssertEqual(TileJSON.absolute("t/{z}.pbf", from: "no scheme?/x"), "no scheme/t/{z}.pbf")
    }

    func testWhatIsNotTileJSONIsRefusedByName() {
        for (json, reason) in [("<html>", "not a JSON object"), (#"{"tilejson": "3.0.0"}"#, "names no tiles"),
                               (#"{"tiles": ["https://a/{z}/{x}/{y}.pbf"], "scheme": "tms"}"#, "tms")] {
            XCTAssertThrowsError(try read(json)) { error in
                let e = error as? TileSourceError
                XCTAssertEqual(e?.source, url)
                XCTAssertTrue(e?.reason.contains(reason) ?? false, "\(e?.reason ?? "")")
            }
        }
    }
}
