import CCalloutMapGtk
import CalloutMapCore
import CalloutMapGtk
@testable import CalloutMapWidget
import XCTest

/// The map widget's input handling, driven through its real controllers' signals.
final class MapViewInputTests: XCTestCase {
    override func setUpWithError() throws {
        try XCTSkipUnless(MainActor.assumeIsolated { GtkTestSupport.hasDisplay }, "needs a display")
    }

    final class RegionLog: MapViewDelegate {
        var settled = 0
        func mapView(_ mapView: MapView, regionDidChangeAnimated animated: Bool) { settled += 1 }
    }

    func testDragPansByExactlyTheDragDistance() {
        MainActor.assumeIsolated {
            let (window, map) = GtkTestSupport.mapWindow()
            defer { gtk_window_destroy(cm_window(window)) }
            let log = RegionLog()
            map.delegate = log
            let sf = map.centerCoordinate
            let start = map.viewport.screenPoint(for: sf)
            let drag = GtkTestSupport.controller("GtkGestureDrag", of: map.widget)!
            cm_emit_drag(drag, "drag-begin", 400, 300)
            cm_emit_drag(drag, "drag-update", 2, 1)      // within the click threshold: not yet a drag
            XCTAssertEqual(map.viewport.screenPoint(for: sf).x, start.x, accuracy: 1e-9)
            cm_emit_drag(drag, "drag-update", 60, -25)
            cm_emit_drag(drag, "drag-update", 120, -40)
            XCTAssertEqual(log.settled, 0, "still moving")
            cm_emit_drag(drag, "drag-end", 120, -40)
            let end = map.viewport.screenPoint(for: sf)
            XCTAssertEqual(end.x - start.x, 120, accuracy: 1e-6)
            XCTAssertEqual(end.y - start.y, -40, accuracy: 1e-6)
            GtkTestSupport.spin()
            XCTAssertEqual(log.settled, 1, "one region change when the drag settles")
        }
    }

    func testWheelZoomKeepsThePointUnderThePointer() {
        MainActor.assumeIsolated {
            let (window, map) = GtkTestSupport.mapWindow()
            defer { gtk_window_destroy(cm_window(window)) }
            let motion = GtkTestSupport.controller("GtkEventControllerMotion", of: map.widget)!
            cm_emit_drag(motion, "motion", 600, 150)
            let geo = map.viewport.coordinate(at: Point(x: 600, y: 150))
            let scroll = GtkTestSupport.controller("GtkEventControllerScroll", of: map.widget)!
            XCTAssertNotEqual(cm_emit_scroll(scroll, 0, -1), 0, "handled")
            MainLoop.iterate(until: { !map.isMoving }, timeout: 2)
            XCTAssertGreaterThan(map.zoom, 12)
            let p = map.viewport.screenPoint(for: geo)
            XCTAssertEqual(p.x, 600, accuracy: 0.5)
            XCTAssertEqual(p.y, 150, accuracy: 0.5)
        }
    }

    func testKeysZoomAndPan() {
        MainActor.assumeIsolated {
            let (window, map) = GtkTestSupport.mapWindow()
            defer { gtk_window_destroy(cm_window(window)) }
            let keys = GtkTestSupport.controller("GtkEventControllerKey", of: map.widget)!
            XCTAssertNotEqual(cm_emit_key(keys, guint(GDK_KEY_plus), 0, GdkModifierType(0)), 0)
            MainLoop.iterate(until: { !map.isMoving }, timeout: 2)
            XCTAssertEqual(map.zoom, 13, accuracy: 1e-9)
            _ = cm_emit_key(keys, guint(GDK_KEY_minus), 0, GdkModifierType(0))
            _ = cm_emit_key(keys, guint(GDK_KEY_minus), 0, GdkModifierType(0))
            MainLoop.iterate(until: { !map.isMoving }, timeout: 2)
            XCTAssertEqual(map.zoom, 11, accuracy: 1e-9)
            let before = map.viewport.center
            _ = cm_emit_key(keys, guint(GDK_KEY_Right), 0, GdkModifierType(0))
            XCTAssertGreaterThan(map.viewport.center.x, before.x, "Right shows what is east")
            XCTAssertEqual(cm_emit_key(keys, guint(GDK_KEY_a), 0, GdkModifierType(0)), 0, "other keys pass through")
        }
    }

    func testDoubleClickZoomsInAtThePointer() {
        MainActor.assumeIsolated {
            let (window, map) = GtkTestSupport.mapWindow()
            defer { gtk_window_destroy(cm_window(window)) }
            let geo = map.viewport.coordinate(at: Point(x: 200, y: 450))
            let click = GtkTestSupport.controller("GtkGestureClick", of: map.widget)!
            cm_emit_pressed(click, 1, 200, 450)
            XCTAssertEqual(map.zoom, 12, "a single click does not zoom")
            cm_emit_pressed(click, 2, 200, 450)
            MainLoop.iterate(until: { !map.isMoving }, timeout: 2)
            XCTAssertEqual(map.zoom, 13, accuracy: 1e-9)
            let p = map.viewport.screenPoint(for: geo)
            XCTAssertEqual(p.x, 200, accuracy: 0.5)
            XCTAssertEqual(p.y, 450, accuracy: 0.5)
        }
    }

