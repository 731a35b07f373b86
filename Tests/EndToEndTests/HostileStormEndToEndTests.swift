import CalloutMapCore
import Foundation
import XCTest

/// Issue 41's storm: five hostile files opened at once — one of them a million features that
/// are not Features, still loading as the storm begins — then clicks, double clicks, wheel
/// steps, drags, right clicks and keys as fast as xdotool sends them. The app must not crash
/// (a signal, a sanitizer's report, a critical warning) and must still answer afterwards.
///
/// `CALLOUTMAP_STORM_RUNS` (default 3) and `CALLOUTMAP_STORM_SEED` (default 41000) choose the
/// seeds; `CALLOUTMAP_STORM_ACTIONS` (default 400) how many actions a run. Under
/// `CALLOUTMAP_SANITIZER` freed memory is the sanitizer's to watch; otherwise glibc fills it with
/// a pattern (MALLOC_PERTURB_), so a use after free reads a wild pointer and crashes every time.
final class HostileStormEndToEndTests: XCTestCase {
    private static let environment = ProcessInfo.processInfo.environment
    static let runs = Int(environment["CALLOUTMAP_STORM_RUNS"] ?? "") ?? 3
    static let firstSeed = UInt64(environment["CALLOUTMAP_STORM_SEED"] ?? "") ?? 41_000
    static let actions = Int(environment["CALLOUTMAP_STORM_ACTIONS"] ?? "") ?? 400

    override func setUpWithError() throws {
        try requireInCI(environment: Self.environment, ProcessInfo.processInfo.environment["DISPLAY"] != nil, "needs an X display")
        try requireInCI(environment: Self.environment, hasTool("xdotool"), "needs xdotool (scripts/install-deps.sh)")
    }

