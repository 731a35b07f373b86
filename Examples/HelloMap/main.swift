// The README's "library in five minutes", compiled with the package (and, from the
// README, in an outside package by CI) so it cannot go stale: a window with the map,
// two kinds of pins, callouts and a delegate, from one import.
// Run it: swift run hello-map
import CalloutMap

@MainActor final class Places: MapViewDelegate {
    let map: MapView

    init() throws {
        // The basemap shipped with the package; `MapView(basemap:center:zoom:)` takes your own.
        map = try MapView(center: Coordinate(latitude: 37.7749, longitude: -122.4194), zoom: 12)
        map.delegate = self
        map.register(MarkerAnnotationView.self, forAnnotationViewWithReuseIdentifier: "marker")
        map.register(PriceAnnotationView.self, forAnnotationViewWithReuseIdentifier: "price")

        // Any class conforming to `Annotation` (coordinate, title, subtitle) will do.
        map.addAnnotation(PointAnnotation(coordinate: Coordinate(latitude: 37.8103, longitude: -122.4774),
                                          title: "Golden Gate Bridge", subtitle: "Opened: May 27, 1937"))
        // A GeoJSON file's points; problems come back as messages naming the file and feature.
        let listings = GeoJSONLoader.load(contentsOfFile: "listings.geojson")
        map.addAnnotations(listings.annotations)
        map.showAnnotations(map.annotations, animated: false)  // fit them all in view
    }

    // Asked only for annotations coming on screen; views leaving it are reused.
    func mapView(_ mapView: MapView, viewFor annotation: any Annotation) -> AnnotationView? {
        if let listing = annotation as? PointAnnotation, listing.properties["price"] != nil {
            return mapView.dequeueReusableAnnotationView(withIdentifier: "price", for: listing)
        }
        let marker = mapView.dequeueReusableAnnotationView(withIdentifier: "marker", for: annotation) as! MarkerAnnotationView
        marker.markerTintColor = RGBA(0xE66100)
        marker.glyphText = "GG"
        marker.rightCalloutAccessory = .detailDisclosure()   // a button in the callout
        return marker
    }

    func mapView(_ mapView: MapView, annotationView view: AnnotationView, calloutAccessoryControlTapped control: CalloutControl) {
        print("details for", view.annotation?.title ?? "", "from the", control.position, "accessory")
    }

    func mapView(_ mapView: MapView, regionDidChangeAnimated animated: Bool) { print(mapView.visibleRegion) }
}

let app = MapApplication(id: "org.example.HelloMap")
var places: Places?   // the map holds its delegate weakly: kept here
app.runAndExit { app in
    let window = MapWindow(application: app, title: "Hello, map")
    do {
        places = try Places()
        window.content = places?.map
    } catch {
        print(error)   // names what is missing, e.g. the basemap
    }
    window.present()
}
