import Synchronization

/// A flag one thread sets and another polls, to stop long work (reading a big
/// file) whose result nobody wants any more.
public final class Cancellation: Sendable {
    private let flag = Atomic<Bool>(false)

    public init() {}

    public func cancel() { flag.store(true, ordering: .relaxed) }

    public var isCancelled: Bool { flag.load(ordering: .relaxed) }
}
