import CalloutMapCore
import Foundation
import XCTest

/// Every callout approach in the real app under Xvfb, driven with xdotool.
final class CalloutEndToEndTests: XCTestCase {
    let goldenGate = Coordinate(latitude: 37.810332, longitude: -122.477437)

    override func setUpWithError() throws {
        try XCTSkipUnless(ProcessInfo.processInfo.environment["DISPLAY"] != nil, "needs an X display")
        try XCTSkipUnless(hasTool("xdotool") && hasTool("import"), "needs xdotool and ImageMagick")
    }

    struct Session {
        let app: AppProcess
        let map: Rect
        let viewport: Viewport
        func screen(_ p: Point) -> (Int, Int) { (Int(map.minX + p.x), Int(map.minY + p.y)) }
    }

    func launch(_ mode: String, center: String = "37.795,-122.44", extra: [String] = []) throws -> Session {
        let app = try AppProcess(["--log-events", "--mode", mode, "--size", "1000x700", "--center", center, "--zoom", "13"] + extra)
        let ready = try XCTUnwrap(app.next("ready"))
        let m = try XCTUnwrap(ready["map"] as? [String: Double])
        let c = try XCTUnwrap(ready["center"] as? [String: Double])
        let map = Rect(x: m["x"]!, y: m["y"]!, width: m["width"]!, height: m["height"]!)
        usleep(400_000)
        return Session(app: app, map: map, viewport: Viewport(center: Coordinate(latitude: c["lat"]!, longitude: c["lon"]!),
                                                             zoom: 13, size: map.size))
    }

    func click(_ s: Session, _ p: Point) {
        let (x, y) = s.screen(p)
        XCTAssertEqual(runTool("xdotool", ["mousemove", "\(x)", "\(y)", "sleep", "0.15", "click", "1"]), 0)
    }

    func rect(_ any: Any?) -> Rect? {
        guard let r = any as? [String: Double] else { return nil }
        return Rect(x: r["x"]!, y: r["y"]!, width: r["width"]!, height: r["height"]!)
    }

    func shot(_ name: String) throws -> Screenshot {
        try XCTUnwrap(Screenshot(path: FileManager.default.temporaryDirectory.appendingPathComponent("cm-callout-\(getpid())-\(name).png").path))
    }

    /// Where to click the callout's accessory, in map coordinates, for a callout frame.
    func accessory(_ mode: String, _ f: Rect) -> Point {
        switch mode {
        case "standard": return Point(x: f.maxX - 10 - 14, y: f.minY + (f.height - 10) / 2)     // the ⓘ at the right
        case "custom": return Point(x: f.minX + 12 + 25, y: f.maxY - 10 - 12 - 15)              // "Details" at the bottom left
        default: return Point(x: f.maxX - 10 - 11, y: f.minY + (f.height - 10) / 2)             // the drawn ⓘ
        }
    }

    func testEachBubbleApproachShowsTakesAccessoryTapsFollowsDragsAndDismisses() throws {
        for mode in ["standard", "custom", "annotation"] {
            let s = try launch(mode)
            let before = try shot("\(mode)-before")
            let pin = s.viewport.screenPoint(for: goldenGate)
            click(s, Point(x: pin.x, y: pin.y - 24))
            XCTAssertEqual(s.app.next("select")?["title"] as? String, "Golden Gate Bridge", mode)
            let shown = try XCTUnwrap(s.app.next("callout-shown"), mode)
            let frame = try XCTUnwrap(rect(shown["callout"]), mode)
            usleep(400_000)
            // Visible: inside the callout's padding the screen changed from the bare map.
            let after = try shot("\(mode)-after")
            let (px, py) = s.screen(Point(x: frame.minX + 6, y: frame.minY + 8))
            XCTAssertNotEqual(before.pixel(px, py), after.pixel(px, py), "\(mode): the callout is on screen")
            XCTAssertEqual(frame.maxY, s.viewport.screenPoint(for: goldenGate).y - 40 + 2 - 0, accuracy: 14, "\(mode): above its pin")

            // The accessory reports the tap; the pin stays selected.
            click(s, accessory(mode, frame))
            let tap = try XCTUnwrap(s.app.next("accessory"), "\(mode): accessory tapped")
            XCTAssertEqual(tap["title"] as? String, "Golden Gate Bridge")
            XCTAssertEqual(tap["mode"] as? String, mode)
            XCTAssertNil(s.app.next("deselect", timeout: 0.5), "\(mode): still selected")
            // The app opens the place's details for it; Escape closes them.
            XCTAssertEqual(s.app.next("details-shown")?["title"] as? String, "Golden Gate Bridge", mode)
            usleep(300_000)
            XCTAssertEqual(runTool("xdotool", ["key", "Escape"]), 0)
            XCTAssertNotNil(s.app.next("details-hidden"), mode)
            XCTAssertNil(s.app.next("accessory", timeout: 0.3), "\(mode): one click, one tap (the ⓘ's keyboard button takes no clicks)")

            // Dragging the map moves the callout by exactly the drag.
            let (sx, sy) = s.screen(Point(x: 450, y: 550))
            var steps = ["mousemove", "\(sx)", "\(sy)", "mousedown", "1"]
            for i in 1...10 { steps += ["mousemove", "\(sx + 7 * i)", "\(sy - 4 * i)", "sleep", "0.03"] }
            steps += ["sleep", "0.35", "mouseup", "1"]
            XCTAssertEqual(runTool("xdotool", steps), 0)
            let region = try XCTUnwrap(s.app.next("region"), mode)
            let moved = try XCTUnwrap(rect(region["callout"]), "\(mode): still open after a drag")
            XCTAssertEqual(moved.minX - frame.minX, 70, accuracy: 1, mode)
            XCTAssertEqual(moved.minY - frame.minY, -40, accuracy: 1, mode)

            // A click on the empty map closes it and deselects.
            click(s, Point(x: 620, y: 120))
            XCTAssertEqual(s.app.next("callout-hidden")?["mode"] as? String, mode)
            XCTAssertNotNil(s.app.next("deselect"), mode)
        }
    }

