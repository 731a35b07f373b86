import CalloutMapCore
import Foundation
import XCTest

/// The real `calloutmap` binary, run as a person would run it.
final class AppProcess {
    /// The build's own, beside the tests, unless `CALLOUTMAP_APP` names another (a release build).
    static var binary: URL {
        if let path = ProcessInfo.processInfo.environment["CALLOUTMAP_APP"] { return URL(fileURLWithPath: path) }
        return DataDirectory.executable.deletingLastPathComponent().appendingPathComponent("calloutmap")
    }

    let process = Process()
    let output: URL
    /// Where standard error goes when it is kept (`keepingStandardError`), else nil (the test's own).
    let errors: URL?
    private var consumed = 0

    /// `environment` is added to the test's own.
    init(_ arguments: [String], keepingStandardError: Bool = false, environment: [String: String] = [:]) throws {
        let id = UUID().uuidString
        output = FileManager.default.temporaryDirectory.appendingPathComponent("calloutmap-\(id).log")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        process.executableURL = Self.binary
        process.arguments = arguments
        if !environment.isEmpty { process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
        process.standardOutput = try FileHandle(forWritingTo: output)
        if keepingStandardError {
            let errors = FileManager.default.temporaryDirectory.appendingPathComponent("calloutmap-\(id).err")
            _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
            process.standardError = try FileHandle(forWritingTo: errors)
            self.errors = errors
        } else {
            process.standardError = FileHandle.standardError
            errors = nil
        }
        try process.run()
    }

    deinit {
        if process.isRunning { process.terminate(); process.waitUntilExit() }
        try? FileManager.default.removeItem(at: output)
        if let errors { try? FileManager.default.removeItem(at: errors) }
    }

    /// Waits for `ready` and returns the map's frame in the window and its viewport then (the
    /// zoom as launched), to turn coordinates into the screen points xdotool takes.
    func readyMap() throws -> (frame: Rect, viewport: Viewport) {
        let ready = try XCTUnwrap(next("ready"))
        let m = try XCTUnwrap(ready["map"] as? [String: Double])
        let c = try XCTUnwrap(ready["center"] as? [String: Double])
        let zoom = try XCTUnwrap(ready["zoom"] as? Double)
        let frame = Rect(x: m["x"]!, y: m["y"]!, width: m["width"]!, height: m["height"]!)
        return (frame, Viewport(center: Coordinate(latitude: c["lat"]!, longitude: c["lon"]!), zoom: zoom, size: frame.size))
    }

    /// CPU seconds the process has used (user + system, every thread).
    var cpuSeconds: Double {
        guard let stat = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/stat", encoding: .utf8),
              let end = stat.lastIndex(of: ")") else { return 0 }
        let fields = stat[stat.index(after: end)...].split(separator: " ")
        return Double((Int(fields[11]) ?? 0) + (Int(fields[12]) ?? 0)) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// What the app wrote on standard error (when kept).
    var standardError: String { errors.flatMap { try? String(contentsOf: $0, encoding: .utf8) } ?? "" }

    /// Every JSON event printed so far.
    var events: [[String: Any]] {
        let text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
    }

    /// Waits for the next event named `name` after those already consumed.
    func next(_ name: String, timeout: Double = 15) -> [String: Any]? {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            let all = events
            if let i = all.indices.dropFirst(consumed).first(where: { all[$0]["event"] as? String == name }) {
                consumed = i + 1
                return all[i]
            }
            guard process.isRunning else { return nil }
            usleep(20_000)
        }
        return nil
    }

    /// Waits until no event has arrived for `quiet` seconds, then skips past them all.
    func settle(quiet: Double = 0.4) {
        var count = events.count
        var last = Date()
        while Date().timeIntervalSince(last) < quiet {
            usleep(50_000)
            let n = events.count
            if n != count { count = n; last = Date() }
        }
        consumed = count
    }
}

extension AppProcess {
    static let atspiScript = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Scripts/atspi_pins.py")

    /// The app's buttons as AT-SPI sees them (`--click NAME` also presses one). A busy
    /// accessibility bus can refuse the first connection, so it tries three times.
    func atspiButtons(_ arguments: [String] = []) throws -> [[String: Any]] {
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: "/usr/bin/python3"), "needs Debian's python3-pyatspi")
        var lastStatus: Int32 = 0
        for attempt in 1...3 {
            let (status, data) = try runAtspiScript(arguments)
            lastStatus = status
            if status == 0, let json = try? JSONSerialization.jsonObject(with: data) as? [[String: Any]] { return json }
            if attempt < 3 { usleep(700_000) }
        }
        XCTFail("the AT-SPI script failed three times (last status \(lastStatus))")
        return []
    }

    /// The name of what has keyboard focus, as AT-SPI (a screen reader) sees it; nil for nothing.
    func focusedName() throws -> String? {
        (try atspi(["--focused"]) as? [String: Any])?["name"] as? String
    }

    /// The text of every label in the app's windows, as a screen reader reads them.
    func atspiLabels() throws -> [String] {
        try atspi(["--labels"]) as? [String] ?? []
    }

    private func atspi(_ arguments: [String]) throws -> Any? {
        let output = try runAtspiScript(arguments).output
        return try? JSONSerialization.jsonObject(with: output, options: [.fragmentsAllowed])
    }

    /// Runs the AT-SPI script on this process: its exit status and what it printed.
    private func runAtspiScript(_ arguments: [String]) throws -> (status: Int32, output: Data) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        p.arguments = [Self.atspiScript.path, String(process.processIdentifier)] + arguments
        let out = Pipe()
        p.standardOutput = out
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, data)
    }
}

/// Runs the `calloutmap` binary to its end (a command, not a window): its exit status and standard error.
func runCalloutMap(_ arguments: [String], environment: [String: String]? = nil) throws -> (status: Int32, stderr: String) {
    let p = Process()
    p.executableURL = AppProcess.binary
    p.arguments = arguments
    if let environment { p.environment = environment }
    let err = Pipe()
    p.standardError = err
    p.standardOutput = FileHandle.nullDevice
    try p.run()
    let data = err.fileHandleForReading.readDataToEndOfFile()
    p.waitUntilExit()
    return (p.terminationStatus, String(decoding: data, as: UTF8.self))
}

/// Runs a command line tool (xdotool, import) and fails the test if it cannot start.
@discardableResult
func runTool(_ tool: String, _ arguments: [String], file: StaticString = #filePath, line: UInt = #line) -> Int32 {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    p.arguments = [tool] + arguments
    do { try p.run() } catch {
        XCTFail("cannot run \(tool): \(error)", file: file, line: line)
        return -1
    }
    p.waitUntilExit()
    return p.terminationStatus
}

func hasTool(_ tool: String) -> Bool {
    ProcessInfo.processInfo.environment["PATH"]?.split(separator: ":").contains {
        FileManager.default.isExecutableFile(atPath: "\($0)/\(tool)")
    } ?? false
}
