import CalloutMapCore
import Foundation
import TestServers
import XCTest

/// The vector map in the window: the shipped Helsinki map from the source list (the map goes to
/// the city), and a PMTiles archive named on the command line (the map's source, not places),
/// drawn dark when the app is.
final class VectorMapWindowEndToEndTests: XCTestCase {
    static let pmtiles = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../data/vector/helsinki.pmtiles").standardizedFileURL.path
    /// The shipped tiles' area (data/vector/README.md).
    static let helsinki = (latitudes: 60.164...60.180, longitudes: 24.935...24.954)

    /// Waits for a `region` event (since the launch) whose centre is in central Helsinki.
    func regionInHelsinki(_ app: AppProcess) -> [String: Any]? {
        let deadline = Date().addingTimeInterval(15)
        while Date() < deadline {
            let found = app.events.first {
                guard $0["event"] as? String == "region", let c = $0["center"] as? [String: Double] else { return false }
                return Self.helsinki.latitudes.contains(c["lat"] ?? 0) && Self.helsinki.longitudes.contains(c["lon"] ?? 0)
            }
            if let found { return found }
            usleep(100_000)
        }
        return nil
    }

    /// How many pixels of the map's frame have `color`, once tiles have landed (up to 10 s).
    func pixels(of color: UInt32, in frame: [String: Double], atLeast wanted: Int) -> Int {
        var count = 0
        for attempt in 0..<20 {
            if attempt > 0 { usleep(500_000) }
            guard let shot = Screenshot(path: FileManager.default.temporaryDirectory.appendingPathComponent("vector-window.png").path) else { continue }
            count = 0
            for y in stride(from: Int(frame["y"]!), to: Int(frame["y"]! + frame["height"]!), by: 2) {
                for x in stride(from: Int(frame["x"]!), to: Int(frame["x"]! + frame["width"]!), by: 2) where shot.pixel(x, y) == color {
                    count += 4
                }
            }
            if count >= wanted { break }
        }
        return count
    }

    func testChoosingHelsinkiInTheSourceListGoesThereAndDrawsTheCity() throws {
        try XCTSkipUnless(hasTool("xdotool") && hasTool("import"), "needs xdotool and ImageMagick")
        let app = try AppProcess(["--log-events", "--light", "--size", "1000x700"], keepingStandardError: true)
        let ready = try XCTUnwrap(app.next("ready"))
        let frame = try XCTUnwrap(ready["map"] as? [String: Double])
        let menu = try XCTUnwrap(try app.atspiButtons().first { $0["name"] as? String == "Map Source" })
        XCTAssertEqual(runTool("xdotool", ["mousemove", "\((menu["x"] as! Int) + (menu["width"] as! Int) / 2)",
                                           "\((menu["y"] as! Int) + (menu["height"] as! Int) / 2)", "click", "1", "sleep", "0.5"]), 0)
        XCTAssertNotNil(try app.atspiButtons().first { $0["name"] as? String == "Helsinki (Vector Map)" }, "listed")
        // Focus is on the choice in use, the offline map; Helsinki is next (no file is open).
        XCTAssertEqual(runTool("xdotool", ["key", "Down", "sleep", "0.1", "key", "space"]), 0)
        XCTAssertEqual(try XCTUnwrap(app.next("tile-source"))["name"] as? String, "Central Helsinki")
        XCTAssertNotNil(regionInHelsinki(app), "the map went to the city")
        let area = Int(frame["width"]! * frame["height"]!)
        XCTAssertGreaterThan(pixels(of: 0xdeddda, in: frame, atLeast: area / 20), area / 20, "the light style's buildings")
        XCTAssertFalse(app.standardError.contains("calloutmap: "), app.standardError)
        XCTAssertTrue(app.process.isRunning)
    }

    func testAPMTilesFileNamedOnTheCommandLineIsTheMapDrawnDark() throws {
        try XCTSkipUnless(hasTool("import"), "needs ImageMagick")
        let app = try AppProcess(["--log-events", "--no-demo", "--dark", "--size", "800x600", Self.pmtiles], keepingStandardError: true)
        XCTAssertEqual(try XCTUnwrap(app.next("tile-source"))["name"] as? String, "Central Helsinki")
        let ready = try XCTUnwrap(app.next("ready"))
        let frame = try XCTUnwrap(ready["map"] as? [String: Double])
        XCTAssertNotNil(regionInHelsinki(app), "the view went to the tiles' area")
        let area = Int(frame["width"]! * frame["height"]!)
        XCTAssertGreaterThan(pixels(of: 0x3d3846, in: frame, atLeast: area / 20), area / 20, "the dark style's buildings")
        XCTAssertNil(app.next("opened", timeout: 0.5), "not opened as places")
        XCTAssertFalse(app.standardError.contains("calloutmap: "), app.standardError)
    }

