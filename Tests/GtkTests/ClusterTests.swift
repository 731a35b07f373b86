import CCalloutMapGtk
import CalloutMapCore
import CalloutMapGtk
@testable import CalloutMapWidget
import XCTest

/// Clusters in the widget: shown for crowded annotations, clicked to zoom in,
/// never hiding the selected annotation.
final class ClusterTests: XCTestCase {
    override func setUpWithError() throws {
        try XCTSkipUnless(MainActor.assumeIsolated { GtkTestSupport.hasDisplay }, "needs a display")
    }

    func testCrowdedAnnotationsClusterAndAClickZoomsToWhereTheySplit() {
        MainActor.assumeIsolated {
            let (window, map) = GtkTestSupport.mapWindow()
            defer { gtk_window_destroy(cm_window(window)) }
            map.setCenter(Coordinate(latitude: 37.77, longitude: -122.42), zoom: 9)
            // Twenty places within a few hundred metres, and one elsewhere that never clusters.
            let crowd = (0..<20).map { i in
                PointAnnotation(coordinate: Coordinate(latitude: 37.77 + Double(i % 5) * 0.001, longitude: -122.42 + Double(i / 5) * 0.001),
                                title: "Place \(i)", properties: ["kind": "place"])
            }
            let loner = PointAnnotation(coordinate: Coordinate(latitude: 37.771, longitude: -122.421), title: "Loner")
            map.clusteringIdentifier = { ($0 as? PointAnnotation)?.properties["kind"] == "place" ? "places" : nil }
            map.addAnnotations(crowd + [loner])
            map.annotationLayer.layout(map.viewport)
            let clusters = map.annotationLayer.sortedViews.compactMap { $0.annotation as? ClusterAnnotation }
            XCTAssertEqual(clusters.map(\.count), [20])
            XCTAssertNotNil(map.view(for: loner), "a nil clustering identifier is never clustered")
            XCTAssertEqual(map.annotationLayer.clusters.members(of: clusters[0], limit: 3).count, 3)

            let expansion = Double(map.annotationLayer.clusters.expansionZoom(of: clusters[0]))
            XCTAssertGreaterThan(expansion, 9)
            let p = map.point(for: clusters[0])
            let drag = GtkTestSupport.controller("GtkGestureDrag", of: map.widget)!
            cm_emit_drag(drag, "drag-begin", p.x, p.y)
            cm_emit_drag(drag, "drag-end", 0, 0)
            MainLoop.iterate(until: { !map.isMoving }, timeout: 2)
            XCTAssertEqual(map.zoom, expansion, accuracy: 1e-9, "zoomed to where the cluster splits")
            map.annotationLayer.layout(map.viewport)
            XCTAssertFalse(map.annotationLayer.sortedViews.contains { ($0.annotation as? ClusterAnnotation)?.count == 20 })
        }
    }

    /// MapKit's way: the delegate sets `clusteringIdentifier` on the views it gives; annotations
    /// cluster once their views have said it, and a view saying nil stays apart.
    final class ViewIdentifiers: MapViewDelegate {
        func mapView(_ mapView: MapView, viewFor annotation: any Annotation) -> AnnotationView? {
            guard !(annotation is ClusterAnnotation) else { return nil }  // the map's badge
            let view = mapView.dequeueReusableAnnotationView(withIdentifier: "dot", for: annotation)
            view.clusteringIdentifier = annotation.title == "Loner" ? nil : "places"
            return view
        }
    }

