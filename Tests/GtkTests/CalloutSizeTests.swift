import CCalloutMapGtk
import CalloutMapCore
import CalloutMapGtk
@testable import CalloutMapWidget
import XCTest

/// Content-sized callouts: at most 320 points of content wide (long text wraps), at most 300
/// tall (more scrolls), and a right-to-left title lays the callout out right to left.
final class CalloutSizeTests: XCTestCase {
    override func setUpWithError() throws {
        try XCTSkipUnless(MainActor.assumeIsolated { GtkTestSupport.hasDisplay }, "needs a display")
    }

    final class Views: MapViewDelegate {
        var configure: @MainActor (AnnotationView) -> Void = { _ in }
        func mapView(_ mapView: MapView, viewFor annotation: any Annotation) -> AnnotationView? {
            let view = mapView.dequeueReusableAnnotationView(withIdentifier: "marker", for: annotation)
            configure(view)
            return view
        }
    }

    @MainActor
    static func bubble(title: String, subtitle: String? = nil, mode: CalloutMode = .standard,
                       configure: @escaping @MainActor (AnnotationView) -> Void = { _ in })
        -> (UnsafeMutablePointer<GtkWidget>, MapView, CalloutBubble, Views) {
        let (window, map) = GtkTestSupport.mapWindow()
        let views = Views()
        views.configure = configure
        map.delegate = views
        map.register(MarkerAnnotationView.self, forAnnotationViewWithReuseIdentifier: "marker")
        let pin = PointAnnotation(coordinate: map.viewport.coordinate(at: Point(x: 400, y: 420)), title: title, subtitle: subtitle)
        map.calloutMode = mode
        map.addAnnotation(pin)
        GtkTestSupport.spin()
        map.selectAnnotation(pin)
        GtkTestSupport.spin(0.3)
        return (window, map, map.callouts.bubble!, views)
    }

    func testLongTextWrapsWithinTheMaximumWidth() {
        MainActor.assumeIsolated {
            let title = "The Palace of Fine Arts, a monumental structure built for the Panama-Pacific Exposition of 1915"
            let (window, _, bubble, _) = Self.bubble(title: title, subtitle: "Marina District")
            defer { gtk_window_destroy(cm_window(window)) }
            let size = bubble.bodySize
            XCTAssertLessThanOrEqual(size.width, Double(CalloutBubble.maxContentWidth) + 2 * bubble.appearance.padding)
            XCTAssertGreaterThan(size.height, 70, "the title takes several lines instead of being cut")
            XCTAssertFalse(bubble.scrolls)
        }
    }

    func testTallContentScrollsWithinTheMaximumHeight() {
        MainActor.assumeIsolated {
            // Twenty lines of opening hours, a button at the end: more than 300 points.
            let lines: [CalloutAccessory] = (1...20).map { .text("Stall \($0): open 7–19 every day", style: .body) }
            let (window, _, bubble, _) = Self.bubble(title: "Market hall") {
                $0.detailCalloutAccessory = .stack(lines + [.textButton("Book a table")])
            }
            defer { gtk_window_destroy(cm_window(window)) }
            XCTAssertTrue(bubble.scrolls)
            XCTAssertEqual(bubble.bodySize.height, Double(CalloutBubble.maxContentHeight) + 2 * bubble.appearance.padding, accuracy: 1)
        }
    }

    func testARightToLeftTitleMirrorsTheCallout() {
        MainActor.assumeIsolated {
            @MainActor func accessoryXs(_ title: String) -> (left: Double, right: Double, direction: GtkTextDirection) {
                let (window, map, bubble, _) = Self.bubble(title: title, subtitle: "1538") {
                    $0.leftCalloutAccessory = .textButton("Left")
                    $0.rightCalloutAccessory = .detailDisclosure()
                }
                defer { gtk_window_destroy(cm_window(window)) }
                let buttons = CalloutContent.buttons(in: bubble.widget)
                @MainActor func x(_ name: String) -> Double {
                    let b = buttons.first { CalloutContent.name(of: $0) == name }!
                    var bounds = graphene_rect_t()
                    _ = gtk_widget_compute_bounds(b, map.widget, &bounds)
                    return Double(bounds.origin.x)
                }
                return (x("Left"), x("Details"), gtk_widget_get_direction(bubble.content))
            }
            let ltr = accessoryXs("Tower of David")
            XCTAssertLessThan(ltr.left, ltr.right)
            XCTAssertEqual(ltr.direction, GTK_TEXT_DIR_LTR)
            let rtl = accessoryXs("מגדל דוד")
            XCTAssertGreaterThan(rtl.left, rtl.right, "the leading accessory sits on the right")
            XCTAssertEqual(rtl.direction, GTK_TEXT_DIR_RTL)
        }
    }
}
