/// A ready-made annotation (MapKit's `MKPointAnnotation`) with the
/// properties, as text, of the GeoJSON feature it came from.
public final class PointAnnotation: MovableAnnotation, CustomStringConvertible {
    /// Where it is.
    public var coordinate: Coordinate
    /// Its name.
    public var title: String?
    /// A line under the title. A place read from a file without one shows a line made of its first
    /// properties ("city: Paris · country: FR"), made when asked for rather than kept for each of a
    /// million places; setting it replaces that line.
    public var subtitle: String? {
        get { subtitleIsSummary ? properties.summary : rarely?.subtitle }
        set {
            rare.subtitle = newValue
            subtitleIsSummary = false
        }
    }
    /// The rest of its data as text, in its source's order (the title's and subtitle's keys aside).
    public var properties: AnnotationProperties
    /// Whether `subtitle` is made from `properties` (a file's place without a subtitle of its own).
    /// Declared after `properties`, it fits in the room the properties leave (fields are laid out
    /// in this order): a place takes 72 bytes, 80 with malloc's own.
    package private(set) var subtitleIsSummary = false
    /// Its source's own name for it (a GeoJSON feature's `id`), if it has one.
    public var identifier: String? {
        get { rarely?.identifier }
        set { rare.identifier = newValue }
    }

    /// What few places have — a subtitle of their own, an identifier — kept apart: as two fields
    /// of every place they took 32 of its 104 bytes (32 MB a million), nearly always empty.
    private final class Rare {
        var subtitle: String?
        var identifier: String?
    }
    private var rarely: Rare?
    private var rare: Rare {
        if let rarely { return rarely }
        let made = Rare()
        rarely = made
        return made
    }

    /// A point with a title, a subtitle, its source's data and its source's name for it.
    public init(coordinate: Coordinate, title: String? = nil, subtitle: String? = nil,
                properties: AnnotationProperties = [:], identifier: String? = nil) {
        self.coordinate = coordinate
        self.title = title
        self.properties = properties
        if subtitle != nil || identifier != nil {
            let rare = Rare()
            rare.subtitle = subtitle
            rare.identifier = identifier
            rarely = rare
        }
    }

    /// A place read from a file, whose subtitle, without one of its own, is made from its properties.
    package convenience init(coordinate: Coordinate, title: String?, subtitle: String?, properties: AnnotationProperties,
                             identifier: String?, summarizingProperties: Bool) {
        self.init(coordinate: coordinate, title: title, subtitle: subtitle, properties: properties, identifier: identifier)
        subtitleIsSummary = summarizingProperties && subtitle == nil
    }

    public var description: String { "PointAnnotation(\(title ?? "untitled") at \(coordinate))" }
}
