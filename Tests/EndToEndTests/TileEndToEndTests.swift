import CCalloutMapGtk
import CalloutMapCore
import Foundation
import TestServers
import XCTest

/// Tiles from an MBTiles file in `render` and in the window: each tile in its place (MBTiles
/// rows count from the bottom), scaled beyond the file's deepest zoom, and a file that is not
/// one reported by name while the offline map stays.
final class TileEndToEndTests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("cm-tiles-\(getpid())-\(UUID().uuidString.prefix(6))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    /// The colour of tile (x, y): each of the 64 tiles at zoom 3 its own.
    static func color(x: Int, y: Int) -> UInt32 { UInt32(40 + x * 25) << 16 | UInt32(40 + y * 25) << 8 | 0xC8 }

    /// A solid 256-px PNG.
    func png(_ rgb: UInt32) throws -> [UInt8] {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 256, 256)!
        defer { cairo_surface_destroy(surface) }
        let cr = cairo_create(surface)!
        cairo_set_source_rgb(cr, Double(rgb >> 16 & 0xFF) / 255, Double(rgb >> 8 & 0xFF) / 255, Double(rgb & 0xFF) / 255)
        cairo_paint(cr)
        cairo_destroy(cr)
        let path = folder.appendingPathComponent("tile.png").path
        XCTAssertEqual(cairo_surface_write_to_png(surface, path), CAIRO_STATUS_SUCCESS)
        return [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// Every tile of zoom 3 (the deepest), a solid colour each.
    func worldFile() throws -> URL {
        var tiles: [TileID: [UInt8]] = [:]
        for x in 0..<8 { for y in 0..<8 { tiles[TileID(zoom: 3, x: x, y: y)] = try png(Self.color(x: x, y: y)) } }
        let url = folder.appendingPathComponent("colours.mbtiles")
        try MBTilesWriter.write(to: url, metadata: ["name": "Colours", "format": "png", "minzoom": "3", "maxzoom": "3",
                                                   "attribution": "Test tiles"], tiles: tiles)
        return url
    }

    func render(_ arguments: [String]) throws -> (status: Int32, stderr: String, shot: Screenshot?) {
        let out = folder.appendingPathComponent("render-\(UUID().uuidString.prefix(6)).png").path
        var env = ProcessInfo.processInfo.environment
        env["DISPLAY"] = nil
        let r = try runCalloutMap(["render", "--no-demo", "--size", "512x512", "--out", out] + arguments, environment: env)
        return (r.status, r.stderr, Screenshot(png: out))
    }

    func testRenderDrawsEachMBTilesTileInItsPlace() throws {
        let file = try worldFile()
        // At zoom 3 centred on 0,0 a 512-px picture is tiles 3–4 across and 3–4 down, 256 px each.
        let r = try render(["--tiles", file.path, "--center", "0,0", "--zoom", "3"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let shot = try XCTUnwrap(r.shot)
        for (px, py, tx, ty) in [(128, 128, 3, 3), (384, 128, 4, 3), (128, 384, 3, 4), (384, 384, 4, 4), (20, 20, 3, 3)] {
            XCTAssertEqual(shot.pixel(px, py), Self.color(x: tx, y: ty), "tile \(tx),\(ty) at \(px),\(py)")
        }
        // Deeper than the file goes (zoom 4: tiles 7–8), each is its zoom-3 parent, scaled.
        let deeper = try render(["--tiles", file.path, "--center", "0,0", "--zoom", "4"])
        let scaled = try XCTUnwrap(deeper.shot)
        for (px, py, tx, ty) in [(128, 128, 3, 3), (384, 128, 4, 3), (128, 384, 3, 4), (384, 384, 4, 4)] {
            XCTAssertEqual(scaled.pixel(px, py), Self.color(x: tx, y: ty), "scaled tile \(tx),\(ty)")
        }
        // Shallower than the file begins (zoom 2): the offline map, not a hole.
        let shallow = try render(["--tiles", file.path, "--center", "0,0", "--zoom", "2"])
        let offline = try render(["--center", "0,0", "--zoom", "2"])
        XCTAssertEqual(try XCTUnwrap(shallow.shot).pixel(300, 100), try XCTUnwrap(offline.shot).pixel(300, 100))
    }

    func testRenderAndTheWindowShowOnlineTilesAndSurviveAFailingServer() throws {
        let server = try TileServer()
        // Zoom 3 at 0,0: tiles 3–4 across and down, as from the file above.
        let r = try render(["--tiles", server.template("tiles"), "--center", "0,0", "--zoom", "3"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let shot = try XCTUnwrap(r.shot)
        func served(_ x: Int, _ y: Int) -> UInt32 { UInt32(40 + x * 37 % 200) << 16 | UInt32(40 + y * 53 % 200) << 8 | 0xC8 }
        for (px, py, tx, ty) in [(128, 128, 3, 3), (384, 128, 4, 3), (128, 384, 3, 4), (384, 384, 4, 4)] {
            XCTAssertEqual(shot.pixel(px, py), served(tx, ty), "online tile \(tx),\(ty)")
        }
        XCTAssertEqual((server.stats["user_agents"] as? [String])?.first?.hasPrefix("CalloutMap/"), true)

        // A server answering 500: the offline map, and the user told once.
        let offline = try XCTUnwrap(try render(["--center", "0,0", "--zoom", "3"]).shot)
        let failing = try render(["--tiles", server.template("error"), "--center", "0,0", "--zoom", "3"])
        XCTAssertEqual(failing.status, 0, failing.stderr)
        XCTAssertEqual(try XCTUnwrap(failing.shot).pixel(128, 128), offline.pixel(128, 128), "no hole: the offline map")

        try XCTSkipUnless(ProcessInfo.processInfo.environment["DISPLAY"] != nil, "needs an X display")
        let app = try AppProcess(["--log-events", "--no-demo", "--tiles", server.template("error"), "--size", "800x600",
                                  "--center", "0,0", "--zoom", "3"], keepingStandardError: true)
        XCTAssertNotNil(app.next("ready"))
        XCTAssertEqual(runTool("xdotool", ["key", "plus", "sleep", "0.5", "key", "minus"]), 0)
        // Each tile is tried three times (0.5 s, then 1 s apart) before the offline map is its answer.
        let deadline = Date().addingTimeInterval(10)
        while !app.standardError.contains("showing the offline map there") && Date() < deadline { usleep(100_000) }
        usleep(1_500_000)
        XCTAssertTrue(app.process.isRunning)
        XCTAssertFalse(app.standardError.lowercased().contains("openstreetmap"), "no request left the machine: \(app.standardError)")
        let told = app.standardError.components(separatedBy: "showing the offline map there").count - 1
        XCTAssertEqual(told, 1, "once per source, not once per tile: \(app.standardError)")
    }

    /// `{r}` asks for @2x tiles on a scale-2 display; a server that never answers holds the
    /// picture no longer than `--tile-timeout`, and the offline map shows where its tiles are.
    func testRetinaTilesAndAServerThatNeverAnswers() throws {
        let server = try TileServer()
        let template = server.template("tiles").replacingOccurrences(of: ".png", with: "{r}.png")
        let one = try render(["--tiles", template, "--center", "0,0", "--zoom", "3"])
        XCTAssertEqual(one.status, 0, one.stderr)
        XCTAssertEqual(server.stats["retina"] as? Int, 0, "scale 1: plain tiles")
        let two = try render(["--tiles", template, "--center", "0,0", "--zoom", "3", "--scale", "2"])
        XCTAssertEqual(two.status, 0, two.stderr)
        XCTAssertGreaterThanOrEqual(server.stats["retina"] as? Int ?? 0, 4, "scale 2: @2x tiles")

        let started = Date()
        let hung = try render(["--tiles", server.template("hang"), "--center", "0,0", "--zoom", "3", "--tile-timeout", "2"])
        XCTAssertLessThan(Date().timeIntervalSince(started), 10, "no longer than asked (and the start-up)")
        XCTAssertEqual(hung.status, 0, hung.stderr)
        XCTAssertTrue(hung.stderr.contains("did not arrive within 2 s; the offline map shows there"), hung.stderr)
        let offline = try XCTUnwrap(try render(["--center", "0,0", "--zoom", "3"]).shot)
        XCTAssertEqual(try XCTUnwrap(hung.shot).pixel(128, 128), offline.pixel(128, 128), "the offline map, not a hole")
    }

    func testATilesFileThatIsNotOneIsReportedByName() throws {
        let junk = folder.appendingPathComponent("junk.mbtiles")
        try Data(String(repeating: "junk ", count: 400).utf8).write(to: junk)
        let r = try render(["--tiles", junk.path, "--center", "0,0", "--zoom", "3"])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains("\(junk.path): is not an MBTiles file (not an SQLite database)"), r.stderr)
    }

    func testTheWindowShowsTheTilesAndKeepsGoingWithABadFile() throws {
        try XCTSkipUnless(ProcessInfo.processInfo.environment["DISPLAY"] != nil, "needs an X display")
        try XCTSkipUnless(hasTool("import"), "needs ImageMagick")
        let file = try worldFile()
        let app = try AppProcess(["--log-events", "--no-demo", "--tiles", file.path, "--size", "1000x700", "--center", "0,0", "--zoom", "3"],
                                 keepingStandardError: true)
        let ready = try XCTUnwrap(app.next("ready"))
        let m = try XCTUnwrap(ready["map"] as? [String: Double])
        let centre = (x: m["x"]! + m["width"]! / 2, y: m["y"]! + m["height"]! / 2)
        // Tiles land a moment after the first frame.
        var shot: Screenshot?
        let expected = Self.color(x: 3, y: 3)
        for _ in 0..<20 {
            shot = Screenshot(path: folder.appendingPathComponent("window.png").path)
            if shot?.pixel(Int(centre.x) - 60, Int(centre.y) - 60) == expected { break }
            usleep(200_000)
        }
        XCTAssertEqual(shot?.pixel(Int(centre.x) - 60, Int(centre.y) - 60), expected, "tile 3,3 above left of the centre")
        XCTAssertEqual(shot?.pixel(Int(centre.x) + 60, Int(centre.y) + 60), Self.color(x: 4, y: 4), "tile 4,4 below right")

        // The header bar's switcher: back to the offline map, then the file again.
        let menu = try XCTUnwrap(try app.atspiButtons().first { $0["name"] as? String == "Map Source" })
        XCTAssertEqual(runTool("xdotool", ["mousemove", "\((menu["x"] as! Int) + (menu["width"] as! Int) / 2)",
                                           "\((menu["y"] as! Int) + (menu["height"] as! Int) / 2)", "click", "1", "sleep", "0.5"]), 0)
        let choices = try app.atspiButtons()
        XCTAssertNotNil(choices.first { $0["name"] as? String == "Offline Map" }, "\(choices.map { $0["name"] ?? "" })")
        XCTAssertEqual(choices.filter { $0["name"] as? String == "Colours" }.count, 2, "the file is listed by its metadata name (and shown on the button)")
        // Focus is on the choice in use once the popover is open; Up picks the one above it, the
        // offline map (files sit between it and OpenStreetMap, which tests never reach).
        XCTAssertEqual(runTool("xdotool", ["key", "Up", "sleep", "0.1", "key", "space", "sleep", "0.2",
                                           "key", "Escape", "sleep", "0.5"]), 0)
        let plain = try XCTUnwrap(Screenshot(path: folder.appendingPathComponent("plain.png").path))
        XCTAssertNotEqual(plain.pixel(Int(centre.x) - 60, Int(centre.y) - 60), expected, "the offline map again")
        XCTAssertTrue(app.process.isRunning)

        let junk = folder.appendingPathComponent("junk.mbtiles")
        try Data("junk".utf8).write(to: junk)
        let bad = try AppProcess(["--log-events", "--no-demo", "--tiles", junk.path, "--size", "800x600"], keepingStandardError: true)
        XCTAssertNotNil(bad.next("ready"), "the app starts on the offline map")
        XCTAssertTrue(bad.standardError.contains("\(junk.path): is not an MBTiles file"), bad.standardError)
    }

    /// A host that cannot be resolved (.invalid never is) is told within 2 s of the window,
    /// not after the retries; a choice in the map source list closes it.
    func testAnUnreachableHostIsToldAtOnceAndAChoiceClosesTheList() throws {
        try XCTSkipUnless(hasTool("xdotool") && hasTool("import"), "needs xdotool and ImageMagick")
        let app = try AppProcess(["--log-events", "--no-demo", "--size", "1000x700", "--tiles", "http://tiles.calloutmap.invalid/{z}/{x}/{y}.png"],
                                 keepingStandardError: true)
        _ = try XCTUnwrap(app.next("ready"))
        let told = Date()
        let toast = try XCTUnwrap(app.next("toast", timeout: 2), "told within 2 s")
        XCTAssertLessThan(Date().timeIntervalSince(told), 2)
        XCTAssertEqual(toast["title"] as? String, "Could not get tiles from tiles.calloutmap.invalid")
        XCTAssertTrue(app.standardError.contains("Error resolving"), app.standardError)

        // Open the list, Up to the offline map, Enter: the list closes (its place shows the map).
        let menu = try XCTUnwrap(try app.atspiButtons().first { $0["name"] as? String == "Map Source" })
        let x = (menu["x"] as! Int) + (menu["width"] as! Int) / 2, below = (menu["y"] as! Int) + (menu["height"] as! Int) + 60
        let closed = try XCTUnwrap(Screenshot(path: folder.appendingPathComponent("list-closed.png").path)).pixel(x, below)
        XCTAssertEqual(runTool("xdotool", ["mousemove", "\(x)", "\(menu["y"] as! Int + 10)", "click", "1", "sleep", "0.6"]), 0)
        XCTAssertNotEqual(try XCTUnwrap(Screenshot(path: folder.appendingPathComponent("list-open.png").path)).pixel(x, below), closed, "the list is open")
        XCTAssertEqual(runTool("xdotool", ["key", "Up", "sleep", "0.2", "key", "Return", "sleep", "0.6"]), 0)
        XCTAssertEqual(try XCTUnwrap(Screenshot(path: folder.appendingPathComponent("list-chosen.png").path)).pixel(x, below), closed, "the choice closed the list")
        XCTAssertTrue(app.process.isRunning)
    }
}
