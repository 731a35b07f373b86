import CalloutMapCore
import Foundation
import XCTest

/// The demo does not collide with itself: at launch every pin can be seen and clicked (the
/// draggable diamond too), and a file's wider view gathers the San Francisco set into one
/// badge instead of a pile of sixteen pins.
final class DemoEndToEndTests: XCTestCase {
    override func setUpWithError() throws {
        try XCTSkipUnless(ProcessInfo.processInfo.environment["DISPLAY"] != nil, "needs an X display")
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: "/usr/bin/python3"), "needs Debian's python3-pyatspi")
    }

    /// The pins' invisible buttons over the map (their frames), by name.
    func pins(_ app: AppProcess, in map: Rect) throws -> [(name: String, frame: Rect)] {
        try app.atspiButtons().compactMap { b in
            guard let name = b["name"] as? String, !["Zoom In", "Zoom Out"].contains(name),
                  let x = b["x"] as? Int, let y = b["y"] as? Int, let w = b["width"] as? Int, let h = b["height"] as? Int, w > 0 else { return nil }
            let r = Rect(x: Double(x), y: Double(y), width: Double(w), height: Double(h))
            return map.contains(r.center) && r.width < 80 ? (name, r) : nil
        }
    }

    func testAtLaunchTheDraggablePinIsClearAndAWiderViewGathersTheCitySet() throws {
        let app = try AppProcess(["--log-events", "--size", "1000x700"])
        let (frame, _) = try app.readyMap()
        usleep(500_000)
        let shown = try pins(app, in: frame)
        let diamond = try XCTUnwrap(shown.first { $0.name == "Yerba Buena Gardens" }, "\(shown.map(\.name))")
        for other in shown where other.name != diamond.name {
            XCTAssertFalse(other.frame.intersects(diamond.frame), "\(other.name) \(other.frame) over the draggable pin \(diamond.frame)")
        }
        XCTAssertTrue(shown.contains { $0.name == "Mission Bay apartment" }, "the listings one by one at city zoom")

        // A file across California: the view widens and the sixteen gather into one badge.
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("cm-demo-wide-\(getpid()).geojson")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(#"{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Point","coordinates":[-124.1,41.7]},"properties":{"title":"Crescent City"}},{"type":"Feature","geometry":{"type":"Point","coordinates":[-117.1,32.7]},"properties":{"title":"San Diego"}}]}"#.utf8).write(to: file)
        let wide = try AppProcess(["--log-events", "--size", "1000x700", file.path])
        let (wideFrame, wideView) = try wide.readyMap()
        XCTAssertLessThan(wideView.zoom, 8, "the view opened on the file")
        usleep(500_000)
        let names = try pins(wide, in: wideFrame).map(\.name)
        XCTAssertTrue(names.contains("16 places"), "the San Francisco set as one badge: \(names)")
        XCTAssertFalse(names.contains("Mission Bay apartment"), "no listing on its own: \(names)")
    }
}