    func testViewsClusteringIdentifierGathersTheirAnnotationsAsMapKitDoes() {
        MainActor.assumeIsolated {
            let (window, map) = GtkTestSupport.mapWindow()
            defer { gtk_window_destroy(cm_window(window)) }
            let delegate = ViewIdentifiers()
            map.delegate = delegate
            map.register(DotAnnotationView.self, forAnnotationViewWithReuseIdentifier: "dot")
            map.setCenter(Coordinate(latitude: 37.77, longitude: -122.42), zoom: 9)
            let crowd = (0..<12).map { i in
                PointAnnotation(coordinate: Coordinate(latitude: 37.77 + Double(i % 4) * 0.001, longitude: -122.42 + Double(i / 4) * 0.001),
                                title: "Place \(i)")
            }
            let loner = PointAnnotation(coordinate: Coordinate(latitude: 37.771, longitude: -122.421), title: "Loner")
            map.addAnnotations(crowd + [loner])
            XCTAssertNil(map.clusteringIdentifier, "no rule on the map: the views say it")
            GtkTestSupport.spin(0.3)  // a frame makes the views, which say their identifiers; the next clusters
            let clusters = map.annotationLayer.sortedViews.compactMap { $0.annotation as? ClusterAnnotation }
            XCTAssertEqual(clusters.map(\.count), [12])
            XCTAssertNotNil(map.view(for: loner), "a view with no identifier stays apart")
            map.removeAnnotations(crowd)
            map.annotationLayer.layout(map.viewport)
            XCTAssertTrue(map.annotationLayer.sortedViews.allSatisfy { !($0.annotation is ClusterAnnotation) })
        }
    }

    /// Places of two identifiers and none, interleaved one by one: each cluster holds only its own
    /// identifier's places, and the others stay apart.
    func testInterleavedIdentifiersClusterApart() {
        MainActor.assumeIsolated {
            let (window, map) = GtkTestSupport.mapWindow()
            defer { gtk_window_destroy(cm_window(window)) }
            map.setCenter(Coordinate(latitude: 37.77, longitude: -122.42), zoom: 9)
            let kinds = ["red", "blue", "red", "none", "blue", "blue", "red", "none"]
            let places = (0..<40).map { i in
                PointAnnotation(coordinate: Coordinate(latitude: 37.77 + Double(i % 5) * 0.001, longitude: -122.42 + Double(i / 5) * 0.001),
                                title: kinds[i % kinds.count])
            }
            map.clusteringIdentifier = { $0.title == "none" ? nil : $0.title }
            map.addAnnotations(places)
            map.annotationLayer.layout(map.viewport)
            let clusters = map.annotationLayer.sortedViews.compactMap { $0.annotation as? ClusterAnnotation }
                .sorted { $0.clusteringIdentifier < $1.clusteringIdentifier }
            XCTAssertEqual(clusters.map(\.clusteringIdentifier), ["blue", "red"])
            XCTAssertEqual(clusters.map(\.count), [15, 15])
            for cluster in clusters {
                let members = map.annotationLayer.clusters.members(of: cluster, limit: .max)
                XCTAssertEqual(members.count, 15)
                XCTAssertTrue(members.allSatisfy { $0.title == cluster.clusteringIdentifier }, cluster.clusteringIdentifier)
            }
            let loose = places.filter { $0.title == "none" }
            XCTAssertEqual(loose.count, 10)
            XCTAssertTrue(loose.allSatisfy { map.view(for: $0) != nil }, "a nil identifier is never clustered")
        }
    }

    func testTheSelectedAnnotationIsNeverHiddenInACluster() {
        MainActor.assumeIsolated {
            let (window, map) = GtkTestSupport.mapWindow()
            defer { gtk_window_destroy(cm_window(window)) }
            let crowd = (0..<6).map { i in
                PointAnnotation(coordinate: Coordinate(latitude: 37.77 + Double(i) * 0.0005, longitude: -122.42), title: "P\(i)")
            }
            map.clusteringIdentifier = { _ in "all" }
            map.addAnnotations(crowd)
            map.setCenter(Coordinate(latitude: 37.771, longitude: -122.42), zoom: 17)  // apart at 17
            map.selectAnnotation(crowd[2])
            map.zoom(by: -8, animated: false)  // all six cluster at 9
            map.annotationLayer.layout(map.viewport)
            XCTAssertNotNil(map.view(for: crowd[2]), "the selected one stays on the map")
            XCTAssertTrue(map.annotationLayer.drawingOrder.last?.annotation === crowd[2], "on top")
            XCTAssertTrue(map.callouts.isShowing, "with its callout")
        }
    }
}

