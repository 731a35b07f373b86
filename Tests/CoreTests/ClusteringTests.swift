import CalloutMapCore
import Foundation
import XCTest

/// The clusterer against supercluster's own fixture and its answers.
final class ClusteringTests: XCTestCase {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    /// The fixture's points in file order; the feature without geometry stays as nil.
    func places() throws -> [Coordinate?] {
        let data = try Data(contentsOf: Self.fixtures.appendingPathComponent("supercluster-places.json"))
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
        let features = try XCTUnwrap(json["features"] as? [[String: Any]])
        return features.map { f in
            guard let g = f["geometry"] as? [String: Any], let c = g["coordinates"] as? [Double] else { return nil }
            return Coordinate(latitude: c[1], longitude: c[0])
        }
    }

    func expected() throws -> (counts: [Int], expansion: [Int: Int]) {
        let data = try Data(contentsOf: Self.fixtures.appendingPathComponent("supercluster-places-expected.json"))
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
        let counts = try XCTUnwrap(json["counts"] as? [Int])
        let raw = try XCTUnwrap(json["expansion"] as? [String: Int])
        return (counts, Dictionary(uniqueKeysWithValues: raw.map { (Int($0.key)!, $0.value) }))
    }

    func testSameItemCountsAsSuperclusterAtEveryZoom() throws {
        let points = try places()
        XCTAssertEqual(points.count, 163)
        XCTAssertEqual(points.compactMap { $0 }.count, 162)
        let clusterer = PointClusterer(coordinates: points)
        let counts = (0...17).map { clusterer.itemCount(zoom: $0) }
        XCTAssertEqual(counts, try expected().counts)
    }

    func testSameClusterIdsAndExpansionZooms() throws {
        let clusterer = PointClusterer(coordinates: try places())
        let (_, expansion) = try expected()
        XCTAssertGreaterThan(expansion.count, 50)
        var seen = Set<Int>()
        for z in 0...16 {
            for case .cluster(let id, _, _) in clusterer.items(minX: 0, minY: 0, maxX: 1, maxY: 1, zoom: Double(z)) {
                guard let want = expansion[id] else { XCTFail("cluster \(id) is not supercluster's"); continue }
                XCTAssertEqual(clusterer.expansionZoom(of: id), want, "cluster \(id)")
                seen.insert(id)
            }
        }
        XCTAssertEqual(seen, Set(expansion.keys), "every one of supercluster's cluster ids, and no other")
    }

    func testChildrenAndLeavesAddUp() throws {
        let clusterer = PointClusterer(coordinates: try places())
        // supercluster's own test: cluster 164's children hold 6, 7, 2 and 1 points.
        let counts = clusterer.children(of: 164).map { item -> Int in
            if case .cluster(_, let n, _) = item { return n } else { return 1 }
        }
        XCTAssertEqual(counts, [6, 7, 2, 1])
        for case .cluster(let id, let count, _) in clusterer.items(minX: 0, minY: 0, maxX: 1, maxY: 1, zoom: 0) {
            XCTAssertEqual(clusterer.leaves(of: id, limit: .max).count, count)
        }
        XCTAssertEqual(clusterer.leaves(of: 164, limit: 5, offset: 10).count, 5)
    }

    func testOptionsChangeTheResult() throws {
        var options = ClusterOptions()
        options.minPoints = 5
        let strict = PointClusterer(coordinates: try places(), options: options)
        let loose = PointClusterer(coordinates: try places())
        XCTAssertGreaterThan(strict.itemCount(zoom: 2), loose.itemCount(zoom: 2), "fewer points merge")
        XCTAssertEqual(strict.itemCount(zoom: 17), 162, "nothing clusters past maxZoom")
    }
}
