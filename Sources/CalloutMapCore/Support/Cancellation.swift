import Synchronization

/// A flag one thread sets and another polls, to stop long work (reading a big
/// file) whose result nobody wants any more.
public final class Cancellation: Sendable {
    private let flag = Atomic<Bool>(false)

    /// Not cancelled yet.
    public init() {}

    /// Asks the work to stop (from any thread).
    public func cancel() { flag.store(true, ordering: .relaxed) }

    /// Whether `cancel()` was called.
    public var isCancelled: Bool { flag.load(ordering: .relaxed) }
}