    func testTheAppSurvivesAStormWhileABrokenMillionFeatureFileLoads() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cm-hostile-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = try HostileFiles.write(in: folder)
        var survived = 0
        for run in 0..<Self.runs {
            let seed = Self.firstSeed + UInt64(run)
            if try storm(seed: seed, files: files, folder: folder) { survived += 1 } else if Self.runs > 3 { break }
        }
        print("hostile storm: \(survived) of \(Self.runs) runs survived (seeds from \(Self.firstSeed), \(Self.actions) actions each)")
    }

    /// The sequence the storm found, alone: two problems at launch give two toasts, and Escape
    /// pressed twice dismisses the first and then the second as it comes up. libadwaita 1.2,
    /// given the second while the first faded out, crashed on it every time (MALLOC_PERTURB_).
    func testEscapeTwiceAsASecondToastComesUpLeavesTheAppRunning() throws {
        let bad = FileManager.default.temporaryDirectory.appendingPathComponent("cm-escape-\(getpid()).geojson")
        try Data(#"{"type":"FeatureCollection","features":[{"type":"Nope"}]}"#.utf8).write(to: bad)
        defer { try? FileManager.default.removeItem(at: bad) }
        let app = try AppProcess(["--log-events", "--no-demo", "--size", "900x600", "--data", bad.path, "--tiles", "/nonexistent/map.mbtiles"],
                                 keepingStandardError: true, environment: ["MALLOC_PERTURB_": "165"])
        _ = try app.readyMap()  // the toasts come before it
        let toasts = app.events.filter { $0["event"] as? String == "toast" }.compactMap { $0["title"] as? String }
        XCTAssertEqual(toasts, ["Could not open the map source “map.mbtiles”", "1 problem in “\(bad.lastPathComponent)”"],
                       "both problems are told, in order")
        usleep(600_000)
        for _ in 0..<3 {
            runTool("xdotool", ["key", "Escape", "sleep", "0.08", "key", "Escape", "sleep", "1.2"])
        }
        XCTAssertTrue(app.process.isRunning, "the app is still up: \(app.standardError.suffix(2_000))")
    }

    /// One launch and its storm; false if the app did not come through.
    private func storm(seed: UInt64, files: [URL], folder: URL) throws -> Bool {
        var environment: [String: String] = [:]
        if Self.environment["CALLOUTMAP_SANITIZER"] == nil { environment["MALLOC_PERTURB_"] = "165" }
        var arguments = ["--log-events", "--size", "1100x750"]
        for file in files { arguments += ["--data", file.path] }
        let app = try AppProcess(arguments, keepingStandardError: true, environment: environment)
        guard let ready = app.next("ready", timeout: 60), let m = ready["map"] as? [String: Double] else {
            let state = app.process.isRunning ? "still running"
                : "ended by \(app.process.terminationReason == .uncaughtSignal ? "signal" : "exit") \(app.process.terminationStatus)"
            XCTFail("seed \(seed): no window within 60 s (\(state)); its events: \(app.events), its last words:\n"
                    + String(app.standardError.suffix(3_000)))
            return false
        }
        let map = Rect(x: m["x"]!, y: m["y"]!, width: m["width"]!, height: m["height"]!)

        // The storm starts while the big file loads, at a point the seed draws, so that the load
        // ends somewhere in its first actions (where the crash of issue 41 came) on any machine.
        var rng = StormEndToEndTests.Seeded(state: seed)
        let startAt = Int.random(in: 40...90, using: &rng)
        var loading = true
        while loading, let progress = app.next("loading-progress", timeout: 60) {
            loading = (progress["percent"] as? Int ?? 0) < startAt
        }
        let (script, tally) = Self.storm(count: Self.actions, in: map, rng: &rng)
        let file = folder.appendingPathComponent("storm-\(seed).xdo")
        try script.write(to: file, atomically: true, encoding: .utf8)
        let xdotool = Process()
        xdotool.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        xdotool.arguments = ["xdotool", file.path]
        let started = Date()
        try xdotool.run()
        while xdotool.isRunning {
            if !app.process.isRunning { xdotool.terminate() }
            usleep(20_000)
        }
        let seconds = Date().timeIntervalSince(started)
        let loadEnded = app.standardError.contains("feature 999999: is not a Feature")
        usleep(500_000)

        let context = "seed \(seed) (\(tally.sorted { $0.key < $1.key }))"
        guard app.process.isRunning else {
            app.process.waitUntilExit()
            let how = app.process.terminationReason == .uncaughtSignal ? "signal \(app.process.terminationStatus)" : "exit \(app.process.terminationStatus)"
            XCTFail("\(context): the app ended (\(how)) during the storm; its last words:\n\(app.standardError.suffix(3_000))")
            return false
        }
        // Still answers: the approach changes by key. Xvfb has no window manager: when a window the
        // storm opened (the file chooser from Return on the header's Open, a problems dialog) closes,
        // the keyboard goes to no window at all, where a desktop gives it back to the main window.
        // That is done here as a window manager would (seed 41179 opened and closed the chooser).
        runTool("xdotool", ["key", "Escape", "sleep", "0.3", "key", "Escape", "sleep", "0.3"])
        runTool("bash", ["-c", "for w in $(xdotool search --onlyvisible --pid \(app.process.processIdentifier) --name '^CalloutMap$'); do "
                         + "xdotool windowfocus --sync $w; done"])
        runTool("xdotool", ["sleep", "0.2", "key", "4", "sleep", "0.2", "key", "1"])
        if app.next("mode", timeout: 10) == nil {
            let shot = FileManager.default.temporaryDirectory.appendingPathComponent("cm-storm-keys-\(seed).png").path
            _ = Screenshot(path: shot)
            let focus = (try? app.focusedName()).flatMap { $0 } ?? "?"
            XCTFail("\(context): keys still work (focus on \(focus); the screen: \(shot); last events: \(app.events.suffix(8)))")
        }
        let noise = app.standardError.split(separator: "\n").filter {
            $0.contains("CRITICAL") || $0.contains("WARNING") || $0.contains("Fatal error") || $0.contains("Sanitizer")
        }
        XCTAssertEqual(noise.prefix(20), [], context)
        print("hostile storm seed \(seed): \(Self.actions) actions in \(String(format: "%.1f", seconds)) s from \(startAt)% loaded, "
              + "load ended \(loadEnded ? "during" : "after") the storm, \(app.events.count) events")
        return noise.isEmpty
    }

    /// The issue's mix: left clicks 45 %, double clicks 10, wheel 10, drags of up to ±200 px 10,
    /// right clicks 3, keys 22 (1–4, Escape, Tab, arrows, Return, space, +, − and F9).
    static func storm(count: Int, in map: Rect, rng: inout StormEndToEndTests.Seeded) -> (script: String, tally: [String: Int]) {
        var lines: [String] = []
        var tally: [String: Int] = [:]
        func point() -> (Int, Int) {
            (Int(Double.random(in: map.minX + 4...map.maxX - 4, using: &rng)), Int(Double.random(in: map.minY + 4...map.maxY - 4, using: &rng)))
        }
        let keys = ["1", "2", "3", "4", "Escape", "Tab", "Left", "Right", "Up", "Down", "Return", "space", "plus", "minus", "F9"]
        for _ in 0..<count {
            let roll = Int.random(in: 0..<100, using: &rng)
            let (x, y) = point()
            let kind: String
            switch roll {
            case 0..<45: kind = "click"; lines += ["mousemove \(x) \(y)", "click 1"]
            case 45..<55: kind = "double-click"; lines += ["mousemove \(x) \(y)", "click --repeat 2 --delay 40 1"]
            case 55..<65: kind = "wheel"; lines += ["mousemove \(x) \(y)", "click \(Bool.random(using: &rng) ? 4 : 5)"]
            case 65..<75:
                kind = "drag"
                let dx = Int.random(in: -200...200, using: &rng), dy = Int.random(in: -200...200, using: &rng)
                lines += ["mousemove \(x) \(y)", "mousedown 1", "mousemove \(x + dx / 2) \(y + dy / 2)", "mousemove \(x + dx) \(y + dy)", "mouseup 1"]
            case 75..<78: kind = "right-click"; lines += ["mousemove \(x) \(y)", "click 3"]
            default: kind = "key"; lines.append("key \(keys.randomElement(using: &rng)!)")
            }
            tally[kind, default: 0] += 1
        }
        return (lines.joined(separator: "\n") + "\n", tally)
    }
}

