import CCalloutMapAdw
import CCalloutMapGtk
import CalloutMapGtk

/// A libadwaita toast overlay that is handed its toasts one at a time: a toast waits here
/// until no other toast is on the overlay, shown or still fading out.
///
/// Why: libadwaita 1.2 frees a toast's record when the toast has faded out but lets its
/// slide-in run on, and that slide-in's end then unreferences a pointer in the freed record.
/// The slide-in normally ends first — it lasts 300 ms and the 300 ms fade-out starts after it
/// — except for a toast shown while the one before it is still fading: that one slides in
/// over 500 ms, so dismissed within its first 200 ms (Escape twice, a click on its close
/// button) it crashes the app (issue 41: SIGSEGV in `g_object_unref` under
/// `adw_animation_skip`). Giving the overlay a toast only when it holds none keeps every
/// slide-in at 300 ms.
@MainActor
package final class ToastQueue {
    /// The AdwToastOverlay; put the window's content in it with `adw_toast_overlay_set_child`.
    package var overlay: UnsafeMutablePointer<GtkWidget> { cast(overlayRef.pointer) }
    private let overlayRef: ObjectRef
    /// Toasts not yet given to the overlay, oldest first; we hold one reference to each.
    private var waiting: [OpaquePointer] = []
    /// The toast given to the overlay last, until it is dismissed.
    private var shown: OpaquePointer?
    private var isPolling = false
    /// How often a waiting toast looks whether the overlay has let go of the one before.
    static let pollMilliseconds: UInt32 = 40

    package init() {
        // Ours as long as we may touch it (a poll can come after the window has gone).
        overlayRef = ObjectRef(sinking: UnsafeMutableRawPointer(adw_toast_overlay_new()!))
    }

    isolated deinit {
        waiting.forEach { g_object_unref(UnsafeMutableRawPointer($0)) }
    }

    /// Shows `toast` once the toasts before it have gone. Takes its reference, as
    /// `adw_toast_overlay_add_toast` does.
    package func add(_ toast: OpaquePointer) {
        waiting.append(toast)
        showNext()
    }

    /// How many toasts wait for the overlay.
    package var waitingCount: Int { waiting.count }

    /// Whether a toast is on the overlay, shown or fading out. The overlay's children are its
    /// content and one widget per such toast.
    package var overlayHoldsAToast: Bool {
        let content = adw_toast_overlay_get_child(OpaquePointer(overlay))
        var child = gtk_widget_get_first_child(overlay)
        while let c = child {
            if c != content { return true }
            child = gtk_widget_get_next_sibling(c)
        }
        return false
    }

    private func showNext() {
        guard shown == nil, !waiting.isEmpty else { return }
        guard !overlayHoldsAToast else { return pollUntilFree() }
        let toast = waiting.removeFirst()
        shown = toast
        // Connected before the overlay's own handler, so this runs while the toast is still on it.
        Signal.connect(toast, "dismissed") { [weak self] in
            guard let self, self.shown == toast else { return }
            self.shown = nil
            self.showNext()
        }
        adw_toast_overlay_add_toast(OpaquePointer(overlay), toast)  // takes our reference
    }

    /// libadwaita says nothing when a toast has faded out; its widget leaving the overlay does.
    private func pollUntilFree() {
        guard !isPolling else { return }
        isPolling = true
        Timer.every(milliseconds: Self.pollMilliseconds) { [weak self] in
            guard let self else { return false }
            if self.overlayHoldsAToast { return true }
            self.isPolling = false
            self.showNext()
            return false
        }
    }
}
