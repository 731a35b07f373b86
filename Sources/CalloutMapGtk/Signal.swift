import CCalloutMapGtk

/// Connects Swift closures to GObject signals. One trampoline per C signature;
/// the closure is boxed, owned by GLib and released when the handler is
/// disconnected or the object is finalized. Capture owners weakly.
@MainActor
package enum Signal {
    @discardableResult
    package static func connect(_ instance: some GObjectPointer, _ name: String,
                               _ handler: @escaping @MainActor () -> Void) -> UInt {
        let t: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = { _, data in
            let box = ClosureBox<@MainActor () -> Void>.from(data)
            MainActor.assumeIsolated { box.call() }
        }
        return attach(instance.rawObject, name, unsafeBitCast(t, to: GCallback.self), ClosureBox(handler))
    }

    /// Signals with one pointer argument: GtkGesture::begin/end (sequence),
    /// GSettings::changed (key), GObject::notify (pspec).
    @discardableResult
    package static func connect(_ instance: some GObjectPointer, _ name: String,
                               _ handler: @escaping @MainActor (UnsafeMutableRawPointer?) -> Void) -> UInt {
        let t: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = { _, arg, data in
            let box = ClosureBox<@MainActor (UnsafeMutableRawPointer?) -> Void>.from(data)
            MainActor.assumeIsolated { box.call(arg) }
        }
        return attach(instance.rawObject, name, unsafeBitCast(t, to: GCallback.self), ClosureBox(handler))
    }

    /// Signals with one int: GtkNativeDialog::response.
    @discardableResult
    package static func connect(_ instance: some GObjectPointer, _ name: String,
                               _ handler: @escaping @MainActor (Int32) -> Void) -> UInt {
        let t: @convention(c) (UnsafeMutableRawPointer?, Int32, UnsafeMutableRawPointer?) -> Void = { _, a, data in
            let box = ClosureBox<@MainActor (Int32) -> Void>.from(data)
            MainActor.assumeIsolated { box.call(a) }
        }
        return attach(instance.rawObject, name, unsafeBitCast(t, to: GCallback.self), ClosureBox(handler))
    }

    /// GtkDropTarget::drop (value, x, y) → accepted.
    @discardableResult
    package static func connect(_ instance: some GObjectPointer, _ name: String,
                               _ handler: @escaping @MainActor (UnsafeMutableRawPointer?, Double, Double) -> Bool) -> UInt {
        let t: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, Double, Double, UnsafeMutableRawPointer?) -> Int32 = { _, v, x, y, data in
            let box = ClosureBox<@MainActor (UnsafeMutableRawPointer?, Double, Double) -> Bool>.from(data)
            return MainActor.assumeIsolated { box.call(v, x, y) } ? 1 : 0
        }
        return attach(instance.rawObject, name, unsafeBitCast(t, to: GCallback.self), ClosureBox(handler))
    }

    /// Signals with two doubles: drag-begin/update/end, swipe, motion.
    @discardableResult
    package static func connect(_ instance: some GObjectPointer, _ name: String,
                               _ handler: @escaping @MainActor (Double, Double) -> Void) -> UInt {
        let t: @convention(c) (UnsafeMutableRawPointer?, Double, Double, UnsafeMutableRawPointer?) -> Void = { _, a, b, data in
            let box = ClosureBox<@MainActor (Double, Double) -> Void>.from(data)
            MainActor.assumeIsolated { box.call(a, b) }
        }
        return attach(instance.rawObject, name, unsafeBitCast(t, to: GCallback.self), ClosureBox(handler))
    }

    /// Signals with one double: GtkGestureZoom::scale-changed.
    @discardableResult
    package static func connect(_ instance: some GObjectPointer, _ name: String,
                               _ handler: @escaping @MainActor (Double) -> Void) -> UInt {
        let t: @convention(c) (UnsafeMutableRawPointer?, Double, UnsafeMutableRawPointer?) -> Void = { _, a, data in
            let box = ClosureBox<@MainActor (Double) -> Void>.from(data)
            MainActor.assumeIsolated { box.call(a) }
        }
        return attach(instance.rawObject, name, unsafeBitCast(t, to: GCallback.self), ClosureBox(handler))
    }

    /// GtkGestureClick::pressed / ::released (n_press, x, y).
    @discardableResult
    package static func connect(_ instance: some GObjectPointer, _ name: String,
                               _ handler: @escaping @MainActor (Int, Double, Double) -> Void) -> UInt {
        let t: @convention(c) (UnsafeMutableRawPointer?, Int32, Double, Double, UnsafeMutableRawPointer?) -> Void = { _, n, x, y, data in
            let box = ClosureBox<@MainActor (Int, Double, Double) -> Void>.from(data)
            MainActor.assumeIsolated { box.call(Int(n), x, y) }
        }
        return attach(instance.rawObject, name, unsafeBitCast(t, to: GCallback.self), ClosureBox(handler))
    }

    /// GtkEventControllerScroll::scroll (dx, dy) → handled.
    @discardableResult
    package static func connect(_ instance: some GObjectPointer, _ name: String,
                               _ handler: @escaping @MainActor (Double, Double) -> Bool) -> UInt {
        let t: @convention(c) (UnsafeMutableRawPointer?, Double, Double, UnsafeMutableRawPointer?) -> Int32 = { _, a, b, data in
            let box = ClosureBox<@MainActor (Double, Double) -> Bool>.from(data)
            return MainActor.assumeIsolated { box.call(a, b) } ? 1 : 0
        }
        return attach(instance.rawObject, name, unsafeBitCast(t, to: GCallback.self), ClosureBox(handler))
    }

    /// GtkEventControllerKey::key-pressed (keyval, keycode, state) → handled.
    @discardableResult
    package static func connect(_ instance: some GObjectPointer, _ name: String,
                               _ handler: @escaping @MainActor (UInt32, UInt32, UInt32) -> Bool) -> UInt {
        let t: @convention(c) (UnsafeMutableRawPointer?, UInt32, UInt32, UInt32, UnsafeMutableRawPointer?) -> Int32 = { _, k, c, s, data in
            let box = ClosureBox<@MainActor (UInt32, UInt32, UInt32) -> Bool>.from(data)
            return MainActor.assumeIsolated { box.call(k, c, s) } ? 1 : 0
        }
        return attach(instance.rawObject, name, unsafeBitCast(t, to: GCallback.self), ClosureBox(handler))
    }

    /// GApplication::open (files, n_files, hint).
    @discardableResult
    package static func connect(_ instance: some GObjectPointer, _ name: String,
                               _ handler: @escaping @MainActor (UnsafeMutableRawPointer?, Int32, UnsafePointer<CChar>?) -> Void) -> UInt {
        let t: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, Int32, UnsafePointer<CChar>?, UnsafeMutableRawPointer?) -> Void = { _, files, n, hint, data in
            let box = ClosureBox<@MainActor (UnsafeMutableRawPointer?, Int32, UnsafePointer<CChar>?) -> Void>.from(data)
            MainActor.assumeIsolated { box.call(files, n, hint) }
        }
        return attach(instance.rawObject, name, unsafeBitCast(t, to: GCallback.self), ClosureBox(handler))
    }

    /// Signals with no arguments whose handler returns whether it stops the default:
    /// GtkWindow::close-request. (Named apart: a closure could be read as either overload.)
    @discardableResult
    package static func connectStopping(_ instance: some GObjectPointer, _ name: String,
                                        _ handler: @escaping @MainActor () -> Bool) -> UInt {
        let t: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Int32 = { _, data in
            let box = ClosureBox<@MainActor () -> Bool>.from(data)
            return MainActor.assumeIsolated { box.call() } ? 1 : 0
        }
        return attach(instance.rawObject, name, unsafeBitCast(t, to: GCallback.self), ClosureBox(handler))
    }

    package static func disconnect(_ instance: some GObjectPointer, _ id: UInt) {
        g_signal_handler_disconnect(instance.rawObject, gulong(id))
    }

    /// GtkWidget::query-tooltip: x, y, keyboard mode, the tooltip; returns whether to show it.
    @discardableResult
    package static func connect(_ instance: some GObjectPointer, _ name: String,
                               _ handler: @escaping @MainActor (Int32, Int32, Bool, OpaquePointer?) -> Bool) -> UInt {
        let t: @convention(c) (UnsafeMutableRawPointer?, Int32, Int32, Int32, OpaquePointer?, UnsafeMutableRawPointer?) -> Int32 = {
            _, x, y, keyboard, tooltip, data in
            let box = ClosureBox<@MainActor (Int32, Int32, Bool, OpaquePointer?) -> Bool>.from(data)
            return MainActor.assumeIsolated { box.call(x, y, keyboard != 0, tooltip) } ? 1 : 0
        }
        return attach(instance.rawObject, name, unsafeBitCast(t, to: GCallback.self), ClosureBox(handler))
    }

    private static func attach<F>(_ instance: UnsafeMutableRawPointer, _ name: String,
                                  _ callback: GCallback, _ box: ClosureBox<F>) -> UInt {
        UInt(g_signal_connect_data(instance, name, callback, box.retainedPointer(), releaseBox, GConnectFlags(0)))
    }
}
