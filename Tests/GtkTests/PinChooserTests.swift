import CCalloutMapGtk
import CalloutMapCore
import CalloutMapGtk
@testable import CalloutMapWidget
import XCTest

/// The chooser in the real widget: a click on pins stacked on one point, or on a cluster that
/// cannot split, lists them; a row picks one, Escape closes; partial overlaps still cycle.
final class PinChooserTests: XCTestCase {
    override func setUpWithError() throws {
        try XCTSkipUnless(MainActor.assumeIsolated { GtkTestSupport.hasDisplay }, "needs a display")
    }

    final class Log: MapViewDelegate {
        var lines: [String] = []
        func mapView(_ mapView: MapView, viewFor annotation: any Annotation) -> AnnotationView? {
            annotation is ClusterAnnotation ? nil : mapView.dequeueReusableAnnotationView(withIdentifier: "marker", for: annotation)
        }
        func mapView(_ mapView: MapView, didSelect view: AnnotationView) { lines.append("select \(view.annotation?.title ?? "")") }
        func mapView(_ mapView: MapView, didShowChooserWith annotations: [any Annotation]) {
            lines.append("chooser " + annotations.map { $0.title ?? "" }.joined(separator: ", "))
        }
        func mapViewDidHideChooser(_ mapView: MapView) { lines.append("chooser hidden") }
    }

    @MainActor
    static func map() -> (UnsafeMutablePointer<GtkWidget>, MapView, Log) {
        let (window, map) = GtkTestSupport.mapWindow()
        let log = Log()
        map.delegate = log
        map.register(MarkerAnnotationView.self, forAnnotationViewWithReuseIdentifier: "marker")
        return (window, map, log)
    }

    func testStackedPinsOpenAListAndARowSelectsThatPin() {
        MainActor.assumeIsolated {
            let (window, map, log) = Self.map()
            defer { gtk_window_destroy(cm_window(window)) }
            let at = { (x: Double, y: Double) in map.viewport.coordinate(at: Point(x: x, y: y)) }
            // Three stalls at one address (one a point away), and a pin partly over them 12 points off.
            let stalls = [PointAnnotation(coordinate: at(400, 300), title: "Cheese stall", subtitle: "Stall 1"),
                          PointAnnotation(coordinate: at(400, 300), title: "Oyster bar", subtitle: "Stall 2"),
                          PointAnnotation(coordinate: at(401, 300), title: "Bakery")]
            let neighbour = PointAnnotation(coordinate: at(412, 300), title: "Bookshop")
            map.addAnnotations(stalls + [neighbour])
            GtkTestSupport.spin()
            GtkTestSupport.click(map, Point(x: 400, y: 285))
            GtkTestSupport.spin(0.3)
            XCTAssertTrue(map.chooser.isShowing)
            XCTAssertNil(map.selectedAnnotation, "nothing is selected until one is picked")
            XCTAssertEqual(Set(map.chooser.listed.compactMap(\.title)), ["Cheese stall", "Oyster bar", "Bakery"])
            XCTAssertEqual(log.lines.count, 1)
            XCTAssertTrue(log.lines[0].hasPrefix("chooser "))
            // A row (Enter or a click activates it) selects its pin, with its callout; the list closes.
            let second = map.chooser.listed[1]
            gtk_widget_activate(map.chooser.rows[1])
            GtkTestSupport.spin(0.3)
            XCTAssertTrue(map.selectedAnnotation === second)
            XCTAssertFalse(map.chooser.isShowing)
            XCTAssertEqual(Array(log.lines.suffix(2)), ["chooser hidden", "select \(second.title!)"])
            XCTAssertTrue(map.callouts.isShowing)

            // Escape (GTK's popdown) closes it; nothing is selected.
            map.deselectAnnotation()
            GtkTestSupport.click(map, Point(x: 400, y: 285))
            GtkTestSupport.spin(0.3)
            XCTAssertTrue(map.chooser.isShowing)
            gtk_popover_popdown(cast(map.chooser.widget!))
            GtkTestSupport.spin(0.3)
            XCTAssertFalse(map.chooser.isShowing)
            XCTAssertEqual(log.lines.last, "chooser hidden")
            XCTAssertNil(map.selectedAnnotation)

            // Where only the bookshop is hit, it is selected as before.
            GtkTestSupport.click(map, Point(x: 420, y: 285))
            GtkTestSupport.spin(0.2)
            XCTAssertTrue(map.selectedAnnotation === neighbour)
        }
    }

