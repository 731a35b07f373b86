import CCalloutMapGtk
import CalloutMapCore
import CalloutMapGtk
@testable import CalloutMapWidget
import XCTest

/// The invisible buttons that stand for pins and shapes are made once the map has drawn its
/// first frame, not before: a window about to open with a thousand pins spent 10–35 ms making
/// views and buttons for a map not on screen yet.
final class ProxyButtonsTests: XCTestCase {
    override func setUpWithError() throws {
        try XCTSkipUnless(MainActor.assumeIsolated { GtkTestSupport.hasDisplay }, "needs a display")
    }

    func testButtonsWaitForTheFirstFrame() {
        MainActor.assumeIsolated {
            let center = Coordinate(latitude: 37.7749, longitude: -122.4194)
            let map = MapView(basemap: GtkTestSupport.basemap, center: center, zoom: 12)
            map.worldPlaces = nil
            map.addAnnotations([PointAnnotation(coordinate: center, title: "Here"),
                                PointAnnotation(coordinate: Coordinate(latitude: 37.78, longitude: -122.41), title: "There")])
            map.addOverlay(Polyline(coordinates: [Coordinate(latitude: 37.76, longitude: -122.43),
                                                  Coordinate(latitude: 37.79, longitude: -122.40)]))
            let window = gtk_window_new()!
            defer { gtk_window_destroy(cm_window(window)) }
            gtk_window_set_default_size(cm_window(window), 800, 600)
            gtk_window_set_child(cm_window(window), map.widget)
            GtkTestSupport.spin(0.2)
            XCTAssertFalse(map.hasDrawnFirstFrame)
            XCTAssertEqual(map.pinProxies.count, 0)
            XCTAssertEqual(map.shapeProxies.count, 0)
            XCTAssertTrue(map.annotationLayer.sortedViews.isEmpty, "no pin views made for a map not on screen")

            gtk_window_present(cm_window(window))
            XCTAssertTrue(MainLoop.iterate(until: { map.pinProxies.count == 2 && map.shapeProxies.count == 1 }, timeout: 5),
                          "\(map.pinProxies.count) pin and \(map.shapeProxies.count) shape buttons")
            XCTAssertTrue(map.hasDrawnFirstFrame)
        }
    }
}
