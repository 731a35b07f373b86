import Foundation

/// Something drawn by the vector map itself — a café, a town's name, a street, a park — that a
/// person clicked (MapKit's `MKMapFeatureAnnotation`): what the tiles say of it, and its title and
/// subtitle in words.
public struct MapFeature: Sendable, Equatable {
    /// What kind of thing it is, as `MapView.selectableMapFeatures` chooses them.
    public enum Kind: String, Sendable {
        /// A shop, a café, a museum, a stop.
        case pointOfInterest
        /// A city, a town, a neighbourhood (and a sea's or lake's name).
        case place
        /// A street, a road, a path, a railway.
        case road
        /// A building, a park, water, land use.
        case area
    }

    /// The kinds of map features a map lets people select.
    public struct Kinds: OptionSet, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// Shops, cafés, museums, stations: the tiles' points of interest.
        public static let pointsOfInterest = Kinds(rawValue: 1)
        /// Cities, towns, neighbourhoods.
        public static let places = Kinds(rawValue: 2)
        /// Streets, roads, paths, railways.
        public static let roads = Kinds(rawValue: 4)
        /// Buildings, parks, water, land use.
        public static let areas = Kinds(rawValue: 8)
        /// Every kind.
        public static let all: Kinds = [.pointsOfInterest, .places, .roads, .areas]

        /// Whether the set holds a kind.
        public func contains(_ kind: Kind) -> Bool {
            switch kind {
            case .pointOfInterest: contains(.pointsOfInterest)
            case .place: contains(.places)
            case .road: contains(.roads)
            case .area: contains(.areas)
            }
        }
    }

    /// Point of interest, place, road or area.
    public var kind: Kind
    /// The tiles' layer it is in ("poi", "transportation", "building" in the OpenMapTiles schema).
    public var layer: String
    /// The style's layer that drew it.
    public var styleLayer: String
    /// The feature's id in the tiles, if they give one.
    public var id: UInt64?
    /// Its properties, each as text (numbers as written in the tiles, booleans as true/false).
    public var properties: [String: String]
    /// Where its callout points: a point's own place, the nearest point of a line to the click,
    /// the click itself on an area.
    public var coordinate: Coordinate
    /// Its name: `name`, else `name:latin`, `name_en` or `name:en` (as tilemaker and OpenMapTiles write them).
    public var title: String
    /// What it is, in words people use ("Café", "Main road", "Park"), from `subclass` or `class`;
    /// nil when the tiles do not say.
    public var subtitle: String?

    /// What tells it from the others in a list of what is in view: a point of interest or a
    /// place by its place, a line or an area by its name (a street cut into pieces across tiles
    /// is listed once).
    package var listKey: String {
        let c = coordinate
        return kind == .road || kind == .area ? "\(layer)|\(title)"
            : "\(layer)|\(title)|\((c.latitude * 1e7).rounded())|\((c.longitude * 1e7).rounded())"
    }

    /// Its title from its properties (rule above); nil for a feature without a name.
    static func title(of properties: [String: String]) -> String? {
        for key in ["name", "name:latin", "name_en", "name:en"] {
            if let name = properties[key]?.trimmingCharacters(in: .whitespacesAndNewlines), !name.isEmpty { return name }
        }
        return nil
    }

    /// The kind of a feature of a tiles' layer: by the OpenMapTiles schema's layer names, else by
    /// its geometry (a point is a point of interest, a line a road, a polygon an area).
    static func kind(layer: String, geometry: VectorTile.Geometry) -> Kind {
        switch layer {
        case "poi", "aerodrome_label", "mountain_peak": return .pointOfInterest
        case "place", "water_name": return .place
        case "transportation", "transportation_name", "aeroway": return .road
        default:
            switch geometry {
            case .points: return .pointOfInterest
            case .lines: return .road
            case .polygons: return .area
            }
        }
    }
}
