/// A shape on the map — a line or an area — in the shape of MapKit's `MKOverlay`: the model
/// side only. How it is drawn is its `OverlayStyle` (the map delegate's, else its own, else
/// the map's default for its kind). Its geometry is read when it is added to a map: to change
/// it, remove it and add it again.
public protocol Overlay: AnyObject {
    /// Its name, shown in its callout and read by assistive technologies.
    var title: String? { get }
    /// A line under the title in its callout.
    var subtitle: String? { get }
    /// Its data as text, in its source's order.
    var properties: AnnotationProperties { get }
    /// Its lines or areas, in longitude and latitude.
    var geometry: OverlayGeometry { get }
    /// How its source says to draw it (a GeoJSON feature's simplestyle, a KML style); nil for
    /// the map's default.
    var style: OverlayStyle? { get }
    /// The smallest box holding all of it.
    var boundingRegion: GeoBounds { get }
}

extension Overlay {
    public var subtitle: String? { nil }
    public var properties: AnnotationProperties { [:] }
    public var style: OverlayStyle? { nil }
    public var boundingRegion: GeoBounds { geometry.boundingRegion }
}

/// Lines or areas: what an overlay covers. Positions are longitude/latitude on WGS 84.
public enum OverlayGeometry: Sendable, Equatable {
    /// One or more lines (a LineString; a MultiLineString's lines; a GPX track's segments).
    case lines([[Coordinate]])
    /// One or more polygons, each filled on its own: overlapping parts never cut holes in
    /// each other, only a polygon's own holes are holes.
    case areas([PolygonRings])

    /// Whether it is an area (filled) rather than lines.
    public var isArea: Bool {
        if case .areas = self { return true }
        return false
    }

    /// Every position, rings and parts in order.
    public var allCoordinates: [Coordinate] {
        switch self {
        case .lines(let parts): return parts.flatMap { $0 }
        case .areas(let polygons): return polygons.flatMap { [$0.exterior] + $0.holes }.flatMap { $0 }
        }
    }

    /// The smallest box holding it (across the antimeridian when that is narrower); a
    /// geometry without a position gives the point 0, 0.
    public var boundingRegion: GeoBounds {
        GeoBounds(enclosing: allCoordinates) ?? GeoBounds(west: 0, south: 0, east: 0, north: 0)!
    }

    /// How many positions it has.
    public var vertexCount: Int {
        switch self {
        case .lines(let parts): return parts.reduce(0) { $0 + $1.count }
        case .areas(let polygons): return polygons.reduce(0) { $0 + $1.exterior.count + $1.holes.reduce(0) { $0 + $1.count } }
        }
    }
}

/// A polygon: its outer ring and the holes in it. A ring may repeat its first position at
/// its end (GeoJSON does) or not; it is closed either way.
public struct PolygonRings: Sendable, Equatable {
    /// The outer boundary.
    public var exterior: [Coordinate]
    /// Rings inside it that are not part of it (a lake in a park).
    public var holes: [[Coordinate]]

    /// A polygon of an outer ring and its holes.
    public init(exterior: [Coordinate], holes: [[Coordinate]] = []) {
        self.exterior = exterior
        self.holes = holes
    }
}
