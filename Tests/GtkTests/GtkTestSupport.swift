import CCalloutMapGtk
import CalloutMapCore
import CalloutMapGtk
import CalloutMapWidget
import XCTest

/// Shared set-up for tests that need a display (run under Xvfb by scripts/test.sh).
@MainActor
enum GtkTestSupport {
    static let hasDisplay: Bool = {
        MainLoop.bridgeSwiftConcurrency()
        RenderingEnvironment.prepare()
        return gtk_init_check() != 0 && gdk_display_get_default() != nil  // a second gtk_init_check says true even without one
    }()

    /// Under a sanitizer (`scripts/test.sh --sanitize` sets `CALLOUTMAP_SANITIZER`) every memory
    /// access is checked and a debug build runs 5–20 times slower: a test about scale takes a
    /// tenth of its data there (the sanitizer watches the same code), and resident memory, with
    /// freed blocks held in quarantine, is no measure.
    nonisolated static let underSanitizer = ProcessInfo.processInfo.environment["CALLOUTMAP_SANITIZER"] != nil

    /// `count`, or a tenth of it under a sanitizer.
    nonisolated static func scaled(_ count: Int) -> Int { underSanitizer ? max(count / 10, 1) : count }

    static let basemap = try! Basemap(directory: DataDirectory.locate()!.appendingPathComponent("basemap"))

    /// Spins the main loop for a while so GTK can map, allocate and draw.
    static func spin(_ seconds: Double = 0.05) {
        let end = g_get_monotonic_time() + Int(seconds * 1_000_000)
        MainLoop.iterate(until: { g_get_monotonic_time() > end }, timeout: seconds + 1)
    }

    static func controller(_ type: String, of widget: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutableRawPointer? {
        eventController(ofType: type, on: widget)
    }

    /// A click (press and release without moving) at a point in the map's coordinates.
    static func click(_ map: MapView, _ p: Point) {
        let drag = controller("GtkGestureDrag", of: map.widget)!
        cm_emit_drag(drag, "drag-begin", p.x, p.y)
        cm_emit_drag(drag, "drag-end", 0, 0)
    }

    /// A window of the given size holding a MapView on San Francisco at zoom 12.
    static func mapWindow(size: Size = Size(width: 800, height: 600)) -> (window: UnsafeMutablePointer<GtkWidget>, map: MapView) {
        precondition(hasDisplay, "GTK tests need a display: run them through scripts/test.sh")
        let map = MapView(basemap: basemap, center: Coordinate(latitude: 37.7749, longitude: -122.4194), zoom: 12)
        let window = gtk_window_new()!
        gtk_window_set_default_size(cm_window(window), Int32(size.width), Int32(size.height))
        gtk_window_set_child(cm_window(window), map.widget)
        gtk_window_present(cm_window(window))
        MainLoop.iterate(until: { map.hasDrawnFirstFrame }, timeout: 5)
        spin()
        return (window, map)
    }
}

/// Observes finalization without holding a reference. A watch that goes before its object stops
/// watching (else the object's finalization would write into the freed watch: ASan found one).
final class FinalizeWatch {
    private(set) var finalized = false
    private let object: UnsafeMutableRawPointer

    private static let notify: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<GObject>?) -> Void = { data, _ in
        Unmanaged<FinalizeWatch>.fromOpaque(data!).takeUnretainedValue().finalized = true
    }

    init(_ object: UnsafeMutableRawPointer) {
        self.object = object
        g_object_weak_ref(cm_object(object), Self.notify, Unmanaged.passUnretained(self).toOpaque())
    }

    deinit {
        if !finalized { g_object_weak_unref(cm_object(object), Self.notify, Unmanaged.passUnretained(self).toOpaque()) }
    }
}
