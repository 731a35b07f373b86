import CCalloutMapGtk
import CalloutMapCore
import CalloutMapGtk
@testable import CalloutMapWidget
import XCTest

/// Shapes in the real widget: a click selects the shape under it with its callout at the
/// clicked point in every approach, pins win over shapes, clicking again cycles through the
/// shapes under the point, a drag is never a click, the empty map deselects.
final class ShapeSelectionTests: XCTestCase {
    override func setUpWithError() throws {
        try XCTSkipUnless(MainActor.assumeIsolated { GtkTestSupport.hasDisplay }, "needs a display")
    }

    final class Log: MapViewDelegate {
        var lines: [String] = []
        var trailWidth: Double?
        func mapView(_ mapView: MapView, styleFor overlay: any Overlay) -> OverlayStyle? {
            guard overlay.title == "Harbor Trail", let width = trailWidth else { return nil }
            return OverlayStyle(strokeColor: RGBA(0x00AA00), lineWidth: width)
        }
        func mapView(_ mapView: MapView, viewFor annotation: any Annotation) -> AnnotationView? {
            annotation is OverlayAnchor ? nil : mapView.dequeueReusableAnnotationView(withIdentifier: "marker", for: annotation)
        }
        func mapView(_ mapView: MapView, didSelect view: AnnotationView) {
            lines.append("select \(view.annotation is OverlayAnchor ? "shape" : "pin") \(view.annotation?.title ?? "")")
        }
        func mapView(_ mapView: MapView, didDeselect view: AnnotationView) { lines.append("deselect \(view.annotation?.title ?? "")") }
        func mapView(_ mapView: MapView, didShowCalloutFor view: AnnotationView) { lines.append("shown") }
    }

    /// A map 800×600 with a park (an area round the centre), a line across it below, and a pin.
    @MainActor
    static func shapeMap(_ mode: CalloutMode) -> (UnsafeMutablePointer<GtkWidget>, MapView, Log, park: Polygon, trail: Polyline, pin: PointAnnotation) {
        let (window, map) = GtkTestSupport.mapWindow()
        let log = Log()
        map.delegate = log
        map.calloutMode = mode
        map.register(MarkerAnnotationView.self, forAnnotationViewWithReuseIdentifier: "marker")
        let at = { (x: Double, y: Double) in map.viewport.coordinate(at: Point(x: x, y: y)) }
        let park = Polygon(exterior: [at(250, 150), at(550, 150), at(550, 450), at(250, 450)], title: "Lakeside Park", subtitle: "A park")
        let trail = Polyline(coordinates: [at(100, 500), at(700, 500)], title: "Harbor Trail",
                             style: OverlayStyle(lineWidth: 4))
        let pin = PointAnnotation(coordinate: at(500, 250), title: "Kiosk")
        map.addOverlays([park, trail])
        map.addAnnotation(pin)
        GtkTestSupport.spin()
        return (window, map, log, park, trail, pin)
    }

    func testAClickSelectsTheShapeWithItsCalloutWhereClickedInEveryApproach() {
        MainActor.assumeIsolated {
            for mode in [CalloutMode.standard, .custom, .annotation, .popover] {
                let (window, map, log, park, _, _) = Self.shapeMap(mode)
                defer { gtk_window_destroy(cm_window(window)) }
                GtkTestSupport.click(map, Point(x: 320, y: 380))
                GtkTestSupport.spin(0.3)
                XCTAssertTrue(map.selectedOverlay === park, "\(mode)")
                XCTAssertEqual(log.lines, ["select shape Lakeside Park", "shown"], "\(mode)")
                let anchor = try! XCTUnwrap(map.selectedAnnotation as? OverlayAnchor)
                let view = try! XCTUnwrap(map.selectedView)
                XCTAssertEqual(map.viewport.screenPoint(for: anchor.coordinate).x, 320, accuracy: 0.5, "\(mode)")
                XCTAssertEqual(map.viewport.screenPoint(for: anchor.coordinate).y, 380, accuracy: 0.5, "\(mode)")
                if mode != .popover {
                    let frame = try! XCTUnwrap(map.calloutFrame, "\(mode)")
                    XCTAssertEqual(frame.center.x, 320, accuracy: frame.width / 2, "the callout is over the clicked point (\(mode))")
                    XCTAssertLessThanOrEqual(frame.maxY, view.calloutAnchor.y + 1, "\(mode)")
                }
                // It stays at the clicked point as the map moves.
                map.pan(by: Point(x: -40, y: 25))
                GtkTestSupport.spin()
                XCTAssertEqual(view.calloutAnchor.x, 280, accuracy: 1, "\(mode)")
                if mode != .popover, let frame = map.calloutFrame {
                    XCTAssertEqual(frame.center.x, 280, accuracy: frame.width / 2, "\(mode)")
                }
            }
        }
    }

