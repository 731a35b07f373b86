import CalloutMapCore
import Foundation
import XCTest

/// The context menu in the real app: a right-click on the map or a pin opens it there (logged
/// with the place), selects nothing, and the keyboard runs its first command.
final class ContextMenuEndToEndTests: XCTestCase {
    override func setUpWithError() throws {
        try XCTSkipUnless(ProcessInfo.processInfo.environment["DISPLAY"] != nil, "needs an X display")
        try XCTSkipUnless(hasTool("xdotool"), "needs xdotool")
    }

    func testARightClickOpensTheMenuForThePlaceOrThePin() throws {
        let goldenGate = Coordinate(latitude: 37.810332, longitude: -122.477437)
        let app = try AppProcess(["--log-events", "--size", "1000x700", "--center", "37.795,-122.44", "--zoom", "13"])
        let (frame, viewport) = try app.readyMap()
        let m = ["x": frame.minX, "y": frame.minY]
        usleep(400_000)
        func rightClick(_ p: Point) {
            XCTAssertEqual(runTool("xdotool", ["mousemove", "\(Int(m["x"]! + p.x))", "\(Int(m["y"]! + p.y))", "sleep", "0.15", "click", "3"]), 0)
        }
        // On a pin: its coordinate and title; nothing selected.
        let pin = viewport.screenPoint(for: goldenGate)
        rightClick(Point(x: pin.x, y: pin.y - 24))
        let onPin = try XCTUnwrap(app.next("context-menu"))
        XCTAssertEqual(onPin["title"] as? String, "Golden Gate Bridge")
        XCTAssertEqual(onPin["lat"] as? Double ?? 0, goldenGate.latitude, accuracy: 1e-9)
        XCTAssertNil(app.next("select", timeout: 0.5))
        // Its first command, Copy Coordinates, says it copied (issue 42: it gave no sign).
        XCTAssertEqual(runTool("xdotool", ["key", "Return"]), 0)
        XCTAssertEqual(app.next("copied")?["text"] as? String, "37.81033, -122.47744")
        XCTAssertEqual(app.next("toast")?["title"] as? String, "Copied to Clipboard")
        usleep(300_000)

        // On the map: where the click was, no title.
        let spot = Point(x: 450, y: 420)
        rightClick(spot)
        let onMap = try XCTUnwrap(app.next("context-menu"))
        XCTAssertNil(onMap["title"])
        let expected = viewport.coordinate(at: spot)
        XCTAssertEqual(onMap["lat"] as? Double ?? 0, expected.latitude, accuracy: 1e-4)
        XCTAssertEqual(onMap["lon"] as? Double ?? 0, expected.longitude, accuracy: 1e-4)
        // "Center Map Here" from the keyboard: the map moves there.
        XCTAssertEqual(runTool("xdotool", ["key", "--delay", "150", "Up", "Return"]), 0)
        let region = try XCTUnwrap(app.next("region"))
        let center = try XCTUnwrap(region["center"] as? [String: Double])
        XCTAssertEqual(center["lat"]!, expected.latitude, accuracy: 1e-4)
        XCTAssertEqual(center["lon"]!, expected.longitude, accuracy: 1e-4)
    }
}

/// Tooltips in the real app: the pointer resting on a pin shows its title after GTK's delay.
final class TooltipEndToEndTests: XCTestCase {
    override func setUpWithError() throws {
        try XCTSkipUnless(ProcessInfo.processInfo.environment["DISPLAY"] != nil, "needs an X display")
        try XCTSkipUnless(hasTool("xdotool"), "needs xdotool")
    }

    func testRestingOnAPinShowsItsTooltipAndNotOnceItsCalloutIsOpen() throws {
        let goldenGate = Coordinate(latitude: 37.810332, longitude: -122.477437)
        let app = try AppProcess(["--log-events", "--size", "1000x700", "--center", "37.795,-122.44", "--zoom", "13"])
        let (frame, viewport) = try app.readyMap()
        let m = ["x": frame.minX, "y": frame.minY]
        usleep(400_000)
        let pin = viewport.screenPoint(for: goldenGate)
        let (x, y) = (Int(m["x"]! + pin.x), Int(m["y"]! + pin.y - 24))
        // Approach in small steps, as a hand does, then rest.
        XCTAssertEqual(runTool("xdotool", ["mousemove", "\(x - 30)", "\(y + 30)", "sleep", "0.1",
                                           "mousemove", "\(x - 10)", "\(y + 10)", "sleep", "0.1", "mousemove", "\(x)", "\(y)"]), 0)
        let shown = try XCTUnwrap(app.next("tooltip-shown", timeout: 5))
        XCTAssertEqual(shown["title"] as? String, "Golden Gate Bridge")
        // Clicked, its callout opens; resting there again shows no tooltip for it.
        XCTAssertEqual(runTool("xdotool", ["click", "1"]), 0)
        XCTAssertNotNil(app.next("callout-shown"))
        XCTAssertEqual(runTool("xdotool", ["mousemove", "\(x + 1)", "\(y)", "sleep", "0.1", "mousemove", "\(x)", "\(y + 1)"]), 0)
        XCTAssertNil(app.next("tooltip-shown", timeout: 1.5))
    }
}