    /// `--tiles` naming a TileJSON document: the window opens at once and shows the tiles once
    /// the document is fetched, at their area.
    func testATileJSONDocumentNamedOnTheCommandLineIsTheMap() throws {
        try XCTSkipUnless(hasTool("import"), "needs ImageMagick")
        let folder = try VectorMapEndToEndTests.helsinkiFolder(mixed: false)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(#"{"tilejson": "3.0.0", "name": "Helsinki online", "tiles": ["{z}/{x}/{y}.pbf"], "minzoom": 13, "maxzoom": 14, "bounds": [24.935, 60.164, 24.954, 60.180], "vector_layers": []}"#.utf8)
            .write(to: folder.appendingPathComponent("tiles.json"))
        let server = try TileServer(lifetime: 60, files: folder)
        let app = try AppProcess(["--log-events", "--no-demo", "--light", "--size", "800x600", "--tiles", "http://127.0.0.1:\(server.port)/files/tiles.json"],
                                 keepingStandardError: true)
        let ready = try XCTUnwrap(app.next("ready"))
        let frame = try XCTUnwrap(ready["map"] as? [String: Double])
        XCTAssertEqual(try XCTUnwrap(app.next("tile-source", timeout: 15))["name"] as? String, "Helsinki online")
        XCTAssertNotNil(regionInHelsinki(app), "the view went to the tiles' area")
        let area = Int(frame["width"]! * frame["height"]!)
        // The whole area in view, the offline map round it: a smaller share of buildings than in the city.
        XCTAssertGreaterThan(pixels(of: 0xdeddda, in: frame, atLeast: area / 40), area / 40, "the light style's buildings")
        XCTAssertFalse(app.standardError.contains("calloutmap: "), app.standardError)
        app.process.terminate()
        app.process.waitUntilExit()

        // A style naming the document by its source's "url": fetched first, drawn in the style's colours.
        let style = folder.appendingPathComponent("style.json")
        try Data("""
            {"version": 8, "sources": {"city": {"type": "vector", "url": "http://127.0.0.1:\(server.port)/files/tiles.json"}},
             "layers": [{"id": "b", "type": "fill", "source": "city", "source-layer": "building", "paint": {"fill-color": "#a0b0c0"}}]}
            """.utf8).write(to: style)
        let styled = try AppProcess(["--log-events", "--no-demo", "--light", "--size", "800x600", "--style", style.path], keepingStandardError: true)
        _ = try XCTUnwrap(styled.next("ready"))
        XCTAssertNotNil(styled.next("tile-source", timeout: 15))
        XCTAssertNotNil(regionInHelsinki(styled), "the view went to the tiles' area")
        XCTAssertGreaterThan(pixels(of: 0xa0b0c0, in: frame, atLeast: area / 40), area / 40, "the style's buildings")
        XCTAssertFalse(styled.standardError.contains("calloutmap: "), styled.standardError)
    }

    /// A folder of z/x/y tiles named on the command line is the map's source (as one dropped or
    /// chosen in Open Tiles Folder…); Open Tiles Location… (Shift+Ctrl+L) takes a server's
    /// TileJSON URL, Open offered only once the text is one.
    func testAFolderAndAServersLocationOpenedInTheWindowAreTheMap() throws {
        try XCTSkipUnless(hasTool("xdotool"), "needs xdotool")
        let folder = try VectorMapEndToEndTests.helsinkiFolder(mixed: false)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(#"{"tilejson": "3.0.0", "name": "Helsinki online", "tiles": ["{z}/{x}/{y}.pbf"], "minzoom": 13, "maxzoom": 14, "vector_layers": []}"#.utf8)
            .write(to: folder.appendingPathComponent("tiles.json"))
        let server = try TileServer(lifetime: 60, files: folder)
        let app = try AppProcess(["--log-events", "--no-demo", "--light", "--size", "800x600", folder.path], keepingStandardError: true)
        // The source is chosen as the window is made, before it is ready.
        XCTAssertEqual(try XCTUnwrap(app.next("tile-source"))["name"] as? String, "Helsinki, a folder")
        let (frame, _) = try app.readyMap()
        XCTAssertNotNil(regionInHelsinki(app), "the view went to the folder's area")
        XCTAssertNil(app.next("opened", timeout: 0.5), "not opened as places")

        XCTAssertEqual(runTool("xdotool", ["mousemove", "\(Int(frame.center.x))", "\(Int(frame.center.y))"]), 0)
        XCTAssertEqual(runTool("xdotool", ["key", "shift+ctrl+l"]), 0)
        usleep(500_000)
        // Not a URL yet: Return does nothing.
        XCTAssertEqual(runTool("xdotool", ["type", "--delay", "20", "tiles.json"]), 0)
        XCTAssertEqual(runTool("xdotool", ["key", "Return"]), 0)
        XCTAssertNil(app.next("tile-source", timeout: 1))
        XCTAssertEqual(runTool("xdotool", ["key", "ctrl+a", "BackSpace"]), 0)
        XCTAssertEqual(runTool("xdotool", ["type", "--delay", "20", "http://127.0.0.1:\(server.port)/files/tiles.json"]), 0)
        XCTAssertEqual(runTool("xdotool", ["key", "Return"]), 0)
        XCTAssertEqual(try XCTUnwrap(app.next("tile-source", timeout: 15))["name"] as? String, "Helsinki online")
        XCTAssertFalse(app.standardError.contains("calloutmap: "), app.standardError)
    }

    /// A named point of interest of the Helsinki tiles near `centre`, with no other within
    /// `clear` tile units (zoom 14 tiles: 1 unit is half a point at zoom 17), and where it is.
    static func isolatedPointOfInterest(near centre: Coordinate, clear: Int32 = 40) throws -> (title: String, coordinate: Coordinate) {
        let archive = try PMTilesArchive(contentsOf: URL(fileURLWithPath: pmtiles))
        let c = WebMercator.worldPoint(for: centre)
        let id = TileID(zoom: 14, x: Int(c.x * 16384), y: Int(c.y * 16384))
        let tile = try VectorTile(data: Data(try XCTUnwrap(try archive.tileData(for: id))))
        let poi = try XCTUnwrap(tile.layer(named: "poi"))
        let points = poi.features.compactMap { f -> (TilePoint, String?)? in
            guard case .points(let p) = f.geometry, let first = p.first else { return nil }
            if case .string(let name)? = poi.value("name:latin", of: f) { return (first, name) }
            return (first, nil)
        }
        func world(_ p: TilePoint) -> WorldPoint {
            WorldPoint(x: (Double(id.x) + Double(p.x) / 4096) / 16384, y: (Double(id.y) + Double(p.y) / 4096) / 16384)
        }
        let candidates = points.filter { p, name in
            name != nil && !points.contains { $0.0 != p && abs($0.0.x - p.x) < clear && abs($0.0.y - p.y) < clear }
        }.sorted { abs(world($0.0).x - c.x) + abs(world($0.0).y - c.y) < abs(world($1.0).x - c.x) + abs(world($1.0).y - c.y) }
        let (point, name) = try XCTUnwrap(candidates.first, "an isolated point of interest")
        return (name!, WebMercator.coordinate(for: world(point)))
    }

    /// A café or a shop of the map itself: a click selects it (`kind` map-feature, its layer,
    /// its name) and its callout opens in all four approaches; Escape closes it; a pin on the
    /// same spot wins over it.
    func testAPointOfInterestOfTheMapOpensItsCalloutInEveryApproach() throws {
        try XCTSkipUnless(hasTool("xdotool"), "needs xdotool")
        let centre = Coordinate(latitude: 60.1686, longitude: 24.9446)
        let (title, at) = try Self.isolatedPointOfInterest(near: centre)
        let app = try AppProcess(["--log-events", "--no-demo", "--size", "1000x700", "--tiles", Self.pmtiles,
                                  "--center", "\(centre.latitude),\(centre.longitude)", "--zoom", "17"], keepingStandardError: true)
        let (frame, viewport) = try app.readyMap()
        let p = viewport.screenPoint(for: at)
        XCTAssertEqual(runTool("xdotool", ["sleep", "1", "mousemove", "\(Int(frame.origin.x + p.x))", "\(Int(frame.origin.y + p.y))", "click", "1"]), 0)
        let select = try XCTUnwrap(app.next("select"))
        XCTAssertEqual(select["kind"] as? String, "map-feature")
        XCTAssertEqual(select["layer"] as? String, "poi")
        XCTAssertEqual(select["title"] as? String, title)
        XCTAssertEqual(try XCTUnwrap(select["lat"] as? Double), at.latitude, accuracy: 1e-6, "the callout points at the feature")
        XCTAssertEqual(try XCTUnwrap(select["lon"] as? Double), at.longitude, accuracy: 1e-6)
        XCTAssertEqual(try XCTUnwrap(app.next("callout-shown"))["mode"] as? String, "standard")
        for (key, mode) in [("2", "custom"), ("3", "annotation"), ("4", "popover"), ("1", "standard")] {
            XCTAssertEqual(runTool("xdotool", ["key", key]), 0)
            let shown = try XCTUnwrap(app.next("callout-shown"), mode)
            XCTAssertEqual(shown["mode"] as? String, mode)
            XCTAssertEqual(shown["title"] as? String, title)
            XCTAssertEqual(shown["kind"] as? String, "map-feature")
        }
        XCTAssertEqual(runTool("xdotool", ["key", "Escape"]), 0)
        XCTAssertEqual(try XCTUnwrap(app.next("deselect"))["title"] as? String, title)
        XCTAssertFalse(app.standardError.contains("calloutmap: "), app.standardError)

        // A pin of one's own on the same spot wins over the map's feature.
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("on-\(UUID().uuidString.prefix(6)).geojson")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data("""
            {"type": "Feature", "geometry": {"type": "Point", "coordinates": [\(at.longitude), \(at.latitude)]}, "properties": {"title": "Mine"}}
            """.utf8).write(to: file)
        let pinned = try AppProcess(["--log-events", "--no-demo", "--size", "1000x700", "--tiles", Self.pmtiles, "--data", file.path,
                                     "--center", "\(centre.latitude),\(centre.longitude)", "--zoom", "17"])
        let (frame2, viewport2) = try pinned.readyMap()
        // The pin stands on its point: click just above it, inside the pin and within the feature's slop.
        let q = viewport2.screenPoint(for: at)
        XCTAssertEqual(runTool("xdotool", ["sleep", "1", "mousemove", "\(Int(frame2.origin.x + q.x))", "\(Int(frame2.origin.y + q.y) - 4)", "click", "1"]), 0)
        let mine = try XCTUnwrap(pinned.next("select"))
        XCTAssertEqual(mine["title"] as? String, "Mine")
        XCTAssertNil(mine["kind"])
    }

    /// The map's own features are one Tab stop after the pins and shapes: a screen reader lists
    /// them by name and kind, the arrows move between them, Enter opens the callout.
    func testTheKeyboardReachesTheMapsFeatures() throws {
        try XCTSkipUnless(hasTool("xdotool"), "needs xdotool")
        let app = try AppProcess(["--log-events", "--no-demo", "--size", "1000x700", "--tiles", Self.pmtiles,
                                  "--center", "60.1686,24.9446", "--zoom", "17"], keepingStandardError: true)
        _ = try app.readyMap()
        let names = try app.atspiButtons().compactMap { $0["name"] as? String }
        XCTAssertGreaterThan(names.filter { $0.hasSuffix(", Café") }.count, 3, "cafés listed by name and kind: \(names.prefix(20))")
        XCTAssertTrue(names.contains("Pohjoisesplanadi, Street") || names.contains { $0.hasSuffix(", Main road") || $0.hasSuffix(", Street") },
                      "streets too")
        XCTAssertEqual(runTool("xdotool", ["sleep", "0.5", "key", "Tab"]), 0)
        usleep(300_000)
        let first = try XCTUnwrap(try app.focusedName(), "a feature has focus")
        XCTAssertTrue(names.contains(first), first)
        XCTAssertEqual(runTool("xdotool", ["key", "Right"]), 0)
        usleep(300_000)
        let second = try XCTUnwrap(try app.focusedName())
        XCTAssertNotEqual(second, first, "the arrow moved to another")
        XCTAssertEqual(runTool("xdotool", ["key", "Return"]), 0)
        let select = try XCTUnwrap(app.next("select"))
        XCTAssertEqual(select["kind"] as? String, "map-feature")
        XCTAssertTrue(second.hasPrefix(try XCTUnwrap(select["title"] as? String)), "\(second) selected")
        XCTAssertNotNil(app.next("callout-shown"))
        XCTAssertFalse(app.standardError.contains("calloutmap: "), app.standardError)
    }
}
