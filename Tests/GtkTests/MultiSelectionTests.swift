import CCalloutMapGtk
import CalloutMapCore
import CalloutMapGtk
@testable import CalloutMapWidget
import XCTest

/// Several selected items in the real widget: Ctrl+click adds and takes out, every selected
/// item shows its callout (the popover approach: the primary's), the callouts never overlap
/// each other or a selected pin, they stay put while the map pans, a callout that moves for
/// another reason is told, and the empty map clears them all.
final class MultiSelectionTests: XCTestCase {
    override func setUpWithError() throws {
        try XCTSkipUnless(MainActor.assumeIsolated { GtkTestSupport.hasDisplay }, "needs a display")
    }

    final class Log: MapViewDelegate {
        var lines: [String] = []
        var placed: [(title: String, frame: Rect)] = []
        func mapView(_ mapView: MapView, viewFor annotation: any Annotation) -> AnnotationView? {
            annotation is OverlayAnchor ? nil : mapView.dequeueReusableAnnotationView(withIdentifier: "marker", for: annotation)
        }
        func mapView(_ mapView: MapView, didSelect view: AnnotationView) { lines.append("select \(view.annotation?.title ?? "")") }
        func mapView(_ mapView: MapView, didDeselect view: AnnotationView) { lines.append("deselect \(view.annotation?.title ?? "")") }
        func mapView(_ mapView: MapView, didShowCalloutFor view: AnnotationView) { lines.append("shown \(view.annotation?.title ?? "")") }
        func mapView(_ mapView: MapView, didHideCalloutFor view: AnnotationView) { lines.append("hidden \(view.annotation?.title ?? "")") }
        func mapView(_ mapView: MapView, didPlaceCalloutFor view: AnnotationView, frame: Rect) {
            placed.append((view.annotation?.title ?? "", frame))
        }
    }

    /// Three pins a few dozen points apart (their callouts cannot all sit above them), and a fourth far off.
    @MainActor
    static func crowd(_ mode: CalloutMode) -> (UnsafeMutablePointer<GtkWidget>, MapView, Log, [PointAnnotation]) {
        let (window, map) = GtkTestSupport.mapWindow()
        let log = Log()
        map.delegate = log
        map.calloutMode = mode
        map.register(MarkerAnnotationView.self, forAnnotationViewWithReuseIdentifier: "marker")
        let places: [(Double, Double, String)] = [(380, 320, "Pier 39"), (420, 330, "Coit Tower"), (400, 360, "Ferry Building"),
                                                  (150, 150, "Presidio")]
        let pins = places.map { x, y, title in
            PointAnnotation(coordinate: map.viewport.coordinate(at: Point(x: x, y: y)), title: title, subtitle: "San Francisco")
        }
        map.addAnnotations(pins)
        GtkTestSupport.spin()
        return (window, map, log, pins)
    }

    /// Every open callout's frame, by title.
    @MainActor
    static func frames(_ map: MapView) -> [String: Rect] {
        Dictionary(uniqueKeysWithValues: map.selectedAnnotations.compactMap { a in map.calloutFrame(for: a).map { (a.title ?? "", $0) } })
    }

    @MainActor
    static func assertApart(_ map: MapView, file: StaticString = #filePath, line: UInt = #line) {
        let frames = frames(map)
        let pins = map.selectedAnnotations.compactMap { map.view(for: $0)?.frame }
        for (a, f) in frames {
            XCTAssertTrue(f.minX >= 0 && f.minY >= 0 && f.maxX <= map.viewport.size.width && f.maxY <= map.viewport.size.height,
                          "\(a)'s callout leaves the map", file: file, line: line)
            for (b, g) in frames where a < b {
                XCTAssertFalse(f.insetBy(dx: 0.5, dy: 0.5).intersects(g), "\(a) and \(b) overlap: \(f) \(g)", file: file, line: line)
            }
            // The frame holds the arrow, which touches its own pin: the body must not reach any pin's middle.
            for pin in pins {
                XCTAssertFalse(f.insetBy(dx: 1, dy: 11).contains(pin.center), "\(a) covers a selected pin", file: file, line: line)
            }
        }
    }

