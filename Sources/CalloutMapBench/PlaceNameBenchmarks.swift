import CalloutMapCore
import CalloutMapWidget
import Foundation

/// The world's place names: the file's size and read time, and what naming places costs a pan
/// and a zoom frame (the same frames with and without names, in one run).
@MainActor
enum PlaceNameBenchmarks {
    static func run(basemap: Basemap, data: URL, frames: Int) -> [String: Any] {
        let file = data.appendingPathComponent("places/world-places.cmpn")
        let bytes = (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? 0
        var loads: [Double] = []
        var world: WorldPlaces?
        for _ in 0..<5 {
            let t0 = DispatchTime.now().uptimeNanoseconds
            world = try? WorldPlaces(contentsOf: file)
            loads.append(Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e6)
        }
        guard let world else { return ["error": "\(file.path) could not be read"] }
        // Europe at zoom 5 (the names dense) and the Bay Area at 10 (towns and their dots).
        let europe = Viewport(center: Coordinate(latitude: 48.5, longitude: 8), zoom: 5, size: Benchmarks.size)
        let bay = Viewport(center: Benchmarks.sanFrancisco, zoom: 10, size: Benchmarks.size)
        var out: [String: Any] = [
            "file_bytes": bytes, "places": world.places.count,
            "load_ms": ["median": Benchmarks.median(loads), "runs": loads.count],
        ]
        for (name, viewport) in [("europe_z5", europe), ("bay_area_z10", bay)] {
            var pan: [String: Any] = [:], zoom: [String: Any] = [:]
            for names in [false, true] {
                let key = names ? "with_names" : "without"
                pan[key] = frameTimes(basemap: basemap, viewport: viewport, names: names ? world : nil, frames: frames, zooming: false)
                zoom[key] = frameTimes(basemap: basemap, viewport: viewport, names: names ? world : nil, frames: 120, zooming: true)
            }
            out["pan_frame_ms_\(name)"] = pan
            out["zoom_frame_ms_\(name)"] = zoom
        }
        // Placing the labels of a view afresh (as each redraw of the map's image does), sizes known.
        let labels = PlaceLabelLayer(places: world)
        _ = labels.layout(europe, obstacles: [])
        var layouts: [Double] = []
        var named = 0
        for _ in 0..<50 {
            let t0 = DispatchTime.now().uptimeNanoseconds
            named = labels.layout(europe, obstacles: []).count
            layouts.append(Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e6)
        }
        out["layout_ms_europe_z5"] = ["median": Benchmarks.median(layouts), "p95": Benchmarks.percentile(layouts, 0.95),
                                      "labels": named]
        return out
    }

    /// A pan (5 px a frame, back and forth) or a zoom animation (a step of 1/30 a frame, in and
    /// back out) over the map as the window draws it (its image, with no pins), names or not.
    private static func frameTimes(basemap: Basemap, viewport start: Viewport, names: WorldPlaces?, frames: Int,
                                   zooming: Bool) -> [String: Any] {
        let renderer = try! OffscreenRenderer()
        var scene = MapScene(viewport: start, style: .light, scale: 1, tiles: TileCache(renderer: TileRenderer(basemap: basemap)))
        scene.annotationLayer = AnnotationLayer()
        scene.placeLabels = names.map(PlaceLabelLayer.init)
        _ = renderer.texture(of: scene)
        // A first pass warms up the tiles and label sizes of the zooms or places passed through.
        let run = { (scene: inout MapScene) -> [Double] in
            zooming ? Benchmarks.zoomFrames(renderer: renderer, scene: &scene, from: start, frames: frames)
                    : Benchmarks.panFrames(renderer: renderer, scene: &scene, from: start, frames: frames, drift: 2)
        }
        _ = run(&scene)
        let times = run(&scene)
        return ["median": Benchmarks.median(times), "p95": Benchmarks.percentile(times, 0.95), "frames": times.count]
    }
}
