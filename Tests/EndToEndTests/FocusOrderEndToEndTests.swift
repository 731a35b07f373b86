import CalloutMapCore
import Foundation
import XCTest

/// One keyboard order in every approach, however the pin was selected: the pin, then its
/// callout's controls, then on — checked through AT-SPI, as a screen reader follows it.
final class FocusOrderEndToEndTests: XCTestCase {
    override func setUpWithError() throws {
        try XCTSkipUnless(ProcessInfo.processInfo.environment["DISPLAY"] != nil, "needs an X display")
        try XCTSkipUnless(hasTool("xdotool"), "needs xdotool")
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: "/usr/bin/python3"), "needs Debian's python3-pyatspi")
    }

    /// The listings' callouts have a Save button (the annotation approach draws its ⓘ, reached
    /// through a button named Details; the custom one shows a Details button).
    static let listings: Set<String> = ["Mission loft", "Castro flat", "Haight studio", "North Beach room", "Nob Hill suite",
                                        "Mission Bay apartment", "Marina condo", "Inner Richmond home", "Outer Sunset cottage",
                                        "Noe Valley house", "Potrero Hill studio", "Pacific Heights room"]

    func key(_ app: AppProcess, _ key: String) throws -> String? {
        XCTAssertEqual(runTool("xdotool", ["key", key, "sleep", "0.4"]), 0)
        return try app.focusedName()
    }

    func testTabGoesFromThePinIntoItsCalloutThenOnInEveryApproach() throws {
        let control = ["standard": "Save", "custom": "Details", "annotation": "Details", "popover": "Save"]
        for mode in ["standard", "custom", "annotation", "popover"] {
            let app = try AppProcess(["--log-events", "--mode", mode, "--size", "1000x700"])
            let (frame, _) = try app.readyMap()
            usleep(400_000)
            // Focus on the map (a click on an empty spot of the bay), Tab to the pins, arrows to a listing.
            XCTAssertEqual(runTool("xdotool", ["mousemove", "\(Int(frame.minX + 40))", "\(Int(frame.minY + 40))", "click", "1", "sleep", "0.6"]), 0)
            var name = try key(app, "Tab")
            for _ in 0..<16 where !Self.listings.contains(name ?? "") { name = try key(app, "Right") }
            let pin = try XCTUnwrap(name, mode)
            XCTAssertTrue(Self.listings.contains(pin), "\(mode): reached a listing, not \(pin)")
            XCTAssertEqual(try key(app, "Return"), mode == "popover" ? "Save" : pin, "\(mode): a popover takes the focus")
            if mode == "popover" {
                XCTAssertEqual(try key(app, "Escape"), pin, "popover: Escape gives the focus back to the pin")
                continue
            }
            XCTAssertEqual(try key(app, "Tab"), control[mode], "\(mode): Tab from the pin reaches its callout's control")
            XCTAssertEqual(try key(app, "Tab"), "Zoom In", "\(mode): then on, to the map's next stop")
            XCTAssertEqual(try key(app, "ISO_Left_Tab"), control[mode], "\(mode): Shift+Tab back to the control")
            XCTAssertEqual(try key(app, "ISO_Left_Tab"), pin, "\(mode): and to the pin")
        }
    }

    /// Selected with the pointer, the same order: Tab reaches the pin, then its callout.
    func testAfterAClickTheOrderIsTheSame() throws {
        let app = try AppProcess(["--log-events", "--mode", "standard", "--size", "1000x700"])
        let (frame, viewport) = try app.readyMap()
        usleep(400_000)
        let p = viewport.screenPoint(for: Coordinate(latitude: 37.7599, longitude: -122.4148))  // Mission loft
        XCTAssertEqual(runTool("xdotool", ["mousemove", "\(Int(frame.minX + p.x))", "\(Int(frame.minY + p.y - 8))", "click", "1", "sleep", "0.6"]), 0)
        XCTAssertEqual(app.next("select")?["title"] as? String, "Mission loft")
        XCTAssertEqual(try key(app, "Tab"), "Mission loft", "the selected pin first")
        XCTAssertEqual(try key(app, "Tab"), "Save", "then its callout's control")
        XCTAssertEqual(try key(app, "Tab"), "Zoom In")
    }
}

