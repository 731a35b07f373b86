import CalloutMapCore

/// Something `MapView.search(_:limit:)` found: one of the map's annotations or shapes, a place
/// of the world, or a position typed as coordinates.
public struct MapSearchResult {
    /// What was found.
    public enum Item {
        /// One of the map's annotations.
        case annotation(any Annotation)
        /// One of the map's shapes.
        case overlay(any Overlay)
        /// A town, capital or country of `MapView.worldPlaces`.
        case worldPlace(WorldPlace)
        /// A position typed as coordinates ("37.8, -122.4", "37°48′N 122°24′W", a `geo:` URI).
        case coordinate(Coordinate)
    }

    /// What was found.
    public var item: Item
    /// Its name (for a position: its coordinates as text).
    public var title: String
    /// How the query matched (a typed position: `.words`).
    public var tier: SearchIndex.Tier
    /// Where it is (a shape: the middle of it).
    public var coordinate: Coordinate
    /// The other name it was found by (an alternate name of one of the world's places), when it
    /// was not found by its own: shown, so a list of results says why each is in it.
    public var matchedName: String?
}