/// Large sets cluster off the main thread; the map keeps drawing meanwhile.
/// Clustering starts because the annotations changed (issue 42, item 4): after the call that
/// changed them, in the main loop — not inside the next frame's layout.
final class ClusteringStartTests: XCTestCase {
    override func setUpWithError() throws {
        try XCTSkipUnless(MainActor.assumeIsolated { GtkTestSupport.hasDisplay }, "needs a display")
    }

    func testClustersAreBuiltAfterAChangeWithoutAFrame() {
        MainActor.assumeIsolated {
            // No window: no frame is ever drawn, so nothing lays the pins out.
            let map = MapView(basemap: GtkTestSupport.basemap, center: Coordinate(latitude: 48.85, longitude: 2.35), zoom: 5)
            let clusters = map.annotationLayer.clusters
            map.clusteringIdentifier = { _ in "all" }
            @MainActor func points(_ n: Int, from k: Int) -> [PointAnnotation] {
                (0..<n).map { PointAnnotation(coordinate: Coordinate(latitude: 48 + Double(($0 + k) % 50) * 0.01, longitude: 2 + Double(($0 + k) / 50) * 0.01)) }
            }
            /// What is ready to run now runs (not what waits on a timer, like the summary of what is in view).
            @MainActor func runReady() { for _ in 0..<100 where g_main_context_pending(nil) != 0 { g_main_context_iteration(nil, 0) } }
            map.addAnnotations(points(300, from: 0))
            XCTAssertFalse(clusters.isBuilt, "not inside the call that added them")
            runReady()
            XCTAssertTrue(clusters.isBuilt, "built once the call is over, as the loop runs next")
            XCTAssertFalse(map.hasDrawnFirstFrame)
            let more = points(10, from: 300)
            map.addAnnotations(more)
            map.removeAnnotations(Array(more.prefix(5)))
            XCTAssertFalse(clusters.isBuilt)
            runReady()
            XCTAssertTrue(clusters.isBuilt, "built again for the annotations as they are now")
            // A large set goes to the background thread as soon as it is added.
            clusters.backgroundThreshold = 100
            map.addAnnotations(points(200, from: 400))
            runReady()
            XCTAssertTrue(clusters.isBuilding || clusters.isBuilt, "its build under way before any frame")
            XCTAssertTrue(clusters.waitUntilBuilt(timeout: 10))
            XCTAssertFalse(map.hasDrawnFirstFrame)
        }
    }
}

final class BackgroundClusteringTests: XCTestCase {
    override func setUpWithError() throws {
        try XCTSkipUnless(MainActor.assumeIsolated { GtkTestSupport.hasDisplay }, "needs a display")
    }

    func testALargeSetClustersInTheBackground() {
        MainActor.assumeIsolated {
            let (window, map) = GtkTestSupport.mapWindow()
            defer { gtk_window_destroy(cm_window(window)) }
            final class Log: MapViewDelegate {
                var states: [Bool] = []
                func mapView(_ mapView: MapView, clusteringInProgress inProgress: Bool) { states.append(inProgress) }
            }
            let log = Log()
            map.delegate = log
            map.annotationLayer.clusters.backgroundThreshold = 5_000
            map.clusteringIdentifier = { _ in "all" }
            var state: UInt64 = 5
            let many = (0..<8_000).map { _ -> PointAnnotation in
                state = state &* 6364136223846793005 &+ 1442695040888963407
                let a = Double(state >> 11) / Double(1 << 53)
                state = state &* 6364136223846793005 &+ 1442695040888963407
                let b = Double(state >> 11) / Double(1 << 53)
                return PointAnnotation(coordinate: Coordinate(latitude: 37.5 + a * 0.6, longitude: -122.7 + b * 0.6))
            }
            map.addAnnotations(many)
            map.setCenter(Coordinate(latitude: 37.8, longitude: -122.4), zoom: 8)
            map.annotationLayer.layout(map.viewport)
            XCTAssertTrue(map.annotationLayer.clusters.isBuilding, "building off the main thread")
            XCTAssertEqual(map.annotationLayer.sortedViews.count, 0, "nothing of the set meanwhile, not 8,000 pins")
            XCTAssertTrue(MainLoop.iterate(until: { !map.annotationLayer.clusters.isBuilding }, timeout: 10), "it lands")
            map.annotationLayer.layout(map.viewport)
            XCTAssertGreaterThan(map.annotationLayer.sortedViews.count, 0)
            XCTAssertLessThan(map.annotationLayer.sortedViews.count, 50, "as clusters")
            XCTAssertEqual(log.states, [true, false])
        }
    }
}

