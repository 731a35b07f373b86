import CCalloutMapGtk
import CalloutMapCore
import CalloutMapGtk
@testable import CalloutMapWidget
import XCTest

/// In a window: a pin that yields to another is not listed to screen readers or counted in the
/// summary, and selecting it (as a search result does) brings it back.
final class PinYieldingTests: XCTestCase {
    override func setUpWithError() throws {
        try XCTSkipUnless(MainActor.assumeIsolated { GtkTestSupport.hasDisplay }, "needs a display")
    }

    final class Views: MapViewDelegate {
        func mapView(_ mapView: MapView, viewFor annotation: any Annotation) -> AnnotationView? {
            let view = mapView.dequeueReusableAnnotationView(withIdentifier: "marker", for: annotation)
            view.displayPriority = annotation.title == "Ferry Building" ? .high : .low
            return view
        }
    }

    func testAHiddenPinIsNotListedAndSelectingItShowsIt() {
        MainActor.assumeIsolated {
            let (window, map) = GtkTestSupport.mapWindow()
            defer { gtk_window_destroy(cm_window(window)) }
            map.worldPlaces = nil
            let views = Views()
            map.delegate = views
            map.register(MarkerAnnotationView.self, forAnnotationViewWithReuseIdentifier: "marker")
            let ferry = PointAnnotation(coordinate: map.viewport.coordinate(at: Point(x: 400, y: 300)), title: "Ferry Building")
            let kiosk = PointAnnotation(coordinate: map.viewport.coordinate(at: Point(x: 410, y: 300)), title: "Kiosk")
            let pier = PointAnnotation(coordinate: map.viewport.coordinate(at: Point(x: 600, y: 300)), title: "Pier 39")
            map.addAnnotations([ferry, kiosk, pier])
            XCTAssertTrue(MainLoop.iterate(until: { map.pinProxies.count == 2 }, timeout: 5), "\(map.pinProxies.count) proxies")
            XCTAssertTrue(map.view(for: kiosk)!.isHiddenByCollision)
            XCTAssertNil(map.annotationView(at: Point(x: 418, y: 290)), "the kiosk's own part takes no click")
            XCTAssertTrue(MainLoop.iterate(until: { map.viewSummary == "Ferry Building and 1 other place; nearest to the centre: Ferry Building" },
                                           timeout: 5), map.viewSummary)

            map.selectAnnotation(kiosk, animated: false)
            XCTAssertTrue(MainLoop.iterate(until: { map.pinProxies.count == 2 && !map.view(for: kiosk)!.isHiddenByCollision }, timeout: 5))
            XCTAssertTrue(map.view(for: ferry)!.isHiddenByCollision, "the high pin yields to the selected one")
            XCTAssertTrue(map.annotationView(at: Point(x: 410, y: 290))?.annotation === kiosk)
            map.deselectAnnotation(kiosk, animated: false)
            XCTAssertTrue(MainLoop.iterate(until: { map.view(for: kiosk)!.isHiddenByCollision }, timeout: 5))
            XCTAssertFalse(map.view(for: ferry)!.isHiddenByCollision)
        }
    }
}
