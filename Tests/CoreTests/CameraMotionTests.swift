import CalloutMapCore
import XCTest

/// The camera's motion without a display: each input and frame moves a viewport exactly.
final class CameraMotionTests: XCTestCase {
    private let start = Viewport(center: Coordinate(latitude: 37.77, longitude: -122.42), zoom: 12, size: Size(width: 800, height: 600))

    func testAPressIsAClickUntilItMovesPastTheThresholdThenTheMapFollowsIt() {
        var motion = CameraMotion(), viewport = start
        let geo = viewport.coordinate(at: Point(x: 400, y: 300))
        motion.beginPress(at: Point(x: 400, y: 300))
        XCTAssertTrue(motion.isMoving && motion.isHeld && !motion.isAnimating)
        XCTAssertFalse(motion.movePress(by: Point(x: 2, y: 1)), "within the threshold: still a click")
        XCTAssertTrue(motion.movePress(by: Point(x: 60, y: -25)))
        motion.followDrag(to: Point(x: 60, y: -25), &viewport)
        motion.followDrag(to: Point(x: 120, y: -40), &viewport)
        let p = viewport.screenPoint(for: geo)
        XCTAssertEqual(p.x, 520, accuracy: 1e-6)
        XCTAssertEqual(p.y, 260, accuracy: 1e-6)
        XCTAssertTrue(motion.dragMovedMap)
        XCTAssertEqual(motion.endPress()?.isDrag, true)
        XCTAssertNil(motion.endPress(), "one end per press")
        XCTAssertFalse(motion.isMoving)
    }

    func testAFlingGlidesOnSlowsDownAndStops() {
        var motion = CameraMotion(), viewport = start
        motion.beginPress(at: Point(x: 400, y: 300))
        XCTAssertFalse(motion.fling(velocity: Point(x: 1500, y: 0), at: 0), "no glide when the drag did not move the map")
        _ = motion.movePress(by: Point(x: 100, y: 0))
        motion.followDrag(to: Point(x: 100, y: 0), &viewport)
        motion.endPress()
        XCTAssertFalse(motion.fling(velocity: Point(x: 50, y: 0), at: 0), "too slow to glide")
        XCTAssertTrue(motion.fling(velocity: Point(x: 1500, y: 0), at: 10))
        let before = viewport.center
        var t = 10.0, steps: [Double] = []
        while motion.advance(to: t + 1.0 / 60, &viewport) {
            t += 1.0 / 60
            steps.append(t)
            XCTAssertLessThan(steps.count, 200, "stops")
            if steps.count >= 200 { break }
        }
        let travelled = (before.x - viewport.center.x) * viewport.worldSize
        XCTAssertGreaterThan(travelled, 1500 * KineticPan.timeConstant * 0.9)
        XCTAssertLessThanOrEqual(travelled, 1500 * KineticPan.timeConstant + 1e-6)
        XCTAssertFalse(motion.isMoving)
    }

    func testAZoomAnimationKeepsItsAnchorPutAndLandsOnItsTarget() {
        var motion = CameraMotion(), viewport = start
        let anchor = Point(x: 600, y: 150)
        let geo = viewport.coordinate(at: anchor)
        motion.animateZoom(to: 13, keeping: anchor, from: viewport, at: 5)
        XCTAssertTrue(motion.isZooming && motion.isAnimating && !motion.isHeld)
        XCTAssertEqual(motion.zoomTarget(from: viewport), 13, "a further step adds to where it is going")
        XCTAssertTrue(motion.advance(to: 5.1, &viewport))
        XCTAssertGreaterThan(viewport.zoom, 12.5)
        XCTAssertLessThan(viewport.zoom, 13)
        XCTAssertEqual(viewport.screenPoint(for: geo).x, anchor.x, accuracy: 1e-6)
        XCTAssertFalse(motion.advance(to: 5 + ZoomAnimation.duration, &viewport))
        XCTAssertEqual(viewport.zoom, 13)
        XCTAssertEqual(viewport.screenPoint(for: geo).y, anchor.y, accuracy: 1e-6)
        XCTAssertFalse(motion.isZooming)
    }

