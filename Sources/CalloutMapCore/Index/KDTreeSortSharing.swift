import Foundation

extension KDTree {
    /// One tree's sort shared with a thread that would otherwise wait for it. The clusterer sorts
    /// each level's tree on one core while it clusters on the other; at the deepest levels the sort
    /// took longer (125 ms against 80 for a million points), and the clustering core sat idle for
    /// the rest. Calling `help()` instead of waiting sorts parts of the tree too.
    ///
    /// The tree's halves are independent once their median is placed: a half of more than
    /// `sharedCount` points goes to a list either thread takes from. The result does not depend on
    /// which thread sorts which half, so the tree is the same as sorted alone.
    final class SortSharing: @unchecked Sendable {
        /// Halves smaller than this are sorted by the thread that made them (taking a half costs a lock).
        let sharedCount: Int
        private let condition = NSCondition()
        private var sorter: Sorter?
        private var ranges: [Sorter.Range] = []
        /// Threads sorting a range taken from the list.
        private var busy = 0
        private var started = false, finished = false

        init(sharedCount: Int = 16_384) { self.sharedCount = sharedCount }

        /// Sorts a tree through the list (the building thread, which returns once all is sorted).
        func sort(_ range: Sorter.Range, with tree: Sorter) {
            condition.lock()
            sorter = tree
            ranges = [range]
            started = true
            condition.broadcast()
            condition.unlock()
            work()
            condition.lock()
            sorter = nil
            finished = true
            condition.broadcast()
            condition.unlock()
        }

        /// Sorts parts of the tree until none is left; returns at once if the tree was sorted
        /// already, and waits for its sort to start if it has not. The tree's builder must be
        /// making one (or have made it), through `sort`.
        func help() {
            condition.lock()
            while !started { condition.wait() }
            condition.unlock()
            work()
        }

        /// Takes ranges until the list is empty and no thread is sorting one (which could add more).
        private func work() {
            condition.lock()
            while !finished {
                if let range = ranges.popLast(), let tree = sorter {
                    busy += 1
                    condition.unlock()
                    tree.sort(range) { half in
                        guard half.count > sharedCount else { return false }
                        condition.lock()
                        ranges.append(half)
                        condition.signal()
                        condition.unlock()
                        return true
                    }
                    condition.lock()
                    busy -= 1
                    if busy == 0 && ranges.isEmpty { condition.broadcast() }
                } else if busy == 0 {
                    break
                } else {
                    condition.wait()
                }
            }
            condition.unlock()
        }
    }
}
