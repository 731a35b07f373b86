import CGtk
import Foundation
import XCTest

/// The command line: clear errors with exit code 2, and `render` without a display.
final class CommandLineTests: XCTestCase {
    private func launch(_ args: [String], environment: [String: String]? = nil) throws -> (status: Int32, stderr: String) {
        let p = Process()
        p.executableURL = AppProcess.binary
        p.arguments = args
        if let environment { p.environment = environment }
        let err = Pipe()
        p.standardError = err
        p.standardOutput = FileHandle.nullDevice
        try p.run()
        let data = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    func testBadArgumentsExitWithCodeTwoAndSayWhy() throws {
        let cases: [([String], String)] = [
            (["--zoom", "25"], "--zoom"), (["--zoom", "nan"], "--zoom"), (["--center", "91,0"], "--center"),
            (["--center", "abc"], "--center"), (["--size", "0x10"], "--size"), (["--frobnicate"], "--frobnicate"),
            (["render"], "--out"), (["--zoom"], "needs a value"), (["render", "--out", "x.png", "--scale", "3"], "--scale"),
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

    func testMissingDataIsAClearError() throws {
        var env = ProcessInfo.processInfo.environment
        env["CALLOUTMAP_DATA_DIR"] = "/nonexistent/calloutmap"
        let r = try launch(["render", "--out", "/tmp/never.png"], environment: env)
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains("/nonexistent/calloutmap/basemap"), r.stderr)
    }
}