/// A callout's ⓘ or Details opens the place's details in every approach: its data, its
/// coordinates with Copy, and Zoom to Place.
final class PlaceDetailsEndToEndTests: XCTestCase {
    override func setUpWithError() throws {
        try XCTSkipUnless(ProcessInfo.processInfo.environment["DISPLAY"] != nil, "needs an X display")
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: "/usr/bin/python3"), "needs Debian's python3-pyatspi")
    }

    func testDetailsOpenFromEveryApproachCopyAndZoom() throws {
        for mode in ["standard", "custom", "annotation", "popover"] {
            let app = try AppProcess(["--log-events", "--mode", mode, "--size", "1000x700", "--select", "Golden Gate Bridge"])
            _ = try app.readyMap()
            XCTAssertNotNil(app.next("callout-shown"), mode)
            usleep(300_000)
            _ = try app.atspiButtons(["--click", "Details"])
            XCTAssertEqual(app.next("details-shown")?["title"] as? String, "Golden Gate Bridge", mode)
            usleep(500_000)
            _ = try app.atspiButtons(["--click", "Copy Coordinates"])
            XCTAssertEqual(app.next("copied")?["text"] as? String, "37.81033, -122.47744", mode)
            // (libadwaita 1.2 may say a button's name twice: "Zoom to Place Zoom to Place".)
            let zoom = try XCTUnwrap(try app.atspiButtons().compactMap { $0["name"] as? String }.first { $0.hasPrefix("Zoom to Place") })
            _ = try app.atspiButtons(["--click", zoom])
            XCTAssertEqual(app.next("details-hidden")?["title"] as? String, "Golden Gate Bridge", mode)
            var last: [String: Any]?
            while let region = app.next("region", timeout: 1.5) { last = region }
            let region = try XCTUnwrap(last, "\(mode): the map moved to the place")
            XCTAssertEqual(region["zoom"] as? Double, 15, mode)
            let center = try XCTUnwrap(region["center"] as? [String: Double])
            XCTAssertEqual(center["lat"]!, 37.810332, accuracy: 0.002, mode)
            XCTAssertEqual(center["lon"]!, -122.477437, accuracy: 0.002, mode)
        }
    }

    func testAPlaceFromAFileShowsAllItsData() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("cm-details-\(getpid()).geojson")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(#"{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Point","coordinates":[-122.41,37.79]},"properties":{"name":"Tadich Grill","kind":"restaurant","cuisine":"seafood","opened":"1849","note":"<b>not markup</b>"}}]}"#.utf8).write(to: file)
        let app = try AppProcess(["--log-events", "--no-demo", "--size", "1000x700", "--select", "Tadich Grill", file.path])
        _ = try app.readyMap()
        XCTAssertNotNil(app.next("callout-shown"))
        usleep(300_000)
        // A file's place shows its data as the callout's detail view; the pin's ⓘ is the map's own.
        let names = try app.atspiButtons().compactMap { $0["name"] as? String }
        XCTAssertTrue(names.contains("Details"), "\(names)")
        _ = try app.atspiButtons(["--click", "Details"])
        let shown = try XCTUnwrap(app.next("details-shown"))
        XCTAssertEqual(shown["title"] as? String, "Tadich Grill")
        let data = try XCTUnwrap(shown["data"] as? [String])
        XCTAssertTrue(data.contains("cuisine: seafood") && data.contains("opened: 1849"), "\(data)")
        // A file's own `kind` is its data, not one of the demo's kinds of place.
        XCTAssertTrue(data.contains("kind: restaurant"), "\(data)")
        XCTAssertTrue(data.contains("note: <b>not markup</b>"), "data as it is, never markup: \(data)")
    }

    /// A count in a place's data reads as the demo's own subtitles write one ("Population
    /// 120,972"), in the callout and in the details; a year stays as written; the event keeps the data.
    func testACountInAPlacesDataIsGroupedWhereItIsShown() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("cm-counts-\(getpid()).geojson")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(#"{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Point","coordinates":[-122.27,37.80]},"properties":{"name":"Oakland","population":120972,"opened":1852,"zip_code":94612}}]}"#.utf8).write(to: file)
        let app = try AppProcess(["--log-events", "--no-demo", "--size", "1000x700", "--select", "Oakland", file.path])
        _ = try app.readyMap()
        XCTAssertNotNil(app.next("callout-shown"))
        usleep(300_000)
        let callout = try app.atspiLabels()
        XCTAssertTrue(callout.contains("Population") && callout.contains("120,972"), "the callout: \(callout)")
        XCTAssertTrue(callout.contains("1852") && callout.contains("94612"), "a year and a code as written: \(callout)")
        _ = try app.atspiButtons(["--click", "Details"])
        let shown = try XCTUnwrap(app.next("details-shown"))
        XCTAssertTrue((shown["data"] as? [String])?.contains("population: 120972") == true, "the event keeps the data: \(shown)")
        usleep(300_000)
        let details = try app.atspiLabels()
        XCTAssertTrue(details.contains("Population") && details.contains("120,972") && details.contains("Zip code"), "the details: \(details)")
    }
}