    func testStoppingLandsAnimationsWhereTheyWereGoingAndDropsAGlide() {
        var motion = CameraMotion(), viewport = start
        motion.animatePan(by: Point(x: 100, y: -30), at: 0)
        _ = motion.advance(to: 0.05, &viewport)
        motion.stop(&viewport)
        var expected = start
        expected.pan(by: Point(x: 100, y: -30))
        XCTAssertEqual(viewport.center.x, expected.center.x, accuracy: 1e-12)
        XCTAssertEqual(viewport.center.y, expected.center.y, accuracy: 1e-12)
        let anchor = Point(x: 200, y: 500)
        let geo = viewport.coordinate(at: anchor)
        motion.animateZoom(to: 14, keeping: anchor, from: viewport, at: 1)
        _ = motion.advance(to: 1.05, &viewport)
        motion.stop(&viewport)
        XCTAssertEqual(viewport.zoom, 14)
        XCTAssertEqual(viewport.screenPoint(for: geo).x, anchor.x, accuracy: 1e-6)
        XCTAssertFalse(motion.isAnimating)
        motion.beginPress(at: anchor)
        _ = motion.movePress(by: Point(x: 50, y: 0))
        motion.followDrag(to: Point(x: 50, y: 0), &viewport)
        motion.endPress()
        XCTAssertTrue(motion.fling(velocity: Point(x: 900, y: 0), at: 2))
        let landed = viewport
        motion.stop(&viewport)
        XCTAssertFalse(motion.advance(to: 2.1, &viewport), "the glide is dropped, not landed")
        XCTAssertEqual(viewport.center, landed.center)
    }

    func testAPinchZoomsByTheFingersScaleRelativeToWhereItBegan() {
        var motion = CameraMotion(), viewport = start
        let anchor = Point(x: 500, y: 200)
        let geo = viewport.coordinate(at: anchor)
        XCTAssertFalse(motion.pinch(scale: 2, around: anchor, &viewport), "no pinch under way")
        motion.animateZoom(to: 15, keeping: anchor, from: viewport, at: 0)
        motion.beginPinch(&viewport)
        XCTAssertEqual(viewport.zoom, 15, "a pinch lands the zoom animation first")
        XCTAssertTrue(motion.isZooming && motion.isHeld && !motion.isAnimating)
        XCTAssertTrue(motion.pinch(scale: 2, around: anchor, &viewport))
        XCTAssertEqual(viewport.zoom, 16, accuracy: 1e-9)
        XCTAssertTrue(motion.pinch(scale: 0.5, around: anchor, &viewport))
        XCTAssertEqual(viewport.zoom, 14, accuracy: 1e-9)
        XCTAssertEqual(viewport.screenPoint(for: geo).x, anchor.x, accuracy: 1e-6, "between the fingers stays put")
        XCTAssertTrue(motion.endPinch())
        XCTAssertFalse(motion.endPinch())
        XCTAssertFalse(motion.isZooming)
    }

    func testAMoveLandsOnItsTargetByAPanOrByOneZoom() {
        for zoom in [12.0, 14.5, 9] {
            var motion = CameraMotion(), viewport = start
            let target = Viewport(center: Coordinate(latitude: 37.80, longitude: -122.27), zoom: zoom, size: start.size)
            motion.animateMove(from: &viewport, to: target, at: 0)
            XCTAssertEqual(motion.isZooming, zoom != 12, "zoom \(zoom)")
            var t = 0.0
            while motion.advance(to: t, &viewport) { t += 1.0 / 60 }
            XCTAssertEqual(viewport.zoom, zoom, accuracy: 1e-9)
            XCTAssertEqual(viewport.center.x, target.center.x, accuracy: 1e-9, "zoom \(zoom)")
            XCTAssertEqual(viewport.center.y, target.center.y, accuracy: 1e-9, "zoom \(zoom)")
        }
    }
}
