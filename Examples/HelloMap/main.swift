// The README's "library in five minutes", compiled with the package so it cannot go
// stale: a window with the map, two kinds of pins and a delegate, from one import.
// Run it: swift run hello-map
import CalloutMap
import Foundation

@MainActor final class Controller: MapViewDelegate {
    let map: MapView

    init(window: UnsafeMutablePointer<GtkWindow>) throws {
        MainLoop.bridgeSwiftConcurrency()      // without it, Task { @MainActor … } never runs under GTK
        let basemap = try Basemap(directory: DataDirectory.locate()!.appendingPathComponent("basemap"))
        map = MapView(basemap: basemap, center: Coordinate(latitude: 37.7749, longitude: -122.4194), zoom: 12)
        gtk_window_set_child(window, map.widget)   // the widget keeps `map` alive
        map.delegate = self
        map.register(MarkerAnnotationView.self, forAnnotationViewWithReuseIdentifier: "marker")
        map.register(PriceAnnotationView.self, forAnnotationViewWithReuseIdentifier: "price")

        // Any class conforming to `Annotation` (coordinate, title, subtitle) will do.
        map.addAnnotation(PointAnnotation(coordinate: Coordinate(latitude: 37.8103, longitude: -122.4774),
                                          title: "Golden Gate Bridge", subtitle: "Opened: May 27, 1937"))
        map.addAnnotations(GeoJSONLoader.load(contentsOf: URL(fileURLWithPath: "listings.geojson")).annotations)
    }

    // Asked only for annotations coming on screen; views leaving it are reused.
    func mapView(_ mapView: MapView, viewFor annotation: any Annotation) -> AnnotationView? {
        if let listing = annotation as? PointAnnotation, listing.kind == "price" {
            return mapView.dequeueReusableAnnotationView(withIdentifier: "price", for: listing)
        }
        let marker = mapView.dequeueReusableAnnotationView(withIdentifier: "marker", for: annotation) as! MarkerAnnotationView
        marker.markerTintColor = RGBA(0xE66100)
        marker.glyphText = "GG"
        return marker
    }

    func mapView(_ mapView: MapView, didSelect view: AnnotationView) { print("selected", view.annotation?.title ?? "") }
    func mapView(_ mapView: MapView, regionDidChangeAnimated animated: Bool) { print(mapView.centerCoordinate, mapView.zoom) }
}

// A GtkApplication with one window holding the map.
let status = MainActor.assumeIsolated { () -> Int32 in
    let app = gtk_application_new("io.github.calloutmap.HelloMap", G_APPLICATION_NON_UNIQUE)!
    var controller: Controller?
    Signal.connect(app, "activate") {
        let window = gtk_application_window_new(app)!
        gtk_window_set_default_size(cast(window), 900, 600)
        controller = try? Controller(window: cast(window))
        gtk_window_present(cast(window))
    }
    var argv: [UnsafeMutablePointer<CChar>?] = [strdup(CommandLine.arguments[0]), nil]
    defer { free(argv[0]) }
    let status = g_application_run(cast(app), 1, &argv)
    withExtendedLifetime(controller) {}
    return status
}
exit(status)
