import CalloutMapCore
import XCTest

/// Regions as boxes of longitude and latitude: the box around places, and the view that shows a box.
final class RegionTests: XCTestCase {
    func testEnclosingBoxIsTheSmallestIncludingAcrossTheAntimeridian() throws {
        let bay = try XCTUnwrap(GeoBounds(enclosing: [Coordinate(latitude: 37.8, longitude: -122.5),
                                                      Coordinate(latitude: 37.3, longitude: -121.9),
                                                      Coordinate(latitude: 38.0, longitude: -122.2)]))
        XCTAssertEqual([bay.west, bay.south, bay.east, bay.north], [-122.5, 37.3, -121.9, 38.0])
        // Fiji and Samoa: 10° across the antimeridian, not 350° the other way round.
        let pacific = try XCTUnwrap(GeoBounds(enclosing: [Coordinate(latitude: -18, longitude: 178),
                                                          Coordinate(latitude: -14, longitude: -172)]))
        XCTAssertEqual(pacific.west, 178)
        XCTAssertEqual(pacific.east, -172)
        XCTAssertEqual(pacific.worldRect.width, 10.0 / 360, accuracy: 1e-12)
        XCTAssertNil(GeoBounds(enclosing: []))
        XCTAssertNil(GeoBounds(enclosing: [Coordinate(latitude: .nan, longitude: 0)]))
    }

    func testFittingShowsTheWholeBoxWithItsPaddingAndNoMore() throws {
        let size = Size(width: 800, height: 600)
        let start = Viewport(center: Coordinate(latitude: 0, longitude: 0), zoom: 2, size: size)
        for box in [GeoBounds(west: -122.5, south: 37.3, east: -121.9, north: 38.0)!,
                    GeoBounds(west: 178, south: -18, east: -172, north: -14)!,
                    GeoBounds(west: 2.2, south: 48.8, east: 2.5, north: 48.9)!] {
            let fitted = start.fitting(box, padding: 40)
            let corners = [Coordinate(latitude: box.north, longitude: box.west), Coordinate(latitude: box.south, longitude: box.east)]
            let points = corners.map { fitted.screenPoint(for: $0) }
            for p in points {
                XCTAssertTrue(fitted.bounds.insetBy(dx: 39.9, dy: 39.9).contains(p), "\(box): \(p) inside the padding")
            }
            // As close as it fits: one side of the box touches the padding.
            let spanX = abs(points[1].x - points[0].x), spanY = abs(points[1].y - points[0].y)
            XCTAssertTrue(abs(spanX - 720) < 0.5 || abs(spanY - 520) < 0.5, "\(box): \(spanX) × \(spanY)")
            // What it shows holds the box.
            let shown = fitted.visibleBounds
            XCTAssertLessThanOrEqual(shown.south, box.south)
            XCTAssertGreaterThanOrEqual(shown.north, box.north)
        }
        // A single point is not zoomed in without end.
        let point = GeoBounds(enclosing: [Coordinate(latitude: 48.85, longitude: 2.35)])!
        XCTAssertEqual(start.fitting(point).zoom, 17)
        XCTAssertEqual(start.fitting(point).centerCoordinate.latitude, 48.85, accuracy: 1e-9)
    }

    /// Room kept clear along one edge (a toast at the bottom): the box fits, centred, in what is left.
    func testFittingWithEdgePaddingCentresTheBoxInWhatTheInsetsLeave() throws {
        let size = Size(width: 800, height: 600)
        let start = Viewport(center: Coordinate(latitude: 0, longitude: 0), zoom: 2, size: size)
        let insets = EdgeInsets(top: 48, left: 48, bottom: 118, right: 48)
        for box in [GeoBounds(west: -87.9, south: 25.3, east: -80.3, north: 30.6)!,  // Florida: taller than wide
                    GeoBounds(west: 178, south: -18, east: -172, north: -14)!] {      // across the antimeridian
            let fitted = start.fitting(box, edgePadding: insets)
            let nw = fitted.screenPoint(for: Coordinate(latitude: box.north, longitude: box.west))
            let se = fitted.screenPoint(for: Coordinate(latitude: box.south, longitude: box.east))
            let room = Rect(x: 48, y: 48, width: 800 - 96, height: 600 - 48 - 118)
            for p in [nw, se] {
                XCTAssertTrue(room.insetBy(dx: -0.1, dy: -0.1).contains(p), "\(box): \(p) in the room the insets leave")
            }
            XCTAssertEqual((nw.x + se.x) / 2, room.center.x, accuracy: 0.5, "\(box): centred across the room")
            XCTAssertEqual((nw.y + se.y) / 2, room.center.y, accuracy: 0.5, "\(box): centred down the room")
            XCTAssertTrue(abs(se.x - nw.x - room.width) < 0.5 || abs(se.y - nw.y - room.height) < 0.5, "\(box): as close as it fits")
        }
        // The same room on every side is the plain padding.
        let box = GeoBounds(west: 2.2, south: 48.8, east: 2.5, north: 48.9)!
        let plain = start.fitting(box, padding: 40), even = start.fitting(box, edgePadding: EdgeInsets(all: 40))
        XCTAssertEqual(plain.zoom, even.zoom)
        XCTAssertEqual(plain.centerCoordinate.latitude, even.centerCoordinate.latitude, accuracy: 1e-9)
    }

