import CalloutMapCore
import XCTest

final class PointIndexTests: XCTestCase {
    /// A deterministic generator, so failures reproduce.
    struct Random {
        var state: UInt64
        mutating func next() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(1 << 53)
        }
    }

    func testRangeMatchesABruteForceScan() {
        var r = Random(state: 42)
        let points = (0..<20_000).map { _ in WorldPoint(x: r.next(), y: r.next()) }
        let index = PointIndex(points: points)
        for _ in 0..<50 {
            let x = r.next(), y = r.next(), w = r.next() * 0.1, h = r.next() * 0.1
            let got = Set(index.range(minX: x, minY: y, maxX: x + w, maxY: y + h))
            let want = Set(points.indices.filter { i in
                let p = points[i]
                let px = p.x < x ? p.x + 1 : p.x   // the part past the east edge wraps
                return px >= x && px <= x + w && p.y >= y && p.y <= y + h
            })
            XCTAssertEqual(got, want)
        }
    }

    func testRectanglesAcrossTheAntimeridianWrap() {
        let points = [WorldPoint(x: 0.001, y: 0.5), WorldPoint(x: 0.999, y: 0.5), WorldPoint(x: 0.5, y: 0.5)]
        let index = PointIndex(points: points)
        XCTAssertEqual(Set(index.range(minX: 0.99, minY: 0.4, maxX: 1.01, maxY: 0.6)), [0, 1])
        XCTAssertEqual(Set(index.range(minX: -0.01, minY: 0.4, maxX: 0.01, maxY: 0.6)), [0, 1])
        XCTAssertEqual(Set(index.range(minX: -3, minY: 0, maxX: 3, maxY: 1)), [0, 1, 2])
    }

    func testEmptyAndTinyIndexes() {
        XCTAssertEqual(PointIndex(points: []).range(minX: 0, minY: 0, maxX: 1, maxY: 1), [])
        XCTAssertEqual(PointIndex(points: [WorldPoint(x: 0.3, y: 0.3)]).range(minX: 0, minY: 0, maxX: 1, maxY: 1), [0])
    }

    func testAnnotationSetAddRemoveAndMove() {
        let set = AnnotationSet()
        let a = PointAnnotation(coordinate: Coordinate(latitude: 37.8, longitude: -122.4), title: "a")
        let b = PointAnnotation(coordinate: Coordinate(latitude: 40.7, longitude: -74.0), title: "b")
        let bad = PointAnnotation(coordinate: Coordinate(latitude: .nan, longitude: 0), title: "bad")
        XCTAssertEqual(set.add([a, b, a, bad]), 2, "no duplicates, no invalid coordinates")
        XCTAssertEqual(set.add([b, a]), 0, "adding them again changes nothing")
        XCTAssertEqual(set.annotations.map(\.title), ["a", "b"])
        XCTAssertEqual(set.order(of: a), 0, "each keeps its place")
        XCTAssertEqual(set.order(of: b), 1)
        XCTAssertEqual(set.worldPoint(of: b), WebMercator.worldPoint(for: b.coordinate))
        let sf = WebMercator.worldPoint(for: a.coordinate)
        func around(_ p: WorldPoint) -> [String?] {
            set.annotations(minX: p.x - 0.001, minY: p.y - 0.001, maxX: p.x + 0.001, maxY: p.y + 0.001).map(\.title)
        }
        XCTAssertEqual(around(sf), ["a"])
        b.coordinate = a.coordinate
        XCTAssertEqual(around(sf), ["a"], "the index only learns of a move when told")
        set.update(b)
        XCTAssertEqual(Set(around(sf).compactMap { $0 }), ["a", "b"])
        set.remove([a])
        XCTAssertEqual(around(sf), ["b"])
        XCTAssertFalse(set.contains(a))
        XCTAssertEqual(set.count, 1)
    }
}
