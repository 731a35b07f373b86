import Foundation

/// Finds the shipped `data/` folder: `$CALLOUTMAP_DATA_DIR`, then next to an
/// installed binary (`../share/calloutmap/data`), then a source checkout above
/// the binary (`.build/…/debug/calloutmap` → `data/`).
public enum DataDirectory {
    /// The running binary (symbolic links resolved).
    public static var executable: URL {
        URL(fileURLWithPath: (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0])
    }

    /// The `data/` folder holding `basemap/`, or nil when none of the places has one.
    public static func locate(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL? {
        if let dir = environment["CALLOUTMAP_DATA_DIR"], !dir.isEmpty {
            return URL(fileURLWithPath: dir)
        }
        let exe = executable.deletingLastPathComponent()
        var candidates = [exe.appendingPathComponent("../share/calloutmap/data")]
        var dir = exe
        for _ in 0..<6 {
            candidates.append(dir.appendingPathComponent("data"))
            dir = dir.deletingLastPathComponent()
        }
        // Tests and tools built elsewhere still find the checkout this file belongs to.
        candidates.append(URL(fileURLWithPath: #filePath).appendingPathComponent("../../../../data"))
        return candidates.map { $0.standardizedFileURL }.first {
            FileManager.default.fileExists(atPath: $0.appendingPathComponent("basemap").path)
        }
    }
}
