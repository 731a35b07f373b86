import CalloutMapCore
import CalloutMapWidget
import Foundation

/// Peak RSS at each size, each in a fresh process (`calloutmap-bench memory --count N`):
/// N annotations loaded and indexed, clustered, and 60 offscreen frames drawn over them.
enum MemoryBenchmarks {
    /// The child: does the work, prints its peak RSS in MB.
    static func child(_ arguments: [String]) -> Int32 {
        guard let i = arguments.firstIndex(of: "--count"), i + 1 < arguments.count, let count = Int(arguments[i + 1]) else { return 2 }
        let mb = MainActor.assumeIsolated { () -> Double in
            let basemap = try! Basemap(directory: DataDirectory.locate()!.appendingPathComponent("basemap"))
            _ = ScaleBenchmarks.panClustered(basemap: basemap, count: count, frames: 60)
            return Double(Benchmarks.peakRSSKilobytes()) / 1024
        }
        print((mb * 10).rounded() / 10)
        return 0
    }

    /// Runs the child for each size and collects the figures.
    static func peakRSS(sizes: [Int]) -> [String: Any] {
        let me = URL(fileURLWithPath: (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0])
        var out: [String: Any] = [:]
        for n in sizes {
            let p = Process()
            p.executableURL = me
            p.arguments = ["memory", "--count", String(n)]
            let pipe = Pipe()
            p.standardOutput = pipe
            p.standardError = FileHandle.nullDevice
            guard (try? p.run()) != nil else { continue }
            let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            p.waitUntilExit()
            out[String(n)] = Double(text.trimmingCharacters(in: .whitespacesAndNewlines)) ?? NSNull()
        }
        return out
    }
}
