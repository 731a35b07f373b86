import CCalloutMapGtk
import CalloutMapCore
import CalloutMapGtk
@testable import CalloutMapWidget
import XCTest

/// Tab from a selected pin goes to its callout's buttons — past its data, whatever the data
/// holds — and then on out of the map.
final class CalloutFocusTests: XCTestCase {
    override func setUpWithError() throws {
        try XCTSkipUnless(MainActor.assumeIsolated { GtkTestSupport.hasDisplay }, "needs a display")
    }

    final class Views: MapViewDelegate {
        func mapView(_ mapView: MapView, viewFor annotation: any Annotation) -> AnnotationView? {
            let view = mapView.dequeueReusableAnnotationView(withIdentifier: "marker", for: annotation)
            view.rightCalloutAccessory = .detailDisclosure()
            view.detailCalloutAccessory = .properties(["cuisine": "seafood", "opened": "1849"])
            return view
        }
    }

    /// A map with one restaurant's pin, its callout with data and an ⓘ (the delegate is returned
    /// to be kept: the map holds it weakly).
    @MainActor
    static func restaurant() -> (UnsafeMutablePointer<GtkWidget>, MapView, PointAnnotation, Views) {
        let (window, map) = GtkTestSupport.mapWindow()
        let views = Views()
        map.delegate = views
        map.register(MarkerAnnotationView.self, forAnnotationViewWithReuseIdentifier: "marker")
        let pin = PointAnnotation(coordinate: map.viewport.coordinate(at: Point(x: 400, y: 300)), title: "Tadich Grill")
        map.addAnnotation(pin)
        GtkTestSupport.spin()
        return (window, map, pin, views)
    }

    func testTabGoesFromThePinPastItsDataToItsButtonThenOutOfTheMap() {
        MainActor.assumeIsolated {
            let (window, map, _, views) = Self.restaurant()
            defer { gtk_window_destroy(cm_window(window)); _ = views }
            map.selectAnnotation(map.annotations[0], animated: false)
            GtkTestSupport.spin(0.5)
            gtk_widget_grab_focus(map.widget)
            func focused() -> UnsafeMutablePointer<GtkWidget>? { gtk_window_get_focus(cm_window(window)) }
            XCTAssertNotEqual(gtk_widget_child_focus(window, GTK_DIR_TAB_FORWARD), 0)
            XCTAssertTrue(focused().map { map.pinProxies.isProxy($0) } ?? false, "the pin first")
            XCTAssertNotEqual(gtk_widget_child_focus(window, GTK_DIR_TAB_FORWARD), 0)
            let button = try! XCTUnwrap(focused())
            XCTAssertTrue(gtk_widget_is_ancestor(button, try! XCTUnwrap(map.callouts.bubbleWidget)) != 0, "then the callout's ⓘ")
            XCTAssertEqual(CalloutContent.name(of: button), "Details")
            _ = gtk_widget_child_focus(window, GTK_DIR_TAB_FORWARD)
            XCTAssertTrue(focused() == map.widget, "then out of the map's stops (here, round to the map)")
        }
    }

    /// Issue 42: Escape closed the callout and left the keyboard on the map, not on the pin the
    /// person was at (a popover already gave focus back to its pin). Escape from the callout's
    /// button or from the pin itself puts the focus on the pin, in the bubble approaches too.
    func testEscapeClosingACalloutGivesTheFocusBackToItsPin() {
        MainActor.assumeIsolated {
            let (window, map, pin, views) = Self.restaurant()
            defer { gtk_window_destroy(cm_window(window)); _ = views }
            func focused() -> UnsafeMutablePointer<GtkWidget>? { gtk_window_get_focus(cm_window(window)) }
            let keys = GtkTestSupport.controller("GtkEventControllerKey", of: map.widget)!
            for mode in [CalloutMode.standard, .custom, .annotation] {
                map.calloutMode = mode
                map.selectAnnotation(pin, animated: false)
                GtkTestSupport.spin(0.4)
                gtk_widget_grab_focus(map.widget)
                XCTAssertNotEqual(gtk_widget_child_focus(window, GTK_DIR_TAB_FORWARD), 0)
                XCTAssertNotEqual(gtk_widget_child_focus(window, GTK_DIR_TAB_FORWARD), 0)
                XCTAssertFalse(focused().map { map.pinProxies.isProxy($0) } ?? true, "\(mode): in the callout")
                XCTAssertNotEqual(cm_emit_key(keys, guint(GDK_KEY_Escape), 0, GdkModifierType(0)), 0)
                GtkTestSupport.spin(0.3)
                XCTAssertTrue(map.selectedAnnotations.isEmpty, "\(mode): Escape deselected")
                XCTAssertTrue(focused().map { map.pinProxies.isProxy($0) } ?? false, "\(mode): the focus is on the pin")
            }
        }
    }
}