    func testAddingToTheSelectionOpensACalloutForEachAndNoneOverlap() {
        MainActor.assumeIsolated {
            for mode in [CalloutMode.standard, .custom, .annotation] {
                let (window, map, log, pins) = Self.crowd(mode)
                defer { gtk_window_destroy(cm_window(window)) }
                map.selectAnnotation(pins[0])
                map.selectAnnotation(pins[1], addingToSelection: true)
                map.selectAnnotation(pins[2], addingToSelection: true)
                GtkTestSupport.spin(0.3)
                XCTAssertEqual(map.selectedAnnotations.map(\.title), ["Pier 39", "Coit Tower", "Ferry Building"], "\(mode)")
                XCTAssertTrue(map.selectedAnnotation === pins[2], "the last selected is the primary")
                XCTAssertEqual(log.lines, ["select Pier 39", "shown Pier 39", "select Coit Tower", "shown Coit Tower",
                                           "select Ferry Building", "shown Ferry Building"], "\(mode)")
                XCTAssertEqual(map.callouts.views.count, 3, "\(mode)")
                XCTAssertEqual(Self.frames(map).count, 3, "\(mode)")
                Self.assertApart(map)
                XCTAssertTrue(log.placed.isEmpty, "a new callout works around the open ones: they do not move")

                // Selecting one of them again (without adding) keeps it alone.
                log.lines = []
                map.selectAnnotation(pins[1])
                GtkTestSupport.spin(0.2)
                XCTAssertEqual(map.selectedAnnotations.map(\.title), ["Coit Tower"], "\(mode)")
                XCTAssertEqual(Set(log.lines), ["hidden Pier 39", "deselect Pier 39", "hidden Ferry Building", "deselect Ferry Building"])
            }
        }
    }

    func testCtrlClickAddsAndTakesOutAndTheEmptyMapClearsAll() {
        MainActor.assumeIsolated {
            let (window, map, log, pins) = Self.crowd(.standard)
            defer { gtk_window_destroy(cm_window(window)) }
            let at = { (pin: PointAnnotation) in map.view(for: pin)!.frame.center }
            GtkTestSupport.click(map, at(pins[3]))
            map.clicked(at: at(pins[0]), adding: true)
            GtkTestSupport.spin(0.2)
            XCTAssertEqual(map.selectedAnnotations.map(\.title), ["Presidio", "Pier 39"])
            // Ctrl+click on a selected pin takes it out; its callout goes, the other stays.
            map.clicked(at: at(pins[3]), adding: true)
            GtkTestSupport.spin(0.2)
            XCTAssertEqual(map.selectedAnnotations.map(\.title), ["Pier 39"])
            XCTAssertEqual(Array(log.lines.suffix(2)), ["hidden Presidio", "deselect Presidio"])
            XCTAssertEqual(map.callouts.views.count, 1)
            // Ctrl+click on the empty map changes nothing; a plain click clears all.
            map.clicked(at: Point(x: 700, y: 80), adding: true)
            XCTAssertEqual(map.selectedAnnotations.count, 1)
            map.clicked(at: at(pins[1]), adding: true)
            GtkTestSupport.spin(0.2)
            XCTAssertEqual(map.selectedAnnotations.count, 2)
            log.lines = []
            GtkTestSupport.click(map, Point(x: 700, y: 80))
            GtkTestSupport.spin(0.2)
            XCTAssertTrue(map.selectedAnnotations.isEmpty)
            XCTAssertFalse(map.callouts.isShowing)
            XCTAssertEqual(log.lines, ["hidden Pier 39", "deselect Pier 39", "hidden Coit Tower", "deselect Coit Tower"])
        }
    }

