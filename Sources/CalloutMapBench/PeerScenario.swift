import CCalloutMapGtk
import CalloutMapCore
import CalloutMapGtk
import CalloutMapWidget
import Foundation

/// `calloutmap-bench peer --markers N`: the scenario of the libshumate harness in
/// ../shared/peers/shumate (1280×800, San Francisco at zoom 12, N "$123" price
/// pins spread over the view, cairo renderer), printed as one JSON line with
/// its key names, so bench/compare.sh can set the two side by side.
/// `--first-frame-only [--starts N]` times only the window's first frame, N times in one
/// process (the first cold, as in the full run).
enum PeerScenario {
    static func run(_ arguments: [String]) -> Int32 {
        func option(_ name: String, _ fallback: Int) -> Int {
            guard let i = arguments.firstIndex(of: name), i + 1 < arguments.count, let v = Int(arguments[i + 1]) else { return fallback }
            return v
        }
        let markers = option("--markers", 1000), frames = option("--frames", 120), clicks = option("--clicks", 100)
        let line = MainActor.assumeIsolated { () -> Data in
            setenv("GTK_A11Y", "none", 1)
            let basemap = try! Basemap(directory: DataDirectory.locate()!.appendingPathComponent("basemap"))
            if arguments.contains("--first-frame-only") {
                let ms = (0..<option("--starts", 5)).map { _ in Self.presentToFirstFrame(basemap: basemap, markers: markers) }
                return try! JSONSerialization.data(withJSONObject: ["first_frame_ms": ms])
            }
            // First, as the peer's harness measures it in a fresh process: nothing drawn before.
            let firstFrame = Self.presentToFirstFrame(basemap: basemap, markers: markers)
            let add = AnnotationBenchmarks.add(count: markers, inView: true)
            let pan = AnnotationBenchmarks.panWithPins(basemap: basemap, inView: markers, background: 0, frames: frames)
            // As the peer's harness does: hit test and select, no callout.
            let click = AnnotationBenchmarks.clickToSelect(basemap: basemap, total: markers, inView: markers, clicks: clicks,
                                                           callouts: false)
            let clickWithCallout = AnnotationBenchmarks.clickToSelect(basemap: basemap, total: markers, inView: markers,
                                                                      clicks: clicks)
            let zoom = AnnotationBenchmarks.zoomWithPins(basemap: basemap, inView: markers, frames: 60)
            let out: [String: Any] = [
                "tool": "calloutmap-bench", "markers": markers, "width": 1280, "height": 800,
                "create_add_ms": add,
                "off_total_ms": ["median": pan["median"]!, "p95": pan["p95"]!, "n": frames, "pin_image_redraws": pan["pin_image_redraws"]!],
                "pick_select_us": click is NSNull ? NSNull() : ["median": (click as! [String: Any])["median"]!, "n": clicks],
                "click_select_callout_us": clickWithCallout is NSNull ? NSNull()
                    : ["median": ((clickWithCallout as! [String: Any])["with_callout_built"] as! [String: Any])["median"]!, "n": clicks],
                "first_frame_ms": firstFrame,
                "zoom_frame_ms": ["median": zoom["median"]!, "p95": zoom["p95"]!, "n": 60],
                "vmhwm_kb": Benchmarks.peakRSSKilobytes(),
                "note": "offscreen frames include the offline basemap; the peer runs with --tiles none",
            ]
            return try! JSONSerialization.data(withJSONObject: out, options: [.sortedKeys])
        }
        print(String(decoding: line, as: UTF8.self))
        return 0
    }

    /// As the peer's harness measures it: a window with the map and its N pins presented, until
    /// the map's first frame is drawn (ms); nil without a display.
    @MainActor
    static func presentToFirstFrame(basemap: Basemap, markers: Int) -> Any {
        guard gtk_init_check() != 0, gdk_display_get_default() != nil else { return NSNull() }
        let map = MapView(basemap: basemap, center: Benchmarks.sanFrancisco, zoom: 12)
        map.register(PriceAnnotationView.self, forAnnotationViewWithReuseIdentifier: "price")
        final class Prices: MapViewDelegate {
            func mapView(_ mapView: MapView, viewFor annotation: any Annotation) -> AnnotationView? {
                annotation is ClusterAnnotation ? nil : mapView.dequeueReusableAnnotationView(withIdentifier: "price", for: annotation)
            }
        }
        let prices = Prices()
        map.delegate = prices
        map.addAnnotations(AnnotationBenchmarks.annotations(markers, inView: true))
        let window = gtk_window_new()!
        gtk_window_set_default_size(cm_window(window), 1280, 800)
        gtk_window_set_child(cm_window(window), map.widget)
        let start = DispatchTime.now().uptimeNanoseconds
        gtk_window_present(cm_window(window))
        MainLoop.iterate(until: { map.hasDrawnFirstFrame }, timeout: 10)
        let ms = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        withExtendedLifetime(prices) { gtk_window_destroy(cm_window(window)) }
        return map.hasDrawnFirstFrame ? ms : NSNull()
    }
}
