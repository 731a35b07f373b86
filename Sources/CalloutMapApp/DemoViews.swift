import CalloutMapCore
import CalloutMapWidget

/// What registers view classes and hands out reusable views: the map in the window, through
/// its public API, and `render`'s offscreen scene.
@MainActor
protocol ReusableViews {
    func register(_ viewClass: AnnotationView.Type, forAnnotationViewWithReuseIdentifier identifier: String)
    func dequeueReusableAnnotationView(withIdentifier identifier: String, for annotation: any Annotation) -> AnnotationView
}

extension MapView: ReusableViews {}

/// Which view each kind of demo annotation gets (the `kind` property of the GeoJSON).
@MainActor
enum DemoViews {
    static func register(on layer: some ReusableViews) {
        layer.register(ImageAnnotationView.self, forAnnotationViewWithReuseIdentifier: "flag")
        layer.register(MarkerAnnotationView.self, forAnnotationViewWithReuseIdentifier: "marker")
        layer.register(PriceAnnotationView.self, forAnnotationViewWithReuseIdentifier: "price")
        layer.register(LandmarkAnnotationView.self, forAnnotationViewWithReuseIdentifier: "custom")
        layer.register(DotAnnotationView.self, forAnnotationViewWithReuseIdentifier: "place")
    }

    static func view(for annotation: any Annotation, in layer: some ReusableViews) -> AnnotationView? {
        guard let point = annotation as? PointAnnotation else { return nil }
        switch point.kind {
        case "flag":
            // Seed 003: San Francisco's flag, with a flag icon as the callout's left accessory.
            let view = layer.dequeueReusableAnnotationView(withIdentifier: "flag", for: point) as! ImageAnnotationView
            view.image = .flag
            view.leftCalloutAccessory = .image(.flag, size: Size(width: 24, height: 30))
            return view
        case "price":
            let view = layer.dequeueReusableAnnotationView(withIdentifier: "price", for: point)
            view.rightCalloutAccessory = .button(icon: "bookmark-new-symbolic", label: "Save")
            return view
        case "custom":
            return layer.dequeueReusableAnnotationView(withIdentifier: "custom", for: point)
        case "place":
            // The context places' dots make room for the pins over them (a listing drawn on a dot).
            let view = layer.dequeueReusableAnnotationView(withIdentifier: "place", for: point)
            view.displayPriority = .low
            view.collisionMode = .circle
            return view
        default:
            let view = layer.dequeueReusableAnnotationView(withIdentifier: "marker", for: point) as! MarkerAnnotationView
            view.markerTintColor = point.properties["tint"].flatMap(RGBA.init(hexString:)) ?? RGBA(0xE01B24)
            view.glyphText = initials(point.title)
            if point.title == "Ferry Building" {
                // A picture replaces the subtitle.
                view.detailCalloutAccessory = .image(.ferryBuilding)
                view.rightCalloutAccessory = nil
            } else {
                // The bridge's detail-disclosure button.
                view.detailCalloutAccessory = nil
                view.rightCalloutAccessory = .detailDisclosure()
            }
            return view
        }
    }

    /// Places — the demo's context places and the points of opened files — cluster when they
    /// crowd; the San Francisco set (landmarks and listings) shows one by one at city zoom and
    /// gathers once the map shows more than the city (`citySetOptions`).
    static func clusteringIdentifier(_ annotation: any Annotation) -> String? {
        guard let point = annotation as? PointAnnotation else { return nil }
        // `kind` read once and matched by hand, not through `PointAnnotation.kind`'s set: this runs
        // for every place of a file (a million took 106 ms, 40 of them hashing the kind).
        guard let kind = point.properties["kind"], kind != "place" else { return "places" }
        if kind == SearchPin.kind { return nil }  // a search's pin stands alone
        return cityKinds.contains(kind) ? citySet : "places"
    }

    /// The kinds of the San Francisco set (`kinds` without "place" and a search's pin).
    nonisolated static let cityKinds = ["marker", "flag", "price", "custom"]

    static let citySet = "san-francisco"

    /// The `kind`s of place the demo draws its own way (a search's pin too).
    nonisolated static let kinds = Set(cityKinds + ["place", SearchPin.kind])

    /// Properties that say how the demo draws one of its kinds of place, not what it is: left out
    /// of its details (a file's places keep all theirs).
    static let internalKeys: Set<String> = ["kind", "tint", "glyph"]

    /// The San Francisco set one by one from zoom 12 (the city), gathered below it: zoomed out
    /// to a file's places, its sixteen pins would pile up unreadably.
    static var citySetOptions: ClusterOptions {
        var options = ClusterOptions(screenRadius: 50)
        options.maxZoom = 11
        return options
    }

    /// "Golden Gate Bridge" → "GG": MapKit's glyphText, from the title.
    static func initials(_ title: String?) -> String? {
        guard let title else { return nil }
        let letters = title.split(separator: " ").compactMap(\.first).filter(\.isLetter)
        return letters.isEmpty ? nil : String(letters.prefix(2)).uppercased()
    }
}

extension PointAnnotation {
    /// Which kind of view the demo gives a place: its `kind` property when the demo knows it
    /// (`DemoViews.kinds`); nil for any other place. A file's own `kind` ("village", as OSM data
    /// has) is its data: read as the demo's, it hid from its callout and clustered as the
    /// San Francisco set.
    var kind: String? { properties["kind"].flatMap { DemoViews.kinds.contains($0) ? $0 : nil } }
}

extension RGBA {
    /// "#rrggbb"; nil for anything else.
    init?(hexString: String) {
        guard hexString.count == 7, hexString.first == "#", let v = UInt32(hexString.dropFirst(), radix: 16) else { return nil }
        self.init(v)
    }
}
