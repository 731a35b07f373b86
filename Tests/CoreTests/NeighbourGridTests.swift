@testable import CalloutMapCore
import XCTest

/// The grid's neighbours are exactly the points within the radius, found one by one, whichever
/// way its cells were sorted and whether a point is listed or in a crowd.
final class NeighbourGridTests: XCTestCase {
    /// Some points' neighbours (themselves left out) from the grid and from a scan of all points.
    func check(_ exact: [Double], radius: Double, oneNumber: Bool, file: StaticString = #filePath, line: UInt = #line) {
        let grid = NeighbourGrid(exact: exact, radius: radius, oneNumberBits: oneNumber ? 64 : 0)
        XCTAssertEqual(grid.sortedAsOneNumber, oneNumber, file: file, line: line)
        let n = exact.count / 2, r2 = radius * radius
        var pairs = 0
        for i in 0..<n {
            var found = Set<Int>()
            grid.forEachNeighbour(of: i) { if $0 != i { found.insert($0) } }
            let want = Set((0..<n).filter { j in
                let dx = Double(Float(exact[2 * j])) - exact[2 * i], dy = Double(Float(exact[2 * j + 1])) - exact[2 * i + 1]
                return j != i && dx * dx + dy * dy <= r2
            })
            XCTAssertEqual(found, want, "point \(i)", file: file, line: line)
            pairs += want.count
        }
        XCTAssertGreaterThan(pairs, 40 * 39, "listed neighbours besides the crowd's", file: file, line: line)
    }

    /// Groups of points around seeded centres, every tenth a copy of the one before, and a crowd
    /// of 40 on one spot (answered when asked, not listed).
    func points(count: Int, spread: Double) -> [Double] {
        var state: UInt64 = 7
        func next() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(1 << 53)
        }
        var xy: [Double] = []
        for i in 0..<count {
            let centre = (x: Double(i % 37) / 37 + 0.01, y: Double(i % 23) / 23 + 0.01)
            if i < 40 {
                xy += [0.5, 0.5]
            } else if i % 10 == 9 {
                xy += xy.suffix(2)
            } else {
                xy += [centre.x + next() * spread, centre.y + next() * spread]
            }
        }
        return xy
    }

    func testKeyAndIndexSortedAsOneNumber() {
        check(points(count: 2_000, spread: 0.02), radius: 0.004, oneNumber: true)
    }

    /// As a key and an index too wide for one number are sorted (the smallest cells, a ten-millionth
    /// of the world, take 48 bits for a key; 70,000 points 17 for an index).
    func testKeysSortedWithTheirIndicesBeside() {
        check(points(count: 2_000, spread: 0.02), radius: 0.004, oneNumber: false)
    }
}
