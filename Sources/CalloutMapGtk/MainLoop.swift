import CCalloutMapGtk
import Dispatch

/// Lets Swift concurrency run under GLib's main loop. The main actor's executor
/// is libdispatch's main queue, which GLib never drains: without this,
/// `Task { @MainActor in … }` silently never runs while GTK owns the thread.
/// We watch the queue's eventfd from GLib and drain it when it fires.
@MainActor
package enum MainLoop {
    private static var sourceID: UInt32 = 0

    package static var isBridged: Bool { sourceID != 0 }

    /// Idempotent; call once before `g_application_run` or a test's main loop.
    package static func bridgeSwiftConcurrency() {
        guard sourceID == 0 else { return }
        let fd = _dispatch_get_main_queue_handle_4CF()
        let callback: @convention(c) (Int32, GIOCondition, UnsafeMutableRawPointer?) -> Int32 = { fd, _, _ in
            var counter: UInt64 = 0
            // Reading resets the eventfd; without it the source fires forever.
            _ = withUnsafeMutableBytes(of: &counter) { read(fd, $0.baseAddress, 8) }
            _dispatch_main_queue_callback_4CF(nil)
            return cm_source_continue
        }
        sourceID = g_unix_fd_add(fd, G_IO_IN, callback, nil)
    }

    /// Runs the GLib main context until `condition` holds or `timeout` seconds pass.
    /// For tests and the offscreen benchmark; returns whether the condition held.
    @discardableResult
    package static func iterate(until condition: () -> Bool, timeout: Double) -> Bool {
        let deadline = g_get_monotonic_time() + Int(timeout * 1_000_000)
        while !condition() {
            if g_get_monotonic_time() > deadline { return false }
            if g_main_context_iteration(nil, 0) == 0 { g_usleep(1000) }
        }
        return true
    }
}
