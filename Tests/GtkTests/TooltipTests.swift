import CCalloutMapGtk
import CalloutMapCore
import CalloutMapGtk
@testable import CalloutMapWidget
import XCTest

/// Tooltips in the real widget: a pin's or shape's title and subtitle where the pointer rests,
/// none over an item whose callout is open or while the map moves, and keyboard focus shows one.
final class TooltipTests: XCTestCase {
    override func setUpWithError() throws {
        try XCTSkipUnless(MainActor.assumeIsolated { GtkTestSupport.hasDisplay }, "needs a display")
    }

    final class Log: MapViewDelegate {
        var tooltips: [String] = []
        func mapView(_ mapView: MapView, viewFor annotation: any Annotation) -> AnnotationView? {
            annotation is OverlayAnchor ? nil : mapView.dequeueReusableAnnotationView(withIdentifier: "marker", for: annotation)
        }
        func mapView(_ mapView: MapView, didShowTooltipWith title: String) { tooltips.append(title) }
    }

    func testAPinsAndAShapesTooltipAndNoneWhereTheCalloutIsOpen() {
        MainActor.assumeIsolated {
            let (window, map, _, park, _, pin) = ShapeSelectionTests.shapeMap(.standard)
            defer { gtk_window_destroy(cm_window(window)) }
            let at = map.view(for: pin)!.frame.center
            let item = try! XCTUnwrap(map.tooltipItem(at: at))
            XCTAssertEqual(item.text, "Kiosk")
            XCTAssertEqual(item.area, map.view(for: pin)!.frame)
            let onPark = try! XCTUnwrap(map.tooltipItem(at: Point(x: 300, y: 400)))
            XCTAssertEqual(onPark.text, "Lakeside Park\nA park")
            XCTAssertNil(map.tooltipItem(at: Point(x: 40, y: 40)), "the bare map has none")
            // Its callout open: no tooltip for it (nor for the selected park).
            map.selectAnnotation(pin)
            map.selectOverlay(park, addingToSelection: true)
            GtkTestSupport.spin(0.3)
            XCTAssertNil(map.tooltipItem(at: at))
            XCTAssertNil(map.tooltipItem(at: Point(x: 300, y: 400)))
            map.deselectAnnotation()
            // While the map moves: none.
            map.animatePan(by: Point(x: 40, y: 0))
            XCTAssertTrue(map.isMoving)
            XCTAssertNil(map.tooltipItem(at: map.view(for: pin)!.frame.center))
        }
    }

    func testKeyboardFocusShowsTheTooltipAfterGtksDelay() {
        MainActor.assumeIsolated {
            let (window, map, _, _, _, pin) = ShapeSelectionTests.shapeMap(.standard)
            defer { gtk_window_destroy(cm_window(window)) }
            let log = Log()
            map.delegate = log
            map.pinProxies.focus(map.view(for: pin)!)
            GtkTestSupport.spin(0.2)
            XCTAssertFalse(map.tooltips.focus.isShowing, "not before the delay")
            GtkTestSupport.spin(0.6)
            XCTAssertTrue(map.tooltips.focus.isShowing)
            XCTAssertEqual(map.tooltips.focus.text, "Kiosk")
            // (The display's pointer may rest on the park and show its own tooltip too.)
            XCTAssertEqual(log.tooltips.filter { $0 == "Kiosk" }, ["Kiosk"])
            // Selecting it (Enter) opens its callout: the tooltip goes.
            map.selectAnnotation(pin)
            GtkTestSupport.spin(0.2)
            XCTAssertFalse(map.tooltips.focus.isShowing)
            // Focus back on the map: none.
            gtk_widget_grab_focus(map.widget)
            GtkTestSupport.spin(0.7)
            XCTAssertFalse(map.tooltips.focus.isShowing)
        }
    }
}
