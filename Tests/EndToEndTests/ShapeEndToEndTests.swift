import CalloutMapCore
import Foundation
import XCTest

/// Shapes in the real app under Xvfb, driven with xdotool: a click on a park or a promenade
/// selects it where clicked, in every approach; a click in the park's lake is a click on the map.
final class ShapeEndToEndTests: XCTestCase {
    static let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("data/examples/san-francisco-shapes.geojson")
    let inPark = Coordinate(latitude: 37.7700, longitude: -122.4950)
    let onPromenade = Coordinate(latitude: 37.8030, longitude: -122.4010)
    let inLake = Coordinate(latitude: 37.7695, longitude: -122.4753)

    override func setUpWithError() throws {
        try XCTSkipUnless(ProcessInfo.processInfo.environment["DISPLAY"] != nil, "needs an X display")
        try XCTSkipUnless(hasTool("xdotool"), "needs xdotool")
    }

    func testAShapeIsSelectedWhereClickedInEveryApproach() throws {
        for mode in ["standard", "custom", "annotation", "popover"] {
            let app = try AppProcess(["--log-events", "--no-demo", "--mode", mode, "--size", "1000x700", "--center", "37.785,-122.45",
                                      "--zoom", "13", "--data", Self.file.path], keepingStandardError: true)
            let ready = try XCTUnwrap(app.next("ready"))
            let m = try XCTUnwrap(ready["map"] as? [String: Double])
            var viewport = Viewport(center: Coordinate(latitude: 37.785, longitude: -122.45), zoom: 13,
                                    size: Size(width: m["width"]!, height: m["height"]!))
            usleep(400_000)
            func click(_ c: Coordinate) {
                // A callout near the edge pans the map to show itself: click where things are now.
                app.settle()
                if let region = app.events.last(where: { $0["event"] as? String == "region" }),
                   let center = region["center"] as? [String: Double] {
                    viewport.centerCoordinate = Coordinate(latitude: center["lat"]!, longitude: center["lon"]!)
                }
                let p = viewport.screenPoint(for: c)
                XCTAssertEqual(runTool("xdotool", ["mousemove", "\(Int(m["x"]! + p.x))", "\(Int(m["y"]! + p.y))", "sleep", "0.15", "click", "1"]), 0)
            }
            click(inPark)
            let select = try XCTUnwrap(app.next("select"), mode)
            XCTAssertEqual(select["title"] as? String, "Golden Gate Park", mode)
            XCTAssertEqual(select["kind"] as? String, "overlay", mode)
            XCTAssertEqual(select["lat"] as? Double ?? 0, inPark.latitude, accuracy: 0.0005, "where clicked (\(mode))")
            XCTAssertEqual(select["lon"] as? Double ?? 0, inPark.longitude, accuracy: 0.0005, mode)
            XCTAssertNotNil(app.next("callout-shown"), mode)
            if mode == "popover" {
                runTool("xdotool", ["key", "Escape"])
                XCTAssertNotNil(app.next("popover-closed"), mode)
                usleep(300_000)
            }
            click(onPromenade)
            let line = try XCTUnwrap(app.next("select"), mode)
            XCTAssertEqual(line["title"] as? String, "Embarcadero Promenade", mode)
            XCTAssertEqual(line["kind"] as? String, "overlay", mode)
            if mode == "popover" {
                runTool("xdotool", ["key", "Escape"])
                usleep(300_000)
            }
            click(inLake)
            if mode != "popover" {  // there Escape closed the popover first
                XCTAssertEqual(app.next("deselect")?["title"] as? String, "Embarcadero Promenade", "the lake is a hole: the map (\(mode))")
            }
            XCTAssertNil(app.next("select", timeout: 0.5), mode)
            XCTAssertFalse(app.standardError.contains("CRITICAL"), app.standardError)
        }
    }

