import CCalloutMapGtk

/// Owns exactly one reference to a GObject: a floating reference is sunk on
/// the way in and the reference is dropped in `deinit`.
package final class ObjectRef: @unchecked Sendable {
    package let pointer: UnsafeMutableRawPointer

    /// Takes ownership of a new object (e.g. from `gtk_*_new`), sinking a floating ref.
    package init(sinking pointer: UnsafeMutableRawPointer) {
        self.pointer = pointer
        g_object_ref_sink(pointer)
    }

    /// Adopts a reference the caller already owns (transfer full, not floating).
    package init(adopting pointer: UnsafeMutableRawPointer) {
        self.pointer = pointer
    }

    /// Adds a reference of our own to an object someone else owns.
    package init(retaining pointer: UnsafeMutableRawPointer) {
        self.pointer = pointer
        g_object_ref(pointer)
    }

    deinit { g_object_unref(pointer) }

    package var opaque: OpaquePointer { OpaquePointer(pointer) }
}

/// The two conversions GTK's cast macros do for us in C.
package func widget<T>(_ p: UnsafeMutablePointer<T>) -> UnsafeMutablePointer<GtkWidget> { cm_widget(UnsafeMutableRawPointer(p)) }
package func opaque<T>(_ p: UnsafeMutablePointer<T>) -> OpaquePointer { OpaquePointer(p) }

/// Anything that points at a GObject, however Swift imported its type.
package protocol GObjectPointer {
    var rawObject: UnsafeMutableRawPointer { get }
}

extension OpaquePointer: GObjectPointer {
    package var rawObject: UnsafeMutableRawPointer { UnsafeMutableRawPointer(self) }
}

extension UnsafeMutablePointer: GObjectPointer {
    package var rawObject: UnsafeMutableRawPointer { UnsafeMutableRawPointer(self) }
}

extension UnsafeMutableRawPointer: GObjectPointer {
    package var rawObject: UnsafeMutableRawPointer { self }
}

/// C's `GTK_BOX(w)` and friends: the same object seen as another GObject type.
/// Only for types the object really is (GTK's own casts check that in debug builds).
package func cast<T>(_ p: some GObjectPointer, to _: T.Type = T.self) -> UnsafeMutablePointer<T> {
    p.rawObject.assumingMemoryBound(to: T.self)
}
