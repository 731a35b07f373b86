@testable import CalloutMapCore
import XCTest

/// `ClusterParents` gives every item's parent back, whether it keeps all of them or only the
/// items that have one.
final class ClusterParentsTests: XCTestCase {
    func testEveryItemsParentComesBackKeptEitherWay() {
        let few: [Int32] = [-1, -1, 7, -1, -1, -1, 9, -1]  // 2 of 8 taken in: only those kept
        let many: [Int32] = [3, -1, 3, 4, 4, -1]  // 4 of 6: every item kept
        XCTAssertTrue(ClusterParents(few).isSparse)
        XCTAssertFalse(ClusterParents(many).isSparse)
        for all in [few, many, [], [-1], [5], [-1, 2]] {
            let parents = ClusterParents(all)
            XCTAssertEqual(all.indices.map { parents[$0] }, all, "\(all)")
        }
        XCTAssertEqual(ClusterParents()[0], -1, "the top level: no item has a parent")
    }
}