    func testFlingGlidesOnAndStops() {
        MainActor.assumeIsolated {
            let (window, map) = GtkTestSupport.mapWindow()
            defer { gtk_window_destroy(cm_window(window)) }
            let drag = GtkTestSupport.controller("GtkGestureDrag", of: map.widget)!
            let swipe = GtkTestSupport.controller("GtkGestureSwipe", of: map.widget)!
            let startCenter = map.viewport.center
            cm_emit_drag(drag, "drag-begin", 400, 300)
            cm_emit_drag(drag, "drag-update", -100, 0)
            cm_emit_drag(drag, "drag-end", -100, 0)
            cm_emit_drag(swipe, "swipe", -1500, 0)
            let afterDrag = (map.viewport.center.x - startCenter.x) * map.viewport.worldSize
            XCTAssertEqual(afterDrag, 100, accuracy: 1e-6)
            XCTAssertTrue(MainLoop.iterate(until: { !map.isMoving }, timeout: 4), "the glide ends")
            let total = (map.viewport.center.x - startCenter.x) * map.viewport.worldSize
            XCTAssertGreaterThan(total, 100 + 1500 * KineticPan.timeConstant * 0.8, "kept moving after release")
            XCTAssertLessThanOrEqual(total, 100 + 1500 * KineticPan.timeConstant + 1e-6)
        }
    }

    func testPinchZoomsByTheFingersScale() {
        MainActor.assumeIsolated {
            let (window, map) = GtkTestSupport.mapWindow()
            defer { gtk_window_destroy(cm_window(window)) }
            let log = RegionLog()
            map.delegate = log
            // GtkGestureZoom's signals need a real touch sequence; drive its handlers directly.
            XCTAssertNotNil(GtkTestSupport.controller("GtkGestureZoom", of: map.widget))
            let anchor = Point(x: 500, y: 200)
            let geo = map.viewport.coordinate(at: anchor)
            map.pinchBegan()
            map.pinched(scale: 2, around: anchor)
            XCTAssertEqual(map.zoom, 13, accuracy: 1e-9, "fingers twice as far apart: one level in")
            map.pinched(scale: 0.5, around: anchor)
            XCTAssertEqual(map.zoom, 11, accuracy: 1e-9, "relative to where the pinch began")
            XCTAssertEqual(map.viewport.screenPoint(for: geo).x, anchor.x, accuracy: 1e-6, "between the fingers stays put")
            XCTAssertEqual(log.settled, 0)
            map.pinchEnded()
            XCTAssertEqual(log.settled, 1, "settles when the fingers lift")
        }
    }

    /// Over a map slower to draw than a frame, a pinch or an animated zoom shows the last image
    /// scaled; once the fingers lift or the animation lands, the map is drawn in full.
    func testZoomingShowsTheImageScaledAndTheSettledZoomDrawnInFull() {
        MainActor.assumeIsolated {
            let (window, map) = GtkTestSupport.mapWindow()
            defer { gtk_window_destroy(cm_window(window)) }
            map.addAnnotations((0..<50).map { i in
                PointAnnotation(coordinate: map.viewport.coordinate(at: Point(x: 40 + Double(i % 10) * 70, y: 60 + Double(i / 10) * 100)),
                                title: "Pin \(i)")
            })
            GtkTestSupport.spin(0.2)
            let raster = map.annotationLayer.raster
            raster.zoomFrameBudget = 0  // slower than this, always
            let anchor = Point(x: 500, y: 200)
            map.pinchBegan()
            map.pinched(scale: 1.5, around: anchor)
            GtkTestSupport.spin(0.1)
            XCTAssertGreaterThanOrEqual(raster.scaledFrames, 1, "the pinch's frames are the image scaled")  // names landing may add one
            XCTAssertTrue(raster.lastFrameWasScaled)
            map.pinchEnded()
            GtkTestSupport.spin(0.1)
            XCTAssertFalse(raster.lastFrameWasScaled, "drawn in full once the fingers lift")

            map.zoomIn()
            MainLoop.iterate(until: { !map.isMoving }, timeout: 5)
            GtkTestSupport.spin(0.1)
            XCTAssertFalse(raster.lastFrameWasScaled, "and once the animation lands")
            XCTAssertEqual(map.zoom, 12 + ZoomSteps.pinch(scale: 1.5) + ZoomSteps.key, accuracy: 1e-9)
        }
    }

    func testResizeKeepsTheCentre() {
        MainActor.assumeIsolated {
            let (window, map) = GtkTestSupport.mapWindow()
            defer { gtk_window_destroy(cm_window(window)) }
            let center = map.centerCoordinate
            gtk_window_set_default_size(cm_window(window), 500, 400)
            MainLoop.iterate(until: { map.viewport.size.width < 600 }, timeout: 3)
            GtkTestSupport.spin()
            XCTAssertLessThan(map.viewport.size.width, 600)
            XCTAssertEqual(map.centerCoordinate.latitude, center.latitude, accuracy: 1e-9)
            XCTAssertEqual(map.centerCoordinate.longitude, center.longitude, accuracy: 1e-9)
        }
    }
}