    func testPinsWinOverShapesAndTheEmptyMapDeselects() {
        MainActor.assumeIsolated {
            let (window, map, log, _, _, pin) = Self.shapeMap(.standard)
            defer { gtk_window_destroy(cm_window(window)) }
            let pinPoint = map.view(for: pin)!.frame.center
            GtkTestSupport.click(map, pinPoint)
            XCTAssertTrue(map.selectedAnnotation === pin, "a pin over a shape wins")
            XCTAssertNil(map.selectedOverlay)
            GtkTestSupport.click(map, Point(x: 300, y: 200))
            XCTAssertEqual(map.selectedOverlay?.title, "Lakeside Park")
            GtkTestSupport.click(map, Point(x: 700, y: 100))
            XCTAssertNil(map.selectedAnnotation, "the empty map deselects")
            XCTAssertTrue(map.annotationLayer.attached.isEmpty, "the anchor went with the selection")
            XCTAssertEqual(log.lines.filter { $0.hasPrefix("select") || $0.hasPrefix("deselect") },
                           ["select pin Kiosk", "deselect Kiosk", "select shape Lakeside Park", "deselect Lakeside Park"])
        }
    }

    func testALineIsHitWithinHalfItsWidthPlusSixPoints() {
        MainActor.assumeIsolated {
            let (window, map, _, _, trail, _) = Self.shapeMap(.standard)
            defer { gtk_window_destroy(cm_window(window)) }
            GtkTestSupport.click(map, Point(x: 150, y: 507.5))  // 4 wide: 2 + 6 = 8
            XCTAssertTrue(map.selectedOverlay === trail)
            GtkTestSupport.click(map, Point(x: 700, y: 100))
            GtkTestSupport.click(map, Point(x: 150, y: 509))
            XCTAssertNil(map.selectedOverlay)
        }
    }

    func testTheDelegatesStyleIsDrawnAndHitUntilItSaysOtherwise() {
        MainActor.assumeIsolated {
            let (window, map, log, _, trail, _) = Self.shapeMap(.standard)
            defer { gtk_window_destroy(cm_window(window)) }
            XCTAssertTrue(map.overlays(at: Point(x: 150, y: 514)).isEmpty, "4 wide: 14 points off is a miss")
            log.trailWidth = 30
            XCTAssertTrue(map.overlays(at: Point(x: 150, y: 514)).isEmpty, "asked once: the answer is kept until told")
            map.setNeedsOverlayStyles()
            XCTAssertTrue(map.overlays(at: Point(x: 150, y: 514)).first === trail, "30 wide: 15 + 6 points reach it")
            log.trailWidth = nil
            map.delegate = log  // a delegate (set again) is asked anew
            XCTAssertTrue(map.overlays(at: Point(x: 150, y: 514)).isEmpty)
        }
    }

    func testClickingAgainCyclesThroughTheShapesUnderThePoint() {
        MainActor.assumeIsolated {
            let (window, map, _, park, _, _) = Self.shapeMap(.standard)
            defer { gtk_window_destroy(cm_window(window)) }
            let at = { (x: Double, y: Double) in map.viewport.coordinate(at: Point(x: x, y: y)) }
            let lake = Polygon(exterior: [at(300, 300), at(450, 300), at(450, 420), at(300, 420)], title: "Lake")
            map.addOverlay(lake)  // on top
            var picked: [String?] = []
            for _ in 0..<3 {
                GtkTestSupport.click(map, Point(x: 350, y: 350))
                picked.append(map.selectedOverlay?.title)
            }
            XCTAssertEqual(picked, ["Lake", "Lakeside Park", "Lake"], "the topmost first, then the one under it, round again")
            map.removeOverlay(lake)
            XCTAssertNil(map.selectedAnnotation, "removing the selected shape deselects it")
            XCTAssertEqual(map.overlays.count, 2)
            XCTAssertTrue(map.overlays(at: Point(x: 350, y: 350)).first === park)
        }
    }

