import CCalloutMapGtk
import CalloutMapCore
import CalloutMapGtk
@testable import CalloutMapWidget
import XCTest

/// Taps and long presses on the empty map reach the delegate with their coordinate, so an app
/// can add a place where the person points without any GTK gesture code of its own.
final class MapTapTests: XCTestCase {
    override func setUpWithError() throws {
        try XCTSkipUnless(MainActor.assumeIsolated { GtkTestSupport.hasDisplay }, "needs a display")
    }

    final class Log: MapViewDelegate {
        var taps: [Coordinate] = [], holds: [Coordinate] = []
        func mapView(_ mapView: MapView, didTapAt coordinate: Coordinate) { taps.append(coordinate) }
        func mapView(_ mapView: MapView, didLongPressAt coordinate: Coordinate) { holds.append(coordinate) }
    }

    func testATapOnTheEmptyMapIsToldWithItsCoordinateButNotOneThatClosesACalloutOrZooms() {
        MainActor.assumeIsolated {
            let (window, map) = GtkTestSupport.mapWindow()
            defer { gtk_window_destroy(cm_window(window)) }
            let log = Log()
            map.delegate = log
            let pin = PointAnnotation(coordinate: map.viewport.coordinate(at: Point(x: 600, y: 300)), title: "Pier 39")
            map.addAnnotation(pin)
            GtkTestSupport.spin()

            GtkTestSupport.click(map, Point(x: 200, y: 250))
            XCTAssertEqual(log.taps.count, 0, "not before the double-click time")
            GtkTestSupport.spin(0.6)
            XCTAssertEqual(log.taps.count, 1)
            let expected = map.viewport.coordinate(at: Point(x: 200, y: 250))
            XCTAssertEqual(log.taps[0].latitude, expected.latitude, accuracy: 1e-9)
            XCTAssertEqual(log.taps[0].longitude, expected.longitude, accuracy: 1e-9)

            // On a pin: a selection, no tap. Then on the empty map: the callout closes, no tap.
            GtkTestSupport.click(map, map.view(for: pin)!.frame.center)
            GtkTestSupport.spin(0.6)
            XCTAssertTrue(map.selectedAnnotation === pin)
            GtkTestSupport.click(map, Point(x: 200, y: 250))
            GtkTestSupport.spin(0.6)
            XCTAssertNil(map.selectedAnnotation)
            XCTAssertEqual(log.taps.count, 1, "closing the callout was all that click did")

            // A double-click zooms: its first click is no tap.
            GtkTestSupport.click(map, Point(x: 200, y: 250))
            let click = GtkTestSupport.controller("GtkGestureClick", of: map.widget)!
            cm_emit_pressed(click, 2, 200, 250)
            GtkTestSupport.spin(0.8)
            XCTAssertEqual(log.taps.count, 1, "no tap for a double-click")
        }
    }

    func testALongPressOnTheEmptyMapIsToldAndItsReleaseIsNoTap() {
        MainActor.assumeIsolated {
            let (window, map) = GtkTestSupport.mapWindow()
            defer { gtk_window_destroy(cm_window(window)) }
            let log = Log()
            map.delegate = log
            let hold = GtkTestSupport.controller("GtkGestureLongPress", of: map.widget)!
            cm_emit_drag(hold, "pressed", 300, 200)  // ("pressed" of a long press takes x and y)
            XCTAssertEqual(log.holds.count, 1)
            let expected = map.viewport.coordinate(at: Point(x: 300, y: 200))
            XCTAssertEqual(log.holds[0].latitude, expected.latitude, accuracy: 1e-9)
            XCTAssertTrue(map.input.openedMenu, "the release that ends it is no click")
            XCTAssertFalse(map.contextMenu.isShowing, "a pointer's long press opens no menu (a finger's does)")
        }
    }
}
