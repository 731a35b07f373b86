import CalloutMapCore
import XCTest

final class HitGridTests: XCTestCase {
    /// Deterministic rectangles, some overlapping, some far out, one degenerate.
    private func rects(_ n: Int) -> [Rect] {
        var state: UInt64 = 99
        func next() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(1 << 53)
        }
        var out = (0..<n).map { _ in Rect(x: next() * 1200 - 100, y: next() * 800 - 100, width: 10 + next() * 60, height: 10 + next() * 30) }
        out.append(Rect(x: 5000, y: -3000, width: 40, height: 40))  // a selected pin kept far off screen
        out.append(Rect(x: .nan, y: 0, width: 1, height: 1))
        return out
    }

    func testCandidatesHoldEveryRectangleUnderThePointInOrder() {
        let all = rects(SanitizerScale.of(3000))
        let grid = HitGrid(rects: all)
        var candidatesSeen = 0
        for y in stride(from: -120.0, through: 820, by: 13.7) {
            for x in stride(from: -120.0, through: 1220, by: 17.3) {
                let p = Point(x: x, y: y)
                let candidates = Array(grid.candidates(at: p)).map(Int.init)
                let expected = all.indices.filter { all[$0].contains(p) }
                XCTAssertEqual(candidates.filter { all[$0].contains(p) }, expected, "at \(p)")
                XCTAssertEqual(candidates, candidates.sorted(), "ascending, so reversed is topmost first")
                candidatesSeen += candidates.count
            }
        }
        XCTAssertLessThan(Double(candidatesSeen) / 6000, 80, "a point tests a few dozen, not thousands")
        XCTAssertEqual(Array(grid.candidates(at: Point(x: 5010, y: -2990))), [Int32(all.count - 2)], "the far one is found")
    }

    func testAPanMovesTheGridWithTheRectangles() {
        let all = rects(500)
        var grid = HitGrid(rects: all)
        let shift = Point(x: 37.5, y: -21)
        grid.translate(by: shift)
        for (i, r) in all.enumerated() where r.minX.isFinite {
            let p = Point(x: r.center.x + shift.x, y: r.center.y + shift.y)
            XCTAssertTrue(grid.candidates(at: p).contains(Int32(i)), "rect \(i) after the pan")
        }
        XCTAssertTrue(HitGrid().candidates(at: .zero).isEmpty)
    }
}
