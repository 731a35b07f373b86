import CalloutMapCore
import Foundation
import XCTest

/// Several callouts open at once in the real app: Ctrl+click adds and takes out, each selected
/// pin's callout is logged with its frame, none overlaps another, Escape closes them all.
final class MultiSelectionEndToEndTests: XCTestCase {
    let goldenGate = Coordinate(latitude: 37.810332, longitude: -122.477437)
    let marina = Coordinate(latitude: 37.8037, longitude: -122.4368)
    let pacificHeights = Coordinate(latitude: 37.7925, longitude: -122.4382)

    override func setUpWithError() throws {
        try XCTSkipUnless(ProcessInfo.processInfo.environment["DISPLAY"] != nil, "needs an X display")
        try XCTSkipUnless(hasTool("xdotool"), "needs xdotool")
    }

    func rect(_ any: Any?) -> Rect? {
        guard let r = any as? [String: Double] else { return nil }
        return Rect(x: r["x"]!, y: r["y"]!, width: r["width"]!, height: r["height"]!)
    }

    func testCtrlClickOpensSeveralCalloutsThatNeverOverlapAndEscapeClosesThemAll() throws {
        for mode in ["standard", "annotation"] {
            let app = try AppProcess(["--log-events", "--mode", mode, "--size", "1000x700", "--center", "37.8,-122.45", "--zoom", "13"])
            let (m, viewport) = try app.readyMap()
            usleep(400_000)
            func click(_ coordinate: Coordinate, up: Double, control: Bool = false) {
                let p = viewport.screenPoint(for: coordinate)
                let (x, y) = (Int(m.minX + p.x), Int(m.minY + p.y - up))
                let press = control ? ["keydown", "ctrl", "click", "1", "keyup", "ctrl"] : ["click", "1"]
                XCTAssertEqual(runTool("xdotool", ["mousemove", "\(x)", "\(y)", "sleep", "0.15"] + press), 0)
            }
            var frames: [String: Rect] = [:]
            func shown(_ title: String) throws {
                let event = try XCTUnwrap(app.next("callout-shown"), "\(mode): \(title)")
                XCTAssertEqual(event["title"] as? String, title, mode)
                frames[title] = try XCTUnwrap(rect(event["callout"]), "\(mode): \(title)'s callout frame")
            }

            click(goldenGate, up: 24)
            XCTAssertEqual(app.next("select")?["title"] as? String, "Golden Gate Bridge", mode)
            try shown("Golden Gate Bridge")
            click(marina, up: 16, control: true)
            XCTAssertEqual(app.next("select")?["title"] as? String, "Marina condo", mode)
            try shown("Marina condo")
            click(pacificHeights, up: 16, control: true)
            XCTAssertEqual(app.next("select")?["title"] as? String, "Pacific Heights room", mode)
            try shown("Pacific Heights room")
            XCTAssertNil(app.next("deselect", timeout: 0.5), "\(mode): adding deselects nothing")
            let all = Array(frames.values)
            for (i, f) in all.enumerated() {
                XCTAssertTrue(f.minX >= 0 && f.minY >= 0 && f.maxX <= m.width && f.maxY <= m.height, "\(mode): \(f) inside the map")
                for g in all[(i + 1)...] { XCTAssertFalse(f.intersects(g), "\(mode): \(f) and \(g) overlap") }
            }

            // Ctrl+click on a selected pin takes it out; only its callout goes.
            click(marina, up: 16, control: true)
            let hidden = try XCTUnwrap(app.next("callout-hidden"), mode)
            XCTAssertEqual(hidden["title"] as? String, "Marina condo")
            XCTAssertEqual(app.next("deselect")?["title"] as? String, "Marina condo", mode)

            // Escape closes the rest.
            XCTAssertEqual(runTool("xdotool", ["key", "Escape"]), 0)
            var gone: Set<String> = []
            for _ in 0..<2 { if let t = app.next("deselect")?["title"] as? String { gone.insert(t) } }
            XCTAssertEqual(gone, ["Golden Gate Bridge", "Pacific Heights room"], mode)

        }
    }
}

