import CalloutMapCore
import TestServers
import Foundation
import XCTest

/// Vector tiles through the command line: `render --tiles` with the shipped Helsinki PMTiles
/// archive and MBTiles file, drawn with the built-in style, past the tiles' deepest zoom too.
final class VectorMapEndToEndTests: XCTestCase {
    static let data = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../data/vector")

    func render(_ arguments: [String]) throws -> (status: Int32, stderr: String, shot: Screenshot?) {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("vector-\(UUID().uuidString.prefix(6)).png").path
        defer { try? FileManager.default.removeItem(atPath: out) }
        var env = ProcessInfo.processInfo.environment
        env["DISPLAY"] = nil
        let r = try runCalloutMap(["render", "--no-demo", "--size", "400x300", "--out", out] + arguments, environment: env)
        return (r.status, r.stderr, Screenshot(png: out))
    }

    /// How many pixels have each colour.
    static func counts(_ shot: Screenshot) -> [UInt32: Int] {
        var counts: [UInt32: Int] = [:]
        for y in 0..<shot.height { for x in 0..<shot.width { counts[shot.pixel(x, y) ?? 0, default: 0] += 1 } }
        return counts
    }

    func testBothHelsinkiFilesDrawTheCityAsTheBuiltInStyleSays() throws {
        let centre = ["--center", "60.1690,24.9410"]
        let pm = try render(["--tiles", Self.data.appendingPathComponent("helsinki.pmtiles").path, "--zoom", "16"] + centre)
        XCTAssertEqual(pm.status, 0, pm.stderr)
        let mb = try render(["--tiles", Self.data.appendingPathComponent("helsinki.mbtiles").path, "--zoom", "16"] + centre)
        XCTAssertEqual(mb.status, 0, mb.stderr)
        let a = try XCTUnwrap(pm.shot), b = try XCTUnwrap(mb.shot)
        let counts = Self.counts(a)
        // Buildings, main roads, points of interest (the light style's colours), a tenth of the picture or more for buildings.
        XCTAssertGreaterThan(counts[0xdeddda] ?? 0, 400 * 300 / 10, "buildings")
        XCTAssertGreaterThan(counts[0xf9f06b] ?? 0, 1000, "main roads")
        XCTAssertGreaterThan(counts[0xe66100] ?? 0, 100, "points of interest")
        XCTAssertEqual(Self.counts(b), counts, "the MBTiles file and the PMTiles archive hold the same tiles")
        // Zoom 18: four zooms past the tiles', drawn from zoom 14's features, lines still sharp.
        let deep = try render(["--tiles", Self.data.appendingPathComponent("helsinki.pmtiles").path, "--zoom", "18"] + centre)
        XCTAssertEqual(deep.status, 0, deep.stderr)
        XCTAssertGreaterThan(Self.counts(try XCTUnwrap(deep.shot))[0xdeddda] ?? 0, 400 * 300 / 10)
    }

