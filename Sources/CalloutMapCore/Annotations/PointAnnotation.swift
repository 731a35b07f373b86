/// A ready-made annotation (MapKit's `MKPointAnnotation`) with the
/// properties, as text, of the GeoJSON feature it came from.
public final class PointAnnotation: MovableAnnotation, CustomStringConvertible {
    /// Where it is.
    public var coordinate: Coordinate
    /// Its name.
    public var title: String?
    /// A line under the title.
    public var subtitle: String?
    /// The rest of its data as text, in its source's order (the title's and subtitle's keys aside).
    public var properties: AnnotationProperties
    /// Its source's own name for it (a GeoJSON feature's `id`), if it has one.
    public var identifier: String?

    /// A point with a title, a subtitle, its source's data and its source's name for it.
    public init(coordinate: Coordinate, title: String? = nil, subtitle: String? = nil,
                properties: AnnotationProperties = [:], identifier: String? = nil) {
        self.coordinate = coordinate
        self.title = title
        self.subtitle = subtitle
        self.properties = properties
        self.identifier = identifier
    }

    public var description: String { "PointAnnotation(\(title ?? "untitled") at \(coordinate))" }
}
