/// A ready-made annotation (MapKit's `MKPointAnnotation`) with the
/// properties, as text, of the GeoJSON feature it came from.
public final class PointAnnotation: MovableAnnotation, CustomStringConvertible {
    /// Where it is.
    public var coordinate: Coordinate
    /// A title of its own (one kept in the properties' row aside). Stored fields are laid out in
    /// the order they are declared.
    private var ownTitle: String?
    /// Its name.
    public var title: String? {
        get { kept.contains(.titleInRow) ? properties.text(.title) : ownTitle }
        set {
            ownTitle = newValue
            kept.remove(.titleInRow)
        }
    }
    /// A line under the title. A place read from a file without one shows a line made of its first
    /// properties ("city: Paris · country: FR"), made when asked for rather than kept for each of a
    /// million places; setting it replaces that line.
    public var subtitle: String? {
        get {
            if kept.contains(.subtitleIsSummary) { return properties.summary }
            return kept.contains(.subtitleInRow) ? properties.text(.subtitle) : rarely?.subtitle
        }
        set {
            rare.subtitle = newValue
            kept.subtract([.subtitleIsSummary, .subtitleInRow])
        }
    }
    /// The rest of its data as text, in its source's order (the title's and subtitle's keys aside).
    public var properties: AnnotationProperties {
        // A title or subtitle kept in the old properties' row becomes the place's own first.
        willSet { keepTextsOfRow() }
    }
    /// Where the title and subtitle are. Declared after `properties`, it fits in the room the
    /// properties leave (fields are laid out in this order): a place takes 72 bytes, 80 with
    /// malloc's own.
    private var kept: Kept = []

    private struct Kept: OptionSet {
        let rawValue: UInt8
        /// The subtitle is made from `properties` (a file's place without a subtitle of its own).
        static let subtitleIsSummary = Kept(rawValue: 1)
        /// The title or subtitle is in the properties' table row (`PropertyTable.Text`), a
        /// file's place's: not a String of each place's own.
        static let titleInRow = Kept(rawValue: 2)
        static let subtitleInRow = Kept(rawValue: 4)
    }

    /// Whether `subtitle` is made from `properties` (a file's place without a subtitle of its own).
    package var subtitleIsSummary: Bool { kept.contains(.subtitleIsSummary) }

    private func keepTextsOfRow() {
        if kept.contains(.titleInRow) { ownTitle = properties.text(.title) }
        if kept.contains(.subtitleInRow) { rare.subtitle = properties.text(.subtitle) }
        kept.subtract([.titleInRow, .subtitleInRow])
    }

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
        self.ownTitle = title
        self.properties = properties
        if subtitle != nil || identifier != nil {
            let rare = Rare()
            rare.subtitle = subtitle
            rare.identifier = identifier
            rarely = rare
        }
    }

    /// A place read from a file, whose subtitle, without one of its own, is made from its properties;
    /// a title or subtitle said to be in the row is read from the properties' table row.
    package convenience init(coordinate: Coordinate, title: String?, subtitle: String?, properties: AnnotationProperties,
                             identifier: String?, summarizingProperties: Bool, titleInRow: Bool = false, subtitleInRow: Bool = false) {
        self.init(coordinate: coordinate, title: titleInRow ? nil : title, subtitle: subtitleInRow ? nil : subtitle,
                  properties: properties, identifier: identifier)
        if titleInRow { kept.insert(.titleInRow) }
        if subtitleInRow { kept.insert(.subtitleInRow) }
        if summarizingProperties && subtitle == nil { kept.insert(.subtitleIsSummary) }
    }

    public var description: String { "PointAnnotation(\(title ?? "untitled") at \(coordinate))" }
}
