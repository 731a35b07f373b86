import CalloutMapCore
import Foundation

/// `calloutmap-bench clusters FILE.geojson`, and the cluster build figure.
@MainActor
enum ClusterCounts {
    static func run(_ arguments: [String]) -> Int32 {
        var options = ClusterOptions()
        var file: String?, details = false
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--details": details = true
            case "--radius":
                guard let value = rest.popFirst().flatMap({ Double($0) }), value > 0 else { return usage() }
                options.radius = value
            case "--min-points":
                guard let value = rest.popFirst().flatMap({ Int($0) }), value > 0 else { return usage() }
                options.minPoints = value
            default:
                guard file == nil, !argument.hasPrefix("-") else { return usage() }
                file = argument
            }
        }
        guard let file else { return usage() }
        let url = URL(fileURLWithPath: file)
        let fileMB = Double((try? FileManager.default.attributesOfItem(atPath: file)[.size] as? Int) ?? 0) / 1e6
        let parseStart = DispatchTime.now().uptimeNanoseconds
        let result = GeoJSONLoader.load(contentsOf: url)
        if let fatal = result.problems.first(where: { $0.severity == .fatal }) {
            FileHandle.standardError.write("calloutmap-bench: \(fatal)\n".data(using: .utf8)!)
            return 1
        }
        let start = DispatchTime.now().uptimeNanoseconds
        let clusterer = PointClusterer(coordinates: result.annotations.map(\.coordinate), options: options)
        let usable = DispatchTime.now().uptimeNanoseconds
        clusterer.completeLevels()  // the deepest zooms' levels, which the build leaves for later
        let end = DispatchTime.now().uptimeNanoseconds
        var counts: [String: Int] = [:]
        for z in 0...17 { counts[String(z)] = clusterer.itemCount(zoom: z) }
        var out: [String: Any] = ["tool": "CalloutMap PointClusterer", "file": url.path, "points": result.annotations.count,
                                  "skipped_features": result.problems.filter { $0.severity == .skipped }.count,
                                  "options": ["radius": options.radius, "extent": options.extent,
                                              "minPoints": options.minPoints, "maxZoom": options.maxZoom],
                                  "items_per_zoom": counts,
                                  "parse_ms": Benchmarks.round2(Double(start - parseStart) / 1e6),
                                  // The file's megabytes over the whole load (reading it, parsing, making the pins).
                                  "parse_mb_per_s": Benchmarks.round2(fileMB / (Double(start - parseStart) / 1e9)),
                                  "features_read_ahead": result.featuresReadAhead,
                                  // Every zoom's level made, as supercluster's load(); `usable_ms`: until the
                                  // clusterer answers (the deepest levels, which it did not need, made after).
                                  "build_ms": Benchmarks.round2(Double(end - start) / 1e6),
                                  "usable_ms": Benchmarks.round2(Double(usable - start) / 1e6),
                                  "peak_rss_mb": Double(Benchmarks.peakRSSKilobytes() / 1024)]
        if details {
            // Every cluster per zoom as [id, count, x, y], as bench/supercluster.mjs prints them.
            var clusters: [String: [[Any]]] = [:]
            for z in 0...17 {
                clusters[String(z)] = clusterer.items(minX: 0, minY: 0, maxX: 1, maxY: 1, zoom: Double(z)).compactMap {
                    guard case .cluster(let id, let count, let p) = $0 else { return nil }
                    return [id, count, p.x, p.y]
                }
            }
            out["clusters"] = clusters
        }
        let json = try! JSONSerialization.data(withJSONObject: out, options: [.sortedKeys])
        print(String(decoding: json, as: UTF8.self))
        return 0
    }

    private static func usage() -> Int32 {
        FileHandle.standardError.write("usage: calloutmap-bench clusters FILE.geojson [--radius R] [--min-points N] [--details]\n".data(using: .utf8)!)
        return 2
    }

    /// Building the cluster hierarchy for `count` deterministic points (ms).
    static func buildTime(count: Int) -> Double {
        var random = SeededRandom(seed: 99)
        func next() -> Double { random.next() }
        let points: [Coordinate?] = (0..<count).map { _ in Coordinate(latitude: -60 + next() * 130, longitude: -180 + next() * 360) }
        let start = DispatchTime.now().uptimeNanoseconds
        PointClusterer(coordinates: points).completeLevels()
        return ((Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6) * 100).rounded() / 100
    }
}
