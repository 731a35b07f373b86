import CalloutMapCore
import Foundation
import XCTest

/// Badges drawn at anchors never overlap: at every zoom, anchors (and single points) are
/// further apart on screen than the clustering radius, which is wider than any badge.
final class ClusterAnchorTests: XCTestCase {
    /// Points crowding around a few hundred centres (and some exact duplicates), seeded.
    static func crowded(_ count: Int, seed: UInt64) -> [Coordinate?] {
        var state = seed
        func next() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(1 << 53)
        }
        let centres = (0..<300).map { _ in (lat: -50 + next() * 110, lon: -180 + next() * 360, spread: 0.01 + next() * next() * 3) }
        return (0..<count).map { i in
            if i % 50 == 0 { return Coordinate(latitude: 48.8566, longitude: 2.3522) }  // one place, many times
            let c = centres[Int(next() * Double(centres.count))]
            return Coordinate(latitude: max(-85, min(85, c.lat + (next() - 0.5) * c.spread)),
                              longitude: max(-180, min(180, c.lon + (next() - 0.5) * c.spread)))
        }
    }

    /// Pairs of items less than `distance` screen points apart at `zoom`, and how many items there were.
    static func closePairs(_ clusterer: PointClusterer, zoom: Int, distance: Double, anchored: Bool) -> (pairs: Int, items: Int) {
        let scale = 256 * pow(2, Double(zoom))
        let items = clusterer.items(minX: 0, minY: 0, maxX: 1, maxY: 1, zoom: Double(zoom))
        var cells: [Int: [(Double, Double)]] = [:]
        var pairs = 0
        let width = Int(scale / distance) + 1
        for item in items {
            var p = item.position
            if anchored { p = clusterer.anchor(of: item, zoom: Double(zoom)) }
            let x = p.x * scale, y = p.y * scale
            let cx = Int(x / distance), cy = Int(y / distance)
            for dy in -1...1 {
                for dx in -1...1 {
                    for q in cells[(cy + dy) * width + cx + dx] ?? [] where hypot(q.0 - x, q.1 - y) < distance { pairs += 1 }
                }
            }
            cells[cy * width + cx, default: []].append((x, y))
        }
        return (pairs, items.count)
    }

    func testAnchorsAreFurtherApartThanTheRadiusAtEveryZoom() {
        let options = ClusterOptions(screenRadius: 50)
        XCTAssertEqual(options.screenRadius, 50)
        let clusterer = PointClusterer(coordinates: Self.crowded(60_000, seed: 3), options: options)
        var centroidPairs = 0
        for zoom in 0...16 {
            // 50 points apart, less the rounding of positions to floats (≤ 0.01 point at zoom 16).
            let anchored = Self.closePairs(clusterer, zoom: zoom, distance: 49.99, anchored: true)
            XCTAssertEqual(anchored.pairs, 0, "zoom \(zoom): \(anchored.items) items, none within 50 points of another")
            centroidPairs += Self.closePairs(clusterer, zoom: zoom, distance: 46, anchored: false).pairs
        }
        XCTAssertGreaterThan(centroidPairs, 0, "at their centres, some 46-point badges would overlap")
    }

    func testMembersLieWithinTheRadiusOfTheAnchor() {
        let points = Self.crowded(2_000, seed: 4)
        let clusterer = PointClusterer(coordinates: points)
        let point = PointClusterer.Item.point(index: 3, position: WorldPoint(x: 0.25, y: 0.5))
        XCTAssertEqual(clusterer.anchor(of: point, zoom: 3), point.position, "a point stands where it is")
        var moved = 0
        for zoom in 0...16 {
            let radius = ClusterOptions().radius / (ClusterOptions().extent * pow(2, Double(zoom)))
            for case .cluster(let id, _, let centre) in clusterer.items(minX: 0, minY: 0, maxX: 1, maxY: 1, zoom: Double(zoom)) {
                let anchor = clusterer.anchor(of: .cluster(id: id, count: 2, position: centre), zoom: Double(zoom))
                if anchor != centre { moved += 1 }
                XCTAssertLessThanOrEqual(hypot(anchor.x - centre.x, anchor.y - centre.y), radius * 1.000001,
                                         "zoom \(zoom): the centre lies within the radius of the anchor")
                let children = clusterer.children(of: id).map { clusterer.anchor(of: $0, zoom: Double(zoom + 1)) }
                XCTAssertFalse(children.isEmpty)
            }
        }
        XCTAssertGreaterThan(moved, 100, "clusters made at a zoom stand at the item that gathered them")
    }
}

/// A build stops when asked: the map cancels it when its annotations change or it goes away.
final class ClusterCancellationTests: XCTestCase {
    func testCancellingStopsTheBuildAndProgressCountsUp() {
        let points = ClusterAnchorTests.crowded(60_000, seed: 9)
        final class Seen: @unchecked Sendable {
            let lock = NSLock()
            var values: [Double] = []
        }
        let seen = Seen()
        let full = PointClusterer(coordinates: points, options: ClusterOptions(), cancellation: Cancellation()) { done in
            seen.lock.withLock { seen.values.append(done) }
        }
        XCTAssertNotNil(full)
        XCTAssertEqual(seen.values, seen.values.sorted(), "progress only counts up")
        XCTAssertEqual(seen.values.count, 18, "a step per zoom 16…0, then done")
        XCTAssertEqual(seen.values.last, 1)

        let cancellation = Cancellation()
        let steps = Seen()
        let stopped = PointClusterer(coordinates: points, options: ClusterOptions(), cancellation: cancellation) { done in
            steps.lock.withLock { steps.values.append(done) }
            if done > 0.1 { cancellation.cancel() }
        }
        XCTAssertNil(stopped, "a cancelled build gives nothing")
        XCTAssertLessThanOrEqual(steps.values.count, 3, "and stops at the next zoom: \(steps.values)")
    }
}
