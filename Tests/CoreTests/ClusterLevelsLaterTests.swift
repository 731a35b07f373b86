@testable import CalloutMapCore
import Foundation
import XCTest

/// Levels whose trees the build did not need are made after it (`ClusterBuilder`): the same
/// items, ids, counts and exact centres as made at once, and the rules that decide it pinned.
final class ClusterLevelsLaterTests: XCTestCase {
    /// Seeded points crowding around a few hundred centres (some on exactly the same spot), a
    /// tenth anywhere: deep zooms gather floats, coarser ones centres of centres.
    func crowdedPoints(_ count: Int) -> [Coordinate?] {
        var state: UInt64 = 42
        func uniform() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53)
        }
        let centres = (0..<300).map { _ in (lon: -180 + 360 * uniform(), lat: -60 + 120 * uniform(), spread: 0.02 + 0.5 * uniform()) }
        return (0..<count).map { i in
            if i % 10 == 0 { return Coordinate(latitude: -80 + 160 * uniform(), longitude: -180 + 360 * uniform()) }
            let c = centres[Int(uniform() * Double(centres.count))]
            if i % 97 == 0 { return Coordinate(latitude: c.lat, longitude: c.lon) }  // a spot many share
            let lon = c.lon + (uniform() + uniform() + uniform() - 1.5) * c.spread
            let lat = c.lat + (uniform() + uniform() + uniform() - 1.5) * c.spread
            return Coordinate(latitude: max(-85, min(85, lat)), longitude: max(-180, min(180, lon)))
        }
    }

    func testLevelsLeftForLaterAreTheLevelsMadeAtOnce() throws {
        let points = crowdedPoints(60_000)
        for options in [ClusterOptions(), ClusterOptions(screenRadius: 50)] {
            let now = try XCTUnwrap(PointClusterer(coordinates: points, options: options, cancellation: nil, progress: nil,
                                                   leavingLevelsForLater: false))
            let later = try XCTUnwrap(PointClusterer(coordinates: points, options: options, cancellation: nil, progress: nil,
                                                     leavingLevelsForLater: true))
            XCTAssertTrue(now.isLevelMade(zoom: 17))
            XCTAssertFalse(later.isLevelMade(zoom: 17), "the points' own level is not needed by the build: left for later")
            XCTAssertTrue(later.isLevelMade(zoom: 2))
            for zoom in 0...17 {
                let a = now.items(minX: 0, minY: 0, maxX: 1, maxY: 1, zoom: Double(zoom))
                let b = later.items(minX: 0, minY: 0, maxX: 1, maxY: 1, zoom: Double(zoom))
                XCTAssertEqual(a, b, "zoom \(zoom), radius \(options.radius)")  // same order, ids, counts, exact centres
            }
            later.completeLevels()
            XCTAssertTrue(later.isLevelMade(zoom: 17))
        }
    }

    func testASumIsOrderFreeOnlyWhenNoPartialSumRounds() {
        // Floats near one another: 24 significant bits each, their sums exact.
        XCTAssertTrue(ClusterBuilder.sumIsOrderFree([Double(Float(0.3)), Double(Float(0.30001)), Double(Float(0.29999)) * 3]))
        XCTAssertTrue(ClusterBuilder.sumIsOrderFree([0.5, 0, 0.25]))
        // 1 + 2^-53 rounds (to 1): in another order the two small terms add up first and survive.
        XCTAssertFalse(ClusterBuilder.sumIsOrderFree([1, 0x1p-53, 0x1p-53]))
        // A centre's full 53 bits beside another term's: the total needs more bits than a double has.
        XCTAssertFalse(ClusterBuilder.sumIsOrderFree([0.1, 0.2]))
        XCTAssertFalse(ClusterBuilder.sumIsOrderFree([-0.5, 0.25]))  // off the unit square: not judged
        XCTAssertFalse(ClusterBuilder.sumIsOrderFree([.nan, 0.25]))
    }

    func testOrdersAreTriedForAFewMembersOnly() {
        XCTAssertFalse(ClusterBuilder.sumIsTheSameInEveryOrder([0x1p-53, 1, 0x1p-53]), "(ε + 1) + ε ≠ (ε + ε) + 1")
        XCTAssertTrue(ClusterBuilder.sumIsTheSameInEveryOrder([0.1, 0.2]), "one member: one order")
        XCTAssertTrue(ClusterBuilder.sumIsTheSameInEveryOrder([0.1, 0.2, 0.2]), "the same member twice")
        let seven = [0.5] + (0..<ClusterBuilder.orderedByTrial + 1).map { _ in 0.25 }
        XCTAssertFalse(ClusterBuilder.sumIsTheSameInEveryOrder(seven), "past \(ClusterBuilder.orderedByTrial) members: not tried")
        XCTAssertTrue(ClusterBuilder.sumIsTheSameInEveryOrder(Array(seven.dropLast())))
    }
}
