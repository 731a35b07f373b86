import CalloutMapCore
import Foundation
import XCTest

/// Launches the real app under Xvfb, moves the real pointer with xdotool and
/// checks what happened on screen.
final class WindowEndToEndTests: XCTestCase {
    var app: AppProcess!
    var map: (x: Double, y: Double, width: Double, height: Double) = (0, 0, 0, 0)
    var viewport: Viewport!

    override func setUpWithError() throws {
        try XCTSkipUnless(ProcessInfo.processInfo.environment["DISPLAY"] != nil, "needs an X display (scripts/test.sh runs Xvfb)")
        try XCTSkipUnless(hasTool("xdotool") && hasTool("import"), "needs xdotool and ImageMagick")
        app = try AppProcess(["--log-events", "--no-demo", "--size", "1000x700"])
        let ready = try XCTUnwrap(app.next("ready"), "the window reported its first frame")
        let m = try XCTUnwrap(ready["map"] as? [String: Double])
        map = (m["x"]!, m["y"]!, m["width"]!, m["height"]!)
        viewport = try viewport(from: ready)
        usleep(300_000)
    }

    override func tearDown() { app = nil }

    private func viewport(from event: [String: Any]) throws -> Viewport {
        let c = try XCTUnwrap(event["center"] as? [String: Double])
        let zoom = try XCTUnwrap(event["zoom"] as? Double)
        return Viewport(center: Coordinate(latitude: c["lat"]!, longitude: c["lon"]!), zoom: zoom,
                        size: Size(width: map.width, height: map.height))
    }

    func testOpensOnSanFranciscoAtZoom12() throws {
        XCTAssertEqual(viewport.zoom, 12)
        XCTAssertEqual(viewport.centerCoordinate.latitude, 37.7749, accuracy: 1e-6)
        XCTAssertGreaterThan(map.width, 600, "the map takes the window but for the side panel")
        let shot = try XCTUnwrap(Screenshot(path: tmp("open.png")))
        // A drawn map, not a blank widget: land, water, coastline and overlay text in the middle band.
        let band = (x: Int(map.x), y: Int(map.y + map.height / 3), w: Int(map.width), h: 40)
        XCTAssertGreaterThan(shot.distinctColors(in: band), 2)
        let downtown = viewport.screenPoint(for: Coordinate(latitude: 37.789, longitude: -122.401))
        let ocean = viewport.screenPoint(for: Coordinate(latitude: 37.815, longitude: -122.405))
        XCTAssertEqual(shot.pixel(Int(map.x + downtown.x), Int(map.y + downtown.y)), 0xF6F4EF, "downtown is land")
        XCTAssertEqual(shot.pixel(Int(map.x + ocean.x), Int(map.y + ocean.y)), 0xA8C8E9, "the bay is water")
    }

    func testDragMovesTheMapByTheDragDistance() throws {
        let before = try XCTUnwrap(Screenshot(path: tmp("before-drag.png")))
        let (dx, dy) = (-180, 110)
        let sx = Int(map.x + map.width / 2), sy = Int(map.y + map.height / 2)
        var steps: [String] = ["mousemove", "\(sx)", "\(sy)", "mousedown", "1"]
        for i in 1...12 {
            steps += ["mousemove", "\(sx + dx * i / 12)", "\(sy + dy * i / 12)", "sleep", "0.03"]
        }
        steps += ["sleep", "0.4", "mouseup", "1"]  // pause before release: no fling
        XCTAssertEqual(runTool("xdotool", steps), 0)
        let region = try XCTUnwrap(app.next("region"), "the drag reported a region change")
        app.settle()
        let after = try viewport(from: region)
        // The old centre is now where the drag took it.
        let moved = after.screenPoint(for: viewport.centerCoordinate)
        XCTAssertEqual(moved.x, map.width / 2 + Double(dx), accuracy: 1)
        XCTAssertEqual(moved.y, map.height / 2 + Double(dy), accuracy: 1)
        // And the pixels moved with it.
        let shot = try XCTUnwrap(Screenshot(path: tmp("after-drag.png")))
        let inner = (x: Int(map.x) + 200, y: Int(map.y) + 40, w: Int(map.width) - 400, h: Int(map.height) - 200)
        let ratio = before.matchRatio(of: inner, shiftedBy: dx, dy, in: shot)
        XCTAssertGreaterThan(ratio, 0.99, "screen content shifted by the drag (\(ratio))")
        XCTAssertLessThan(before.matchRatio(of: inner, shiftedBy: 0, 0, in: shot), 0.95, "and did change")
    }

    func testWheelStepKeepsThePointUnderThePointer() throws {
        let pointer = Point(x: 300, y: 210)
        let geo = viewport.coordinate(at: pointer)
        let px = Int(map.x + pointer.x), py = Int(map.y + pointer.y)
        XCTAssertEqual(runTool("xdotool", ["mousemove", "\(px)", "\(py)", "sleep", "0.2", "click", "4"]), 0)
        let region = try XCTUnwrap(app.next("region"))
        let after = try viewport(from: region)
        XCTAssertEqual(after.zoom, viewport.zoom + ZoomSteps.wheelNotch, accuracy: 1e-9, "one notch in")
        let p = after.screenPoint(for: geo)
        XCTAssertEqual(p.x, pointer.x, accuracy: 1)
        XCTAssertEqual(p.y, pointer.y, accuracy: 1)
        // Back out again: the same place returns under the pointer at the old zoom.
        XCTAssertEqual(runTool("xdotool", ["click", "5"]), 0)
        let back = try viewport(from: try XCTUnwrap(app.next("region")))
        XCTAssertEqual(back.zoom, viewport.zoom, accuracy: 1e-9)
        XCTAssertEqual(back.screenPoint(for: geo).x, pointer.x, accuracy: 1)
    }

    func testKeyboardZoomsTheFocusedMap() throws {
        XCTAssertEqual(runTool("xdotool", ["key", "plus"]), 0)
        let region = try XCTUnwrap(app.next("region"))
        XCTAssertEqual(try viewport(from: region).zoom, 13, accuracy: 1e-9)
    }

    private func tmp(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("cm-e2e-\(getpid())-\(name)").path
    }
}
