import CCalloutMapGtk
import CalloutMapCore
import CalloutMapGtk
@testable import CalloutMapWidget
import XCTest

/// Clusters an app can shape: views of its own from the delegate, members, a colour, options
/// per identifier and placement — and badges of different identifiers never on each other.
final class ClusterShapingTests: XCTestCase {
    override func setUpWithError() throws {
        try XCTSkipUnless(MainActor.assumeIsolated { GtkTestSupport.hasDisplay }, "needs a display")
    }

    /// Badges in the app's colours: teal for cafés, the default for the rest.
    final class TealBadge: ClusterAnnotationView {
        required init(annotation: (any Annotation)?, reuseIdentifier: String?) {
            super.init(annotation: annotation, reuseIdentifier: reuseIdentifier)
            badgeColor = RGBA(0x2190A4)
        }
    }

    final class Views: MapViewDelegate {
        var clustersAsked = 0
        func mapView(_ mapView: MapView, viewFor annotation: any Annotation) -> AnnotationView? {
            guard let cluster = annotation as? ClusterAnnotation else { return nil }
            clustersAsked += 1
            return cluster.clusteringIdentifier == "cafés" ? mapView.dequeueReusableAnnotationView(withIdentifier: "teal", for: cluster) : nil
        }
    }

    /// Two identifiers on the same spots: 10 cafés and 20 shops in one city block each.
    @MainActor static func crowd(_ map: MapView) -> (cafés: [PointAnnotation], shops: [PointAnnotation]) {
        let cafés = (0..<10).map { i in
            PointAnnotation(coordinate: Coordinate(latitude: 37.78 + Double(i) * 0.0002, longitude: -122.41), title: "Café \(i)")
        }
        let shops = (0..<20).map { i in
            PointAnnotation(coordinate: Coordinate(latitude: 37.78 + Double(i) * 0.0001, longitude: -122.41 + 0.0001), title: "Shop \(i)")
        }
        map.clusteringIdentifier = { ($0.title ?? "").hasPrefix("Café") ? "cafés" : "shops" }
        map.addAnnotations(cafés + shops)
        map.setCenter(Coordinate(latitude: 37.781, longitude: -122.41), zoom: 12)
        GtkTestSupport.spin()
        return (cafés, shops)
    }

    func testTheDelegateShapesClusterViewsAndClustersTellTheirMembers() {
        MainActor.assumeIsolated {
            let (window, map) = GtkTestSupport.mapWindow()
            defer { gtk_window_destroy(cm_window(window)) }
            let views = Views()
            map.delegate = views
            map.register(TealBadge.self, forAnnotationViewWithReuseIdentifier: "teal")
            let (cafés, shops) = Self.crowd(map)
            map.annotationLayer.layout(map.viewport)
            let clusters = map.annotationLayer.stack.sortedViews.compactMap { $0.annotation as? ClusterAnnotation }
            XCTAssertEqual(clusters.map(\.count).sorted(), [10, 20])
            XCTAssertGreaterThanOrEqual(views.clustersAsked, 2, "the delegate is asked for clusters' views")
            let café = try! XCTUnwrap(clusters.first { $0.clusteringIdentifier == "cafés" })
            let shop = try! XCTUnwrap(clusters.first { $0.clusteringIdentifier == "shops" })
            XCTAssertTrue(map.view(for: café) is TealBadge)
            XCTAssertEqual((map.view(for: café) as? ClusterAnnotationView)?.badgeColor, RGBA(0x2190A4))
            XCTAssertEqual((map.view(for: shop) as? ClusterAnnotationView)?.badgeColor, RGBA(0x613583), "the default")
            XCTAssertEqual(café.memberAnnotations.map { $0.title ?? "" }, cafés.map { $0.title! })
            XCTAssertEqual(shop.memberAnnotations.count, shops.count)

            // Badges of the two identifiers on one spot: the smaller steps aside.
            let a = map.view(for: café)!.frame, b = map.view(for: shop)!.frame
            XCTAssertFalse(a.intersects(b), "\(a) on \(b)")
            XCTAssertEqual(map.view(for: shop)!.centerOffset, .zero, "the bigger count stays on its place")

            // The same clusters land the same way every time.
            map.setCenter(map.centerCoordinate, zoom: 12.5)
            map.setCenter(map.centerCoordinate, zoom: 12)
            map.annotationLayer.layout(map.viewport)
            XCTAssertEqual(map.view(for: map.annotationLayer.stack.sortedViews.compactMap { $0.annotation as? ClusterAnnotation }
                .first { $0.clusteringIdentifier == "cafés" }!)!.frame, a)
        }
    }

    func testOptionsPerIdentifierAndPlacementAreTheApps() {
        MainActor.assumeIsolated {
            let (window, map) = GtkTestSupport.mapWindow()
            defer { gtk_window_destroy(cm_window(window)) }
            _ = Self.crowd(map)
            var cityOnly = ClusterOptions(screenRadius: 50)
            cityOnly.maxZoom = 11  // cafés one by one from zoom 12
            map.setClusterOptions(cityOnly, forClusteringIdentifier: "cafés")
            XCTAssertEqual(map.clusterOptions(forClusteringIdentifier: "cafés").maxZoom, 11)
            XCTAssertEqual(map.clusterOptions(forClusteringIdentifier: "shops"), map.clusterOptions)
            map.annotationLayer.layout(map.viewport)
            var clusters = map.annotationLayer.stack.sortedViews.compactMap { $0.annotation as? ClusterAnnotation }
            XCTAssertEqual(clusters.map(\.clusteringIdentifier), ["shops"], "cafés apart at 12")
            map.setCenter(map.centerCoordinate, zoom: 11)
            map.annotationLayer.layout(map.viewport)
            clusters = map.annotationLayer.stack.sortedViews.compactMap { $0.annotation as? ClusterAnnotation }
            XCTAssertEqual(Set(clusters.map(\.clusteringIdentifier)), ["shops", "cafés"], "and gathered at 11")
            map.setClusterOptions(nil, forClusteringIdentifier: "cafés")
            XCTAssertEqual(map.clusterOptions(forClusteringIdentifier: "cafés"), map.clusterOptions)

            XCTAssertEqual(map.clusterPlacement, .anchor)
            map.clusterPlacement = .centroid
            XCTAssertEqual(map.annotationLayer.clusters.placement, .centroid)
        }
    }
}
