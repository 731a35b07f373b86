import CCalloutMapGtk
import Foundation
import XCTest

/// The command line: clear errors with exit code 2, and `render` without a display.
final class CommandLineTests: XCTestCase {
    private func launch(_ args: [String], environment: [String: String]? = nil) throws -> (status: Int32, stderr: String) {
        try runCalloutMap(args, environment: environment)
    }

    func testBadArgumentsExitWithCodeTwoAndSayWhy() throws {
        let cases: [([String], String)] = [
            (["--zoom", "25"], "--zoom"), (["--zoom", "nan"], "--zoom"), (["--center", "91,0"], "--center"),
            (["--center", "abc"], "--center"), (["--size", "0x10"], "--size"), (["--frobnicate"], "--frobnicate"),
            (["render"], "--out"), (["--zoom"], "needs a value"), (["--mode", "bubble"], "--mode"), (["render", "--out", "x.png", "--scale", "3"], "--scale"),
        ]
        for (args, mention) in cases {
            let r = try launch(args)
            XCTAssertEqual(r.status, 2, "\(args)")
            XCTAssertTrue(r.stderr.contains(mention), "\(args): \(r.stderr)")
            XCTAssertTrue(r.stderr.contains("Usage:"), "\(args)")
        }
    }

    func testRenderWritesAPNGWithNoDisplay() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("cm-render-\(getpid()).png").path
        defer { try? FileManager.default.removeItem(atPath: out) }
        var env = ProcessInfo.processInfo.environment
        env["DISPLAY"] = nil
        env["WAYLAND_DISPLAY"] = nil
        let r = try launch(["render", "--center", "37.8,-122.45", "--zoom", "12", "--size", "320x200", "--scale", "2", "--out", out],
                           environment: env)
        XCTAssertEqual(r.status, 0, r.stderr)
        let surface = cairo_image_surface_create_from_png(out)
        defer { cairo_surface_destroy(surface) }
        XCTAssertEqual(cairo_surface_status(surface), CAIRO_STATUS_SUCCESS)
        XCTAssertEqual(cairo_image_surface_get_width(surface), 640)
        XCTAssertEqual(cairo_image_surface_get_height(surface), 400)
    }

    func testBadGeoJSONIsReportedPerFeatureAndTheRestStillLoads() throws {
        let dir = FileManager.default.temporaryDirectory
        let bad = dir.appendingPathComponent("cm-bad-\(getpid()).geojson")
        let junk = dir.appendingPathComponent("cm-junk-\(getpid()).geojson")
        let out = dir.appendingPathComponent("cm-bad-\(getpid()).png").path
        defer { [bad, junk].forEach { try? FileManager.default.removeItem(at: $0) }; try? FileManager.default.removeItem(atPath: out) }
        try Data(#"""
        {"type":"FeatureCollection","features":[
          {"type":"Feature","geometry":{"type":"Point","coordinates":[-122.42,37.78]},"properties":{"title":"<b>Fine</b>"}},
          {"type":"Feature","geometry":{"type":"Point","coordinates":[-122.42,137.78]},"properties":{"title":"Too far north"}},
          {"type":"Feature","geometry":null,"properties":{}}
        ]}
        """#.utf8).write(to: bad)
        try Data("{ not json".utf8).write(to: junk)
        let r = try launch(["render", "--no-demo", "--data", bad.path, "--data", junk.path, "--size", "200x200",
                            "--center", "37.78,-122.42", "--zoom", "12", "--out", out])
        XCTAssertEqual(r.status, 0, "bad data is reported, not fatal")
        XCTAssertTrue(r.stderr.contains("\(bad.path): feature 1: has latitude 137.78, beyond ±90; skipped"), r.stderr)
        XCTAssertFalse(r.stderr.contains("feature 2"), "a null geometry is RFC 7946's unlocated feature: valid, silent")
        XCTAssertTrue(r.stderr.contains("\(junk.path): is not valid JSON: unexpected 'n' where a string should be at byte 2; nothing was loaded from it"), r.stderr)
        XCTAssertFalse(r.stderr.contains("feature 0"), "the valid feature loaded")
    }

    func testRenderDrawsTheSelectedPinsCalloutInEachMode() throws {
        var env = ProcessInfo.processInfo.environment
        env["DISPLAY"] = nil
        let dir = FileManager.default.temporaryDirectory
        func render(_ extra: [String]) throws -> Screenshot? {
            let out = dir.appendingPathComponent("cm-mode-\(getpid())-\(extra.joined(separator: "-")).png").path
            defer { try? FileManager.default.removeItem(atPath: out) }
            let r = try launch(["render", "--size", "500x260", "--center", "37.80,-122.46", "--zoom", "13", "--out", out] + extra,
                               environment: env)
            XCTAssertEqual(r.status, 0, r.stderr)
            return Screenshot(png: out)
        }
        let plain = try XCTUnwrap(render([]))
        for mode in ["standard", "custom", "annotation", "popover"] {
            let selected = try XCTUnwrap(render(["--select", "Golden Gate Bridge", "--mode", mode]))
            var changed = 0
            for y in stride(from: 0, to: 260, by: 2) {
                for x in stride(from: 0, to: 500, by: 2) where plain.pixel(x, y) != selected.pixel(x, y) { changed += 1 }
            }
            XCTAssertGreaterThan(changed, 1500, "\(mode): a callout's worth of pixels changed")
        }
        let r = try launch(["render", "--select", "Nowhere", "--out", dir.appendingPathComponent("x.png").path], environment: env)
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains("no annotation or shape titled 'Nowhere'"), r.stderr)
    }

    /// Sets of 20,000 points and more cluster in the background, in `render` as in the window:
    /// the picture waits for them (it drew no pins at all before), whatever the size.
    func testRenderWaitsForClustersAtAnySize() throws {
        var env = ProcessInfo.processInfo.environment
        env["DISPLAY"] = nil
        let dir = FileManager.default.temporaryDirectory
        var state: UInt64 = 5
        func next() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(1 << 53)
        }
        var badges: [Int: Int] = [:]
        for count in [10_000, 30_000, 120_000] {  // below and past the threshold
            let file = dir.appendingPathComponent("cm-render-\(getpid())-\(count).geojson")
            let out = dir.appendingPathComponent("cm-render-\(getpid())-\(count).png").path
            defer { try? FileManager.default.removeItem(at: file); try? FileManager.default.removeItem(atPath: out) }
            var text = #"{"type":"FeatureCollection","features":["#
            for i in 0..<count {
                let lat = 36.8 + next() * 2, lon = -123.4 + next() * 2.4
                text += (i > 0 ? "," : "") + #"{"type":"Feature","geometry":{"type":"Point","coordinates":[\#(lon),\#(lat)]},"properties":{"title":"P\#(i)"}}"#
            }
            try (text + "]}").write(to: file, atomically: true, encoding: .utf8)
            let r = try launch(["render", "--no-demo", "--data", file.path, "--size", "600x400", "--center", "37.8,-122.2",
                                "--zoom", "8", "--out", out], environment: env)
            XCTAssertEqual(r.status, 0, r.stderr)
            let shot = try XCTUnwrap(Screenshot(png: out))
            var n = 0
            for y in stride(from: 0, to: 400, by: 2) {
                for x in stride(from: 0, to: 600, by: 2) where shot.pixel(x, y) == 0x613583 { n += 1 }  // the badge fill (ClusterAnnotationView.badgeColor)
            }
            badges[count] = n
        }
        for (count, n) in badges { XCTAssertGreaterThan(n, 200, "\(count) points: cluster badges drawn (\(badges))") }
    }

    func testMissingDataIsAClearError() throws {
        var env = ProcessInfo.processInfo.environment
        env["CALLOUTMAP_DATA_DIR"] = "/nonexistent/calloutmap"
        let r = try launch(["render", "--out", "/tmp/never.png"], environment: env)
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains("/nonexistent/calloutmap/basemap"), r.stderr)
    }
}