    func testPopoverTakesFocusClosesOnAClickOutsideWhichItConsumes() throws {
        let s = try launch("popover")
        let pin = s.viewport.screenPoint(for: goldenGate)
        let before = try shot("popover-before")
        click(s, Point(x: pin.x, y: pin.y - 24))
        XCTAssertNotNil(s.app.next("callout-shown"))
        usleep(500_000)
        let after = try shot("popover-after")
        var changed = 0
        for y in stride(from: Int(pin.y) - 110, to: Int(pin.y) - 44, by: 2) {
            for x in stride(from: Int(pin.x) - 90, to: Int(pin.x) + 90, by: 2) {
                let (px, py) = s.screen(Point(x: Double(x), y: Double(y)))
                if before.pixel(px, py) != after.pixel(px, py) { changed += 1 }
            }
        }
        XCTAssertGreaterThan(changed, 300, "the popover is on screen above the pin")
        // Focus is inside: Return activates its Details button.
        XCTAssertEqual(runTool("xdotool", ["key", "Return"]), 0)
        XCTAssertEqual(s.app.next("accessory")?["mode"] as? String, "popover")
        // A click outside closes it and is consumed: the place it lands on is not selected.
        let ferry = s.viewport.screenPoint(for: Coordinate(latitude: 37.79549, longitude: -122.394276))
        click(s, Point(x: ferry.x, y: ferry.y - 24))
        XCTAssertNotNil(s.app.next("popover-closed"))
        XCTAssertNil(s.app.next("select", timeout: 0.6), "the closing click is not also a select")
    }

    func testKeysOneToFourSwitchTheApproachAndReshowTheSelection() throws {
        let s = try launch("standard", extra: ["--select", "Golden Gate Bridge"])
        XCTAssertNotNil(s.app.next("callout-shown"))
        for (key, mode) in [("2", "custom"), ("3", "annotation"), ("4", "popover"), ("1", "standard")] {
            XCTAssertEqual(runTool("xdotool", ["key", key]), 0)
            XCTAssertEqual(s.app.next("mode")?["mode"] as? String, mode, key)
            XCTAssertEqual(s.app.next("callout-shown")?["mode"] as? String, mode, "\(mode): the selection is shown the new way")
        }
    }

    func testOpeningAFileWithTheChooserAddsItsPins() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("cm-open-\(getpid()).geojson")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(#"{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Point","coordinates":[-122.45,37.80]},"properties":{"title":"Opened Place"}}]}"#.utf8).write(to: file)
        let s = try launch("standard", extra: ["--no-demo"])
        XCTAssertEqual(runTool("xdotool", ["key", "ctrl+o", "sleep", "1.5", "key", "ctrl+l", "sleep", "0.4",
                                           "type", "--delay", "5", file.path]), 0)
        XCTAssertEqual(runTool("xdotool", ["sleep", "0.4", "key", "Return"]), 0)
        let opened = try XCTUnwrap(s.app.next("opened", timeout: 10), "the chooser opened the file")
        XCTAssertEqual(opened["count"] as? Int, 1)
        // The view moves to the place (animated): it ends with the place in the middle of the map
        // above the toast (70 px high), in line with the centre.
        var last: [String: Any]?
        while let region = s.app.next("region", timeout: 2) { last = region }
        let region = try XCTUnwrap(last)
        let center = try XCTUnwrap(region["center"] as? [String: Double])
        let view = Viewport(center: Coordinate(latitude: center["lat"]!, longitude: center["lon"]!),
                            zoom: region["zoom"] as? Double ?? 0, size: s.map.size)
        // One place fits no closer than zoom 15 over the offline map: streets show around it.
        XCTAssertEqual(view.zoom, 15)
        let place = view.screenPoint(for: Coordinate(latitude: 37.80, longitude: -122.45))
        XCTAssertEqual(place.x, s.map.width / 2, accuracy: 0.5)
        XCTAssertEqual(place.y, (s.map.height - 70) / 2, accuracy: 0.5)
        click(s, Point(x: place.x, y: place.y - 24))
        XCTAssertEqual(s.app.next("select")?["title"] as? String, "Opened Place")
    }

    func testCalloutsNearTheEdgesEndUpWhollyInsideTheMap() throws {
        // Golden Gate Bridge 15 px from the left edge, then near the top, the right and the bottom.
        let placements = ["37.795,-122.4214", "37.768,-122.46", "37.795,-122.515", "37.858,-122.46"]
        for mode in ["standard", "custom", "annotation"] {
            for center in placements {
                let s = try launch(mode, center: center, extra: ["--select", "Golden Gate Bridge"])
                guard let shown = s.app.next("callout-shown") else { XCTFail("\(mode) \(center): no callout"); continue }
                var frame = rect(shown["callout"])
                if let region = s.app.next("region", timeout: 1.5) { frame = rect(region["callout"]) ?? frame }  // after the auto-pan
                let f = try XCTUnwrap(frame, "\(mode) \(center)")
                XCTAssertGreaterThanOrEqual(f.minX, 0, "\(mode) \(center): \(f)")
                XCTAssertGreaterThanOrEqual(f.minY, 0, "\(mode) \(center): \(f)")
                XCTAssertLessThanOrEqual(f.maxX, s.map.width, "\(mode) \(center): \(f)")
                XCTAssertLessThanOrEqual(f.maxY, s.map.height, "\(mode) \(center): \(f)")
            }
        }
    }
}