    func testRenderDrawsShapesAndSelectsOneByTitle() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("cm-shapes-\(getpid()).png")
        defer { try? FileManager.default.removeItem(at: out) }
        let r = try runCalloutMap(["render", "--no-demo", "--data", Self.file.path, "--center", "37.785,-122.45", "--zoom", "13",
                                   "--size", "600x400", "--select", "Golden Gate Park", "--out", out.path])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stderr, "")
        let png = try Data(contentsOf: out)
        XCTAssertGreaterThan(png.count, 1000)
    }

    /// A GPX track and a KML area open in the window like GeoJSON, named on the command line as
    /// the file manager names them: the view fits them, a click selects the track where clicked,
    /// and `render` draws them with a shape's callout.
    func testGPXAndKMLOpenInTheWindowAndInRender() throws {
        let root = Self.file.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let gpx = root.appendingPathComponent("data/examples/lake-merritt.gpx")
        let kml = root.appendingPathComponent("Tests/CoreTests/Fixtures/xml/oakland.kml")
        let app = try AppProcess(["--log-events", "--no-demo", "--size", "1000x700", gpx.path], keepingStandardError: true)
        let ready = try XCTUnwrap(app.next("ready"))
        usleep(1_000_000)  // the fit (before or after the first frame) settles
        app.settle()
        let events = app.events
        let opened = try XCTUnwrap(events.first { $0["event"] as? String == "opened" })
        XCTAssertEqual(opened["count"] as? Int, 2, "the two waypoints")
        XCTAssertEqual(opened["shapes"] as? Int, 2, "the route and the track")
        XCTAssertEqual(opened["problems"] as? Int, 0)
        let m = try XCTUnwrap(ready["map"] as? [String: Double])
        let settled = events.last { $0["event"] as? String == "region" } ?? ready
        let center = try XCTUnwrap(settled["center"] as? [String: Double])
        let viewport = Viewport(center: Coordinate(latitude: center["lat"]!, longitude: center["lon"]!),
                                zoom: settled["zoom"] as? Double ?? 0, size: Size(width: m["width"]!, height: m["height"]!))
        XCTAssertGreaterThan(viewport.zoom, 13, "the view fits the file")
        // The track's southernmost point (the second segment passes there).
        let south = viewport.screenPoint(for: Coordinate(latitude: 37.7935, longitude: -122.2600))
        XCTAssertEqual(runTool("xdotool", ["mousemove", "\(Int(m["x"]! + south.x))", "\(Int(m["y"]! + south.y))", "sleep", "0.15", "click", "1"]), 0)
        let select = try XCTUnwrap(app.next("select"))
        XCTAssertEqual(select["title"] as? String, "Morning walk")
        XCTAssertEqual(select["kind"] as? String, "overlay")
        XCTAssertFalse(app.standardError.contains("CRITICAL"), app.standardError)

        let out = FileManager.default.temporaryDirectory.appendingPathComponent("cm-gpx-kml-\(getpid()).png")
        defer { try? FileManager.default.removeItem(at: out) }
        let r = try runCalloutMap(["render", "--no-demo", "--data", gpx.path, "--data", kml.path, "--center", "37.803,-122.262",
                                   "--zoom", "14", "--size", "500x400", "--select", "Lake Merritt", "--out", out.path])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stderr, "calloutmap: \(kml.path): line 25: <Placemark> \"Broken\" has a LineString of fewer than 2 positions; skipped\n")
        XCTAssertNotNil(Screenshot(png: out.path))
    }

    /// Issue 42: the bay area's places and a file's shapes had no ⓘ in the standard and popover
    /// approaches, so their details could not be reached there. Each callout now has one, and it
    /// opens the details.
    func testPlacesAndShapesHaveAnInfoButtonInEveryApproach() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("cm-info-\(getpid()).geojson")
        try Data(#"{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"LineString","coordinates":[[-122.06,37.40],[-121.95,37.36]]},"properties":{"title":"Bay Trail","surface":"gravel"}}]}"#.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        for mode in ["standard", "popover"] {
            for title in ["San Jose", "Bay Trail"] {
                let app = try AppProcess(["--log-events", "--size", "1000x700", "--center", "37.4,-122.0", "--zoom", "10",
                                          "--mode", mode, "--data", file.path, "--select", title])
                _ = try app.readyMap()
                XCTAssertNotNil(app.next("callout-shown"), "\(mode) \(title)")
                usleep(500_000)
                let names = try app.atspiButtons().compactMap { $0["name"] as? String }
                XCTAssertTrue(names.contains("Details"), "\(mode) \(title): an ⓘ in \(names)")
                _ = try app.atspiButtons(["--click", "Details"])
                XCTAssertEqual(app.next("details-shown")?["title"] as? String, title, "\(mode): it opens the details")
            }
        }
    }
}
