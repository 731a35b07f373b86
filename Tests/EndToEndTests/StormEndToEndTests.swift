import CalloutMapCore
import Foundation
import XCTest

/// A seeded storm of input on the real window in each callout mode — clicks, double- and
/// right-clicks, drags, wheel steps and keys (1–4, Tab, Escape, F9, zoom and arrow keys) —
/// with critical warnings fatal: the app stays up and quiet, still answers input, and its
/// selection and callouts stay consistent (every callout shown was hidden, nothing selected
/// is left after Escape).
final class StormEndToEndTests: XCTestCase {
    static let actionsPerMode = 2_000

    override func setUpWithError() throws {
        try XCTSkipUnless(ProcessInfo.processInfo.environment["DISPLAY"] != nil, "needs an X display")
        try XCTSkipUnless(hasTool("xdotool"), "needs xdotool")
    }

    /// A reproducible random number generator (SplitMix64).
    struct Seeded: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// An xdotool script of `count` actions whose pointer stays inside `map` (screen coordinates);
    /// Enter and Space are left out so focus wandering through the header bar cannot press its
    /// close or open buttons.
    static func storm(count: Int, in map: Rect, seed: UInt64) -> (script: String, tally: [String: Int]) {
        var rng = Seeded(state: seed)
        var lines: [String] = []
        var tally: [String: Int] = [:]
        func point() -> String {
            "\(Int(Double.random(in: map.minX + 4...map.maxX - 4, using: &rng))) \(Int(Double.random(in: map.minY + 4...map.maxY - 4, using: &rng)))"
        }
        let keys = ["1", "2", "3", "4", "Tab", "shift+Tab", "Escape", "F9", "plus", "minus", "Left", "Right", "Up", "Down"]
        for _ in 0..<count {
            let roll = Int.random(in: 0..<100, using: &rng)
            let kind: String
            switch roll {
            case 0..<33: kind = "click"; lines.append("mousemove \(point())"); lines.append("click --delay 1 1")
            case 33..<37: kind = "double-click"; lines.append("mousemove \(point())"); lines.append("click --repeat 2 --delay 40 1")
            case 37..<40:
                // The context menu opens; Escape closes it (left open, it would take the next click).
                kind = "right-click"; lines.append("mousemove \(point())"); lines.append("click --delay 1 3")
                lines.append("key --delay 1 Escape")
            case 40..<52:
                // Short drags (some starting on pins, which drag the draggable one), so the map
                // wanders about the data instead of leaving it.
                kind = "drag"
                let start = point()
                lines.append("mousemove \(start)")
                lines.append("mousedown 1")
                let xy = start.split(separator: " ").map { Double($0)! }
                for step in 1...3 {
                    let x = min(map.maxX - 4, max(map.minX + 4, xy[0] + Double(step) * Double.random(in: -25...25, using: &rng)))
                    let y = min(map.maxY - 4, max(map.minY + 4, xy[1] + Double(step) * Double.random(in: -25...25, using: &rng)))
                    lines.append("mousemove \(Int(x)) \(Int(y))")
                }
                lines.append("mouseup 1")
            case 52..<66:
                // Out a little more often than in: double-clicks and clusters zoom in.
                kind = "wheel"
                lines.append("mousemove \(point())")
                lines.append("click --delay 1 \(Int.random(in: 0..<10, using: &rng) < 6 ? 5 : 4)")
            default: kind = "key"; lines.append("key --delay 1 \(keys.randomElement(using: &rng)!)")
            }
            tally[kind, default: 0] += 1
            lines.append("sleep 0.004")
        }
        return (lines.joined(separator: "\n") + "\n", tally)
    }

