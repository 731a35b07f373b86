import CCalloutMapGtk
import CalloutMapCore
import CalloutMapGtk
import CalloutMapWidget
import Foundation

/// Annotation figures: adding 10k/100k, a pan frame with 1k price pins in
/// view, and click → select through the widget's real gesture signals.
@MainActor
enum AnnotationBenchmarks {
    /// Deterministic points: `count` inside the 1280×800 view at zoom 12 on San Francisco when
    /// `inView`, else spread over the world's land-ish latitudes.
    static func annotations(_ count: Int, inView: Bool, seed: UInt64 = 7) -> [PointAnnotation] {
        var random = SeededRandom(seed: seed)
        func next() -> Double { random.next() }
        let view = Viewport(center: Benchmarks.sanFrancisco, zoom: 12, size: Benchmarks.size)
        return (0..<count).map { i in
            let c = inView ? view.coordinate(at: Point(x: 20 + next() * 1240, y: 40 + next() * 740))
                           : Coordinate(latitude: -60 + next() * 130, longitude: -180 + next() * 360)
            return PointAnnotation(coordinate: c, title: "Place \(i)", properties: ["kind": "price", "price": String(40 + i % 460)])
        }
    }

    /// Creating the annotations, adding them and the first layout (which builds the index and,
    /// for those on screen, makes their views).
    static func add(count: Int, inView: Bool = false) -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        let layer = priceLayer()
        layer.add(annotations(count, inView: inView))
        layer.layout(Viewport(center: Benchmarks.sanFrancisco, zoom: 12, size: Benchmarks.size))
        let end = DispatchTime.now().uptimeNanoseconds
        withExtendedLifetime(layer) {}  // its teardown is not part of adding
        return Double(end - start) / 1e6
    }

    /// A layer of price pins; with `yielding`, each pin's display priority is its price (40 to
    /// 500), so the dearer pin stays where two overlap.
    static func priceLayer(yielding: Bool = false) -> AnnotationLayer {
        let layer = AnnotationLayer()
        layer.register(PriceAnnotationView.self, forReuseIdentifier: "price")
        layer.viewProvider = { [unowned layer] annotation in
            let view = layer.dequeueView(withIdentifier: "price", for: annotation)
            if yielding, let price = (annotation as? PointAnnotation)?.properties["price"].flatMap({ Float($0) }) {
                view.displayPriority = DisplayPriority(price)
            }
            return view
        }
        return layer
    }

    /// Pans across 1,000 price pins in view (plus `background` elsewhere), offscreen.
    static func panWithPins(basemap: Basemap, inView: Int, background: Int, frames: Int, callout: Bool = false,
                            yielding: Bool = false, tileLayers: [RasterTileLayer] = []) -> [String: Any] {
        let renderer = try! OffscreenRenderer()
        let layer = priceLayer(yielding: yielding)
        layer.add(annotations(inView, inView: true) + annotations(background, inView: false, seed: 11))
        let viewport = Viewport(center: Benchmarks.sanFrancisco, zoom: 12, size: Benchmarks.size)
        var scene = MapScene(viewport: viewport, style: .light, scale: 1,
                             tiles: TileCache(renderer: TileRenderer(basemap: basemap)))
        scene.annotationLayer = layer
        scene.tileLayers = tileLayers
        layer.layout(viewport)
        let selected = layer.sortedViews[layer.sortedViews.count / 2]
        if callout, let a = selected.annotation {
            layer.keep(a)
            selected.isSelected = true
            layer.restack(selected)
        }
        _ = renderer.texture(of: scene)
        let redrawsBefore = layer.rasterRedraws
        let times = Benchmarks.panFrames(renderer: renderer, scene: &scene, from: viewport, frames: frames) { viewport, scene in
            guard callout, let a = selected.annotation else { return }
            // Placed every frame, as the window does, and drawn as `render` draws it.
            layer.layout(viewport)
            let sketch = CalloutSketch(mode: .standard, title: a.title ?? "", subtitle: "Opened: May 27, 1937", style: .light)
            let bounds = viewport.bounds
            scene.callouts = [(sketch, CalloutPlacer().place(size: sketch.bodySize, pin: selected.frame,
                                                             anchor: selected.calloutAnchor, in: bounds))]
        }
        return ["median": Benchmarks.median(times), "p95": Benchmarks.percentile(times, 0.95), "frames": frames,
                "pins_in_view": layer.sortedViews.count, "pin_image_redraws": layer.rasterRedraws - redrawsBefore]
    }

    /// A zoom animation over `inView` price pins: every frame at a new zoom (no image to move),
    /// 12 → 13 over 30 frames and back, offscreen: as the animation draws it (`median`, `p95`;
    /// the last image scaled when drawing the map takes longer than a frame), then with every
    /// frame drawn in full (`drawn_in_full`).
    static func zoomWithPins(basemap: Basemap, inView: Int, frames: Int, yielding: Bool = false) -> [String: Any] {
        let renderer = try! OffscreenRenderer()
        let layer = priceLayer(yielding: yielding)
        layer.add(annotations(inView, inView: true))
        let viewport = Viewport(center: Benchmarks.sanFrancisco, zoom: 12, size: Benchmarks.size)
        var scene = MapScene(viewport: viewport, style: .light, scale: 1, tiles: TileCache(renderer: TileRenderer(basemap: basemap)))
        scene.annotationLayer = layer
        _ = renderer.texture(of: scene)
        _ = renderer.texture(of: scene)  // settled: the kept image, as a window has before it zooms
        let shown = layer.sortedViews.count
        let times = Benchmarks.zoomFrames(renderer: renderer, scene: &scene, from: viewport, frames: frames, moving: true)
        let scaled = layer.rasterScaledFrames
        let redrawn = Benchmarks.zoomFrames(renderer: renderer, scene: &scene, from: viewport, frames: frames)
        return ["median": Benchmarks.median(times), "p95": Benchmarks.percentile(times, 0.95), "frames": frames,
                "scaled_frames": scaled, "pins_shown_at_start": shown,
                "drawn_in_full": ["median": Benchmarks.median(redrawn), "p95": Benchmarks.percentile(redrawn, 0.95)]]
    }

    /// Click → select: a press and release emitted on the map's drag gesture (the same
    /// signals a real click produces) on a price pin, until the delegate hears `didSelect`
    /// (`median`, `p95`). With `callouts`, the click then also builds the pin's standard
    /// callout (GTK widgets, shown next frame): `with_callout_built` times the whole click.
    /// Without, the pin only turns selected, as libshumate's markers do in its harness.
    static func clickToSelect(basemap: Basemap, total: Int, inView: Int = 1000, clicks: Int, callouts: Bool = true) -> Any {
        // gtk_init_check() answers true the second time even without a display: ask for the display.
        guard gtk_init_check() != 0, gdk_display_get_default() != nil else { return NSNull() }
        final class Counter: MapViewDelegate {
            var selected = 0
            var selectedAt: UInt64 = 0
            let callouts: Bool
            init(callouts: Bool) { self.callouts = callouts }
            func mapView(_ mapView: MapView, didSelect view: AnnotationView) {
                selectedAt = DispatchTime.now().uptimeNanoseconds
                selected += 1
            }
            func mapView(_ mapView: MapView, viewFor annotation: any Annotation) -> AnnotationView? {
                guard !(annotation is ClusterAnnotation) else { return nil }
                let view = mapView.dequeueReusableAnnotationView(withIdentifier: "price", for: annotation)
                view.canShowCallout = callouts
                return view
            }
        }
        let map = MapView(basemap: basemap, center: Benchmarks.sanFrancisco, zoom: 12)
        map.register(PriceAnnotationView.self, forAnnotationViewWithReuseIdentifier: "price")
        let counter = Counter(callouts: callouts)
        map.delegate = counter
        let window = gtk_window_new()!
        gtk_window_set_default_size(cm_window(window), 1280, 800)
        gtk_window_set_child(cm_window(window), map.widget)
        gtk_window_present(cm_window(window))
        let visible = annotations(inView, inView: true)
        map.addAnnotations(visible + annotations(max(0, total - inView), inView: false, seed: 13))
        MainLoop.iterate(until: { map.hasDrawnFirstFrame }, timeout: 10)
        guard let drag = eventController(ofType: "GtkGestureDrag", on: map.widget) else { return NSNull() }
        var times: [Double] = [], whole: [Double] = []
        // Targets well inside the view, so no selection has to bring its pin into view.
        let bounds = Rect(x: 60, y: 60, width: map.viewport.size.width - 120, height: map.viewport.size.height - 120)
        let targets = visible.filter { bounds.contains(map.point(for: $0)) }
        for i in 0..<clicks {
            let p = map.point(for: targets[(i * 37) % targets.count])
            let target = Point(x: p.x, y: p.y - 12)  // the tag's body, above its pointer
            let before = counter.selected
            let start = DispatchTime.now().uptimeNanoseconds
            cm_emit_drag(drag, "drag-begin", target.x, target.y)
            cm_emit_drag(drag, "drag-end", 0, 0)
            let end = DispatchTime.now().uptimeNanoseconds
            if counter.selected > before {
                times.append(Double(counter.selectedAt - start) / 1e3)
                whole.append(Double(end - start) / 1e3)
            }
            map.deselectAnnotation()
        }
        gtk_window_destroy(cm_window(window))
        return ["median": Benchmarks.median(times), "p95": Benchmarks.percentile(times, 0.95),
                "clicks": clicks, "selected": times.count, "annotations": total, "shows_callout": callouts,
                "with_callout_built": ["median": Benchmarks.median(whole), "p95": Benchmarks.percentile(whole, 0.95)]]
    }
}
