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
}