final class ClusterCalloutTests: XCTestCase {
    func testASelectedClustersCalloutListsItsFirstMembers() throws {
        try XCTSkipUnless(MainActor.assumeIsolated { GtkTestSupport.hasDisplay }, "needs a display")
        MainActor.assumeIsolated {
            let (window, map) = GtkTestSupport.mapWindow()
            defer { gtk_window_destroy(cm_window(window)) }
            map.setCenter(Coordinate(latitude: 37.77, longitude: -122.42), zoom: 9)
            let crowd = (0..<8).map { PointAnnotation(coordinate: Coordinate(latitude: 37.77 + Double($0) * 0.001, longitude: -122.42),
                                                      title: "Member \($0)") }
            map.clusteringIdentifier = { _ in "all" }
            map.addAnnotations(crowd)
            map.annotationLayer.layout(map.viewport)
            guard let cluster = map.annotationLayer.sortedViews.compactMap({ $0.annotation as? ClusterAnnotation }).first else {
                return XCTFail("no cluster")
            }
            map.selectAnnotation(cluster)  // as Enter on its pin does
            GtkTestSupport.spin(0.2)
            var texts: [String] = []
            func collect(_ w: UnsafeMutablePointer<GtkWidget>) {
                if String(cString: g_type_name_from_instance(w.rawObject.assumingMemoryBound(to: GTypeInstance.self))) == "GtkLabel",
                   let t = gtk_label_get_text(OpaquePointer(w)).flatMap({ String(validatingCString: $0) }) {
                    texts.append(t)
                }
                var c = gtk_widget_get_first_child(w)
                while let child = c { collect(child); c = gtk_widget_get_next_sibling(child) }
            }
            guard let bubble = map.callouts.bubbleWidget else { return XCTFail("no callout") }
            collect(bubble)
            XCTAssertEqual(texts.first, "8 places")
            XCTAssertEqual(texts.filter { $0.hasPrefix("Member ") }.count, 5)
            XCTAssertEqual(texts.last, "and 3 more")
        }
    }
}

/// The partition of a set into clustering identifiers' groups and loose annotations.
final class ClusterPartitionTests: XCTestCase {
    func testRunsOfIdentifiersAreFiledInTheSetsOrder() {
        let titles = ["a", "a", "b", "-", "a", "b", "b", "-", "a"]
        let places = titles.enumerated().map { i, t in
            PointAnnotation(coordinate: Coordinate(latitude: Double(i), longitude: 0), title: t)
        }
        let parts = ClusterPartition(places, identifier: { $0.title == "-" ? nil : $0.title },
                                     worldPoint: { WebMercator.worldPoint(for: places[$0].coordinate) })
        XCTAssertEqual(parts.groups, ["a": [0, 1, 4, 8], "b": [2, 5, 6]])
        XCTAssertEqual(parts.loose, [3, 7])
        XCTAssertEqual(Set(parts.index.range(minX: 0, minY: 0, maxX: 1, maxY: 1)), [0, 1], "both loose ones indexed")
        XCTAssertTrue(ClusterPartition().groups.isEmpty && ClusterPartition().loose.isEmpty)
    }
}
