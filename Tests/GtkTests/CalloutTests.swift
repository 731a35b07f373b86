import CCalloutMapGtk
import CalloutMapCore
import CalloutMapGtk
@testable import CalloutMapWidget
import XCTest

/// Each callout approach in the real widget: shown on select, glued to its pin,
/// accessory taps reported without deselecting, dismissed by the policy.
final class CalloutTests: XCTestCase {
    override func setUpWithError() throws {
        try XCTSkipUnless(MainActor.assumeIsolated { GtkTestSupport.hasDisplay }, "needs a display")
    }

    final class Log: MapViewDelegate {
        var lines: [String] = []
        var controls: [CalloutControl] = []
        /// Removes the pin from its own accessory's tap, as a "Delete" button would.
        var removeOnTap = false
        func mapView(_ mapView: MapView, viewFor annotation: any Annotation) -> AnnotationView? {
            let view = mapView.dequeueReusableAnnotationView(withIdentifier: "marker", for: annotation)
            view.rightCalloutAccessory = .detailDisclosure()
            return view
        }
        func mapView(_ mapView: MapView, didSelect view: AnnotationView) { lines.append("select") }
        func mapView(_ mapView: MapView, didDeselect view: AnnotationView) { lines.append("deselect") }
        func mapView(_ mapView: MapView, annotationView view: AnnotationView,
                     calloutAccessoryControlTapped control: CalloutControl) {
            lines.append("accessory")
            controls.append(control)
            if removeOnTap, let annotation = view.annotation { mapView.removeAnnotation(annotation) }
        }
        func mapView(_ mapView: MapView, didShowCalloutFor view: AnnotationView) { lines.append("shown") }
        func mapView(_ mapView: MapView, didHideCalloutFor view: AnnotationView) { lines.append("hidden") }
        func mapView(_ mapView: MapView, didCloseCalloutPopoverFor view: AnnotationView) { lines.append("popover-closed") }
    }

    func testStandardCalloutSitsOnThePinFollowsItAndKeepsTheSelection() {
        MainActor.assumeIsolated {
            let (window, map, log, pin) = calloutMap(.standard)
            defer { gtk_window_destroy(cm_window(window)) }
            map.selectAnnotation(pin)
            GtkTestSupport.spin(0.3)
            XCTAssertEqual(log.lines, ["select", "shown"])
            let bubble = map.callouts.bubbleWidget!
            var tip = tipOf(bubble, in: map)
            let anchor = map.view(for: pin)!.calloutAnchor
            XCTAssertEqual(tip.x, anchor.x, accuracy: 1)
            XCTAssertEqual(tip.y, anchor.y, accuracy: 1, "the arrow touches the pin's callout anchor")

            // The accessory reports its tap and the pin stays selected.
            let button = CalloutContent.buttons(in: bubble).first!
            cm_emit_clicked(button)
            XCTAssertEqual(log.lines.last, "accessory")
            XCTAssertEqual(log.controls.last, CalloutControl(position: .right, label: "Details"))
            XCTAssertTrue(map.selectedAnnotation === pin)

            // Dragging the map moves the callout by exactly the drag, in the same frame.
            let drag = GtkTestSupport.controller("GtkGestureDrag", of: map.widget)!
            cm_emit_drag(drag, "drag-begin", 100, 500)
            cm_emit_drag(drag, "drag-update", -60, 35)
            cm_emit_drag(drag, "drag-end", -60, 35)
            GtkTestSupport.spin(0.1)
            let moved = tipOf(bubble, in: map)
            XCTAssertEqual(moved.x - tip.x, -60, accuracy: 1)
            XCTAssertEqual(moved.y - tip.y, 35, accuracy: 1)
            XCTAssertTrue(map.callouts.isShowing, "a drag does not dismiss")
            tip = moved

            // A click inside the bubble's body is the callout's, not the map's.
            var origin = graphene_point_t(), inMap = graphene_point_t()
            _ = gtk_widget_compute_point(bubble, map.widget, &origin, &inMap)
            click(map, Point(x: Double(inMap.x) + 14, y: Double(inMap.y) + 14))
            XCTAssertTrue(map.selectedAnnotation === pin)

            // The empty map closes it and deselects; that click does nothing else.
            click(map, Point(x: 30, y: 30))
            XCTAssertNil(map.selectedAnnotation)
            XCTAssertEqual(Array(log.lines.suffix(2)), ["hidden", "deselect"])
            XCTAssertFalse(map.callouts.isShowing)
        }
    }

    func testAnAccessoryTapIsReportedOnceHoweverOftenItsCalloutWasShown() {
        MainActor.assumeIsolated {
            for mode in [CalloutMode.standard, .popover] {
                let (window, map, log, pin) = calloutMap(mode)
                defer { gtk_window_destroy(cm_window(window)) }
                for _ in 0..<3 {
                    map.selectAnnotation(pin, animated: false)
                    map.deselectAnnotation(animated: false)
                }
                map.selectAnnotation(pin, animated: false)
                GtkTestSupport.spin(0.2)
                let root = map.callouts.bubbleWidget ?? map.callouts.popoverWidget!
                cm_emit_clicked(CalloutContent.buttons(in: root).first!)
                XCTAssertEqual(log.lines.filter { $0 == "accessory" }.count, 1, "\(mode): the fourth showing, still one tap")
            }
        }
    }

