import CalloutMapCore
import CalloutMapWidget
import Foundation

/// Peak RSS at each size, each in a fresh process (`calloutmap-bench memory --count N`):
/// N annotations loaded and indexed, clustered, and 60 offscreen frames drawn over them.
enum MemoryBenchmarks {
    /// The child: does the work, prints its peak RSS in MB. `--count N` for N generated points,
    /// `--file F` for a real data set.
    static func child(_ arguments: [String]) -> Int32 {
        func value(_ name: String) -> String? {
            arguments.firstIndex(of: name).flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
        }
        let count = value("--count").flatMap(Int.init), file = value("--file").map { URL(fileURLWithPath: $0) }
        guard count != nil || file != nil else { return 2 }
        let mb = MainActor.assumeIsolated { () -> Double in
            let basemap = try! Basemap(directory: DataDirectory.locate()!.appendingPathComponent("basemap"))
            if let file, let scenario = RealDataBenchmarks.scenario(for: file) {
                _ = RealDataBenchmarks.measure(scenario, url: file, basemap: basemap, frames: 60)
            } else if let count {
                _ = ScaleBenchmarks.panClustered(basemap: basemap, count: count, frames: 60)
            }
            return Double(Benchmarks.peakRSSKilobytes()) / 1024
        }
        print((mb * 10).rounded() / 10)
        return 0
    }

    /// Peak RSS of a fresh process measuring a real data set.
    static func peakRSS(file: URL) -> Double? { childPeak(["memory", "--file", file.path]) }

    /// Runs the child for each size and collects the figures.
    static func peakRSS(sizes: [Int]) -> [String: Any] {
        var out: [String: Any] = [:]
        for n in sizes { out[String(n)] = childPeak(["memory", "--count", String(n)]) ?? NSNull() }
        return out
    }

    private static func childPeak(_ arguments: [String]) -> Double? {
        let p = Process()
        p.executableURL = DataDirectory.executable
        p.arguments = arguments
        let pipe = Pipe()
        p.standardOutput = pipe
        p.standardError = FileHandle.nullDevice
        guard (try? p.run()) != nil else { return nil }
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        return Double(text.trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