    func testOpenCalloutsStayPutWhilePanningAndAMoveOtherwiseIsTold() {
        MainActor.assumeIsolated {
            let (window, map, log, pins) = Self.crowd(.standard)
            defer { gtk_window_destroy(cm_window(window)) }
            for (i, pin) in pins.prefix(3).enumerated() { map.selectAnnotation(pin, addingToSelection: i > 0) }
            GtkTestSupport.spin(0.3)
            let before = Self.frames(map)
            let drag = GtkTestSupport.controller("GtkGestureDrag", of: map.widget)!
            cm_emit_drag(drag, "drag-begin", 700, 500)
            for step in 1...10 { cm_emit_drag(drag, "drag-update", -4 * Double(step), 3 * Double(step)) }
            cm_emit_drag(drag, "drag-end", -40, 30)
            GtkTestSupport.spin(0.3)
            let after = Self.frames(map)
            for (title, f) in before {
                XCTAssertEqual(after[title]!.minX - f.minX, -40, accuracy: 1, title)
                XCTAssertEqual(after[title]!.minY - f.minY, 30, accuracy: 1, title)
            }
            XCTAssertTrue(log.placed.isEmpty, "moving with the map is not a new place")
            // Taking one out frees room: a callout that had moved aside for it may go back, and that is told.
            map.deselectAnnotation(pins[0])
            GtkTestSupport.spin(0.3)
            let now = Self.frames(map)
            for (title, frame) in log.placed {
                XCTAssertEqual(now[title], frame, "told with the frame it has")
                XCTAssertNotEqual(after[title]!, frame)
            }
            for (title, f) in now where !log.placed.contains(where: { $0.title == title }) {
                XCTAssertEqual(after[title], f, "\(title) did not move, so nothing was told")
            }
        }
    }

    func testACalloutSetAsideGoesBackWhenTheOtherCloses() {
        MainActor.assumeIsolated {
            // Two pins 170 points apart on a row: the second's callout slides right of its pin
            // to clear the first's; when the first closes it is centred again, and that is told.
            let (window, map) = GtkTestSupport.mapWindow()
            defer { gtk_window_destroy(cm_window(window)) }
            let log = Log()
            map.delegate = log
            map.register(MarkerAnnotationView.self, forAnnotationViewWithReuseIdentifier: "marker")
            let a = PointAnnotation(coordinate: map.viewport.coordinate(at: Point(x: 300, y: 300)), title: "Twin Peaks, the summit",
                                    subtitle: "A long enough subtitle for a wide bubble")
            let b = PointAnnotation(coordinate: map.viewport.coordinate(at: Point(x: 470, y: 300)), title: "Mission Dolores Park",
                                    subtitle: "A long enough subtitle for a wide bubble")
            map.addAnnotations([a, b])
            GtkTestSupport.spin()
            map.selectAnnotation(a)
            map.selectAnnotation(b, addingToSelection: true)
            GtkTestSupport.spin(0.3)
            let first = Self.frames(map)
            let pinB = map.view(for: b)!.calloutAnchor
            XCTAssertGreaterThan(first["Mission Dolores Park"]!.center.x, pinB.x + 10, "set aside to the right")
            XCTAssertFalse(first["Mission Dolores Park"]!.intersects(first["Twin Peaks, the summit"]!))
            map.deselectAnnotation(a)
            GtkTestSupport.spin(0.3)
            let centred = try! XCTUnwrap(map.calloutFrame(for: b))
            XCTAssertEqual(centred.center.x, pinB.x, accuracy: 1)
            XCTAssertEqual(log.placed.map(\.title), ["Mission Dolores Park"])
            XCTAssertEqual(log.placed.first?.frame, centred)
        }
    }

    func testCtrlEnterOnAFocusedPinAddsItAndTakesItOut() {
        MainActor.assumeIsolated {
            let (window, map, _, pins) = Self.crowd(.standard)
            defer { gtk_window_destroy(cm_window(window)) }
            map.selectAnnotation(pins[3])
            map.pinProxies.focus(map.view(for: pins[0])!)
            GtkTestSupport.spin(0.1)
            let control = GDK_CONTROL_MASK.rawValue
            XCTAssertTrue(map.keyPressed(UInt32(GDK_KEY_Return), modifiers: control))
            GtkTestSupport.spin(0.2)
            XCTAssertEqual(map.selectedAnnotations.map(\.title), ["Presidio", "Pier 39"])
            XCTAssertEqual(map.callouts.views.count, 2)
            XCTAssertTrue(map.keyPressed(UInt32(GDK_KEY_space), modifiers: control))
            GtkTestSupport.spin(0.2)
            XCTAssertEqual(map.selectedAnnotations.map(\.title), ["Presidio"])
        }
    }

