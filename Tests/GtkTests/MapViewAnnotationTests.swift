import CCalloutMapGtk
import CalloutMapCore
import CalloutMapGtk
import CalloutMapWidget
import XCTest

/// Selection, cycling, programmatic selection and pin dragging through the real widget's controllers.
final class MapViewAnnotationTests: XCTestCase {
    override func setUpWithError() throws {
        try XCTSkipUnless(MainActor.assumeIsolated { GtkTestSupport.hasDisplay }, "needs a display")
    }

    final class Log: MapViewDelegate {
        var lines: [String] = []
        var draggable = false
        func mapView(_ mapView: MapView, viewFor annotation: any Annotation) -> AnnotationView? {
            let view = mapView.dequeueReusableAnnotationView(withIdentifier: "dot", for: annotation)
            view.isDraggable = draggable
            return view
        }
        func mapView(_ mapView: MapView, didSelect view: AnnotationView) { lines.append("select \(view.annotation!.title!)") }
        func mapView(_ mapView: MapView, didDeselect view: AnnotationView) { lines.append("deselect \(view.annotation!.title!)") }
        func mapView(_ mapView: MapView, annotationView view: AnnotationView,
                     didChange newState: AnnotationDragState, fromOldState oldState: AnnotationDragState) {
            lines.append("drag \(newState.rawValue)")
        }
    }

    func testClickSelectsReclickKeepsEmptyMapDeselects() {
        MainActor.assumeIsolated {
            let (window, map, log, pins) = setUpMap()
            defer { gtk_window_destroy(cm_window(window)) }
            let east = map.point(for: pins[2])
            click(map, east)
            XCTAssertTrue(map.selectedAnnotation === pins[2])
            XCTAssertTrue(map.view(for: pins[2])!.isSelected)
            click(map, Point(x: east.x + 1, y: east.y))
            XCTAssertEqual(log.lines, ["select E"], "clicking the selected pin keeps it selected")
            click(map, Point(x: 40, y: 40))
            XCTAssertNil(map.selectedAnnotation)
            XCTAssertEqual(log.lines, ["select E", "deselect E"])
        }
    }

    func testClickingAgainWherePinsOverlapCyclesThroughThem() {
        MainActor.assumeIsolated {
            let (window, map, log, pins) = setUpMap()
            defer { gtk_window_destroy(cm_window(window)) }
            let spot = Point(x: map.point(for: pins[0]).x + 1, y: map.point(for: pins[0]).y + 1)
            click(map, spot)
            click(map, spot)
            click(map, spot)
            // B is lower on screen, so on top: B, then A underneath, then B again.
            XCTAssertEqual(log.lines, ["select B", "deselect B", "select A", "deselect A", "select B"])
            XCTAssertTrue(map.annotationLayer.drawingOrder.last?.annotation === pins[1], "the selected pin is drawn on top")
        }
    }

    func testSelectingAnOffScreenAnnotationBringsItIntoView() {
        MainActor.assumeIsolated {
            let (window, map, log, _) = setUpMap()
            defer { gtk_window_destroy(cm_window(window)) }
            let far = PointAnnotation(coordinate: Coordinate(latitude: 40.7128, longitude: -74.006), title: "New York")
            map.addAnnotation(far)
            map.selectAnnotation(far)
            let p = map.point(for: far)
            XCTAssertTrue(Rect(x: 0, y: 0, width: map.viewport.size.width, height: map.viewport.size.height).contains(p))
            XCTAssertTrue(map.view(for: far)?.isSelected == true)
            XCTAssertEqual(log.lines, ["select New York"])
            map.removeAnnotation(far)
            XCTAssertEqual(log.lines, ["select New York", "deselect New York"], "removing the selected pin deselects it")
            XCTAssertNil(map.selectedAnnotation)
        }
    }

    func testDraggingAPinMovesItsAnnotationAndEscapeCancels() {
        MainActor.assumeIsolated {
            let (window, map, log, pins) = setUpMap(draggable: true)
            defer { gtk_window_destroy(cm_window(window)) }
            let drag = GtkTestSupport.controller("GtkGestureDrag", of: map.widget)!
            let keys = GtkTestSupport.controller("GtkEventControllerKey", of: map.widget)!
            let start = map.point(for: pins[2])
            let center = map.viewport.center
            cm_emit_drag(drag, "drag-begin", start.x, start.y)
            cm_emit_drag(drag, "drag-update", 2, 0)
            XCTAssertEqual(log.lines, [], "not a drag until past the threshold")
            cm_emit_drag(drag, "drag-update", 60, 30)
            cm_emit_drag(drag, "drag-update", 80, 40)
            cm_emit_drag(drag, "drag-end", 80, 40)
            XCTAssertEqual(log.lines, ["drag starting", "drag dragging", "drag ending", "drag none"])
            XCTAssertEqual(map.viewport.center, center, "the map did not pan")
            let moved = map.point(for: pins[2])
            XCTAssertEqual(moved.x, start.x + 80, accuracy: 1e-6)
            XCTAssertEqual(moved.y, start.y + 40, accuracy: 1e-6)
            XCTAssertEqual(map.annotationViews(at: moved).first?.annotation?.title, "E", "the index knows where it went")

            log.lines = []
            let before = pins[2].coordinate
            cm_emit_drag(drag, "drag-begin", moved.x, moved.y)
            cm_emit_drag(drag, "drag-update", 50, 0)
            _ = cm_emit_key(keys, guint(GDK_KEY_Escape), 0, GdkModifierType(0))
            cm_emit_drag(drag, "drag-update", 90, 0)
            cm_emit_drag(drag, "drag-end", 90, 0)
            XCTAssertEqual(log.lines, ["drag starting", "drag dragging", "drag canceling", "drag none"])
            XCTAssertEqual(pins[2].coordinate, before, "Escape puts it back")
        }
    }
}

/// A map with three dots: two overlapping at the centre, one to the east.
@MainActor private func setUpMap(draggable: Bool = false) -> (UnsafeMutablePointer<GtkWidget>, MapView, MapViewAnnotationTests.Log, [PointAnnotation]) {
    let (window, map) = GtkTestSupport.mapWindow()
    let log = MapViewAnnotationTests.Log()
    log.draggable = draggable
    map.delegate = log
    map.register(DotAnnotationView.self, forAnnotationViewWithReuseIdentifier: "dot")
    let c = map.viewport.size
    let a = PointAnnotation(coordinate: map.viewport.coordinate(at: Point(x: c.width / 2, y: c.height / 2)), title: "A")
    let b = PointAnnotation(coordinate: map.viewport.coordinate(at: Point(x: c.width / 2 + 3, y: c.height / 2 + 2)), title: "B")
    let e = PointAnnotation(coordinate: map.viewport.coordinate(at: Point(x: c.width / 2 + 200, y: c.height / 2)), title: "E")
    map.addAnnotations([a, b, e])
    GtkTestSupport.spin()
    return (window, map, log, [a, b, e])
}

@MainActor private func click(_ map: MapView, _ p: Point) { GtkTestSupport.click(map, p) }
