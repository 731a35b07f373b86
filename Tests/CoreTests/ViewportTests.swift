import CalloutMapCore
import XCTest

final class ViewportTests: XCTestCase {
    let sf = Coordinate(latitude: 37.7749, longitude: -122.4194)
    let size = Size(width: 1280, height: 800)

    func testCentreIsInTheMiddleOfTheView() {
        let v = Viewport(center: sf, zoom: 12, size: size)
        let p = v.screenPoint(for: sf)
        XCTAssertEqual(p.x, 640, accuracy: 1e-6)
        XCTAssertEqual(p.y, 400, accuracy: 1e-6)
        let c = v.coordinate(at: Point(x: 640, y: 400))
        XCTAssertEqual(c.latitude, sf.latitude, accuracy: 1e-9)
        XCTAssertEqual(c.longitude, sf.longitude, accuracy: 1e-9)
    }

    func testPanMovesContentWithThePointer() {
        var v = Viewport(center: sf, zoom: 12, size: size)
        let before = v.screenPoint(for: sf)
        v.pan(by: Point(x: 150, y: -80))
        let after = v.screenPoint(for: sf)
        XCTAssertEqual(after.x - before.x, 150, accuracy: 1e-6)
        XCTAssertEqual(after.y - before.y, -80, accuracy: 1e-6)
    }

    func testZoomKeepsTheAnchorFixed() {
        var v = Viewport(center: sf, zoom: 12, size: size)
        let anchor = Point(x: 900, y: 250)
        let geo = v.coordinate(at: anchor)
        for z in [12.5, 15.0, 9.25, 19.0] {
            v.setZoom(z, keeping: anchor)
            let p = v.screenPoint(for: geo)
            XCTAssertEqual(p.x, anchor.x, accuracy: 1e-6, "zoom \(z)")
            XCTAssertEqual(p.y, anchor.y, accuracy: 1e-6, "zoom \(z)")
        }
    }

    func testZoomIsClampedToTheSupportedRange() {
        var v = Viewport(center: sf, zoom: 25, size: size)
        XCTAssertEqual(v.zoom, 19)
        v.setZoom(-3)
        XCTAssertEqual(v.zoom, 0)
    }

    func testWorldWrapsHorizontally() {
        var v = Viewport(center: Coordinate(latitude: 0, longitude: 179), zoom: 4, size: size)
        v.pan(by: Point(x: -200, y: 0))  // moves east across the antimeridian
        // 200 px at zoom 4 is 200/4096 of the world: 17.58°, from 179°E to 163.42°W.
        XCTAssertEqual(v.centerCoordinate.longitude, 179 + 17.578125 - 360, accuracy: 1e-9)
        XCTAssertGreaterThanOrEqual(v.center.x, 0)
        XCTAssertLessThan(v.center.x, 1)
        // A place just west of the antimeridian appears left of centre, not a world away.
        let fiji = v.screenPoint(for: Coordinate(latitude: 0, longitude: 178))
        XCTAssertEqual(fiji.x, 640 - (360 - 178 - 163.421875) / 360 * 4096, accuracy: 1e-6)
        // Tiles at the seam name their wrapped content.
        let columns = Set(v.visibleTiles().map { $0.tile.wrapped.x })
        XCTAssertTrue(columns.contains(15) && columns.contains(0), "\(columns)")
    }

    func testPolesNeverScrollIntoView() {
        var v = Viewport(center: Coordinate(latitude: 84, longitude: 0), zoom: 3, size: size)
        XCTAssertEqual(v.screenPoint(for: WorldPoint(x: v.center.x, y: 0)).y, 0, accuracy: 1e-6)
        v.pan(by: Point(x: 0, y: 5000))
        XCTAssertEqual(v.screenPoint(for: WorldPoint(x: v.center.x, y: 0)).y, 0, accuracy: 1e-6)
        v.pan(by: Point(x: 0, y: -50000))
        XCTAssertEqual(v.screenPoint(for: WorldPoint(x: v.center.x, y: 1)).y, 800, accuracy: 1e-6)
        // A world smaller than the view sits in its middle.
        let small = Viewport(center: Coordinate(latitude: 70, longitude: 0), zoom: 1, size: size)
        XCTAssertEqual(small.center.y, 0.5)
    }

    func testVisibleTilesCoverTheViewWithoutGaps() {
        for zoom in [12.0, 12.4, 11.6, 3.0] {
            let v = Viewport(center: sf, zoom: zoom, size: size)
            let tiles = v.visibleTiles(deviceScale: 2)
            XCTAssertEqual(tiles.first?.tile.zoom, Int(zoom.rounded()))
            for y in stride(from: 0.25, to: 800, by: 37.0) {
                for x in stride(from: 0.25, to: 1280, by: 41.0) {
                    let hits = tiles.filter { $0.frame.contains(Point(x: x, y: y)) }.count
                    XCTAssertEqual(hits, 1, "zoom \(zoom) at \(x),\(y)")
                }
            }
            for t in tiles {  // edges on device pixels
                XCTAssertEqual(t.frame.minX * 2, (t.frame.minX * 2).rounded(), accuracy: 1e-9)
                XCTAssertEqual(t.frame.maxY * 2, (t.frame.maxY * 2).rounded(), accuracy: 1e-9)
            }
        }
    }

    func testResizeKeepsCentre() {
        var v = Viewport(center: sf, zoom: 12, size: size)
        v.size = Size(width: 400, height: 300)
        XCTAssertEqual(v.centerCoordinate.latitude, sf.latitude, accuracy: 1e-9)
    }
}