    func testVisibleBoundsOfAViewWiderThanTheWorldIsEveryLongitude() {
        let world = Viewport(center: Coordinate(latitude: 0, longitude: 0), zoom: 0, size: Size(width: 1000, height: 800))
        XCTAssertEqual(world.visibleBounds.west, -180)
        XCTAssertEqual(world.visibleBounds.east, 180)
        XCTAssertEqual(world.bounds, Rect(x: 0, y: 0, width: 1000, height: 800))
    }

    func testBoxesIntersectWhenTheyShareAPointAcrossTheAntimeridianToo() throws {
        func box(_ w: Double, _ s: Double, _ e: Double, _ n: Double) throws -> GeoBounds {
            try XCTUnwrap(GeoBounds(west: w, south: s, east: e, north: n))
        }
        let helsinki = try box(24.935, 60.164, 24.953, 60.179)
        let sanFrancisco = try box(-122.6, 37.6, -122.3, 37.9)
        XCTAssertFalse(helsinki.intersects(sanFrancisco))
        XCTAssertTrue(helsinki.intersects(try box(24.9, 60.1, 25, 60.2)), "inside")
        XCTAssertTrue(helsinki.intersects(try box(24.953, 60.179, 26, 61)), "a corner shared")
        XCTAssertFalse(helsinki.intersects(try box(24.9, 60.18, 25, 60.2)), "north of it")
        let fiji = try box(177, -19, -178, -16)  // across the antimeridian
        XCTAssertTrue(fiji.intersects(try box(-179, -18, -179.5 + 1, -17)), "its eastern span")
        XCTAssertTrue(try box(178, -18, 179, -17).intersects(fiji), "its western span, either way round")
        XCTAssertFalse(fiji.intersects(try box(0, -18, 10, -17)))
        XCTAssertTrue(fiji.intersects(try box(170, 0, -170, 10)) == false, "beside it, not overlapping latitudes")
        XCTAssertTrue(fiji.intersects(try box(170, -20, -170, 10)), "two boxes across the antimeridian")
    }

    /// A point in a box, across the antimeridian too; a box in a box, the part of one in
    /// another; a map tile's box.
    func testContainingClippingAndTheWorldSquare() throws {
        let helsinki = try XCTUnwrap(GeoBounds(west: 24.9, south: 60.1, east: 25.0, north: 60.2))
        XCTAssertTrue(helsinki.contains(Coordinate(latitude: 60.1686, longitude: 24.9446)))
        XCTAssertTrue(helsinki.contains(Coordinate(latitude: 60.1, longitude: 25.0)), "edges included")
        XCTAssertFalse(helsinki.contains(Coordinate(latitude: 60.1686, longitude: 25.01)))
        XCTAssertFalse(helsinki.contains(Coordinate(latitude: 60.21, longitude: 24.95)))
        let fiji = try XCTUnwrap(GeoBounds(west: 177, south: -19, east: -179, north: -16))
        XCTAssertTrue(fiji.contains(Coordinate(latitude: -17.7, longitude: 178.4)))
        XCTAssertTrue(fiji.contains(Coordinate(latitude: -17.7, longitude: -179.5)))
        XCTAssertFalse(fiji.contains(Coordinate(latitude: -17.7, longitude: 0)))

        let centre = try XCTUnwrap(GeoBounds(west: 24.93, south: 60.15, east: 24.96, north: 60.18))
        XCTAssertTrue(helsinki.contains(centre))
        XCTAssertTrue(helsinki.contains(helsinki))
        let across = try XCTUnwrap(GeoBounds(west: 24.95, south: 60.15, east: 25.05, north: 60.18))
        XCTAssertFalse(helsinki.contains(across))
        XCTAssertEqual(across.clipped(to: helsinki), GeoBounds(west: 24.95, south: 60.15, east: 25.0, north: 60.18))
        XCTAssertNil(try XCTUnwrap(GeoBounds(west: 26, south: 60.15, east: 27, north: 60.18)).clipped(to: helsinki))
        XCTAssertNil(try XCTUnwrap(GeoBounds(west: 24.95, south: 61, east: 24.96, north: 62)).clipped(to: helsinki))

        let tile = GeoBounds(TileID(zoom: 1, x: 1, y: 0))
        XCTAssertEqual([tile.west, tile.east, tile.south], [0, 180, 0])
        XCTAssertEqual(tile.north, WebMercator.maxLatitude, accuracy: 1e-9)
    }
}
