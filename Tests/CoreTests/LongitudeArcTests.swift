@testable import CalloutMapCore
import XCTest

/// The narrowest arc holding some longitudes, found without sorting, is the one sorting finds.
final class LongitudeArcTests: XCTestCase {
    func testAgreesWithSortingOnManyShapesOfData() {
        var random = PointIndexTests.Random(state: 11)
        for round in 0..<2_000 {
            let count = 1 + Int(random.next() * 400)
            let longitudes: [Double]
            switch round % 5 {
            case 0:  // anywhere
                longitudes = (0..<count).map { _ in -180 + random.next() * 360 }
            case 1:  // a few crowds, some across the antimeridian
                let centres = (0..<3).map { _ in -180 + random.next() * 360 }
                longitudes = (0..<count).map { i in
                    let x = centres[i % 3] + (random.next() - 0.5) * 8
                    return x > 180 ? x - 360 : x < -180 ? x + 360 : x
                }
            case 2:  // every tenth degree round the circle, some left out: equal widest gaps, the first wins
                let count = 2 + Int(random.next() * 30)
                longitudes = (0..<count).map { _ in Double(Int(random.next() * 36)) * 10 - 180 }
            case 3:  // evenly spaced: every gap the same, so the sort decides
                longitudes = (0..<count).map { Double($0) * 0.5 - 90 }
            default:  // the ends of the range
                longitudes = (0..<count).map { _ in random.next() < 0.5 ? -180 + random.next() : 180 - random.next() }
            }
            XCTAssertEqual(LongitudeArc(holding: longitudes), LongitudeArc.sorted(longitudes), "round \(round)")
        }
    }

    func testFewLongitudes() {
        XCTAssertEqual(LongitudeArc(holding: [10]), LongitudeArc.sorted([10]))
        XCTAssertEqual(LongitudeArc(holding: [170, -170]), LongitudeArc.sorted([170, -170]))
        let across = LongitudeArc(holding: [179, -179, 178, -178, 177])
        XCTAssertEqual(across.west, 177)
        XCTAssertEqual(across.east, -178, "across the antimeridian, the narrower way")
    }

    /// A million longitudes, as a big file's places give: the same arc as sorting gives.
    func testAMillionLongitudes() {
        var random = PointIndexTests.Random(state: 5)
        let longitudes = (0..<SanitizerScale.of(1_000_000)).map { _ in random.next() < 0.9 ? -30 + random.next() * 60 : 100 + random.next() * 20 }
        XCTAssertEqual(LongitudeArc(holding: longitudes), LongitudeArc.sorted(longitudes))
    }
}
