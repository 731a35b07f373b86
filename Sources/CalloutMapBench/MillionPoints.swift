import CalloutMapCore
import Foundation

/// A million seeded points crowding around cities (`CrowdedPoints`, seed 1): the clusterer
/// alone (`calloutmap-bench clusters` in a fresh process: parse, build, peak memory) and the
/// window (launch to clusters built, peak memory), each measured once in its own process; the
/// window also for the same points with more properties (`CrowdedPoints.Shape`).
/// `bench/clusters.sh` holds the same file against supercluster.
@MainActor
enum MillionPoints {
    static func run(count: Int = 1_000_000) -> [String: Any] {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("calloutmap-bench-1m-\(getpid()).geojson")
        defer { try? FileManager.default.removeItem(at: file) }
        guard (try? CrowdedPoints.write(count: count, seed: 1, to: file)) != nil else { return ["error": "could not write \(file.path)"] }
        var out: [String: Any] = ["points": count, "data": "CrowdedPoints seed 1"]
        let p = Process()
        p.executableURL = DataDirectory.executable
        p.arguments = ["clusters", file.path]
        let pipe = Pipe()
        p.standardOutput = pipe
        p.standardError = FileHandle.nullDevice
        if (try? p.run()) != nil {
            let data = pipe.fileHandleForReading.readDataToEndOfFile()
            p.waitUntilExit()
            if let report = try? JSONSerialization.jsonObject(with: data) as? [String: Any] {
                out["clusterer"] = ["build_ms": report["build_ms"] ?? NSNull(), "parse_ms": report["parse_ms"] ?? NSNull(),
                                    "peak_rss_mb": report["peak_rss_mb"] ?? NSNull()]
            }
        }
        out["window"] = window(file)
        // The same points carrying more: a title past 15 bytes, a subtitle, other properties.
        for shape in CrowdedPoints.Shape.allCases where shape != .titled {
            let other = file.deletingPathExtension().appendingPathExtension("\(shape.rawValue).geojson")
            defer { try? FileManager.default.removeItem(at: other) }
            guard (try? CrowdedPoints.write(count: count, seed: 1, to: other, shape: shape)) != nil else { continue }
            out["window_\(shape.rawValue)"] = window(other)
        }
        return out
    }

    /// The app opening the file: launch to "clustering-finished", and its peak memory then.
    private static func window(_ file: URL) -> Any {
        guard ProcessInfo.processInfo.environment["DISPLAY"] != nil,
              let run = Benchmarks.launchApp(["--log-events", "--no-demo", "--data", file.path, "--zoom", "2", "--center", "20,0"],
                                             until: "clustering-finished") else { return NSNull() }
        return ["launch_to_clusters_ms": Benchmarks.round2(run.ms), "peak_rss_mb": Benchmarks.round2(run.peakMB)]
    }
}
