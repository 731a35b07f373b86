import CalloutMapCore
import Foundation
import XCTest

/// Search in the window: Ctrl+F or a letter typed on the map opens it, each keystroke is
/// answered (`search-results`), Enter goes to the first result and selects it, Up/Down choose
/// another, a world place and a typed position get a pin with a callout, Escape closes.
final class SearchEndToEndTests: XCTestCase {
    override func setUpWithError() throws {
        try XCTSkipUnless(ProcessInfo.processInfo.environment["DISPLAY"] != nil, "needs an X display")
        try XCTSkipUnless(hasTool("xdotool"), "needs xdotool")
    }

    /// The answer to a query, once it has been typed whole (and, unless `empty`, once it found
    /// something: the world's names are indexed as the search first opens, and asked again).
    private func answer(_ app: AppProcess, to query: String, empty: Bool = false) throws -> [String] {
        while let line = app.next("search-results", timeout: 10) {
            guard line["query"] as? String == query else { continue }
            let titles = line["titles"] as? [String] ?? []
            if empty || !titles.isEmpty { return titles }
        }
        XCTFail("no answer to '\(query)'")
        return []
    }

    func testSearchFindsTheDemoTheWorldAndPositionsAndGoesThere() throws {
        let app = try AppProcess(["--log-events", "--size", "1100x750", "--mode", "standard"])
        let (frame, _) = try app.readyMap()
        XCTAssertEqual(runTool("xdotool", ["mousemove", "\(Int(frame.center.x))", "\(Int(frame.center.y))"]), 0)

        // Ctrl+F, then every keystroke answered; accents and case folded.
        XCTAssertEqual(runTool("xdotool", ["key", "ctrl+f"]), 0)
        usleep(300_000)
        XCTAssertEqual(runTool("xdotool", ["type", "--delay", "60", "ferry"]), 0)
        for typed in ["f", "fe", "fer", "ferr"] { _ = try answer(app, to: typed, empty: true) }
        XCTAssertEqual(try answer(app, to: "ferry").first, "Ferry Building", "the demo's own place first")
        XCTAssertEqual(runTool("xdotool", ["key", "Return"]), 0)
        XCTAssertEqual(app.next("select")?["title"] as? String, "Ferry Building")

        // A world place, by an alternate name: a pin of its own, selected, its callout shown.
        XCTAssertEqual(runTool("xdotool", ["key", "ctrl+f"]), 0)
        usleep(300_000)
        XCTAssertEqual(runTool("xdotool", ["key", "ctrl+a"]), 0)
        XCTAssertEqual(runTool("xdotool", ["type", "--delay", "40", "muenchen"]), 0)
        XCTAssertEqual(try answer(app, to: "muenchen").first, "Munich", "one letter more than Munchen: a typo")
        XCTAssertEqual(runTool("xdotool", ["key", "Return"]), 0)
        let munich = try XCTUnwrap(app.next("select"))
        XCTAssertEqual(munich["title"] as? String, "Munich")
        let region = try XCTUnwrap(app.next("region", timeout: 10))
        let center = try XCTUnwrap(region["center"] as? [String: Double])
        XCTAssertEqual(center["lat"] ?? 0, 48.14, accuracy: 0.5, "the map flew to Munich")
        XCTAssertEqual(center["lon"] ?? 0, 11.58, accuracy: 0.5)

        // Up and Down choose among the results; typing a letter on the map opens the search.
        XCTAssertEqual(runTool("xdotool", ["mousemove", "\(Int(frame.center.x))", "\(Int(frame.maxY - 40))", "click", "1"]), 0)
        _ = app.next("deselect", timeout: 3)
        XCTAssertEqual(runTool("xdotool", ["type", "--delay", "60", "paris"]), 0)
        let paris = try answer(app, to: "paris")
        XCTAssertGreaterThan(paris.count, 2)
        XCTAssertEqual(paris.first, "Paris")
        XCTAssertEqual(runTool("xdotool", ["key", "Down", "Return"]), 0)
        XCTAssertEqual(app.next("select")?["title"] as? String, paris[1], "the second result")

        // A typed position: a pin there.
        XCTAssertEqual(runTool("xdotool", ["key", "ctrl+f", "ctrl+a"]), 0)
        XCTAssertEqual(runTool("xdotool", ["type", "--delay", "30", "geo:37.8,-122.4"]), 0)
        XCTAssertEqual(try answer(app, to: "geo:37.8,-122.4").first, "37.80000, -122.40000")
        XCTAssertEqual(runTool("xdotool", ["key", "Return"]), 0)
        XCTAssertEqual(app.next("select")?["title"] as? String, "37.80000, -122.40000")

        // Nothing found says so; Escape closes and the map has the keys again.
        XCTAssertEqual(runTool("xdotool", ["key", "ctrl+f", "ctrl+a"]), 0)
        XCTAssertEqual(runTool("xdotool", ["type", "--delay", "30", "qqxqq"]), 0)
        XCTAssertEqual(try answer(app, to: "qqxqq", empty: true), [])
        XCTAssertEqual(runTool("xdotool", ["key", "Escape"]), 0)
        usleep(300_000)
        XCTAssertEqual(runTool("xdotool", ["key", "2"]), 0)
        XCTAssertEqual(app.next("mode")?["mode"] as? String, "custom", "digits are the map's again")
        XCTAssertFalse(app.standardError.contains("CRITICAL"), app.standardError)
    }
}