    func testCustomCalloutTogglesOnAnotherClickOfItsPin() {
        MainActor.assumeIsolated {
            let (window, map, log, pin) = calloutMap(.custom)
            defer { gtk_window_destroy(cm_window(window)) }
            let p = map.view(for: pin).map { Point(x: $0.frame.center.x, y: $0.frame.minY + 10) }!
            click(map, p)
            XCTAssertNotNil(map.callouts.bubbleWidget)
            GtkTestSupport.spin(0.4)
            click(map, p)
            XCTAssertNil(map.callouts.bubbleWidget, "second click hides it")
            XCTAssertTrue(map.selectedAnnotation === pin, "and keeps the pin selected")
            GtkTestSupport.spin(0.4)
            click(map, p)
            XCTAssertNotNil(map.callouts.bubbleWidget, "third shows it again")
            XCTAssertEqual(log.lines, ["select", "shown", "hidden", "shown"])
        }
    }

    func testTheCornersBesideTheArrowAreNotTheCallouts() {
        MainActor.assumeIsolated {
            let (window, map, _, pin) = calloutMap(.custom)
            defer { gtk_window_destroy(cm_window(window)) }
            map.selectAnnotation(pin)
            GtkTestSupport.spin(0.3)
            let bubble = map.callouts.bubbleWidget!
            var b = graphene_rect_t()
            _ = gtk_widget_compute_bounds(bubble, map.widget, &b)
            let x = Double(b.origin.x), y = Double(b.origin.y), w = Double(b.size.width), h = Double(b.size.height)
            // Beside the arrow, inside the widget's rectangle but outside its shape.
            let corner = Point(x: x + w / 2 - 20, y: y + h - 3)
            XCTAssertFalse(map.callouts.contains(corner))
            XCTAssertTrue(map.callouts.contains(Point(x: x + w / 2, y: y + h - 4)), "the arrow itself")
            XCTAssertTrue(map.callouts.contains(Point(x: x + 20, y: y + 20)), "the body")
            XCTAssertFalse(map.callouts.contains(Point(x: x + 1, y: y + 1)), "a rounded corner")
            click(map, corner)
            XCTAssertNil(map.selectedAnnotation, "the click went through to the map")
        }
    }

    func testThePopoverFollowsThePinAndClosesWhenItLeaves() {
        MainActor.assumeIsolated {
            let (window, map, log, pin) = calloutMap(.popover)
            defer { gtk_window_destroy(cm_window(window)) }
            map.selectAnnotation(pin)
            GtkTestSupport.spin(0.3)
            let popover = map.callouts.popoverWidget!
            map.pan(by: Point(x: 90, y: 0))
            GtkTestSupport.spin(0.2)
            var rect = GdkRectangle()
            _ = gtk_popover_get_pointing_to(cast(popover), &rect)
            XCTAssertEqual(Double(rect.x) + Double(rect.width) / 2, map.view(for: pin)!.frame.center.x, accuracy: 1, "it followed")
            map.pan(by: Point(x: 2000, y: 0))
            GtkTestSupport.spin(0.3)
            XCTAssertTrue(log.lines.contains("popover-closed"), "the pin left the view: it closed")
        }
    }

    func testCalloutAnnotationStaysOnThePinAtEveryZoom() {
        MainActor.assumeIsolated {
            let (window, map, _, pin) = calloutMap(.annotation)
            defer { gtk_window_destroy(cm_window(window)) }
            map.selectAnnotation(pin)
            for zoom in [12.0, 14.0, 16.5, 13.25] {
                map.zoom(by: zoom - map.zoom, keeping: Point(x: 123, y: 456), animated: false)
                map.annotationLayer.layout(map.viewport)
                let callout = map.annotationLayer.view(for: map.callouts.calloutAnnotation!)!
                let pinView = map.view(for: pin)!
                XCTAssertEqual(callout.frame.maxY, pinView.calloutAnchor.y, accuracy: 0.5, "zoom \(zoom)")
                XCTAssertEqual(callout.frame.center.x, pinView.calloutAnchor.x, accuracy: 0.5, "zoom \(zoom)")
            }
            map.deselectAnnotation()
            XCTAssertNil(map.callouts.calloutAnnotation, "removed on deselect")
            XCTAssertEqual(map.annotations.count, 1)
        }
    }

