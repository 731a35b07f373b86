import CalloutMapCore
import Foundation
import XCTest

/// Pins reached the way a keyboard or screen-reader user reaches them.
final class AccessibilityEndToEndTests: XCTestCase {
    var app: AppProcess!
    var viewport: Viewport!

    override func setUpWithError() throws {
        try XCTSkipUnless(ProcessInfo.processInfo.environment["DISPLAY"] != nil, "needs an X display")
        app = try AppProcess(["--log-events", "--size", "1000x700", "--center", "37.795,-122.44", "--zoom", "13"])
        let ready = try XCTUnwrap(app.next("ready"))
        let m = try XCTUnwrap(ready["map"] as? [String: Double])
        viewport = Viewport(center: Coordinate(latitude: 37.795, longitude: -122.44), zoom: 13,
                            size: Size(width: m["width"]!, height: m["height"]!))
        usleep(500_000)
    }

    override func tearDown() { app = nil }

    func atspi(_ arguments: [String] = []) throws -> [[String: Any]] { try app.atspiButtons(arguments) }

    func testEveryVisiblePinIsAButtonNamedByItsTitle() throws {
        let buttons = try atspi()
        let names = Set(buttons.compactMap { $0["name"] as? String })
        for title in ["Golden Gate Bridge", "Ferry Building", "San Francisco", "Yerba Buena Gardens", "Nob Hill suite", "Chinatown"] {
            XCTAssertTrue(names.contains(title), "\(title) in \(names.sorted())")
        }
        // Each button sits where its pin is drawn: from the bridge's to the ferry building's
        // balloon tip is the distance between their coordinates on screen (AT-SPI's origin
        // differs from the window's by the decoration margin, so compare two buttons).
        let bridge = try XCTUnwrap(buttons.first { $0["name"] as? String == "Golden Gate Bridge" })
        let ferry = try XCTUnwrap(buttons.first { $0["name"] as? String == "Ferry Building" })
        func tip(_ b: [String: Any]) -> Point {
            Point(x: (b["x"] as! Double) + (b["width"] as! Double) / 2, y: (b["y"] as! Double) + (b["height"] as! Double))
        }
        let expected = viewport.screenPoint(for: Coordinate(latitude: 37.795490, longitude: -122.394276))
            - viewport.screenPoint(for: Coordinate(latitude: 37.810332, longitude: -122.477437))
        let measured = tip(ferry) - tip(bridge)
        XCTAssertEqual(measured.x, expected.x, accuracy: 2)
        XCTAssertEqual(measured.y, expected.y, accuracy: 2)
        XCTAssertEqual(bridge["description"] as? String, "Opened: May 27, 1937")
    }

    func testTheButtonsClickActionSelectsThePin() throws {
        _ = try atspi(["--click", "Ferry Building"])
        let select = try XCTUnwrap(app.next("select"))
        XCTAssertEqual(select["title"] as? String, "Ferry Building")
    }

    func testKeyboardTabIntoPinsArrowsEnterEscape() throws {
        try XCTSkipUnless(hasTool("xdotool"), "needs xdotool")
        XCTAssertEqual(runTool("xdotool", ["key", "Tab", "sleep", "0.3", "key", "Return"]), 0)
        let first = try XCTUnwrap(app.next("select"), "Tab reaches a pin, Enter selects it")
        XCTAssertEqual(runTool("xdotool", ["key", "Right", "sleep", "0.3", "key", "space"]), 0)
        let second = try XCTUnwrap(app.next("select"), "Right moves to another pin, Space selects it")
        XCTAssertNotEqual(first["title"] as? String, second["title"] as? String)
        XCTAssertGreaterThan(second["lon"] as! Double, first["lon"] as! Double, "…one to the east")
        XCTAssertEqual(runTool("xdotool", ["key", "Escape"]), 0)
        let deselect = try XCTUnwrap(app.next("deselect"))
        XCTAssertEqual(deselect["title"] as? String, second["title"] as? String)
        // Tab leaves the pin layer in one step: the next stop is outside the map's pins.
        XCTAssertEqual(runTool("xdotool", ["key", "Tab", "sleep", "0.2", "key", "Return"]), 0)
        XCTAssertNil(app.next("select", timeout: 0.8), "one tab stop for all pins")
    }
}

/// The world's place names, as a screen reader meets them: each name in view a button named for
/// the place, whose action shows the place as a search result does.
final class PlaceNameAccessibilityEndToEndTests: XCTestCase {
    func testPlaceNamesAreButtonsThatShowThePlace() throws {
        try XCTSkipUnless(ProcessInfo.processInfo.environment["DISPLAY"] != nil, "needs an X display")
        let app = try AppProcess(["--log-events", "--size", "1000x700", "--center", "48.5,8", "--zoom", "5"])
        _ = try XCTUnwrap(app.next("ready"))
        // The names are placed with the first full drawing and listed once the view settles.
        var names: Set<String> = []
        for _ in 0..<10 where !names.contains("Paris, Capital of France") {
            usleep(500_000)
            names = Set(try app.atspiButtons().compactMap { $0["name"] as? String })
        }
        for name in ["Paris, Capital of France", "Berlin, Capital of Germany", "Germany, Country"] {
            XCTAssertTrue(names.contains(name), "\(name) in \(names.sorted())")
        }
        _ = try app.atspiButtons(["--click", "Paris, Capital of France"])
        let select = try XCTUnwrap(app.next("select"))
        XCTAssertEqual(select["title"] as? String, "Paris")
    }
}