    /// 2,000 pins over San Francisco (markers and prices, never clustered) and 2,000 places
    /// around the world (clustered): wherever the storm takes the map, clicks find pins.
    static func crowdedData() throws -> URL {
        var rng = Seeded(state: 77)
        var features: [String] = []
        for i in 0..<4_000 {
            let local = i < 2_000
            let lat = local ? Double.random(in: 37.70...37.82, using: &rng) : Double.random(in: -60...70, using: &rng)
            let lon = local ? Double.random(in: -122.52...(-122.36), using: &rng) : Double.random(in: -180...180, using: &rng)
            let props = local ? (i % 2 == 0 ? #""kind":"marker""# : #""kind":"price","price":\#(i % 400 + 50)"#) : #""kind":"place""#
            features.append(#"{"type":"Feature","geometry":{"type":"Point","coordinates":[\#(lon),\#(lat)]},"properties":{"title":"Pin \#(i)",\#(props)}}"#)
        }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("cm-storm-\(getpid()).geojson")
        try Data(#"{"type":"FeatureCollection","features":[\#(features.joined(separator: ","))]}"#.utf8).write(to: url)
        return url
    }

    func testAStormOfInputInEachModeLeavesTheAppUpQuietAndConsistent() throws {
        let data = try Self.crowdedData()
        defer { try? FileManager.default.removeItem(at: data) }
        for (n, mode) in ["standard", "custom", "annotation", "popover"].enumerated() where ProcessInfo.processInfo.environment["STORM_MODE"].map({ $0 == mode }) ?? true {
            let app = try AppProcess(["--log-events", "--mode", mode, "--data", data.path, "--size", "1000x700",
                                      "--center", "37.77,-122.44", "--zoom", "14"],
                                     keepingStandardError: true)
            let ready = try XCTUnwrap(app.next("ready"), mode)
            let m = try XCTUnwrap(ready["map"] as? [String: Double])
            let map = Rect(x: m["x"]!, y: m["y"]!, width: m["width"]!, height: m["height"]!)
            usleep(300_000)

            let (script, tally) = Self.storm(count: Self.actionsPerMode, in: map, seed: 9_000 + UInt64(n))
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("cm-storm-\(getpid())-\(mode).xdo")
            try script.write(to: file, atomically: true, encoding: .utf8)
            defer { try? FileManager.default.removeItem(at: file) }
            let started = Date()
            XCTAssertEqual(runTool("xdotool", [file.path]), 0, mode)
            let seconds = Date().timeIntervalSince(started)

            // Whatever is open closes: Escape twice (a popover first takes one).
            runTool("xdotool", ["sleep", "0.3", "key", "Escape", "sleep", "0.3", "key", "Escape"])
            app.settle(quiet: 0.8)
            XCTAssertTrue(app.process.isRunning, "\(mode): the app is still up after \(tally)")
            guard app.process.isRunning else { print(app.standardError); continue }

            // Consistent: every callout shown was hidden again, every selection ended.
            let events = app.events
            let names = Dictionary(grouping: events.compactMap { $0["event"] as? String }, by: { $0 }).mapValues(\.count)
            print("storm \(mode) events:", names.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "),
                  "last region:", events.last { $0["event"] as? String == "region" } ?? [:])
            func count(_ name: String) -> Int { events.filter { $0["event"] as? String == name }.count }
            // A sanity check that clicks reached pins: how many depends on where the storm takes the
            // map (2 to 28 in runs of this seed; right-clicks open menus, they no longer select).
            XCTAssertGreaterThanOrEqual(count("select"), 1, "\(mode): the storm selected pins")
            XCTAssertEqual(count("callout-shown"), count("callout-hidden"), "\(mode): no orphan callout")
            XCTAssertEqual(count("select"), count("deselect"), "\(mode): nothing left selected")
            XCTAssertGreaterThan(count("mode"), 10, "\(mode): the keys switched modes")

            // Still answers: a key switches the approach, a drag moves the map.
            runTool("xdotool", ["key", "4", "sleep", "0.2", "key", "1"])
            XCTAssertNotNil(app.next("mode", timeout: 5), "\(mode): keys still work")
            app.settle()
            let (cx, cy) = (Int(map.center.x), Int(map.center.y))
            runTool("xdotool", ["mousemove", "\(cx)", "\(cy)", "mousedown", "1", "mousemove", "\(cx + 40)", "\(cy + 10)",
                                "mousemove", "\(cx + 120)", "\(cy + 30)", "sleep", "0.2", "mouseup", "1"])
            XCTAssertNotNil(app.next("region", timeout: 5), "\(mode): the pointer still pans the map")

            // Quiet: no GTK warning or critical, no Swift runtime error, no request to an online source.
            let noise = app.standardError.split(separator: "\n").filter {
                $0.contains("CRITICAL") || $0.contains("WARNING") || $0.contains("Fatal error") || $0.lowercased().contains("openstreetmap")
            }
            XCTAssertEqual(noise, [], "\(mode)")
            print("storm \(mode): \(Self.actionsPerMode) actions in \(String(format: "%.1f", seconds)) s \(tally.sorted { $0.key < $1.key }), "
                  + "\(count("select")) selections, \(count("callout-shown")) callouts, \(events.count) events")
        }
    }
}
