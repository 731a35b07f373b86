import CalloutMapCore
import CalloutMapWidget
import Foundation

/// Scenarios on real data sets, made at benchmark time by tools/bench-data/make_real_data.py
/// (GeoNames cities, every airport): load + index, cluster build, a pan frame with clustering
/// on over where the data is densest, and peak RSS in a fresh process.
@MainActor
enum RealDataBenchmarks {
    struct Scenario {
        var file: String
        var center: Coordinate
        var zoom: Double
    }

    static let scenarios = [
        Scenario(file: "cities1000.geojson", center: Coordinate(latitude: 48.86, longitude: 2.35), zoom: 7),  // Paris region
        Scenario(file: "cities15000.geojson", center: Coordinate(latitude: 28.6, longitude: 77.2), zoom: 5),  // northern India
        Scenario(file: "airports.geojson", center: Coordinate(latitude: 39.8, longitude: -89.6), zoom: 6),  // the US Midwest
    ]

    /// Every scenario whose file is in `directory`.
    static func run(directory: URL, basemap: Basemap, frames: Int) -> [String: Any] {
        var out: [String: Any] = [:]
        for s in scenarios {
            let url = directory.appendingPathComponent(s.file)
            guard FileManager.default.fileExists(atPath: url.path) else { continue }
            var figures = measure(s, url: url, basemap: basemap, frames: frames)
            figures["peak_rss_mb"] = MemoryBenchmarks.peakRSS(file: url) ?? NSNull()
            out[s.file] = figures
        }
        return out
    }

    static func scenario(for url: URL) -> Scenario? { scenarios.first { $0.file == url.lastPathComponent } }

    /// Loads the file into a layer of default markers, clusters it and pans over it.
    static func measure(_ s: Scenario, url: URL, basemap: Basemap, frames: Int) -> [String: Any] {
        let viewport = Viewport(center: s.center, zoom: s.zoom, size: Benchmarks.size)
        let t0 = DispatchTime.now().uptimeNanoseconds
        let result = GeoJSONLoader.load(contentsOf: url)
        let layer = AnnotationLayer()
        layer.add(result.annotations)
        layer.layout(viewport)
        let t1 = DispatchTime.now().uptimeNanoseconds
        layer.clusters.clusteringIdentifier = { _ in "places" }
        layer.clusters.backgroundThreshold = .max  // build in this layout, to time it
        layer.layout(viewport)
        let t2 = DispatchTime.now().uptimeNanoseconds
        return [
            "points": result.annotations.count, "problems": result.problems.count,
            "load_index_ms": Benchmarks.round2(Double(t1 - t0) / 1e6),
            "cluster_build_ms": Benchmarks.round2(Double(t2 - t1) / 1e6),
            "pan_frame_clustered_ms": Benchmarks.panOver(layer, basemap: basemap, from: viewport, frames: frames),
        ]
    }
}
