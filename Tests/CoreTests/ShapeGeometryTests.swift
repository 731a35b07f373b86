import CalloutMapCore
import Foundation
import XCTest

/// Shapes on the screen: hit-testing by the rules the map uses, simplification per zoom,
/// clipping to the view, the antimeridian, and lengths and areas.
final class ShapeGeometryTests: XCTestCase {
    func c(_ lat: Double, _ lon: Double) -> Coordinate { Coordinate(latitude: lat, longitude: lon) }

    /// A view of 800×600 at zoom 10 centred on 0, 0.
    let view = Viewport(center: Coordinate(latitude: 0, longitude: 0), zoom: 10, size: Size(width: 800, height: 600))

    /// Whether a click at a screen point hits, with `pixels` of slack around lines and outlines.
    func hits(_ shape: ProjectedShape, _ x: Double, _ y: Double, pixels: Double = 8) -> Bool {
        shape.hit(view.worldPoint(at: Point(x: x, y: y)), strokeTolerance: pixels / view.worldSize, zoom: view.zoom)
    }

    func testALineIsHitWithinItsToleranceOnly() {
        // A horizontal line through the view's centre, from x = 144 to 656 on screen.
        let line = ProjectedShape(.lines([[c(0, -0.5), c(0, 0.5)]]))
        let center = view.screenPoint(for: c(0, 0))
        XCTAssertEqual(center, Point(x: 400, y: 300))
        XCTAssertTrue(hits(line, 400, 300))
        XCTAssertTrue(hits(line, 400, 307.9), "within half its width plus 6 px (8 here)")
        XCTAssertFalse(hits(line, 400, 308.5))
        XCTAssertFalse(hits(line, 400, 290))
        let end = view.screenPoint(for: c(0, 0.5)).x
        XCTAssertTrue(hits(line, end + 7, 300), "round past its end")
        XCTAssertFalse(hits(line, end + 9, 300))
        // A long zigzag is tested run by run: every run's segments are found, none is skipped.
        let zigzag = (0..<1000).map { i in view.coordinate(at: Point(x: 100 + Double(i) * 0.6, y: i % 2 == 0 ? 250 : 350)) }
        let long = ProjectedShape(.lines([zigzag]))
        for i in [0, 31, 32, 33, 500, 997, 998] {
            let x = 100 + (Double(i) + 0.5) * 0.6
            XCTAssertTrue(hits(long, x, 300, pixels: 1), "segment \(i)")
        }
        XCTAssertFalse(hits(long, 720, 300, pixels: 1), "past its end")
        let ring = (0..<1000).map { i -> Coordinate in
            let a = Double(i) / 1000 * 2 * .pi
            return view.coordinate(at: Point(x: 400 + 200 * cos(a), y: 300 + 200 * sin(a)))
        }
        let disc = ProjectedShape(.areas([PolygonRings(exterior: ring)]))
        for (x, y) in [(400.0, 300.0), (590.0, 300.0), (400.0, 110.0), (260.0, 440.0)] {
            XCTAssertTrue(hits(disc, x, y, pixels: 0), "inside at \(x), \(y)")
        }
        for (x, y) in [(610.0, 300.0), (400.0, 90.0), (100.0, 300.0)] {
            XCTAssertFalse(hits(disc, x, y, pixels: 0), "outside at \(x), \(y)")
        }
    }

    func testEmptyAndDegenerateShapesAreHarmless() {
        // What a library user may hand over: no positions, one position, parts of none.
        for geometry: OverlayGeometry in [.lines([]), .lines([[]]), .lines([[c(0, 0)]]), .areas([]), .areas([PolygonRings(exterior: [])]),
                                          .areas([PolygonRings(exterior: [c(0, 0), c(0, 0.001)])]), .lines([[c(0, 0)], [], [c(0, 0), c(0, 0)]])] {
            let shape = ProjectedShape(geometry)
            _ = shape.screenPaths(in: view, clip: view.bounds)
            for zoom in [0.0, 10, 19] {
                _ = shape.hit(view.worldPoint(at: Point(x: 400, y: 300)), strokeTolerance: 8 / view.worldSize, zoom: zoom)
            }
        }
        XCTAssertTrue(hits(ProjectedShape(.lines([[c(0, 0)]])), 403, 300), "a line of one position is hit round it")
    }

