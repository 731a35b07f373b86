import CCalloutMapGtk

/// GLib timeouts and widget tick callbacks with Swift closures owned by GLib.
@MainActor
package enum Timer {
    /// Calls `handler` every `milliseconds` until it returns false.
    @discardableResult
    package static func every(milliseconds: UInt32, _ handler: @escaping @MainActor () -> Bool) -> UInt32 {
        let t: @convention(c) (UnsafeMutableRawPointer?) -> Int32 = { data in
            let box = ClosureBox<@MainActor () -> Bool>.from(data)
            return MainActor.assumeIsolated { box.call() } ? cm_source_continue : cm_source_remove
        }
        return g_timeout_add_full(G_PRIORITY_DEFAULT, milliseconds, t, ClosureBox(handler).retainedPointer(), releaseBoxNotify)
    }

    /// Calls `handler` once after `milliseconds`.
    @discardableResult
    package static func after(milliseconds: UInt32, _ handler: @escaping @MainActor () -> Void) -> UInt32 {
        every(milliseconds: milliseconds) { handler(); return false }
    }

    /// Calls `handler` before each frame with the frame time in seconds, until it returns false.
    @discardableResult
    package static func tick(_ widget: UnsafeMutablePointer<GtkWidget>,
                            _ handler: @escaping @MainActor (Double) -> Bool) -> UInt32 {
        let t: @convention(c) (UnsafeMutablePointer<GtkWidget>?, OpaquePointer?, UnsafeMutableRawPointer?) -> Int32 = { _, clock, data in
            let box = ClosureBox<@MainActor (Double) -> Bool>.from(data)
            let seconds = Double(gdk_frame_clock_get_frame_time(clock)) / 1_000_000
            return MainActor.assumeIsolated { box.call(seconds) } ? cm_source_continue : cm_source_remove
        }
        return gtk_widget_add_tick_callback(widget, t, ClosureBox(handler).retainedPointer(), releaseBoxNotify)
    }
}
