import CalloutMapCore
import CalloutMapWidget
import Foundation

/// Several open callouts: the arrangement alone (all placed afresh, and kept while the map
/// moves), and pan frames over 1,000 price pins with 10 callouts open, arranged and drawn every
/// frame as the window does.
@MainActor
enum CalloutBenchmarks {
    static func run(basemap: Basemap, frames: Int) -> [String: Any] {
        var out: [String: Any] = [:]
        for count in [10, 50] { out["arrange_\(count)_us"] = arrange(count: count) }
        out["pan_frame_1k_pins_10_callouts_ms"] = panWithCallouts(basemap: basemap, open: 10, frames: frames)
        return out
    }

    /// Pins in the middle of the view (600 × 400 points), where several selected ones crowd.
    static let middle = Rect(x: 340, y: 200, width: 600, height: 400)

    /// The requests of `count` selected price pins in the middle of the benchmark's view, with
    /// the standard callout's size for their titles.
    private static func requests(_ count: Int, layer: AnnotationLayer) -> [CalloutRequest] {
        let views = Array(layer.sortedViews.filter { middle.contains($0.frame.center) }.prefix(count))
        return views.map { view in
            let sketch = CalloutSketch(mode: .standard, title: view.annotation?.title ?? "", subtitle: "$120 a night", style: .light)
            return CalloutRequest(size: sketch.bodySize, pin: view.frame, anchor: view.calloutAnchor)
        }
    }

    private static func layer(pins: Int) -> AnnotationLayer {
        let layer = AnnotationLayer()
        layer.register(PriceAnnotationView.self, forReuseIdentifier: "price")
        layer.viewProvider = { [unowned layer] in layer.dequeueView(withIdentifier: "price", for: $0) }
        layer.add(AnnotationBenchmarks.annotations(pins, inView: true))
        layer.layout(Viewport(center: Benchmarks.sanFrancisco, zoom: 12, size: Benchmarks.size))
        return layer
    }

    /// Microseconds to arrange `count` callouts of pins in the middle of a 1280×800 view: `first`
    /// (none placed before: every side and leader tried) and `kept` (as every frame of a pan,
    /// the places kept), median and p95 over 200 runs; with how many sat apart and how many
    /// found no free place.
    static func arrange(count: Int) -> [String: Any] {
        let requests = requests(count, layer: layer(pins: 1000))
        let arranger = CalloutArranger()
        let bounds = Rect(x: 0, y: 0, width: Benchmarks.size.width, height: Benchmarks.size.height)
        var first: [Double] = [], kept: [Double] = []
        var placed: [CalloutPlacement] = []
        for _ in 0..<200 {
            var t0 = DispatchTime.now().uptimeNanoseconds
            placed = arranger.arrange(requests, in: bounds)
            first.append(Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e3)
            var again = requests
            for i in again.indices { again[i].previous = placed[i].spot }
            t0 = DispatchTime.now().uptimeNanoseconds
            _ = arranger.arrange(again, in: bounds)
            kept.append(Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e3)
        }
        return ["first": ["median": Benchmarks.median(first), "p95": Benchmarks.percentile(first, 0.95)],
                "kept": ["median": Benchmarks.median(kept), "p95": Benchmarks.percentile(kept, 0.95)],
                "detached": placed.filter(\.isDetached).count, "crowded": placed.filter(\.isCrowded).count]
    }

    /// Pan frames (ms, median and p95) over 1,000 price pins with `open` of them selected and
    /// their standard callouts arranged (places kept from frame to frame) and drawn every frame.
    static func panWithCallouts(basemap: Basemap, open: Int, frames: Int) -> [String: Any] {
        let renderer = try! OffscreenRenderer()
        let layer = layer(pins: 1000)
        let viewport = Viewport(center: Benchmarks.sanFrancisco, zoom: 12, size: Benchmarks.size)
        var scene = MapScene(viewport: viewport, style: .light, scale: 1, tiles: TileCache(renderer: TileRenderer(basemap: basemap)))
        scene.annotationLayer = layer
        let selected = Array(layer.sortedViews.filter { middle.contains($0.frame.center) }.prefix(open))
        for view in selected {
            guard let a = view.annotation else { continue }
            layer.keep(a)
            view.isSelected = true
            layer.restack(view)
        }
        let sketches = selected.map {
            CalloutSketch(mode: .standard, title: $0.annotation?.title ?? "", subtitle: "$120 a night", style: .light)
        }
        let arranger = CalloutArranger()
        var spots: [CalloutSpot?] = Array(repeating: nil, count: selected.count)
        func arrange(_ viewport: Viewport, _ scene: inout MapScene) {
            layer.layout(viewport)
            let requests = zip(selected, zip(sketches, spots)).map { view, sketchAndSpot in
                CalloutRequest(size: sketchAndSpot.0.bodySize, pin: view.frame, anchor: view.calloutAnchor, previous: sketchAndSpot.1)
            }
            let placed = arranger.arrange(requests, in: viewport.bounds)
            spots = placed.map(\.spot)
            scene.callouts = Array(zip(sketches, placed))
        }
        arrange(viewport, &scene)
        _ = renderer.texture(of: scene)
        let times = Benchmarks.panFrames(renderer: renderer, scene: &scene, from: viewport, frames: frames) { viewport, scene in
            arrange(viewport, &scene)
        }
        return ["median": Benchmarks.median(times), "p95": Benchmarks.percentile(times, 0.95), "frames": frames,
                "callouts": selected.count, "detached": scene.callouts.filter { $0.placement.isDetached }.count]
    }
}
