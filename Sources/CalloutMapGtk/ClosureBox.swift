import CCalloutMapGtk
import Synchronization

/// A Swift value (usually a closure) handed to GLib as `user_data`. GLib owns one retain and
/// gives it back through a destroy notify, exactly once.
package final class ClosureBox<F>: @unchecked Sendable {
    package let call: F

    package init(_ call: F) {
        self.call = call
        ClosureBoxes.live.add(1, ordering: .relaxed)
    }

    deinit { ClosureBoxes.live.subtract(1, ordering: .relaxed) }

    /// A +1 pointer for GLib; balance it with `releaseBox`.
    package func retainedPointer() -> UnsafeMutableRawPointer { Unmanaged.passRetained(self).toOpaque() }

    package static func from(_ p: UnsafeMutableRawPointer?) -> ClosureBox<F> {
        Unmanaged<ClosureBox<F>>.fromOpaque(p!).takeUnretainedValue()
    }
}

/// How many closures GLib still holds; tests use it to prove each is released once.
package enum ClosureBoxes {
    static let live = Atomic<Int>(0)
    package static var liveCount: Int { live.load(ordering: .relaxed) }
}

/// The destroy notify for every box: drops GLib's retain.
let releaseBox: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<GClosure>?) -> Void = { data, _ in
    if let data { Unmanaged<AnyObject>.fromOpaque(data).release() }
}

package let releaseBoxNotify: @convention(c) (UnsafeMutableRawPointer?) -> Void = { data in
    if let data { Unmanaged<AnyObject>.fromOpaque(data).release() }
}
