import CalloutMapCore
import CalloutMapWidget
import Foundation
import XCTest

/// What a person names as the map (`--tiles`, `--style`, the tiles being a style's JSON) opens
/// through one decision: at once, or after a TileJSON document is fetched — the style read once.
final class TileSourceOpeningTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("cm-opening-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDown() { try? FileManager.default.removeItem(at: folder) }

    /// A style of one fill layer, with a property no one draws (told once), its source at `url`.
    private func style(url: String) throws -> String {
        let file = folder.appendingPathComponent("style-\(abs(url.hashValue)).json")
        try Data("""
            {"version": 8, "sources": {"osm": {"type": "vector", "url": "\(url)"}},
             "layers": [{"id": "water", "type": "fill", "source": "osm", "source-layer": "water",
                         "paint": {"fill-color": "#8ac", "fill-antialias-nope": true}}]}
            """.utf8).write(to: file)
        return file.path
    }

    private final class Notes: @unchecked Sendable {
        var lines: [String] = []
    }

    func testEachWayOfNamingTheMapOpensOnce() throws {
        let helsinki = DataDirectory.locate()!.appendingPathComponent("vector/helsinki.pmtiles").path
        // Tiles alone, opened at once.
        guard case .opened(let plain) = try TileSources.opening(tiles: helsinki, style: nil) else { return XCTFail("a file opens at once") }
        XCTAssertTrue(plain is VectorTileSource)

        // A style's JSON given as the tiles is the style; it names its file.
        let notes = Notes()
        let local = try style(url: "pmtiles://" + helsinki)
        guard case .opened(let styled) = try TileSources.opening(tiles: local, style: nil, note: { notes.lines.append($0) }) else {
            return XCTFail("a style naming a file opens at once")
        }
        XCTAssertTrue(styled is VectorTileSource)
        XCTAssertEqual(notes.lines.count, 1, "what of the style is not drawn is told once: \(notes.lines)")

        // A style naming a TileJSON document: fetched first, the style already read (told once).
        notes.lines = []
        let online = try style(url: "http://127.0.0.1:9/tiles.json")
        guard case .fetching(let url, _) = try TileSources.opening(tiles: nil, style: online, note: { notes.lines.append($0) }) else {
            return XCTFail("a TileJSON document is fetched first")
        }
        XCTAssertEqual(url, "http://127.0.0.1:9/tiles.json")
        XCTAssertEqual(notes.lines.count, 1)

        // The tiles given beside a style win over the style's own source.
        guard case .opened = try TileSources.opening(tiles: helsinki, style: online) else { return XCTFail("the tiles given are drawn") }
        guard case .fetching(let named, _) = try TileSources.opening(tiles: "https://tiles.example.org/planet.json", style: nil) else {
            return XCTFail("a TileJSON URL as the tiles is fetched first")
        }
        XCTAssertEqual(named, "https://tiles.example.org/planet.json")
    }

    func testWhatCannotBeOpenedIsNamed() {
        let missing = folder.appendingPathComponent("gone.json").path
        XCTAssertThrowsError(try TileSources.opening(tiles: nil, style: missing)) { error in
            XCTAssertEqual((error as? TileSourceError)?.source, missing)
        }
        XCTAssertThrowsError(try TileSources.opening(tiles: nil, style: nil))
        XCTAssertThrowsError(try TileSources.opening(tiles: folder.appendingPathComponent("none.mbtiles").path, style: nil))
    }
}
