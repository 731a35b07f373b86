import CCalloutMapGtk
import CalloutMapCore
import CalloutMapGtk
@testable import CalloutMapWidget
import XCTest

/// What a narrow map keeps apart: the zoom buttons (MapKit's `showsZoomControls`), the scale bar,
/// the attribution and callouts.
final class ZoomControlsTests: XCTestCase {
    override func setUpWithError() throws {
        try XCTSkipUnless(MainActor.assumeIsolated { GtkTestSupport.hasDisplay }, "needs a display")
    }

    func testTheScaleBarAndTheAttributionNeverOverlap() {
        MainActor.assumeIsolated {
            let (window, map) = GtkTestSupport.mapWindow(size: Size(width: 360, height: 300))
            defer { gtk_window_destroy(cm_window(window)) }
            let painter = OverlayPainter(style: map.style, fontName: map.fontName, scaleUnits: .metric, numberLocale: map.numberLocale)
            for width in [200.0, 300, 360, 480, 640, 1000] {
                for credits in [MapScene.attribution, "© OpenStreetMap contributors", MapScene.attribution(of: [], names: true)] {
                    let viewport = Viewport(center: map.viewport.centerCoordinate, zoom: 12, size: Size(width: width, height: 300))
                    let plates = painter.plates(viewport: viewport, attribution: credits)
                    XCTAssertEqual(plates.count, 2)
                    // Issue 42: at 360 px the credits with GeoNames were cut at the map's left edge;
                    // they break between sources onto another line instead.
                    for plate in plates where width >= 300 {
                        XCTAssertGreaterThanOrEqual(plate.minX, 10, "at \(width): \(credits) \(plate)")
                        XCTAssertLessThanOrEqual(plate.maxX, width - 10, "at \(width): \(credits) \(plate)")
                    }
                    XCTAssertFalse(plates[0].intersects(plates[1]), "at \(width): \(plates)")
                    // Side by side where they fit, the attribution above the scale bar where not.
                    XCTAssertEqual(plates[0].minY == plates[1].minY, plates[0].maxX + 10 <= plates[1].minX, "at \(width): \(plates)")
                }
            }
        }
    }

    func testTheButtonsZoomStopAtTheLimitsAndCalloutsKeepClear() {
        MainActor.assumeIsolated {
            let (window, map) = GtkTestSupport.mapWindow(size: Size(width: 360, height: 300))
            defer { gtk_window_destroy(cm_window(window)) }
            XCTAssertNil(map.zoomControls.box, "off unless asked for")
            map.showsZoomControls = true
            GtkTestSupport.spin(0.1)
            let box = try! XCTUnwrap(map.zoomControls.box)
            let frame = try! XCTUnwrap(map.zoomControls.frame(mapWidth: 360))
            XCTAssertEqual(frame.maxX, 350)
            XCTAssertEqual(frame.minY, 10)
            XCTAssertGreaterThanOrEqual(frame.height, 2 * 24, "two buttons, one above the other")
            XCTAssertEqual(Double(gtk_widget_get_width(box)), frame.width)

            let zoomIn = gtk_widget_get_first_child(box)!, zoomOut = gtk_widget_get_last_child(box)!
            // The zoom animates (slower under a sanitizer): wait for it to land, within a bound.
            gtk_widget_activate(zoomIn)
            MainLoop.iterate(until: { map.zoom == 13 }, timeout: 5)
            XCTAssertEqual(map.zoom, 13)
            for target in [12.0, 11.0] {
                gtk_widget_activate(zoomOut)  // a button's activation clicks it a moment later
                MainLoop.iterate(until: { map.zoom == target }, timeout: 5)
            }
            XCTAssertEqual(map.zoom, 11)
            map.setCenter(map.centerCoordinate, zoom: Viewport.zoomRange.upperBound)
            XCTAssertEqual(gtk_widget_get_sensitive(zoomIn), 0, "no further in")
            XCTAssertEqual(gtk_widget_get_sensitive(zoomOut), 1)
            map.setCenter(map.centerCoordinate, zoom: 12)

            // A pin right under the buttons: its callout goes elsewhere.
            map.register(MarkerAnnotationView.self, forAnnotationViewWithReuseIdentifier: "marker")
            let pin = PointAnnotation(coordinate: map.viewport.coordinate(at: Point(x: frame.center.x, y: frame.maxY + 40)),
                                      title: "Under the zoom buttons", subtitle: "Its callout keeps clear of them")
            map.addAnnotation(pin)
            GtkTestSupport.spin()
            map.selectAnnotation(pin, animated: false)
            GtkTestSupport.spin(0.4)
            let callout = try! XCTUnwrap(map.calloutFrame(for: pin))
            XCTAssertFalse(callout.intersects(frame), "\(callout) under the buttons \(frame)")

            map.showsZoomControls = false
            XCTAssertNil(map.zoomControls.box)
        }
    }

    /// What lies over the map's edges (a toast): the plates and the zoom buttons move inside it.
    func testLayoutMarginsKeepThePlatesAndButtonsClearOfWhatCoversTheMap() {
        MainActor.assumeIsolated {
            let (window, map) = GtkTestSupport.mapWindow(size: Size(width: 400, height: 300))
            defer { gtk_window_destroy(cm_window(window)) }
            map.showsZoomControls = true
            let painter = { OverlayPainter(style: map.style, fontName: map.fontName, scaleUnits: .metric, numberLocale: map.numberLocale,
                                           margins: map.layoutMargins) }
            let before = painter().plates(viewport: map.viewport)
            map.layoutMargins = EdgeInsets(top: 20, left: 0, bottom: 70, right: 5)
            GtkTestSupport.spin(0.1)
            let after = painter().plates(viewport: map.viewport)
            for (a, b) in zip(before, after) { XCTAssertEqual(b.maxY, a.maxY - 70, accuracy: 0.01, "\(a) → \(b)") }
            XCTAssertLessThanOrEqual(after.map(\.maxY).max()!, map.viewport.size.height - 70)
            let controls = try! XCTUnwrap(map.zoomControls.frame(mapWidth: 400, margins: map.layoutMargins))
            XCTAssertEqual(controls.minY, 30)
            XCTAssertEqual(controls.maxX, 385)
            XCTAssertEqual(Double(gtk_widget_get_allocated_height(map.zoomControls.box!)), controls.height)
            map.layoutMargins = .zero
        }
    }
}