    func testPopoverPointsAtThePinAndClosingDeselects() {
        MainActor.assumeIsolated {
            let (window, map, log, pin) = calloutMap(.popover)
            defer { gtk_window_destroy(cm_window(window)) }
            map.selectAnnotation(pin)
            GtkTestSupport.spin(0.3)
            let popover = map.callouts.popoverWidget!
            XCTAssertNotEqual(gtk_widget_get_visible(popover), 0)
            var rect = GdkRectangle()
            XCTAssertNotEqual(gtk_popover_get_pointing_to(cast(popover), &rect), 0)
            let f = map.view(for: pin)!.frame
            XCTAssertEqual(Double(rect.x) + Double(rect.width) / 2, f.center.x, accuracy: 1, "centred over the pin")
            gtk_popover_popdown(cast(popover))  // what Escape or a click outside does
            GtkTestSupport.spin(0.2)
            XCTAssertEqual(log.lines, ["select", "shown", "popover-closed", "hidden", "deselect"])
            XCTAssertNil(map.selectedAnnotation)
        }
    }

    func testPopoverCanDeselectAsSoonAsItShows() {
        MainActor.assumeIsolated {
            let (window, map, log, pin) = calloutMap(.popover)
            defer { gtk_window_destroy(cm_window(window)) }
            map.popoverKeepsSelection = false
            map.selectAnnotation(pin)
            GtkTestSupport.spin(0.2)
            XCTAssertNil(map.selectedAnnotation)
            XCTAssertNotNil(map.callouts.popoverWidget, "the popover stays")
            XCTAssertEqual(log.lines, ["select", "shown", "deselect"])
        }
    }

    func testTemporaryTitleGivesWayToTheContentWithoutANewCallout() {
        MainActor.assumeIsolated {
            let (window, map, log, pin) = calloutMap(.standard)
            defer { gtk_window_destroy(cm_window(window)) }
            map.temporaryCalloutTitle = "Loading…"
            map.selectAnnotation(pin)
            GtkTestSupport.spin(0.3)
            let bubble = map.callouts.bubbleWidget!
            var first = graphene_rect_t()
            _ = gtk_widget_compute_bounds(bubble, map.widget, &first)
            XCTAssertTrue(CalloutContent.buttons(in: bubble).isEmpty, "just the temporary title at first")
            GtkTestSupport.spin(1.1)
            XCTAssertTrue(map.callouts.bubbleWidget == bubble, "the same callout, not a new presentation")
            XCTAssertEqual(CalloutContent.buttons(in: bubble).count, 1, "then the disclosure button")
            var second = graphene_rect_t()
            _ = gtk_widget_compute_bounds(bubble, map.widget, &second)
            XCTAssertGreaterThan(second.size.width, first.size.width, "re-measured and re-placed")
            XCTAssertEqual(gtk_widget_get_opacity(bubble), 1, "no replayed fade")
            let tip = Double(second.origin.x) + Double(second.size.width) / 2
            XCTAssertEqual(tip, map.view(for: pin)!.calloutAnchor.x, accuracy: 1, "still on its pin")
            XCTAssertEqual(log.lines, ["select", "shown"])
        }
    }

    func testSwitchingModesPresentsTheSelectionAgain() {
        MainActor.assumeIsolated {
            let (window, map, log, pin) = calloutMap(.standard)
            defer { gtk_window_destroy(cm_window(window)) }
            map.selectAnnotation(pin)
            map.calloutMode = .popover
            GtkTestSupport.spin(0.2)
            XCTAssertNil(map.callouts.bubbleWidget)
            XCTAssertNotNil(map.callouts.popoverWidget)
            XCTAssertTrue(map.selectedAnnotation === pin)
            XCTAssertEqual(log.lines, ["select", "shown", "hidden", "shown"])
        }
    }
}

/// A window on San Francisco with one marker (a disclosure button on its callout) in `mode`.
@MainActor func calloutMap(_ mode: CalloutMode) -> (UnsafeMutablePointer<GtkWidget>, MapView, CalloutTests.Log, PointAnnotation) {
    let (window, map) = GtkTestSupport.mapWindow()
    let log = CalloutTests.Log()
    map.delegate = log
    map.calloutMode = mode
    map.register(MarkerAnnotationView.self, forAnnotationViewWithReuseIdentifier: "marker")
    let pin = PointAnnotation(coordinate: map.viewport.coordinate(at: Point(x: 400, y: 320)),
                              title: "Golden Gate Bridge", subtitle: "Opened: May 27, 1937")
    map.addAnnotation(pin)
    map.annotationLayer.layout(map.viewport)
    GtkTestSupport.spin()
    return (window, map, log, pin)
}

/// A click as the map's drag gesture sees one: press and release at the same point.
@MainActor private func click(_ map: MapView, _ p: Point) { GtkTestSupport.click(map, p) }

/// The arrow tip of an above-the-pin bubble, in the map's coordinates.
@MainActor private func tipOf(_ bubble: UnsafeMutablePointer<GtkWidget>, in map: MapView) -> Point {
    var bounds = graphene_rect_t()
    _ = gtk_widget_compute_bounds(bubble, map.widget, &bounds)
    return Point(x: Double(bounds.origin.x) + Double(bounds.size.width) / 2, y: Double(bounds.origin.y + bounds.size.height))
}