/// The five hostile GeoJSON files of issue 41.
enum HostileFiles {
    static func write(in folder: URL) throws -> [URL] {
        func file(_ name: String, _ text: String) throws -> URL {
            let url = folder.appendingPathComponent(name)
            try Data(text.utf8).write(to: url)
            return url
        }
        func point(_ lon: Double, _ lat: Double, _ properties: String) -> String {
            #"{"type":"Feature","geometry":{"type":"Point","coordinates":[\#(lon),\#(lat)]},"properties":{\#(properties)}}"#
        }
        let depth = 5_000
        let nested = try file("nested.geojson", #"{"type":"FeatureCollection","features":["# + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "]}")
        let surrogate = try file("surrogate.geojson", #"{"type":"FeatureCollection","features":["#
            + point(-122.42, 37.77, #""title":"bad \ud800 here""#) + "," + point(-122.41, 37.78, #""title":"fine""#) + "]}")
        let exponent = try file("exponent.geojson", #"{"type":"FeatureCollection","features":["#
            + #"{"type":"Feature","geometry":{"type":"Point","coordinates":[1e999999,37.7]},"properties":{"title":"far"}},"#
            + #"{"type":"Feature","geometry":{"type":"Point","coordinates":[-122.43,1e-999999]},"properties":{"title":"near"}},"#
            + point(-122.44, 37.76, #""title":"ok""#) + "]}")
        let shapes = [#"<b>bold</b>"#, #"&amp; <span foreground=\"red\">x</span>"#, #"\u0001\u0002\u0007\u001b[31m"#, "<markup", "</i>", "&#0;",
                      #"Line\nbreak\ttab"#, #"\u202e RTL \u200f"#]
        let markup = try file("markup.geojson", #"{"type":"FeatureCollection","features":["# + (0..<300).map { i in
            let text = shapes[i % shapes.count]
            return point(-122.5 + Double(i % 20) * 0.01, 37.7 + Double(i / 20) * 0.008, #""title":"\#(text) \#(i)","subtitle":"\#(text)\#(text)""#)
        }.joined(separator: ",") + "]}")
        // A million features that are not Features (40 MB), each one line on standard error.
        let million = folder.appendingPathComponent("not-features.geojson")
        FileManager.default.createFile(atPath: million.path, contents: nil)
        let out = try FileHandle(forWritingTo: million)
        defer { try? out.close() }
        var chunk = #"{"type":"FeatureCollection","features":["#
        for i in 0..<1_000_000 {
            if i > 0 { chunk += "," }
            chunk += #"{"type":"Point","coordinates":[\#(i % 360 - 180),\#(i % 170 - 85)]}"#
            if chunk.utf8.count > 1 << 20 { try out.write(contentsOf: Data(chunk.utf8)); chunk = "" }
        }
        chunk += "]}"
        try out.write(contentsOf: Data(chunk.utf8))
        return [nested, surrogate, million, exponent, markup]
    }
}

/// What a test needs from the machine: skipped when missing on a developer's machine, a failure in
/// CI (`CI` set), where scripts/install-deps.sh should have brought it.
func requireInCI(environment: [String: String], _ condition: Bool, _ message: String) throws {
    guard !condition else { return }
    if environment["CI"] != nil { throw CIRequirement(message: message) }  // an error thrown in setUp fails the test
    throw XCTSkip(message)
}

struct CIRequirement: Error, CustomStringConvertible {
    let message: String
    var description: String { "missing in CI: \(message)" }
}
