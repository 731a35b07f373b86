import CalloutMapCore
import Foundation
import XCTest

/// The app in a phone-width window (360 × 294, the least GNOME's adaptive apps go to), in
/// English and German: it keeps that size, every command stays on screen, nothing overlaps.
final class NarrowWindowEndToEndTests: XCTestCase {
    override func setUpWithError() throws {
        try XCTSkipUnless(ProcessInfo.processInfo.environment["DISPLAY"] != nil, "needs an X display (scripts/test.sh runs Xvfb)")
        try XCTSkipUnless(hasTool("xdotool"), "needs xdotool")
    }

    /// Names of the commands on screen, by language: open, the approach, the side panel, the
    /// primary menu, zoom in and out.
    static let commands = [
        "en": ["Open Places…", "Callout approach", "Show approach and events", "Main Menu", "Zoom In", "Zoom Out"],
        "de": ["Orte öffnen …", "Darstellungsart der Sprechblase", "Darstellungsart und Ereignisse anzeigen", "Hauptmenü",
               "Vergrößern", "Verkleinern"],
    ]

    func testAPhoneWidthWindowKeepsItsSizeEveryCommandAndNothingOverlaps() throws {
        for (language, names) in Self.commands.sorted(by: { $0.key < $1.key }) {
            let environment = language == "de" ? ["LANGUAGE": "de", "LANG": "de_DE.UTF-8", "LC_ALL": ""] : ["LANGUAGE": "en"]
            let app = try AppProcess(["--log-events", "--size", "360x294"], environment: environment)
            let (frame, _) = try app.readyMap()
            // The window did not grow to fit its header bar or side panel: the map has its width
            // (less the window's 3-point border) and the height under the header bar.
            XCTAssertGreaterThanOrEqual(frame.width, 350, language)
            XCTAssertLessThanOrEqual(frame.maxX, 361, language)
            XCTAssertLessThanOrEqual(frame.maxY, 300, language)
            XCTAssertGreaterThan(frame.height, 200, language)
            app.settle()
            let buttons = try app.atspiButtons()
            var rects: [(String, Rect)] = []
            for name in names {
                let button = try XCTUnwrap(buttons.first { $0["name"] as? String == name && ($0["width"] as? Int ?? 0) > 0 },
                                           "\(language): “\(name)” is on screen among \(buttons.compactMap { $0["name"] })")
                let r = Rect(x: Double(button["x"] as! Int), y: Double(button["y"] as! Int),
                             width: Double(button["width"] as! Int), height: Double(button["height"] as! Int))
                XCTAssertGreaterThanOrEqual(r.minX, frame.minX - 1, "\(language): \(name) \(r) starts in the window")
                XCTAssertLessThanOrEqual(r.maxX, frame.maxX + 1, "\(language): \(name) \(r) ends in the window")
                rects.append((name, r))
            }
            for (i, a) in rects.enumerated() {
                for b in rects[(i + 1)...] {
                    XCTAssertFalse(a.1.insetBy(dx: 1, dy: 1).intersects(b.1.insetBy(dx: 1, dy: 1)),
                                   "\(language): \(a.0) \(a.1) overlaps \(b.0) \(b.1)")
                }
            }
            // The zoom buttons sit on the map, and work.
            let zoomIn = try XCTUnwrap(rects.first { $0.0 == names[4] }?.1)
            XCTAssertGreaterThanOrEqual(zoomIn.minY, frame.minY, language)
            XCTAssertEqual(runTool("xdotool", ["mousemove", "\(Int(zoomIn.center.x))", "\(Int(zoomIn.center.y))", "click", "1"]), 0)
            let region = try XCTUnwrap(app.next("region"), "\(language): the zoom button zoomed")
            XCTAssertEqual(region["zoom"] as? Double, 13, language)

            // The side panel opens over the map (the window stays as it is) and fits in it.
            XCTAssertEqual(runTool("xdotool", ["mousemove", "\(Int(frame.center.x))", "\(Int(frame.center.y))", "key", "F9"]), 0)
            usleep(800_000)
            let panel = try app.atspiButtons()
            let check = try XCTUnwrap(panel.first { ($0["role"] as? String) == "check box" && ($0["width"] as? Int ?? 0) > 0 },
                                      "\(language): the panel's options show")
            XCTAssertLessThanOrEqual(Double(check["x"] as! Int + (check["width"] as! Int)), frame.maxX + 1,
                                     "\(language): “\(check["name"] ?? "")” stays inside the window")
            XCTAssertNil(app.next("map-resized", timeout: 1), "\(language): the map kept its size under the panel")
        }
    }
}