    func testAPolygonIsHitInsideButNotInItsHoles() {
        let park = ProjectedShape(.areas([PolygonRings(exterior: [c(-0.2, -0.2), c(-0.2, 0.2), c(0.2, 0.2), c(0.2, -0.2)],
                                                       holes: [[c(-0.05, -0.05), c(-0.05, 0.05), c(0.05, 0.05), c(0.05, -0.05)]])]))
        let inside = view.screenPoint(for: c(0.1, 0.1)), lake = view.screenPoint(for: c(0, 0)), outside = view.screenPoint(for: c(0.3, 0.3))
        XCTAssertTrue(hits(park, inside.x, inside.y))
        XCTAssertFalse(hits(park, lake.x, lake.y), "a hole is not the polygon")
        XCTAssertFalse(hits(park, outside.x, outside.y))
        let shore = view.screenPoint(for: c(0, 0.05))
        XCTAssertTrue(hits(park, shore.x + 5, shore.y), "the hole's outline is the polygon's stroke")
    }

    func testALabelPointIsInsideTheAreaNeverInAHole() {
        // A square with a big hole in the middle: the box's centre is in the hole.
        let frame = ProjectedShape(.areas([PolygonRings(exterior: [c(-0.2, -0.2), c(-0.2, 0.2), c(0.2, 0.2), c(0.2, -0.2)],
                                                        holes: [[c(-0.15, -0.1), c(-0.15, 0.1), c(0.15, 0.1), c(0.15, -0.1)]])]))
        let p = frame.labelPoint
        XCTAssertTrue(frame.hit(p, strokeTolerance: 0, zoom: 10), "inside the frame")
        XCTAssertEqual(WebMercator.coordinate(for: p).latitude, 0, accuracy: 1e-9)
        XCTAssertEqual(abs(WebMercator.coordinate(for: p).longitude), 0.15, accuracy: 1e-9, "in the middle of a side strip")
        let line = ProjectedShape(.lines([[c(0, 0), c(0, 1), c(0, 2)], [c(5, 5), c(5, 6)]]))
        XCTAssertEqual(WebMercator.coordinate(for: line.labelPoint).longitude, 1, accuracy: 1e-9, "the longest part's middle")
    }

    func testOverlappingPartsOfAMultiPolygonNeverCutEachOther() {
        let a = PolygonRings(exterior: [c(-0.2, -0.2), c(-0.2, 0.1), c(0.1, 0.1), c(0.1, -0.2)])
        let b = PolygonRings(exterior: [c(-0.1, -0.1), c(-0.1, 0.2), c(0.2, 0.2), c(0.2, -0.1)])
        let both = ProjectedShape(.areas([a, b]))
        let overlap = view.screenPoint(for: c(0, 0))
        XCTAssertTrue(hits(both, overlap.x, overlap.y, pixels: 0), "inside both parts is inside")
        XCTAssertEqual(both.groups.count, 2, "drawn as two fills")
    }

    func testSimplifiedPerZoomToHalfAPixelKeepingTheEnds() {
        // 100,000 points along a wiggle: far more than a screen shows at a low zoom.
        let points = (0..<100_000).map { i in c(sin(Double(i) / 50) * 0.01, -10 + Double(i) * 0.0002) }
        let line = ProjectedShape(.lines([points]))
        let far = line.rings(atZoom: 3)[0], near = line.rings(atZoom: 16)[0]
        XCTAssertLessThan(far.count, 100, "zoom 3: \(far.count) points")
        XCTAssertGreaterThan(near.count, far.count * 10, "zoom 16: \(near.count) points")
        XCTAssertEqual(far.first, line.rings[0].first)
        XCTAssertEqual(far.last, line.rings[0].last)
        // No kept point strays: every original point is within half a pixel at zoom 3 of the simplified line.
        let tolerance = 0.5 / (256 * 8)
        for p in line.rings[0].enumerated().filter({ $0.offset % 997 == 0 }).map(\.element) {
            let d = zip(far, far.dropFirst()).map { LineSimplifier.squaredDistance(p, toSegment: $0, $1) }.min()!
            XCTAssertLessThanOrEqual(d.squareRoot(), tolerance * 1.0001)
        }
    }

