import CCalloutMapAdw
import CCalloutMapGtk
import CalloutMapAdw
import CalloutMapGtk
import Glibc
import XCTest

/// Toasts reach libadwaita's overlay one at a time: the next waits until the one before has
/// faded out. libadwaita 1.2 crashes when a toast shown while another fades out is dismissed
/// as it slides in (issue 41); these tests force that order of events on a real overlay.
final class ToastQueueTests: XCTestCase {
    override func setUpWithError() throws {
        try XCTSkipUnless(MainActor.assumeIsolated { GtkTestSupport.hasDisplay }, "GTK widgets need a display (scripts/test.sh runs Xvfb)")
        MainActor.assumeIsolated { adw_init() }
    }

    /// A shown window holding a toast overlay (animations run only while it is mapped).
    @MainActor
    private static func overlayWindow() -> (window: UnsafeMutablePointer<GtkWidget>, queue: ToastQueue) {
        let queue = ToastQueue()
        adw_toast_overlay_set_child(OpaquePointer(queue.overlay), gtk_label_new("map"))
        let window = gtk_window_new()!
        gtk_window_set_default_size(cm_window(window), 500, 300)
        gtk_window_set_child(cm_window(window), queue.overlay)
        gtk_window_present(cm_window(window))
        MainLoop.iterate(until: { gtk_widget_get_mapped(queue.overlay) != 0 }, timeout: 5)
        return (window, queue)
    }

    @MainActor
    private static func toast(_ title: String) -> OpaquePointer {
        let toast = adw_toast_new(title)!
        adw_toast_set_timeout(toast, 0)  // stays until dismissed
        return toast
    }

    /// How many toasts are on the overlay, shown or fading out.
    @MainActor
    private static func toastsOnOverlay(_ queue: ToastQueue) -> Int {
        var count = 0
        var child = gtk_widget_get_first_child(queue.overlay)
        while let c = child {
            if c != adw_toast_overlay_get_child(OpaquePointer(queue.overlay)) { count += 1 }
            child = gtk_widget_get_next_sibling(c)
        }
        return count
    }

    func testTheNextToastWaitsUntilTheOneBeforeHasFadedOut() {
        MainActor.assumeIsolated {
            let (window, queue) = Self.overlayWindow()
            defer { gtk_window_destroy(cm_window(window)) }
            let first = Self.toast("First"), second = Self.toast("Second")
            g_object_ref(UnsafeMutableRawPointer(first))
            defer { g_object_unref(UnsafeMutableRawPointer(first)) }
            queue.add(first)
            queue.add(second)
            XCTAssertEqual(queue.waitingCount, 1, "the second waits while the first is shown")
            XCTAssertEqual(Self.toastsOnOverlay(queue), 1)
            GtkTestSupport.spin(0.1)
            adw_toast_dismiss(first)
            XCTAssertEqual(queue.waitingCount, 1, "and while the first fades out")
            XCTAssertTrue(queue.overlayHoldsAToast)
            GtkTestSupport.spin(0.1)
            XCTAssertEqual(Self.toastsOnOverlay(queue), 1, "only the fading first is on the overlay")
            MainLoop.iterate(until: { queue.waitingCount == 0 }, timeout: 2)
            XCTAssertEqual(queue.waitingCount, 0, "the second is shown once the first has gone")
            XCTAssertEqual(Self.toastsOnOverlay(queue), 1, "alone")
        }
    }

    /// The crash of issue 41, forced: a toast comes up as another fades out and is dismissed
    /// in its first 200 ms. Handed straight to libadwaita 1.2 it slides in over 500 ms, fades
    /// out in 300 and frees its record before the slide-in ends, whose end then unreferences a
    /// pointer from the freed record. With glibc filling freed and reused memory with a
    /// pattern, that read is a wild pointer every time: the test process dies (SIGSEGV).
    func testAToastDismissedAsItComesUpAfterAnotherDoesNotCrash() {
        MainActor.assumeIsolated {
            mallopt(-6 /* M_PERTURB */, 0xA5)
            defer { mallopt(-6, 0) }
            let (window, queue) = Self.overlayWindow()
            defer { gtk_window_destroy(cm_window(window)) }
            for round in 0..<3 {
                let first = Self.toast("First \(round)"), second = Self.toast("Second \(round)")
                g_object_ref(UnsafeMutableRawPointer(first))
                g_object_ref(UnsafeMutableRawPointer(second))
                queue.add(first)
                queue.add(second)
                GtkTestSupport.spin(0.35)  // the first has come up
                adw_toast_dismiss(first)  // Escape
                MainLoop.iterate(until: { queue.waitingCount == 0 }, timeout: 2)
                GtkTestSupport.spin(0.05)
                adw_toast_dismiss(second)  // Escape again, as the second comes up
                g_object_unref(UnsafeMutableRawPointer(first))
                g_object_unref(UnsafeMutableRawPointer(second))
                // Allocations while the animations run reuse the freed memory, as the app's do.
                for _ in 0..<40 {
                    let blocks = (0..<64).map { _ in malloc(48) }
                    blocks.forEach { free($0) }
                    GtkTestSupport.spin(0.02)
                }
                XCTAssertFalse(queue.overlayHoldsAToast, "both toasts have gone (round \(round))")
            }
        }
    }

    func testWaitingToastsAreReleasedWithTheQueue() {
        MainActor.assumeIsolated {
            let watch: FinalizeWatch
            do {
                let queue = ToastQueue()
                queue.add(Self.toast("Shown"))  // the overlay is not in a window: it keeps this one
                let waiting = Self.toast("Waiting")
                watch = FinalizeWatch(UnsafeMutableRawPointer(waiting))
                queue.add(waiting)
                XCTAssertEqual(queue.waitingCount, 1)
            }
            XCTAssertTrue(watch.finalized, "a toast that never reached the overlay is not leaked")
        }
    }
}
