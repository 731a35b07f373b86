import CCalloutMapGtk
import CalloutMapCore
import CalloutMapGtk
@testable import CalloutMapWidget
import XCTest

/// The callout approach chosen per annotation view: the map's is the default, a view's own
/// wins, and a callout opens once whichever way it was chosen.
final class PerViewCalloutModeTests: XCTestCase {
    override func setUpWithError() throws {
        try XCTSkipUnless(MainActor.assumeIsolated { GtkTestSupport.hasDisplay }, "needs a display")
    }

    /// Venues get a popover, set on their views; anything else the map's approach — or, with
    /// `choosesOnSelect`, the choice is made in didSelect instead.
    final class Log: MapViewDelegate {
        var lines: [String] = []
        var choosesOnSelect = false
        func mapView(_ mapView: MapView, viewFor annotation: any Annotation) -> AnnotationView? {
            let view = mapView.dequeueReusableAnnotationView(withIdentifier: "marker", for: annotation)
            view.calloutMode = !choosesOnSelect && annotation.title?.hasPrefix("Venue") == true ? .popover : nil
            return view
        }
        func mapView(_ mapView: MapView, didSelect view: AnnotationView) {
            if choosesOnSelect { view.calloutMode = view.annotation?.title?.hasPrefix("Venue") == true ? .popover : .annotation }
            lines.append("select \(view.annotation?.title ?? "")")
        }
        func mapView(_ mapView: MapView, didShowCalloutFor view: AnnotationView) {
            lines.append("shown \(view.annotation?.title ?? "") \(mapView.calloutMode(for: view).rawValue)")
        }
        func mapView(_ mapView: MapView, didHideCalloutFor view: AnnotationView) { lines.append("hidden \(view.annotation?.title ?? "")") }
    }

    func testAViewsOwnApproachWinsAndEachCalloutOpensOnce() {
        MainActor.assumeIsolated {
            for choosesOnSelect in [false, true] {
                let (window, map) = GtkTestSupport.mapWindow()
                defer { gtk_window_destroy(cm_window(window)) }
                let log = Log()
                log.choosesOnSelect = choosesOnSelect
                map.delegate = log
                map.register(MarkerAnnotationView.self, forAnnotationViewWithReuseIdentifier: "marker")
                let venue = PointAnnotation(coordinate: map.viewport.coordinate(at: Point(x: 300, y: 300)), title: "Venue: the Fillmore")
                let cafe = PointAnnotation(coordinate: map.viewport.coordinate(at: Point(x: 600, y: 400)), title: "Café Trieste")
                map.addAnnotations([venue, cafe])
                GtkTestSupport.spin()
                let other = choosesOnSelect ? "annotation" : "standard"

                map.selectAnnotation(venue, animated: false)
                GtkTestSupport.spin(0.3)
                XCTAssertEqual(log.lines, ["select Venue: the Fillmore", "shown Venue: the Fillmore popover"], "once: \(choosesOnSelect)")
                XCTAssertNotNil(map.callouts.popoverWidget)

                // Added to the selection, the café shows the other way, beside the venue's popover.
                map.selectAnnotation(cafe, animated: false, addingToSelection: true)
                GtkTestSupport.spin(0.3)
                XCTAssertEqual(Array(log.lines.dropFirst(2)), ["select Café Trieste", "shown Café Trieste \(other)"])
                XCTAssertTrue(map.callouts.isShowing(for: map.view(for: venue)!), "the popover stays")
                XCTAssertEqual(map.calloutMode(for: map.view(for: cafe)!).rawValue, other)

                // The map's approach changes what views leave to it, not what they chose.
                log.lines = []
                map.calloutMode = .custom
                GtkTestSupport.spin(0.3)
                XCTAssertEqual(log.lines, choosesOnSelect ? [] : ["hidden Café Trieste", "shown Café Trieste custom"])
                XCTAssertTrue(map.callouts.isShowing(for: map.view(for: venue)!), "the venue's popover untouched")
                map.deselectAnnotation()
                GtkTestSupport.spin(0.3)
            }
        }
    }
}