    func testDrawingIsClippedToTheView() {
        // A square much bigger than the view: its drawn ring is the clip rectangle.
        let big = ProjectedShape(.areas([PolygonRings(exterior: [c(-5, -5), c(-5, 5), c(5, 5), c(5, -5)])]))
        let clip = Rect(x: -10, y: -10, width: 820, height: 620)
        let paths = big.screenPaths(in: view, clip: clip)
        XCTAssertEqual(paths.count, 1)
        XCTAssertEqual(Set(paths[0][0]), [Point(x: -10, y: -10), Point(x: 810, y: -10), Point(x: 810, y: 610), Point(x: -10, y: 610)])
        // A line crossing the view once, then off screen and back: two runs.
        let zigzag = ProjectedShape(.lines([[c(0, -5), c(0, 5), c(3, 5), c(0.1, -5)]]))
        let runs = zigzag.screenPaths(in: view, clip: clip)
        XCTAssertEqual(runs.first?.count, 2, "the segment beyond the view's top is not drawn")
        XCTAssertTrue(ProjectedShape(.lines([[c(10, 10), c(11, 11)]])).screenPaths(in: view, clip: clip).isEmpty)
    }

    func testALineAcrossTheAntimeridianIsShortAndDrawnWhereItIs() {
        let ferry = ProjectedShape(.lines([[c(-17, 179), c(-18, -179)]]))
        XCTAssertEqual(ferry.bounds.width, 2.0 / 360, accuracy: 1e-12, "2° long, not 358°")
        var pacific = Viewport(center: c(-17.5, 180), zoom: 6, size: Size(width: 800, height: 600))
        XCTAssertEqual(ferry.screenPaths(in: pacific, clip: pacific.bounds).first?.first?.count, 2)
        pacific.centerCoordinate = c(-17.5, -179.5)
        XCTAssertEqual(ferry.screenPaths(in: pacific, clip: pacific.bounds).count, 1, "seen from the other side")
    }

    func testLengthsAndAreasAsAPersonReadsThem() {
        XCTAssertEqual(ShapeMeasure.length([c(0, 0), c(0, 1)]), 111_195, accuracy: 1, "a degree of the equator")
        let square = [c(0, 0), c(0, 1), c(1, 1), c(1, 0), c(0, 0)]
        XCTAssertEqual(ShapeMeasure.area(square) / 1e6, 12_364, accuracy: 2, "a degree square at the equator, km²")
        let holed = PolygonRings(exterior: square, holes: [[c(0.25, 0.25), c(0.25, 0.75), c(0.75, 0.75), c(0.75, 0.25)]])
        XCTAssertEqual(ShapeMeasure.area(holed) / ShapeMeasure.area(square), 0.75, accuracy: 0.001)
        XCTAssertEqual(ShapeMeasure.text(of: .lines([[c(37.8, -122.4), c(37.8, -122.4263)]])), "2.3 km")
        XCTAssertEqual(ShapeMeasure.text(of: .lines([[c(0, 0), c(0, 0.005)]])), "556 m")
        XCTAssertEqual(ShapeMeasure.text(of: .areas([PolygonRings(exterior: [c(0, 0), c(0, 0.006), c(0.006, 0.006), c(0.006, 0)])])), "0.4 km²")
    }
}

/// Dashes drawn with round caps look as written (issue 42, item 9: `[8, 4]` at width 5 drew solid).
final class LineDashTests: XCTestCase {
    func testDashesAreShortenedAndGapsLengthenedByTheCaps() {
        func dash(_ pattern: [Double], width: Double) -> [Double]? { OverlayStyle(lineWidth: width, lineDash: pattern).strokedDash(width: width) }
        XCTAssertEqual(dash([8, 4], width: 5), [3, 9], "8 seen = 3 + two half caps; 4 seen = 9 − two half caps")
        XCTAssertEqual(dash([2, 6], width: 5), [0, 11], "a dash shorter than the caps is a dot")
        XCTAssertEqual(dash([0, 10], width: 3), [0, 13], "dots")
        XCTAssertEqual(dash([6], width: 2), [4, 8], "one length: dashes and gaps alike")
        XCTAssertEqual(dash([2, 3, 4], width: 1), [1, 4, 3, 3, 2, 5], "an odd pattern alternates written out twice")
        XCTAssertNil(dash([], width: 5), "solid")
        XCTAssertNil(dash([0, 0], width: 5), "nothing to draw: solid")
        XCTAssertNil(dash([-1, 4], width: 5))
        XCTAssertNil(dash([.nan, 4], width: 5))
    }
}
