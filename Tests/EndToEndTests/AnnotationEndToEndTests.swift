import CalloutMapCore
import Foundation
import XCTest

/// Pins in the real app: clicked by their screen position, computed from their coordinates.
final class AnnotationEndToEndTests: XCTestCase {
    var app: AppProcess!
    var map: (x: Double, y: Double, width: Double, height: Double) = (0, 0, 0, 0)
    var viewport: Viewport!

    let goldenGate = Coordinate(latitude: 37.810332, longitude: -122.477437)
    let sanFrancisco = Coordinate(latitude: 37.779379, longitude: -122.418433)

    override func setUpWithError() throws {
        try XCTSkipUnless(ProcessInfo.processInfo.environment["DISPLAY"] != nil, "needs an X display")
        try XCTSkipUnless(hasTool("xdotool"), "needs xdotool")
        app = try AppProcess(["--log-events", "--size", "1000x700", "--center", "37.795,-122.44", "--zoom", "13"])
        let ready = try XCTUnwrap(app.next("ready"))
        let m = try XCTUnwrap(ready["map"] as? [String: Double])
        map = (m["x"]!, m["y"]!, m["width"]!, m["height"]!)
        viewport = Viewport(center: Coordinate(latitude: 37.795, longitude: -122.44), zoom: 13,
                            size: Size(width: map.width, height: map.height))
        usleep(300_000)
    }

    override func tearDown() { app = nil }

    /// Clicks at an offset from where a coordinate is on screen.
    func click(_ c: Coordinate, dx: Double = 0, dy: Double = 0) {
        let p = viewport.screenPoint(for: c)
        XCTAssertEqual(runTool("xdotool", ["mousemove", "\(Int(map.x + p.x + dx))", "\(Int(map.y + p.y + dy))",
                                           "sleep", "0.1", "click", "1"]), 0)
    }

    func testClickingAMarkerSelectsItAndTheMapDeselects() throws {
        click(goldenGate, dy: -24)  // the balloon's body, above its tip
        let select = try XCTUnwrap(app.next("select"))
        XCTAssertEqual(select["title"] as? String, "Golden Gate Bridge")
        XCTAssertEqual(select["lat"] as? Double ?? 0, goldenGate.latitude, accuracy: 1e-9)
        usleep(600_000)  // not a double click
        click(goldenGate, dy: -24)
        XCTAssertNil(app.next("deselect", timeout: 0.8), "clicking the selected pin again keeps it selected")
        click(Coordinate(latitude: 37.815, longitude: -122.405))  // the bay, no pin there
        let deselect = try XCTUnwrap(app.next("deselect"))
        XCTAssertEqual(deselect["title"] as? String, "Golden Gate Bridge")
    }

    func testTheFlagsTransparentCornerDoesNotSelectIt() throws {
        // The flag is 32×40 with the pole's foot on the coordinate at (5, 39): its
        // lower right is empty. Clicking there reaches the map, not the flag.
        click(sanFrancisco, dx: 20, dy: -6)
        XCTAssertNil(app.next("select", timeout: 1), "a transparent corner does not hit")
        click(sanFrancisco, dx: 15, dy: -30)  // the cloth
        let select = try XCTUnwrap(app.next("select"))
        XCTAssertEqual(select["title"] as? String, "San Francisco")
    }

    func testDraggingTheCustomPinMovesIt() throws {
        let yerbaBuena = Coordinate(latitude: 37.7850, longitude: -122.402)
        let p = viewport.screenPoint(for: yerbaBuena)
        let x = Int(map.x + p.x), y = Int(map.y + p.y)
        var steps = ["mousemove", "\(x)", "\(y)", "mousedown", "1"]
        for i in 1...8 { steps += ["mousemove", "\(x - 10 * i)", "\(y + 5 * i)", "sleep", "0.03"] }
        steps += ["sleep", "0.2", "mouseup", "1"]
        XCTAssertEqual(runTool("xdotool", steps), 0)
        var states: [String] = []
        while let e = app.next("drag", timeout: 3) {
            states.append(e["state"] as? String ?? "?")
            if states.last == "none" {
                // Dropped 80 px west and 40 px south of where it was.
                let dropped = viewport.screenPoint(for: Coordinate(latitude: e["lat"] as! Double, longitude: e["lon"] as! Double))
                XCTAssertEqual(dropped.x, p.x - 80, accuracy: 1.5)
                XCTAssertEqual(dropped.y, p.y + 40, accuracy: 1.5)
                break
            }
        }
        XCTAssertEqual(states, ["starting", "dragging", "ending", "none"])
        XCTAssertNil(app.next("region", timeout: 0.3), "the map stayed put")
    }

    func testADragOverAPinPansInsteadOfSelecting() throws {
        let p = viewport.screenPoint(for: goldenGate)
        let x = Int(map.x + p.x), y = Int(map.y + p.y - 24)
        XCTAssertEqual(runTool("xdotool", ["mousemove", "\(x)", "\(y)", "mousedown", "1", "mousemove", "\(x + 5)", "\(y)",
                                           "sleep", "0.05", "mousemove", "\(x + 40)", "\(y + 10)", "sleep", "0.3", "mouseup", "1"]), 0)
        XCTAssertNotNil(app.next("region"), "the map moved")
        XCTAssertNil(app.next("select", timeout: 0.5), "a drag is never a click")
    }
}
