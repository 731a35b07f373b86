import CalloutMapCore

/// A feature of a vector map — a café, a street, a park — that a person selected (MapKit's
/// `MKMapFeatureAnnotation`). The map adds one while the feature is selected, so its callout,
/// in any approach, opens at the feature and stays there as the map moves;
/// `mapView(_:didSelect:)` and the other annotation calls receive it, and
/// `mapView(_:viewFor:)` may give it a view (by default a small ring marks the point).
public final class MapFeatureAnnotation: Annotation {
    /// What the tiles say of the feature: its kind, layer and properties.
    public let feature: MapFeature
    public var coordinate: Coordinate { feature.coordinate }
    public var title: String? { feature.title }
    public var subtitle: String? { feature.subtitle }

    /// An annotation for a feature of the map.
    public init(feature: MapFeature) {
        self.feature = feature
    }
}
