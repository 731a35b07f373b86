@testable import CalloutMapCore
import Dispatch
import XCTest

/// A tree sorted by two threads through `SortSharing` is the tree sorted by one: the same points
/// in the same places, whoever sorted which half, and whenever the helper comes.
final class KDTreeSortSharingTests: XCTestCase {
    func tree(_ floats: [Float], sharing: KDTree<Float>.SortSharing?, helperDelay: Double = 0) -> (KDTree<Float>, [Int32]) {
        var order: [Int32] = []
        guard let sharing else { return (KDTree(interleaved: floats, order: &order), order) }
        let helped = DispatchSemaphore(value: 0)
        DispatchQueue.global().asyncAfter(deadline: .now() + helperDelay) {
            sharing.help()
            helped.signal()
        }
        let tree = KDTree(interleaved: floats, order: &order, sharing: sharing)
        helped.wait()
        return (tree, order)
    }

    func testASharedSortGivesTheTreeSortedAlone() {
        var random = PointIndexTests.Random(state: 7)
        for (count, shared) in [(0, 16), (50, 16), (65, 16), (3_000, 100), (40_000, 500), (200_000, 16_384)] {
            // Crowded: many repeats of a few values, where the selection's ties decide the order.
            let floats = (0..<2 * count).map { i in i % 3 == 0 ? Float(Int(random.next() * 20)) / 20 : Float(random.next()) }
            let (alone, aloneOrder) = tree(floats, sharing: nil)
            for delay in [0, 0.002] {
                let (shared, sharedOrder) = tree(floats, sharing: .init(sharedCount: shared), helperDelay: delay)
                XCTAssertEqual(sharedOrder, aloneOrder, "\(count) points, halves over \(shared) shared")
                XCTAssertEqual(shared.coords, alone.coords, "\(count) points")
            }
        }
    }

    func testAHelperThatComesAfterTheSortReturnsAtOnce() {
        let sharing = KDTree<Float>.SortSharing(sharedCount: 16)
        var order: [Int32] = []
        let floats = (0..<2_000).map { Float($0 % 977) / 977 }
        _ = KDTree(interleaved: floats, order: &order, sharing: sharing)
        sharing.help()  // would hang if it waited for work that will not come
        XCTAssertEqual(order.count, 1_000)
    }
}
