import CCalloutMapGtk
import CalloutMapCore
import CalloutMapGtk
@testable import CalloutMapWidget
import XCTest

/// What a screen reader hears of the map once it settles: the places in view, the groups, the
/// pin nearest the centre.
final class ViewSummaryTests: XCTestCase {
    override func setUpWithError() throws {
        try XCTSkipUnless(MainActor.assumeIsolated { GtkTestSupport.hasDisplay }, "needs a display")
    }

    func testTheSummarySaysWhatIsInView() {
        MainActor.assumeIsolated {
            let (window, map) = GtkTestSupport.mapWindow(size: Size(width: 900, height: 600))
            defer { gtk_window_destroy(cm_window(window)) }
            map.worldPlaces = nil  // pins alone first
            let center = Coordinate(latitude: 37.78, longitude: -122.41)
            map.setCenter(center, zoom: 14)
            GtkTestSupport.spin(0.1)
            XCTAssertEqual(map.viewSummary, "No places in view")
            let near = PointAnnotation(coordinate: Coordinate(latitude: 37.781, longitude: -122.411), title: "Near")
            let far = PointAnnotation(coordinate: Coordinate(latitude: 37.79, longitude: -122.42), title: "Far")
            let away = PointAnnotation(coordinate: Coordinate(latitude: 40, longitude: -100), title: "Away")
            map.addAnnotations([far, near, away])
            GtkTestSupport.spin(0.1)
            XCTAssertEqual(map.viewSummary, "Near and 1 other place; nearest to the centre: Near")
            map.removeAnnotation(far)
            XCTAssertEqual(map.viewSummary, "Near")
            // Groups are counted apart.
            map.clusteringIdentifier = { _ in "all" }
            map.addAnnotations((0..<30).map { i in
                PointAnnotation(coordinate: Coordinate(latitude: 37.80 + Double(i) * 1e-5, longitude: -122.40), title: "Crowd \(i)")
            })
            XCTAssertTrue(MainLoop.iterate(until: { map.viewSummary.contains("1 group of places") }, timeout: 5), map.viewSummary)

            // With the world's names, the biggest town named leads.
            map.removeAnnotations(map.annotations)
            map.worldPlaces = try! WorldPlaces.bundled()
            map.setCenter(Coordinate(latitude: 48.5, longitude: 8), zoom: 5)
            XCTAssertTrue(MainLoop.iterate(until: { map.viewSummary.hasPrefix("London and ") }, timeout: 5), map.viewSummary)
            XCTAssertTrue(map.viewSummary.hasSuffix("other places"), map.viewSummary)
        }
    }
}