    func testADragIsNeverAClick() {
        MainActor.assumeIsolated {
            let (window, map, _, _, _, _) = Self.shapeMap(.standard)
            defer { gtk_window_destroy(cm_window(window)) }
            let drag = GtkTestSupport.controller("GtkGestureDrag", of: map.widget)!
            cm_emit_drag(drag, "drag-begin", 320, 380)
            cm_emit_drag(drag, "drag-update", 30, 10)
            cm_emit_drag(drag, "drag-end", 30, 10)
            XCTAssertNil(map.selectedAnnotation)
        }
    }

    func testTheLibraryAPIFindsAndStylesOverlays() {
        MainActor.assumeIsolated {
            let (window, map, _, park, trail, _) = Self.shapeMap(.standard)
            defer { gtk_window_destroy(cm_window(window)) }
            XCTAssertEqual(map.overlays(in: map.visibleRegion).count, 2)
            XCTAssertEqual(map.overlays(in: GeoBounds(west: 10, south: 10, east: 11, north: 11)!).count, 0)
            map.selectOverlay(trail)
            XCTAssertTrue(map.selectedOverlay === trail)
            XCTAssertEqual(map.viewport.screenPoint(for: map.selectedAnnotation!.coordinate).y, 500, accuracy: 0.5, "its middle")
            map.removeOverlays([park, trail])
            XCTAssertNil(map.selectedOverlay)
            XCTAssertTrue(map.overlays.isEmpty)
        }
    }

    /// Tab: the map, the pins' stop, then the shapes' stop (after the pins whatever their places);
    /// arrows move between shapes; Enter selects one with its callout; names say what they are.
    func testShapesAreReachedByKeyboardAfterThePinsWithNamesThatSayWhatTheyAre() {
        MainActor.assumeIsolated {
            let (window, map, log, park, trail, pin) = Self.shapeMap(.standard)
            defer { gtk_window_destroy(cm_window(window)) }
            GtkTestSupport.spin(0.2)
            XCTAssertEqual(map.shapeProxies.count, 2)
            let name = ShapeProxies.accessibleName(of: park, locale: Locale(identifier: "en_US_POSIX"))
            XCTAssertTrue(name.hasPrefix("Lakeside Park, area, ") && name.hasSuffix(" km²"), name)
            XCTAssertTrue(ShapeProxies.accessibleName(of: trail, locale: Locale(identifier: "en_US_POSIX")).hasPrefix("Harbor Trail, line, "))
            gtk_widget_grab_focus(map.widget)
            @MainActor func tab(_ forward: Bool = true) {
                _ = gtk_widget_child_focus(cm_widget(window), forward ? GTK_DIR_TAB_FORWARD : GTK_DIR_TAB_BACKWARD)
                GtkTestSupport.spin(0.05)
            }
            tab()
            XCTAssertTrue(map.pinProxies.hasFocus, "the pins first")
            XCTAssertTrue(map.pinProxies.current?.annotation === pin)
            tab()
            XCTAssertFalse(map.pinProxies.hasFocus)
            XCTAssertTrue(map.shapeProxies.focused === trail, "then the shapes, the topmost first (the trail was added last)")
            XCTAssertTrue(map.keyPressed(UInt32(GDK_KEY_Up), modifiers: 0))
            XCTAssertTrue(map.shapeProxies.focused === park, "Up moves to the shape above")
            let focusWidget = gtk_root_get_focus(gtk_widget_get_root(map.widget))!
            gtk_widget_activate(focusWidget)  // as Enter does: a button clicks after its press shows (250 ms)
            GtkTestSupport.spin(0.5)
            XCTAssertTrue(map.selectedOverlay === park, "Enter selects it")
            XCTAssertEqual(log.lines.filter { $0.hasPrefix("select") }, ["select shape Lakeside Park"])
            XCTAssertNotNil(map.calloutFrame, "with its callout")
            let anchor = map.viewport.screenPoint(for: map.selectedAnnotation!.coordinate)
            XCTAssertTrue(map.overlays(at: anchor, slack: 0).contains { $0 === park }, "at a point of it in view")
            tab(false)
            XCTAssertFalse(map.shapeProxies.hasFocus, "Shift+Tab goes back")
        }
    }
}
