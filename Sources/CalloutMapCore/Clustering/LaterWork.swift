import Foundation

/// A value made by work that may run on another thread, later, or on the thread that first
/// needs it: asked for before anyone started the work, the asker does it itself; asked for while
/// another thread does it, the asker waits (calling `whileWaiting` first, to lend a hand).
final class LaterValue<Value: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    private var work: (() -> Value)?
    private var result: Value?
    private var running = false

    init(_ work: @escaping @Sendable () -> Value) { self.work = work }

    /// A value already made.
    init(made value: Value) { result = value }

    /// Whether it is made (without waiting).
    var isMade: Bool {
        condition.lock()
        defer { condition.unlock() }
        return result != nil
    }

    /// Does the work here unless it is done or under way; returns whether it did.
    @discardableResult
    func run() -> Bool {
        condition.lock()
        guard let work, !running else {
            condition.unlock()
            return false
        }
        running = true
        condition.unlock()
        let value = work()
        condition.lock()
        result = value
        self.work = nil
        running = false
        condition.broadcast()
        condition.unlock()
        return true
    }

    /// The value: made here if nobody has started on it, else waited for.
    func value(whileWaiting: () -> Void = {}) -> Value {
        if run() == false {
            condition.lock()
            let underWay = result == nil
            condition.unlock()
            if underWay { whileWaiting() }
        }
        condition.lock()
        defer { condition.unlock() }
        while result == nil {
            precondition(running, "asked for a value whose work was abandoned")
            condition.wait()
        }
        return result!
    }

    /// Runs the work here unless it is done or under way; while another thread does it, calls
    /// `help` (which returns once it is done or there is nothing left to share).
    func runOrHelp(_ help: () -> Void) {
        condition.lock()
        let underWay = running
        condition.unlock()
        if underWay { help() } else { run() }
    }

    /// Drops the work unless it has started (or is done); returns whether it was dropped.
    func abandonUnlessStarted() -> Bool {
        condition.lock()
        defer { condition.unlock() }
        guard !running, result == nil else { return false }
        work = nil
        return true
    }

    /// Drops work not started (what it holds is let go); asking for the value afterwards traps.
    func abandon() {
        condition.lock()
        if !running { work = nil }
        condition.unlock()
    }
}

/// Work for one background thread, newest first: what was asked for last is most likely needed
/// next (the clusterer queues a level's tree as it clusters the zoom above).
final class LaterQueue: @unchecked Sendable {
    private let lock = NSLock()
    private var jobs: [@Sendable () -> Void] = []
    private var working = false

    /// Queues `job`; the thread starts when there is none.
    func add(_ job: @escaping @Sendable () -> Void) {
        lock.lock()
        jobs.append(job)
        let start = !working
        working = true
        lock.unlock()
        guard start else { return }
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            while let next = take() { next() }
        }
    }

    private func take() -> (@Sendable () -> Void)? {
        lock.lock()
        defer { lock.unlock() }
        guard let job = jobs.popLast() else {
            working = false
            return nil
        }
        return job
    }
}
