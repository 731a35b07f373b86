import CalloutMapCore
import Foundation

/// `calloutmap-bench clusters FILE.geojson`, and the cluster build figure.
enum ClusterCounts {
    static func run(_ arguments: [String]) -> Int32 {
        guard arguments.count == 1 else {
            FileHandle.standardError.write("usage: calloutmap-bench clusters FILE.geojson\n".data(using: .utf8)!)
            return 2
        }
        let url = URL(fileURLWithPath: arguments[0])
        let result = GeoJSONLoader.load(contentsOf: url)
        if let fatal = result.problems.first(where: { $0.severity == .fatal }) {
            FileHandle.standardError.write("calloutmap-bench: \(fatal)\n".data(using: .utf8)!)
            return 1
        }
        let start = DispatchTime.now().uptimeNanoseconds
        let clusterer = PointClusterer(coordinates: result.annotations.map(\.coordinate))
        let buildMs = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        var counts: [String: Int] = [:]
        for z in 0...17 { counts[String(z)] = clusterer.itemCount(zoom: z) }
        let out: [String: Any] = ["file": url.path, "points": result.annotations.count,
                                  "skipped_features": result.problems.filter { $0.severity == .skipped }.count,
                                  "options": ["radius": 40, "extent": 512, "minPoints": 2, "maxZoom": 16],
                                  "items_per_zoom": counts, "build_ms": (buildMs * 100).rounded() / 100]
        let json = try! JSONSerialization.data(withJSONObject: out, options: [.prettyPrinted, .sortedKeys])
        print(String(decoding: json, as: UTF8.self))
        return 0
    }

    /// Building the cluster hierarchy for `count` deterministic points (ms).
    static func buildTime(count: Int) -> Double {
        var random = SeededRandom(seed: 99)
        func next() -> Double { random.next() }
        let points: [Coordinate?] = (0..<count).map { _ in Coordinate(latitude: -60 + next() * 130, longitude: -180 + next() * 360) }
        let start = DispatchTime.now().uptimeNanoseconds
        _ = PointClusterer(coordinates: points)
        return ((Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6) * 100).rounded() / 100
    }
}
