import CCalloutMapGtk
import CalloutMapCore
import CalloutMapGtk
@testable import CalloutMapWidget
import XCTest

/// Auto-pan that respects the user: a new callout pans the map once to show itself; after the
/// user pans it away the map never pulls back; it pans again only when the content grows.
final class AutoPanTests: XCTestCase {
    override func setUpWithError() throws {
        try XCTSkipUnless(MainActor.assumeIsolated { GtkTestSupport.hasDisplay }, "needs a display")
    }

    func testPansOnceThenLeavesTheMapToTheUser() {
        MainActor.assumeIsolated {
            let (window, map) = GtkTestSupport.mapWindow()
            defer { gtk_window_destroy(cm_window(window)) }
            map.register(MarkerAnnotationView.self, forAnnotationViewWithReuseIdentifier: "marker")
            // Near the top-left corner: no side of the pin has room for the callout.
            let pin = PointAnnotation(coordinate: map.viewport.coordinate(at: Point(x: 14, y: 44)), title: "Lands End Lookout",
                                      subtitle: "A callout too wide for the corner")
            map.addAnnotation(pin)
            GtkTestSupport.spin()
            let before = map.viewport.center
            map.selectAnnotation(pin)
            GtkTestSupport.spin(0.8)
            XCTAssertNotEqual(map.viewport.center, before, "the map panned to show the callout")
            let shown = map.viewport.center
            let frame = try! XCTUnwrap(map.calloutFrame)
            XCTAssertGreaterThanOrEqual(frame.minX, 9)

            // The user drags the callout half out of view: the map stays where they left it.
            let drag = GtkTestSupport.controller("GtkGestureDrag", of: map.widget)!
            cm_emit_drag(drag, "drag-begin", 400, 300)
            cm_emit_drag(drag, "drag-update", -150, -100)
            cm_emit_drag(drag, "drag-end", -150, -100)
            GtkTestSupport.spin(0.8)
            let dragged = map.viewport.center
            XCTAssertNotEqual(dragged, shown)
            map.queueAllocate()
            GtkTestSupport.spin(0.5)
            XCTAssertEqual(map.viewport.center, dragged, "no pull back")
            XCTAssertTrue(map.callouts.isShowing)
        }
    }

    /// A small map where the temporary title fits beside the pin and the real content cannot.
    @MainActor
    static func growing() -> (UnsafeMutablePointer<GtkWidget>, MapView, PointAnnotation) {
        let (window, map) = GtkTestSupport.mapWindow(size: Size(width: 340, height: 240))
        map.register(MarkerAnnotationView.self, forAnnotationViewWithReuseIdentifier: "marker")
        map.temporaryCalloutTitle = "…"
        let pin = PointAnnotation(coordinate: map.viewport.coordinate(at: Point(x: 170, y: 150)),
                                  title: "Conservatory of Flowers, the oldest public wooden conservatory in the Americas",
                                  subtitle: "Golden Gate Park, opened in 1879 and restored after the storm of 1995")
        map.addAnnotation(pin)
        GtkTestSupport.spin()
        return (window, map, pin)
    }

    func testItPansAgainWhenTheContentGrows() {
        MainActor.assumeIsolated {
            let (window, map, pin) = Self.growing()
            defer { gtk_window_destroy(cm_window(window)) }
            let first = map.viewport.center
            map.selectAnnotation(pin)
            GtkTestSupport.spin(0.5)
            XCTAssertEqual(map.viewport.center, first, "the temporary title fits: no pan")
            GtkTestSupport.spin(1.2)  // the real content replaces it, larger than the map shows
            XCTAssertNotEqual(map.viewport.center, first, "the content grew: the map pans to show it")
        }
    }

    func testItNeverPansWhileTheUserDrags() {
        MainActor.assumeIsolated {
            let (window, map, pin) = Self.growing()
            defer { gtk_window_destroy(cm_window(window)) }
            map.selectAnnotation(pin)
            GtkTestSupport.spin(0.5)
            // The user holds the map (a press that has not moved) while the content grows.
            let drag = GtkTestSupport.controller("GtkGestureDrag", of: map.widget)!
            cm_emit_drag(drag, "drag-begin", 20, 20)
            let held = map.viewport.center
            GtkTestSupport.spin(1.2)
            XCTAssertEqual(map.viewport.center, held, "no pan under the user's hand")
            cm_emit_drag(drag, "drag-update", 30, 0)
            cm_emit_drag(drag, "drag-end", 30, 0)
            GtkTestSupport.spin(0.6)
            let after = map.viewport.center
            map.queueAllocate()
            GtkTestSupport.spin(0.5)
            XCTAssertEqual(map.viewport.center, after, "and none after it: the map is the user's")
        }
    }

    /// A pin in the middle of the map, selected with its callout shown, then the map panned by `offset`.
    @MainActor
    static func selectedThenPanned(by offset: Point) -> (UnsafeMutablePointer<GtkWidget>, MapView, PointAnnotation) {
        let (window, map) = GtkTestSupport.mapWindow()
        map.register(MarkerAnnotationView.self, forAnnotationViewWithReuseIdentifier: "marker")
        let pin = PointAnnotation(coordinate: map.viewport.coordinate(at: Point(x: 400, y: 300)), title: "Lands End Lookout",
                                  subtitle: "A callout too wide for the corner")
        map.addAnnotation(pin)
        GtkTestSupport.spin()
        map.selectAnnotation(pin)
        GtkTestSupport.spin(0.5)
        map.pan(by: offset)
        return (window, map, pin)
    }

    /// Issue 42: a pin selected and then panned far out of view; switching the approach showed its
    /// callout again the new way and pulled the map ~20 km back to it. A selection out of view
    /// stays out of view until the person goes to it, in every approach switched to.
    func testChangingTheApproachLeavesASelectionOutOfViewOutOfView() {
        MainActor.assumeIsolated {
            let (window, map, _) = Self.selectedThenPanned(by: Point(x: 1_400, y: 800))  // far up and left of the view
            defer { gtk_window_destroy(cm_window(window)) }
            GtkTestSupport.spin(0.3)
            let away = map.viewport.center
            for mode in [CalloutMode.custom, .annotation, .standard] {
                map.calloutMode = mode
                GtkTestSupport.spin(0.6)
                XCTAssertEqual(map.viewport.center, away, "\(mode): the map stays where the person took it")
                XCTAssertEqual(map.selectedAnnotations.count, 1, "\(mode): still selected")
            }
            // A popover closes when its pin is out of view (and, as when it leaves, deselects).
            map.calloutMode = .popover
            GtkTestSupport.spin(0.6)
            XCTAssertEqual(map.viewport.center, away, "popover: the map stays where the person took it")
        }
    }

    /// A callout shown again the new way never moves the map, even cut off at the map's edge.
    func testChangingTheApproachNeverPansForACalloutCutOff() {
        MainActor.assumeIsolated {
            let (window, map, pin) = Self.selectedThenPanned(by: Point(x: -386, y: -256))  // near the top-left corner, cut off
            defer { gtk_window_destroy(cm_window(window)) }
            GtkTestSupport.spin(0.3)
            let corner = map.viewport.center
            map.calloutMode = .annotation
            GtkTestSupport.spin(0.6)
            XCTAssertEqual(map.viewport.center, corner, "no pan for a callout shown again")
            map.deselectAnnotation()
            map.selectAnnotation(pin)
            GtkTestSupport.spin(0.8)
            XCTAssertNotEqual(map.viewport.center, corner, "a callout the person opens still pans to show itself")
        }
    }
}
