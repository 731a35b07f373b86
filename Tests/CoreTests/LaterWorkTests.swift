@testable import CalloutMapCore
import Foundation
import XCTest

/// `LaterValue`: made once, by whoever comes first; waited for while another makes it.
final class LaterWorkTests: XCTestCase {
    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0
        func add() { lock.lock(); value += 1; lock.unlock() }
        var count: Int { lock.lock(); defer { lock.unlock() }; return value }
    }

    func testAValueIsMadeOnceWhoeverAsks() {
        let runs = Counter()
        let later = LaterValue { runs.add(); usleep(20_000); return 7 }
        let queue = LaterQueue()
        queue.add { later.run() }
        var results = [Int](repeating: 0, count: 8)
        results.withUnsafeMutableBufferPointer { out in
            nonisolated(unsafe) let out = out
            DispatchQueue.concurrentPerform(iterations: 8) { out[$0] = later.value() }
        }
        XCTAssertEqual(results, [Int](repeating: 7, count: 8))
        XCTAssertEqual(runs.count, 1)
        XCTAssertTrue(later.isMade)
        XCTAssertFalse(later.run(), "made: nothing to run")
    }

    func testAValueNobodyStartedIsMadeByTheAsker() {
        let thread = LaterValue { Thread.isMainThread }
        XCTAssertTrue(thread.value(whileWaiting: { XCTFail("nothing to wait for") }))
    }

    func testAbandonedWorkIsLetGoUnlessStarted() {
        final class Held: Sendable {}
        weak var held: Held?
        var later: LaterValue<Int>?
        do {
            let object = Held()
            held = object
            later = LaterValue { _ = object; return 1 }
        }
        XCTAssertNotNil(held)
        XCTAssertTrue(later!.abandonUnlessStarted())
        XCTAssertNil(held, "the work and what it held are gone")
        let made = LaterValue(made: 3)
        XCTAssertFalse(made.abandonUnlessStarted())
        XCTAssertEqual(made.value(), 3)
    }
}