extension MultiSelectionEndToEndTests {
    /// A callout moved along its pin by the arrangement (another callout opened beside it) keeps
    /// its arrow on its pin. The bubble keeps its size as it moves, and GTK redrew it from its old
    /// drawing: the San Francisco callout's arrow pointed ~90 px right of the flag, at a hidden pin.
    func testAnArrowStaysOnItsPinWhenItsCalloutMoves() throws {
        try XCTSkipUnless(hasTool("import"), "needs ImageMagick")
        let app = try AppProcess(["--log-events", "--size", "1280x800"])
        let (m, viewport) = try app.readyMap()
        usleep(600_000)
        let flag = Coordinate(latitude: 37.779379, longitude: -122.418433)
        let pins: [(String, Coordinate, Double)] = [
            ("Ferry Building", Coordinate(latitude: 37.79549, longitude: -122.394276), 20),
            ("San Francisco", flag, 15),
            ("Yerba Buena Gardens", Coordinate(latitude: 37.785, longitude: -122.402), 5),
            ("Noe Valley house", Coordinate(latitude: 37.7502, longitude: -122.4337), 8),
        ]
        for (title, coordinate, up) in pins {
            let p = viewport.screenPoint(for: coordinate)
            XCTAssertEqual(runTool("xdotool", ["mousemove", "\(Int(m.minX + p.x))", "\(Int(m.minY + p.y - up))", "sleep", "0.15",
                                               "keydown", "ctrl", "click", "1", "keyup", "ctrl"]), 0)
            XCTAssertEqual(app.next("select")?["title"] as? String, title)
        }
        var moved: Rect?
        while moved == nil, let placed = app.next("callout-placed", timeout: 3) {
            if placed["title"] as? String == "San Francisco" { moved = rect(placed["callout"]) }
        }
        let frame = try XCTUnwrap(moved, "the flag's callout moved as the last one opened (the case to check)")
        usleep(500_000)
        let shot = try XCTUnwrap(Screenshot(path: FileManager.default.temporaryDirectory.appendingPathComponent("cm-arrow-\(getpid()).png").path))
        let pin = viewport.screenPoint(for: flag)
        XCTAssertGreaterThan(frame.minY, pin.y, "below its pin: the arrow is on the callout's top edge")
        // A row through the arrow, 3 px above the body: the bubble's colour there is the arrow.
        let y = Int(m.minY + frame.minY) + CalloutArrow.length - 3
        let body = try XCTUnwrap(shot.pixel(Int(m.minX + frame.minX) + 12, Int(m.minY + frame.minY) + CalloutArrow.length + 6))
        let arrow = Int(m.minX + frame.minX)..<Int(m.minX + frame.maxX)
        let columns = arrow.filter { shot.pixel($0, y) == body }
        // The flag's pole stands at its coordinate and the arrow points at the flag beside it:
        // within 16 px. (Other pins under the row may share the bubble's white.)
        let pinX = Int(m.minX + pin.x)
        let atPin = columns.filter { abs($0 - pinX) <= 16 }
        XCTAssertGreaterThanOrEqual(atPin.count, 6, "the arrow ends on the flag at x \(pinX); the bubble's colour on that row: \(columns)")
    }
}

/// What the tests know of the bubble's shape: its arrow is 10 points long (`CalloutBubble.arrowLength`).
enum CalloutArrow {
    static let length = 10
}

/// The chooser in the real app: a click on six stalls at one point lists them; the keyboard picks one.
final class ChooserEndToEndTests: XCTestCase {
    override func setUpWithError() throws {
        try XCTSkipUnless(ProcessInfo.processInfo.environment["DISPLAY"] != nil, "needs an X display")
        try XCTSkipUnless(hasTool("xdotool"), "needs xdotool")
    }

    func testAClickOnStackedPlacesListsThemAndTheKeyboardPicksOne() throws {
        let hall = Coordinate(latitude: 37.7953, longitude: -122.3931)
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("data/examples/market-hall.geojson").path
        let app = try AppProcess(["--log-events", "--no-demo", file, "--size", "1000x700", "--center", "37.7953,-122.396", "--zoom", "15"])
        let (frame, viewport) = try app.readyMap()
        let m = ["x": frame.minX, "y": frame.minY]
        usleep(600_000)
        let p = viewport.screenPoint(for: hall)
        XCTAssertEqual(runTool("xdotool", ["mousemove", "\(Int(m["x"]! + p.x))", "\(Int(m["y"]! + p.y))", "sleep", "0.15", "click", "1"]), 0)
        let shown = try XCTUnwrap(app.next("chooser-shown"))
        XCTAssertEqual(shown["titles"] as? [String], ["Bakery", "Bookshop", "Cheese counter", "Coffee roaster", "Olive oil shop", "Oyster bar"])
        XCTAssertNil(app.next("select", timeout: 0.5), "nothing selected until one is picked")
        XCTAssertEqual(runTool("xdotool", ["key", "--delay", "150", "Down", "Down", "Return"]), 0)
        XCTAssertNotNil(app.next("chooser-hidden"))
        XCTAssertEqual(app.next("select")?["title"] as? String, "Cheese counter")
        XCTAssertEqual(app.next("callout-shown")?["title"] as? String, "Cheese counter")
        // Again, and Escape closes it with nothing picked.
        XCTAssertEqual(runTool("xdotool", ["mousemove", "\(Int(m["x"]! + 30))", "\(Int(m["y"]! + 30))", "click", "1"]), 0)
        XCTAssertNotNil(app.next("deselect"))
        usleep(300_000)
        XCTAssertEqual(runTool("xdotool", ["mousemove", "\(Int(m["x"]! + p.x))", "\(Int(m["y"]! + p.y))", "sleep", "0.15", "click", "1"]), 0)
        XCTAssertNotNil(app.next("chooser-shown"))
        usleep(300_000)
        XCTAssertEqual(runTool("xdotool", ["key", "Escape"]), 0)
        XCTAssertNotNil(app.next("chooser-hidden"))
        XCTAssertNil(app.next("select", timeout: 0.5))
    }
}