    /// A folder of `z/x/y.pbf` tiles (as tippecanoe's `--output-to-directory` writes one, with
    /// its metadata.json; some tiles named `.mvt`) draws as the archive it came from.
    func testAFolderOfVectorTilesDrawsAsTheArchiveItCameFrom() throws {
        let folder = try Self.helsinkiFolder(mixed: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let fromFolder = try render(["--tiles", folder.path] + Self.centre16)
        XCTAssertEqual(fromFolder.status, 0, fromFolder.stderr)
        let fromArchive = try render(["--tiles", Self.data.appendingPathComponent("helsinki.pmtiles").path] + Self.centre16)
        let counts = Self.counts(try XCTUnwrap(fromFolder.shot))
        XCTAssertGreaterThan(counts[0xdeddda] ?? 0, 400 * 300 / 10, "buildings")
        XCTAssertEqual(counts, Self.counts(try XCTUnwrap(fromArchive.shot)), "the folder holds the archive's tiles")
    }

    /// Vector tiles from a server by a URL template (`…/{z}/{x}/{y}.pbf`): the same picture as
    /// the archive's, but for the tiles' area (a template says none: the tiles' own backgrounds
    /// reach to their edges); a server that has nothing leaves the offline map.
    func testVectorTilesFromAServerDrawAsTheArchive() throws {
        let folder = try Self.helsinkiFolder(mixed: false)
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = try TileServer(lifetime: 60, files: folder)
        let online = try render(["--tiles", "http://127.0.0.1:\(server.port)/files/{z}/{x}/{y}.pbf"] + Self.centre16)
        XCTAssertEqual(online.status, 0, online.stderr)
        let fromArchive = try render(["--tiles", Self.data.appendingPathComponent("helsinki.pmtiles").path] + Self.centre16)
        let a = Self.counts(try XCTUnwrap(online.shot)), b = Self.counts(try XCTUnwrap(fromArchive.shot))
        XCTAssertGreaterThan(a[0xdeddda] ?? 0, 400 * 300 / 10, "buildings")
        // The same points of interest, give or take those past the area's edge (and names over them).
        XCTAssertEqual(Double(a[0xe66100] ?? 0), Double(b[0xe66100] ?? 0), accuracy: Double(b[0xe66100] ?? 0) / 10)
        XCTAssertGreaterThan(server.stats["requests"] as? Int ?? 0, 0)
        // A style whose source names the same template in its "tiles": the same picture.
        var style = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: Self.data.appendingPathComponent("../styles/openmaptiles-light.json"))) as? [String: Any])
        style["sources"] = ["openmaptiles": ["type": "vector", "tiles": ["http://127.0.0.1:\(server.port)/files/{z}/{x}/{y}.pbf"], "maxzoom": 14]]
        let styleFile = folder.appendingPathComponent("style.json")
        try JSONSerialization.data(withJSONObject: style).write(to: styleFile)
        let styled = try render(["--style", styleFile.path] + Self.centre16)
        XCTAssertEqual(styled.status, 0, styled.stderr)
        XCTAssertEqual(Self.counts(try XCTUnwrap(styled.shot)), a, "a style's tiles templates")
        let nothing = try render(["--tiles", "http://127.0.0.1:\(server.port)/missing/{z}/{x}/{y}.pbf"] + Self.centre16)
        XCTAssertEqual(nothing.status, 0, nothing.stderr)
        XCTAssertNil(Self.counts(try XCTUnwrap(nothing.shot))[0xe66100], "no tiles: the offline map")
    }

    /// A TileJSON document (as Martin or tipg publish one, its template beside it): its tiles
    /// drawn within its area as the archive's are; one the server does not have is named.
    func testATileJSONDocumentsTilesDrawAsTheArchive() throws {
        let folder = try Self.helsinkiFolder(mixed: false)
        defer { try? FileManager.default.removeItem(at: folder) }
        let b = try XCTUnwrap(PMTilesArchive(contentsOf: Self.data.appendingPathComponent("helsinki.pmtiles")).bounds)
        try Data(#"""
        {"tilejson": "3.0.0", "name": "Helsinki online", "tiles": ["{z}/{x}/{y}.pbf"], "minzoom": 13, "maxzoom": 14,
         "bounds": [\#(b.west), \#(b.south), \#(b.east), \#(b.north)], "attribution": "© OpenStreetMap contributors",
         "vector_layers": [{"id": "poi", "fields": {}}]}
        """#.utf8).write(to: folder.appendingPathComponent("tiles.json"))
        let server = try TileServer(lifetime: 60, files: folder)
        let online = try render(["--tiles", "http://127.0.0.1:\(server.port)/files/tiles.json"] + Self.centre16)
        XCTAssertEqual(online.status, 0, online.stderr)
        let fromArchive = try render(["--tiles", Self.data.appendingPathComponent("helsinki.pmtiles").path] + Self.centre16)
        XCTAssertEqual(Self.counts(try XCTUnwrap(online.shot)), Self.counts(try XCTUnwrap(fromArchive.shot)), "the same tiles, the same area")
        let missing = try render(["--tiles", "http://127.0.0.1:\(server.port)/files/nothing.json"] + Self.centre16)
        XCTAssertEqual(missing.status, 1)
        XCTAssertTrue(missing.stderr.contains("nothing.json") && missing.stderr.contains("HTTP 404"), missing.stderr)

        // A style whose vector source names the document by "url" (as styles for a tile server
        // do): fetched first, the same picture — given as --style or as the tiles.
        var style = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: Self.data.appendingPathComponent("../styles/openmaptiles-light.json"))) as? [String: Any])
        func write(_ name: String, url: String) throws -> String {
            style["sources"] = ["openmaptiles": ["type": "vector", "url": url]]
            let file = folder.appendingPathComponent(name)
            try JSONSerialization.data(withJSONObject: style).write(to: file)
            return file.path
        }
        let styleFile = try write("style.json", url: "http://127.0.0.1:\(server.port)/files/tiles.json")
        for arguments in [["--style", styleFile], ["--tiles", styleFile]] {
            let styled = try render(arguments + Self.centre16)
            XCTAssertEqual(styled.status, 0, styled.stderr)
            XCTAssertEqual(Self.counts(try XCTUnwrap(styled.shot)), Self.counts(try XCTUnwrap(online.shot)), "\(arguments)")
        }
        let lost = try render(["--style", try write("lost.json", url: "http://127.0.0.1:\(server.port)/files/nothing.json")] + Self.centre16)
        XCTAssertEqual(lost.status, 1)
        XCTAssertTrue(lost.stderr.contains("nothing.json") && lost.stderr.contains("HTTP 404"), lost.stderr)
    }

    static let centre16 = ["--center", "60.1690,24.9410", "--zoom", "16"]

    /// The shipped archive's tiles of zooms 13 and 14 as a folder `z/x/y.pbf` with tippecanoe's
    /// metadata.json; `mixed`: every other column's tiles named `.mvt`.
    static func helsinkiFolder(mixed: Bool) throws -> URL {
        let archive = try PMTilesArchive(contentsOf: data.appendingPathComponent("helsinki.pmtiles"))
        let b = try XCTUnwrap(archive.bounds)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vector-folder-\(UUID().uuidString.prefix(6))")
        var written = 0
        for zoom in 13...14 {
            let n = Double(1 << zoom)
            let nw = WebMercator.worldPoint(for: Coordinate(latitude: b.north, longitude: b.west))
            let se = WebMercator.worldPoint(for: Coordinate(latitude: b.south, longitude: b.east))
            for x in Int(nw.x * n)...Int(se.x * n) {
                for y in Int(nw.y * n)...Int(se.y * n) {
                    guard let bytes = try archive.tileData(for: TileID(zoom: zoom, x: x, y: y)) else { continue }
                    let column = folder.appendingPathComponent("\(zoom)/\(x)")
                    try FileManager.default.createDirectory(at: column, withIntermediateDirectories: true)
                    try Data(bytes).write(to: column.appendingPathComponent("\(y).\(mixed && x % 2 == 1 ? "mvt" : "pbf")"))
                    written += 1
                }
            }
        }
        XCTAssertGreaterThan(written, 4)
        try Data(#"{"name": "Helsinki, a folder", "format": "pbf", "bounds": "\#(b.west),\#(b.south),\#(b.east),\#(b.north)", "attribution": "© OpenStreetMap contributors"}"#.utf8)
            .write(to: folder.appendingPathComponent("metadata.json"))
        return folder
    }

    /// `--dark` draws the tiles with the built-in dark style: none of the light style's colours.
    func testDarkDrawsTheCityWithTheDarkStyle() throws {
        let r = try render(["--dark", "--tiles", Self.data.appendingPathComponent("helsinki.pmtiles").path,
                            "--zoom", "16", "--center", "60.1690,24.9410"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let counts = Self.counts(try XCTUnwrap(r.shot))
        XCTAssertGreaterThan(counts[0x3d3846] ?? 0, 400 * 300 / 10, "the dark style's buildings")
        XCTAssertGreaterThan(counts[0xffa348] ?? 0, 100, "the dark style's points of interest")
        XCTAssertLessThan(counts[0xdeddda] ?? 0, 400 * 300 / 100, "no light building (the colour is the dark place names' text)")
    }

    /// A style of one's own: the tiles its source names (pmtiles:///…), or --tiles', or the style
    /// given as --tiles; what it has that is not drawn told once each, naming the style.
    func testAStyleDrawsTheTilesItNamesOrThoseGivenAndSaysWhatItLeavesOut() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("styles-\(UUID().uuidString.prefix(6))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        func style(_ name: String, source: String) throws -> String {
            let url = folder.appendingPathComponent(name)
            try Data("""
                {"version": 8, "sources": {"city": \(source)}, "layers": [
                  {"id": "bg", "type": "background", "paint": {"background-color": "#102030"}},
                  {"id": "b", "type": "fill", "source": "city", "source-layer": "building",
                   "paint": {"fill-color": "#a0b0c0", "fill-pattern": "bricks"}},
                  {"id": "3d", "type": "fill-extrusion", "source": "city", "source-layer": "building"}]}
                """.utf8).write(to: url)
            return url.path
        }
        let pmtiles = Self.data.appendingPathComponent("helsinki.pmtiles").path
        let named = try style("named.json", source: #"{"type": "vector", "url": "pmtiles://\#(pmtiles)"}"#)
        let view = ["--zoom", "16", "--center", "60.1690,24.9410"]
        let own = try render(["--style", named] + view)
        XCTAssertEqual(own.status, 0, own.stderr)
        let counts = Self.counts(try XCTUnwrap(own.shot))
        XCTAssertGreaterThan(counts[0xa0b0c0] ?? 0, 400 * 300 / 10, "the style's buildings")
        XCTAssertGreaterThan(counts[0x102030] ?? 0, 400 * 300 / 10, "its background")
        XCTAssertNil(counts[0xf9f06b], "nothing of the built-in style")
        XCTAssertTrue(own.stderr.contains("\(named): the paint property \"fill-pattern\" is not drawn"), own.stderr)
        XCTAssertTrue(own.stderr.contains("\(named): layers of type \"fill-extrusion\" are not drawn"), own.stderr)
        XCTAssertEqual(own.stderr.components(separatedBy: "fill-pattern").count, 2, "told once")

        let bare = try style("bare.json", source: #"{"type": "vector"}"#)
        let given = try render(["--style", bare, "--tiles", Self.data.appendingPathComponent("helsinki.mbtiles").path] + view)
        XCTAssertEqual(given.status, 0, given.stderr)
        XCTAssertEqual(Self.counts(try XCTUnwrap(given.shot)), counts, "the same tiles through --tiles")
        let asTiles = try render(["--tiles", named] + view)
        XCTAssertEqual(asTiles.status, 0, asTiles.stderr)
        XCTAssertEqual(Self.counts(try XCTUnwrap(asTiles.shot)), counts, "a style given as --tiles")

        // What cannot be drawn is named, and nothing is drawn from it.
        let cases: [(String, String)] = [
            (try style("relative.json", source: #"{"type": "vector", "url": "pmtiles://helsinki.pmtiles"}"#),
             "source \"city\": pmtiles://helsinki.pmtiles is not an absolute path"),
            (try style("notemplate.json", source: #"{"type": "vector", "tiles": ["https://example.invalid/tiles"]}"#),
             "source \"city\": needs {z}, {x} and {y} in it"),
            (bare, "names no tiles: give --tiles"),
        ]
        for (file, message) in cases {
            let r = try render(["--style", file] + view)
            XCTAssertNotEqual(r.status, 0, file)
            XCTAssertTrue(r.stderr.contains("\(file): \(message)"), r.stderr)
        }
        let junk = folder.appendingPathComponent("junk.json")
        try Data("{ not json".utf8).write(to: junk)
        let notJSON = try render(["--style", junk.path] + view)
        XCTAssertNotEqual(notJSON.status, 0)
        XCTAssertTrue(notJSON.stderr.contains("\(junk.path): is not JSON"), notJSON.stderr)
    }

    func testADamagedArchiveIsNamedAndNothingIsDrawnFromIt() throws {
        let whole = try Data(contentsOf: Self.data.appendingPathComponent("helsinki.pmtiles"))
        let cut = FileManager.default.temporaryDirectory.appendingPathComponent("cut-\(UUID().uuidString.prefix(6)).pmtiles")
        defer { try? FileManager.default.removeItem(at: cut) }
        try whole.prefix(whole.count / 2).write(to: cut)
        let r = try render(["--tiles", cut.path, "--center", "60.1690,24.9410", "--zoom", "16"])
        XCTAssertNotEqual(r.status, 0)
        XCTAssertTrue(r.stderr.contains("\(cut.path): is shorter than its header says"), r.stderr)
    }
}
