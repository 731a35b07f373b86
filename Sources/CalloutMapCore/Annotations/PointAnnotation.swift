/// A ready-made annotation (MapKit's `MKPointAnnotation`) with the string
/// properties of the GeoJSON feature it came from (`kind`, `price`, …).
public final class PointAnnotation: MovableAnnotation, CustomStringConvertible {
    public var coordinate: Coordinate
    public var title: String?
    public var subtitle: String?
    public var properties: [String: String]

    public init(coordinate: Coordinate, title: String? = nil, subtitle: String? = nil,
                properties: [String: String] = [:]) {
        self.coordinate = coordinate
        self.title = title
        self.subtitle = subtitle
        self.properties = properties
    }

    /// `properties["kind"]`: which kind of view the demo app gives it (marker, flag, price, custom).
    public var kind: String? { properties["kind"] }

    public var description: String { "PointAnnotation(\(title ?? "untitled") at \(coordinate))" }
}
