import CalloutMapCore
import Foundation
import XCTest

/// Values that are not numbers — from a client's bug or a damaged file — never reach an
/// integer conversion: projection, tiles, the camera, the index, the clusterer and the hit
/// grid all take NaN and infinities without trapping.
final class NonFiniteInputTests: XCTestCase {
    let bad: [Double] = [.nan, .infinity, -.infinity, .greatestFiniteMagnitude, -.greatestFiniteMagnitude]

    func testProjectionAndTilesTakeAnyCoordinate() {
        for lat in bad + [0, 90, -90] {
            for lon in bad + [0, 180, -180, 540] {
                let c = Coordinate(latitude: lat, longitude: lon)
                let p = WebMercator.worldPoint(for: c)
                XCTAssertTrue(p.x.isFinite && p.y.isFinite, "\(c)")
                for z in [0, 5, 19] { _ = TileID(containing: c, zoom: z) }
            }
        }
    }

    func testTheCameraIgnoresValuesThatAreNotNumbers() {
        var v = Viewport(center: Coordinate(latitude: .nan, longitude: 0), zoom: .nan, size: Size(width: 800, height: 600))
        XCTAssertTrue(v.zoom.isFinite)
        v = Viewport(center: Coordinate(latitude: 37.7, longitude: -122.4), zoom: 12, size: Size(width: 800, height: 600))
        let before = v.centerCoordinate
        v.pan(by: Point(x: .nan, y: 3))
        v.pan(by: Point(x: .infinity, y: 0))
        v.setZoom(.nan)
        v.setZoom(14, keeping: Point(x: .nan, y: 0))
        XCTAssertEqual(v.zoom, 12)
        XCTAssertEqual(v.centerCoordinate.latitude, before.latitude, accuracy: 1e-9)
        v.centerCoordinate = Coordinate(latitude: .infinity, longitude: .nan)
        XCTAssertTrue(v.centerCoordinate.latitude.isFinite && v.centerCoordinate.longitude.isFinite)
        _ = v.visibleTiles()
        v.setZoom(1e300)
        XCTAssertEqual(v.zoom, Viewport.zoomRange.upperBound)
    }

    func testTheIndexClustererAndHitGridTakeThem() {
        var coordinates: [Coordinate?] = []
        for lat in bad { for lon in bad { coordinates.append(Coordinate(latitude: lat, longitude: lon)) } }
        coordinates += [nil, Coordinate(latitude: 37.7, longitude: -122.4), Coordinate(latitude: 37.7, longitude: -122.4)]
        let clusterer = PointClusterer(coordinates: coordinates)
        for z in 0...20 { _ = clusterer.items(minX: 0, minY: 0, maxX: 1, maxY: 1, zoom: Double(z)) }
        _ = clusterer.items(minX: .nan, minY: -.infinity, maxX: .infinity, maxY: .nan, zoom: .nan)
        let index = PointIndex(points: coordinates.compactMap { $0.map(WebMercator.worldPoint(for:)) })
        _ = index.range(minX: .nan, minY: 0, maxX: 1, maxY: .infinity)
        _ = index.within(x: .nan, y: 0.5, radius: .infinity)
        let grid = HitGrid(rects: bad.map { Rect(x: $0, y: 0, width: 10, height: $0) } + [Rect(x: 0, y: 0, width: 10, height: 10)])
        XCTAssertTrue(grid.candidates(at: Point(x: 5, y: 5)).contains(Int32(bad.count)), "the real rectangle is still found")
        XCTAssertEqual(Array(grid.candidates(at: Point(x: .nan, y: .infinity))), [])
    }
}
