import CalloutMapCore
import Foundation
import XCTest

/// The app with a 100,000-point file: opens promptly, clusters in the
/// background while staying responsive, then shows cluster badges.
final class ScaleEndToEndTests: XCTestCase {
    func testOpensA100kPointFileSmoothly() throws {
        try XCTSkipUnless(ProcessInfo.processInfo.environment["DISPLAY"] != nil, "needs an X display")
        try XCTSkipUnless(hasTool("xdotool") && hasTool("import"), "needs xdotool and ImageMagick")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("cm-100k-\(getpid()).geojson")
        defer { try? FileManager.default.removeItem(at: file) }
        var state: UInt64 = 42
        func next() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(1 << 53)
        }
        var text = #"{"type":"FeatureCollection","features":["#
        for i in 0..<100_000 {
            let local = i % 2 == 0
            let lat = local ? 37.2 + next() * 1.2 : -60 + next() * 130, lon = local ? -122.8 + next() * 1.2 : -180 + next() * 360
            text += (i > 0 ? "," : "") + #"{"type":"Feature","geometry":{"type":"Point","coordinates":[\#(lon),\#(lat)]},"properties":{"title":"P\#(i)"}}"#
        }
        text += "]}"
        try text.write(to: file, atomically: true, encoding: .utf8)

        let started = Date()
        let app = try AppProcess(["--log-events", "--no-demo", "--data", file.path, "--size", "1000x700",
                                  "--center", "37.8,-122.3", "--zoom", "8"])
        let ready = try XCTUnwrap(app.next("ready", timeout: 20))
        XCTAssertLessThan(Date().timeIntervalSince(started), 5, "first frame within seconds, clustering or not")
        XCTAssertEqual(runTool("xdotool", ["key", "plus"]), 0)  // usable while clustering
        XCTAssertNotNil(app.next("region", timeout: 10), "the map answered while it clustered")
        XCTAssertNotNil(app.next("clustering-finished", timeout: 20))
        usleep(800_000)
        let m = try XCTUnwrap(ready["map"] as? [String: Double])
        let shot = try XCTUnwrap(Screenshot(path: FileManager.default.temporaryDirectory
            .appendingPathComponent("cm-100k-\(getpid()).png").path))
        var badge = 0
        for y in stride(from: Int(m["y"]!), to: Int(m["y"]! + m["height"]!), by: 2) {
            for x in stride(from: Int(m["x"]!), to: Int(m["x"]! + m["width"]!), by: 2) where shot.pixel(x, y) == 0x613583 { badge += 1 }  // the badge fill (ClusterAnnotationView.badgeColor)
        }
        XCTAssertGreaterThan(badge, 100, "cluster badges on screen")
        // The file was read on a worker thread, counting up in the header bar as it went.
        let counts = app.events.filter { $0["event"] as? String == "loading-progress" }.compactMap { $0["count"] as? Int }
        XCTAssertGreaterThanOrEqual(counts.count, 15, "progress every 5,000 places")
        XCTAssertEqual(counts, counts.sorted(), "counting up")
        XCTAssertGreaterThanOrEqual(counts.last ?? 0, 95_000)
    }
}
