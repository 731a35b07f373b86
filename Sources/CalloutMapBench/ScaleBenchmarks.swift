import CalloutMapCore
import CalloutMapWidget
import Foundation

/// Issue-5 scale figures: loading and indexing 100k points from a GeoJSON file,
/// and panning with 100k loaded and clustering on.
@MainActor
enum ScaleBenchmarks {
    /// Writes 100k deterministic points (a third around the Bay Area, the rest worldwide) as GeoJSON,
    /// then times parsing + validating + adding + indexing + the first layout.
    static func loadAndIndex(count: Int) -> [String: Any] {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("calloutmap-bench-\(getpid()).geojson")
        defer { try? FileManager.default.removeItem(at: url) }
        var random = SeededRandom(seed: 2024)
        func next() -> Double { random.next() }
        var text = "{\"type\":\"FeatureCollection\",\"features\":["
        text.reserveCapacity(count * 120)
        for i in 0..<count {
            let local = i % 3 == 0
            let lat = local ? 37.3 + next() * 1.0 : -60 + next() * 130
            let lon = local ? -122.6 + next() * 1.0 : -180 + next() * 360
            if i > 0 { text += "," }
            text += "{\"type\":\"Feature\",\"geometry\":{\"type\":\"Point\",\"coordinates\":[\(lon),\(lat)]},\"properties\":{\"title\":\"Place \(i)\",\"kind\":\"place\"}}"
        }
        text += "]}"
        try! text.write(to: url, atomically: true, encoding: .utf8)
        let start = DispatchTime.now().uptimeNanoseconds
        let result = GeoJSONLoader.load(contentsOf: url)
        let parsed = DispatchTime.now().uptimeNanoseconds
        let layer = AnnotationLayer()
        layer.add(result.annotations)
        layer.layout(Viewport(center: Benchmarks.sanFrancisco, zoom: 12, size: Benchmarks.size))
        let end = DispatchTime.now().uptimeNanoseconds
        return ["total": Double(end - start) / 1e6, "parse": Double(parsed - start) / 1e6,
                "index": Double(end - parsed) / 1e6, "points": result.annotations.count]
    }

    /// Pans at zoom 12 over the Bay Area with 100k annotations loaded and clustering on.
    static func panClustered(basemap: Basemap, count: Int, frames: Int) -> [String: Any] {
        let layer = AnnotationLayer()
        layer.register(DotAnnotationView.self, forReuseIdentifier: "dot")
        layer.viewProvider = { [unowned layer] in layer.dequeueView(withIdentifier: "dot", for: $0) }
        layer.clusters.clusteringIdentifier = { _ in "all" }
        layer.clusters.backgroundThreshold = .max  // build in the first layout, to time it
        var random = SeededRandom(seed: 77)
        func next() -> Double { random.next() }
        layer.add((0..<count).map { i in
            let local = i % 3 == 0
            return PointAnnotation(coordinate: Coordinate(latitude: local ? 37.3 + next() : -60 + next() * 130,
                                                          longitude: local ? -122.6 + next() : -180 + next() * 360))
        })
        let viewport = Viewport(center: Benchmarks.sanFrancisco, zoom: 12, size: Benchmarks.size)
        let buildStart = DispatchTime.now().uptimeNanoseconds
        layer.layout(viewport)  // builds the clusters
        let buildMs = Double(DispatchTime.now().uptimeNanoseconds - buildStart) / 1e6
        var figures = Benchmarks.panOver(layer, basemap: basemap, from: viewport, frames: frames)
        figures["first_layout_with_cluster_build_ms"] = Benchmarks.round2(buildMs)
        return figures
    }
}
