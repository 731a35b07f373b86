import CCalloutMapGtk
import CalloutMapCore
import CalloutMapWidget
import Foundation

/// `calloutmap-bench peer --markers N`: the scenario of the libshumate harness in
/// ../shared/peers/shumate (1280×800, San Francisco at zoom 12, N "$123" price
/// pins spread over the view, cairo renderer), printed as one JSON line with
/// its key names, so bench/compare.sh can set the two side by side.
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
            let add = AnnotationBenchmarks.add(count: markers, inView: true)
            let pan = AnnotationBenchmarks.panWithPins(basemap: basemap, inView: markers, background: 0, frames: frames)
            // As the peer's harness does: hit test and select, no callout.
            let click = AnnotationBenchmarks.clickToSelect(basemap: basemap, total: markers, inView: markers, clicks: clicks,
                                                           callouts: false)
            let clickWithCallout = AnnotationBenchmarks.clickToSelect(basemap: basemap, total: markers, inView: markers,
                                                                      clicks: clicks)
            let out: [String: Any] = [
                "tool": "calloutmap-bench", "markers": markers, "width": 1280, "height": 800,
                "create_add_ms": add,
                "off_total_ms": ["median": pan["median"]!, "p95": pan["p95"]!, "n": frames, "pin_image_redraws": pan["pin_image_redraws"]!],
                "pick_select_us": click is NSNull ? NSNull() : ["median": (click as! [String: Any])["median"]!, "n": clicks],
                "click_select_callout_us": clickWithCallout is NSNull ? NSNull()
                    : ["median": ((clickWithCallout as! [String: Any])["with_callout_built"] as! [String: Any])["median"]!, "n": clicks],
                "vmhwm_kb": Benchmarks.peakRSSKilobytes(),
                "note": "offscreen frames include the offline basemap; the peer runs with --tiles none",
            ]
            return try! JSONSerialization.data(withJSONObject: out, options: [.sortedKeys])
        }
        print(String(decoding: line, as: UTF8.self))
        return 0
    }
}
