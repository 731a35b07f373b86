import CalloutMapCore
import Foundation
import XCTest

/// Files in the real app: what is not a file is refused at once by name; a big file
/// being read stops when it is removed from the side panel or its window closes.
final class FileEndToEndTests: XCTestCase {
    override func setUpWithError() throws {
        try XCTSkipUnless(ProcessInfo.processInfo.environment["DISPLAY"] != nil, "needs an X display")
        try XCTSkipUnless(hasTool("xdotool"), "needs xdotool")
    }

    /// A file opened at launch is fitted with its northernmost pin's head clear of the header
    /// bar: a pin rises above its place (its tip was 48 points down, its head at the top edge).
    func testAFittedFilesTopPinKeepsAGapUnderTheHeader() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("cm-fit-\(getpid()).geojson")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(#"{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Point","coordinates":[10,60]},"properties":{"title":"North"}},{"type":"Feature","geometry":{"type":"Point","coordinates":[10.5,50]},"properties":{"title":"South"}},{"type":"Feature","geometry":{"type":"Point","coordinates":[0.5,55]},"properties":{"title":"West"}}]}"#.utf8).write(to: file)
        let app = try AppProcess(["--log-events", "--no-demo", "--size", "900x600", "--select", "North", file.path])
        let (frame, _) = try app.readyMap()
        XCTAssertNotNil(app.next("callout-shown"))
        app.settle()
        let region = try XCTUnwrap(app.events.last { $0["event"] as? String == "region" })
        let c = try XCTUnwrap(region["center"] as? [String: Double])
        let viewport = Viewport(center: Coordinate(latitude: c["lat"]!, longitude: c["lon"]!), zoom: try XCTUnwrap(region["zoom"] as? Double),
                                size: frame.size)
        let tip = viewport.screenPoint(for: Coordinate(latitude: 60, longitude: 10))
        XCTAssertGreaterThanOrEqual(tip.y, 53 + 8, "the selected marker (53 points tall) has a gap over its head: \(tip)")
    }

    /// A file of 300,000 points (~30 MB), read on a worker thread in a second or two; with `lines`,
    /// a thousand lines of a thousand points each follow them, and reading takes several seconds even
    /// in a release build — long enough that a click surely lands while it is read.
    static func bigFile(lines: Bool = false) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("cm-big-\(getpid()).geojson")
        var text = #"{"type":"FeatureCollection","features":["#
        text.reserveCapacity(lines ? 72 << 20 : 32 << 20)
        for i in 0..<300_000 {
            let lat = 37.2 + Double(i % 1000) / 1000, lon = -122.8 + Double(i / 1000) / 300
            text += (i > 0 ? "," : "") + #"{"type":"Feature","geometry":{"type":"Point","coordinates":[\#(lon),\#(lat)]},"properties":{"title":"P\#(i)"}}"#
        }
        for j in 0..<(lines ? 1000 : 0) {
            text += #",{"type":"Feature","properties":{"title":"L\#(j)"},"geometry":{"type":"LineString","coordinates":["#
            for k in 0..<1000 {
                text += (k > 0 ? "," : "") + "[\(-122.8 + Double(k) / 3000),\(37.2 + Double(j) / 1000)]"
            }
            text += "]}}"
        }
        try (text + "]}").write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    /// Clicks a button of the app found by its accessible name, with the pointer.
    func click(_ app: AppProcess, button name: String) throws {
        let button = try XCTUnwrap(try app.atspiButtons().first { $0["name"] as? String == name }, "a button named \(name)")
        let x = (button["x"] as! Int) + (button["width"] as! Int) / 2, y = (button["y"] as! Int) + (button["height"] as! Int) / 2
        XCTAssertEqual(runTool("xdotool", ["mousemove", "\(x)", "\(y)", "sleep", "0.1", "click", "1"]), 0)
    }