    func testCalloutsKeepClearOfTheScaleBarAndAttribution() {
        MainActor.assumeIsolated {
            let (window, map) = GtkTestSupport.mapWindow()
            defer { gtk_window_destroy(cm_window(window)) }
            map.register(MarkerAnnotationView.self, forAnnotationViewWithReuseIdentifier: "marker")
            // Pins just above the scale bar (bottom left) and the attribution (bottom right): a
            // callout below either would cover it; with room above, none may.
            let places = [(60.0, 560.0), (700.0, 560.0), (90.0, 575.0), (640.0, 578.0)]
            let pins = places.enumerated().map { i, p in
                PointAnnotation(coordinate: map.viewport.coordinate(at: Point(x: p.0, y: p.1)), title: "Corner place \(i)",
                                subtitle: "Near the edge of the map")
            }
            map.addAnnotations(pins)
            GtkTestSupport.spin()
            for (i, pin) in pins.enumerated() { map.selectAnnotation(pin, addingToSelection: i > 0) }
            GtkTestSupport.spin(0.4)
            let plates = OverlayPainter(style: map.style, fontName: map.fontName, scaleUnits: map.scaleUnits,
                                        numberLocale: map.numberLocale).plates(viewport: map.viewport)
            XCTAssertEqual(plates.count, 2)
            for pin in pins {
                let frame = try! XCTUnwrap(map.calloutFrame(for: pin))
                for plate in plates { XCTAssertFalse(frame.intersects(plate), "\(pin.title!): \(frame) over \(plate)") }
            }
            Self.assertApart(map)
        }
    }

    func testThePopoverApproachShowsThePrimarysOnly() {
        MainActor.assumeIsolated {
            let (window, map, log, pins) = Self.crowd(.popover)
            defer { gtk_window_destroy(cm_window(window)) }
            map.selectAnnotation(pins[0])
            map.selectAnnotation(pins[1], addingToSelection: true)
            GtkTestSupport.spin(0.3)
            XCTAssertEqual(map.selectedAnnotations.count, 2)
            XCTAssertEqual(map.callouts.views.map { $0.annotation?.title }, ["Coit Tower"])
            XCTAssertEqual(log.lines, ["select Pier 39", "shown Pier 39", "select Coit Tower", "hidden Pier 39", "shown Coit Tower"])
            // The primary taken out: the popover follows the one before it.
            map.deselectAnnotation(pins[1])
            GtkTestSupport.spin(0.3)
            XCTAssertEqual(map.callouts.views.map { $0.annotation?.title }, ["Pier 39"])
            map.deselectAnnotation()
            GtkTestSupport.spin(0.3)
            XCTAssertFalse(map.callouts.isShowing)
        }
    }

    func testShapesJoinTheSelection() {
        MainActor.assumeIsolated {
            let (window, map, _, park, trail, pin) = ShapeSelectionTests.shapeMap(.standard)
            defer { gtk_window_destroy(cm_window(window)) }
            GtkTestSupport.click(map, Point(x: 320, y: 380))
            map.clicked(at: Point(x: 150, y: 500), adding: true)
            map.selectAnnotation(pin, addingToSelection: true)
            GtkTestSupport.spin(0.3)
            XCTAssertEqual(map.selectedOverlays.map(\.title), [park.title, trail.title])
            XCTAssertEqual(map.overlayLayer.selected, [ObjectIdentifier(park), ObjectIdentifier(trail)])
            XCTAssertEqual(map.callouts.views.count, 3)
            // Ctrl+click on the park again takes it out (its highlight too).
            map.clicked(at: Point(x: 330, y: 390), adding: true)
            GtkTestSupport.spin(0.2)
            XCTAssertEqual(map.selectedOverlays.map(\.title), [trail.title])
            XCTAssertEqual(map.overlayLayer.selected, [ObjectIdentifier(trail)])
            map.removeOverlay(trail)
            XCTAssertEqual(map.selectedAnnotations.map(\.title), ["Kiosk"])
        }
    }
}