    func testAClusterThatCannotSplitListsItsMembers() {
        MainActor.assumeIsolated {
            let (window, map, log) = Self.map()
            defer { gtk_window_destroy(cm_window(window)) }
            let spot = map.viewport.coordinate(at: Point(x: 400, y: 300))
            let flats = (1...30).map { PointAnnotation(coordinate: spot, title: "Flat \($0)", subtitle: "One tower") }
            map.clusteringIdentifier = { _ in "flats" }
            map.addAnnotations(flats)
            GtkTestSupport.spin(0.2)
            @MainActor func clusterView() -> AnnotationView? { map.annotationLayer.sortedViews.first { $0.annotation is ClusterAnnotation } }
            // Clusters end at zoom 16, but these 30 would only split into pins on one point: a
            // click lists them at once rather than zooming in.
            GtkTestSupport.click(map, try! XCTUnwrap(clusterView()).frame.center)
            GtkTestSupport.spin(0.3)
            XCTAssertEqual(map.viewport.zoom, 12, accuracy: 1e-9)
            XCTAssertEqual(map.chooser.listed.count, 30)
            map.chooser.close()
            // Thirty spread over a block do split: the click zooms in.
            let block = (1...30).map { PointAnnotation(coordinate: map.viewport.coordinate(at: Point(x: 200 + Double($0), y: 150)),
                                                       title: "House \($0)") }
            map.addAnnotations(block)
            GtkTestSupport.spin(0.2)
            let blockCluster = try! XCTUnwrap(map.annotationLayer.sortedViews.first {
                ($0.annotation as? ClusterAnnotation).map { $0.count == 30 && abs($0.coordinate.longitude - spot.longitude) > 1e-4 } ?? false
            })
            GtkTestSupport.click(map, blockCluster.frame.center)
            GtkTestSupport.spin(0.6)
            XCTAssertGreaterThan(map.viewport.zoom, 12)
            XCTAssertFalse(map.chooser.isShowing)
            map.removeAnnotations(block)

            // Clusters to the deepest zoom: this one can never split, so a click lists its members.
            var options = map.clusterOptions
            options.maxZoom = Int(Viewport.zoomRange.upperBound)
            map.clusterOptions = options
            map.setCenter(map.centerCoordinate, zoom: 12)
            GtkTestSupport.spin(0.3)
            log.lines = []
            GtkTestSupport.click(map, try! XCTUnwrap(clusterView()).frame.center)
            GtkTestSupport.spin(0.3)
            XCTAssertEqual(map.viewport.zoom, 12, "a cluster that cannot split does not zoom")
            XCTAssertTrue(map.chooser.isShowing)
            XCTAssertEqual(map.chooser.listed.count, 30)
            let picked = map.chooser.listed[4]
            gtk_widget_activate(map.chooser.rows[4])
            GtkTestSupport.spin(0.3)
            XCTAssertTrue(map.selectedAnnotation === picked)
            XCTAssertNotNil(map.view(for: picked), "the member gets a view of its own, over its cluster")
            XCTAssertTrue(map.callouts.isShowing)
            XCTAssertTrue(log.lines.contains("select \(picked.title!)"))
            // Deselected, it goes back into its cluster.
            map.deselectAnnotation()
            GtkTestSupport.spin(0.2)
            map.annotationLayer.layout(map.viewport)
            XCTAssertNil(map.view(for: picked))
        }
    }
}