    func testWhatIsNotAFileIsRefusedAtOnceAndTheRestLoads() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cm-notfiles-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("pipe.geojson")
        XCTAssertEqual(mkfifo(fifo.path, 0o600), 0)
        let started = Date()
        let app = try AppProcess(["--log-events", "--data", fifo.path, "--data", "/dev/zero", "--data", "/dev/urandom",
                                  "--data", folder.path, "--size", "1000x700"], keepingStandardError: true)
        XCTAssertNotNil(app.next("ready", timeout: 10), "no hang on a pipe or a device")
        XCTAssertLessThan(Date().timeIntervalSince(started), 8)
        let errors = app.standardError
        for line in ["\(fifo.path): is a pipe, not a file", "/dev/zero: is a device, not a file",
                     "/dev/urandom: is a device, not a file", "\(folder.path): is a folder, not a file"] {
            XCTAssertTrue(errors.contains(line), "\(line) in \(errors)")
        }
        let buttons = try app.atspiButtons().compactMap { $0["name"] as? String }
        XCTAssertTrue(buttons.contains("Golden Gate Bridge"), "the demo still loaded")
        XCTAssertTrue(buttons.contains("Remove pipe.geojson"), "each file listed, with its remove button")
    }

    /// The app on the big file, its window up while the file is still being read.
    func launchLoadingBigFile(_ file: URL) throws -> AppProcess {
        let app = try AppProcess(["--log-events", "--no-demo", "--data", file.path, "--size", "1000x700"], keepingStandardError: true)
        XCTAssertNotNil(app.next("loading-started", timeout: 10))  // before the first frame
        XCTAssertNotNil(app.next("ready", timeout: 20))
        return app
    }

    func testRemovingAFileWhileItLoadsStopsTheLoad() throws {
        let file = try Self.bigFile(lines: true)
        defer { try? FileManager.default.removeItem(at: file) }
        let app = try launchLoadingBigFile(file)
        try click(app, button: "Remove \(file.lastPathComponent)")
        let removed = try XCTUnwrap(app.next("file-removed", timeout: 10),
                                    "running: \(app.process.isRunning), events: \(app.events.compactMap { $0["event"] as? String }.suffix(8))")
        XCTAssertEqual(removed["loading"] as? Bool, true, "the click landed while the file was read")
        usleep(1_500_000)
        let after = app.events.drop { $0["event"] as? String != "file-removed" }
        XCTAssertLessThanOrEqual(after.filter { $0["event"] as? String == "loading-progress" }.count, 1, "the read stopped")
        XCTAssertFalse(after.contains { $0["event"] as? String == "clustering-started" }, "nothing of it reached the map")
        XCTAssertTrue(app.process.isRunning)
        XCTAssertFalse(app.standardError.contains("CRITICAL"), app.standardError)
    }

    /// Clustering counts up in the header bar; removing the file meanwhile stops the build.
    func testRemovingAFileWhileItClustersStopsTheBuild() throws {
        // 600,000 points crowding around cities: seconds of clustering, even in a release build.
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("cm-crowded-\(getpid()).geojson")
        defer { try? FileManager.default.removeItem(at: file) }
        XCTAssertEqual(runTool(ClusterParityTests.bench.path, ["generate", "600000", file.path, "3"]), 0)
        let app = try launchLoadingBigFile(file)
        XCTAssertNotNil(app.next("clustering-started", timeout: 60))
        let first = try XCTUnwrap(app.next("clustering-progress", timeout: 30), "the build says how far it is")
        try click(app, button: "Remove \(file.lastPathComponent)")
        XCTAssertNotNil(app.next("file-removed", timeout: 10))
        let events = app.events.compactMap { $0["event"] as? String }
        let removedAt = try XCTUnwrap(events.firstIndex(of: "file-removed"))
        let percents = app.events.filter { $0["event"] as? String == "clustering-progress" }.compactMap { $0["percent"] as? Int }
        try XCTSkipIf(percents.contains(100), "the build ended before the click landed")
        // Removing the file let the build go, and said so, before saying the file was removed.
        XCTAssertEqual(events[..<removedAt].filter { $0 == "clustering-finished" }.count, 1, "the build stopped at once")
        usleep(1_000_000)  // the file's places are let go meanwhile
        let cpu = app.cpuSeconds
        usleep(1_500_000)
        // The build had seconds to go: going on, it would have used a core all along.
        XCTAssertLessThan(app.cpuSeconds - cpu, 0.4, "and no thread goes on clustering")
        XCTAssertEqual(percents, percents.sorted(), "counting up")
        XCTAssertGreaterThan(first["percent"] as? Int ?? 0, 0)
        XCTAssertFalse(events.dropFirst(removedAt).contains { $0.hasPrefix("clustering") }, "nothing of it after")
        XCTAssertTrue(app.process.isRunning)
        XCTAssertFalse(app.standardError.contains("CRITICAL"), app.standardError)
    }

    /// The header bar's status ("Clustering 300,000 places… 11 %") once widened the window, so
    /// the map changed size under the pointer; now the text is cut and the map keeps its size
    /// until the window is resized, which is reported with the map's new frame.
    func testTheMapKeepsItsSizeWhileAFileLoadsAndAResizeIsReported() throws {
        let file = try Self.bigFile()
        defer { try? FileManager.default.removeItem(at: file) }
        let app = try AppProcess(["--log-events", "--no-demo", "--data", file.path, "--size", "1000x700"], keepingStandardError: true)
        let ready = try XCTUnwrap(app.next("ready", timeout: 20))
        XCTAssertNotNil(app.next("clustering-finished", timeout: 120))
        usleep(500_000)
        let names = app.events.compactMap { $0["event"] as? String }
        XCTAssertTrue(names.contains("loading-progress"), "the status counted the places")
        XCTAssertFalse(names.contains("map-resized"), "the map kept its size while the file loaded: \(app.events.filter { $0["event"] as? String == "map-resized" })")

        // The app's own window: the largest of its visible X windows (a tooltip or popover has one too).
        func output(_ arguments: [String]) throws -> String {
            let pipe = Pipe()
            let p = Process()
            p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            p.arguments = ["xdotool"] + arguments
            p.standardOutput = pipe
            try p.run()
            p.waitUntilExit()
            return String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        }
        let ids = try output(["search", "--onlyvisible", "--pid", String(app.process.processIdentifier)]).split(separator: "\n").map(String.init)
        let window = try XCTUnwrap(try ids.max { a, b in
            func area(_ id: String) throws -> Int {
                let shell = try output(["getwindowgeometry", "--shell", id]).split(separator: "\n")
                let value = { (key: String) in shell.first { $0.hasPrefix(key + "=") }.flatMap { Int($0.dropFirst(key.count + 1)) } ?? 0 }
                return value("WIDTH") * value("HEIGHT")
            }
            return try area(a) < area(b)
        })
        XCTAssertEqual(runTool("xdotool", ["windowsize", window, "1100", "760"]), 0)
        let resized = try XCTUnwrap(app.next("map-resized", timeout: 10), "a resize is reported")
        let before = try XCTUnwrap(ready["map"] as? [String: Double]), after = try XCTUnwrap(resized["map"] as? [String: Double])
        XCTAssertEqual(after["width"]! - before["width"]!, 100, accuracy: 1, "\(before) → \(after)")
        XCTAssertEqual(after["height"]! - before["height"]!, 60, accuracy: 1)
        XCTAssertEqual(after["x"]!, before["x"]!, accuracy: 1)
        XCTAssertEqual(after["y"]!, before["y"]!, accuracy: 1)
        XCTAssertFalse(app.standardError.contains("CRITICAL"), app.standardError)
    }

    func testClosingTheWindowWhileAFileLoadsEndsTheAppAtOnce() throws {
        let file = try Self.bigFile(lines: true)
        defer { try? FileManager.default.removeItem(at: file) }
        let app = try launchLoadingBigFile(file)
        try click(app, button: "Close")
        let closed = Date()
        while app.process.isRunning && Date().timeIntervalSince(closed) < 10 { usleep(50_000) }
        XCTAssertFalse(app.process.isRunning, "the app ended with its window")
        XCTAssertLessThan(Date().timeIntervalSince(closed), 3, "without waiting for the load")
        XCTAssertEqual(app.process.terminationStatus, 0, app.standardError)
        XCTAssertFalse(app.standardError.contains("CRITICAL") || app.standardError.contains("Fatal"), app.standardError)
    }
}
