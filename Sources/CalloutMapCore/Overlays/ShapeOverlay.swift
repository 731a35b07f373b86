/// The overlays CalloutMap makes (from GeoJSON, GPX and KML) and an app can make: a
/// geometry with a title, a subtitle, data and a style. Its kinds — `Polyline`, `Polygon`,
/// `MultiPolyline`, `MultiPolygon` — say what it is and give its parts by name, as MapKit's
/// `MKPolyline` and `MKPolygon` do.
public class ShapeOverlay: Overlay, CustomStringConvertible {
    /// Its name.
    public var title: String?
    /// A line under the title.
    public var subtitle: String?
    /// Its data as text, in its source's order (the title's and subtitle's keys aside).
    public var properties: AnnotationProperties
    /// Its source's own name for it (a GeoJSON feature's `id`), if it has one.
    public var identifier: String?
    /// How its source says to draw it; nil for the map's default.
    public var style: OverlayStyle?
    public let geometry: OverlayGeometry
    public let boundingRegion: GeoBounds

    init(geometry: OverlayGeometry, title: String?, subtitle: String?, properties: AnnotationProperties,
         identifier: String?, style: OverlayStyle?) {
        self.geometry = geometry
        self.boundingRegion = geometry.boundingRegion
        self.title = title
        self.subtitle = subtitle
        self.properties = properties
        self.identifier = identifier
        self.style = style
    }

    /// The overlay of a geometry, of the kind that says what it is: a `Polyline` for one line, a
    /// `MultiPolyline` for several, a `Polygon` for one polygon, a `MultiPolygon` for several.
    public static func make(_ geometry: OverlayGeometry, title: String? = nil, subtitle: String? = nil,
                            properties: AnnotationProperties = [:], identifier: String? = nil,
                            style: OverlayStyle? = nil) -> ShapeOverlay {
        switch geometry {
        case .lines(let parts) where parts.count == 1:
            return Polyline(coordinates: parts[0], title: title, subtitle: subtitle, properties: properties, identifier: identifier, style: style)
        case .lines(let parts):
            return MultiPolyline(lines: parts, title: title, subtitle: subtitle, properties: properties, identifier: identifier, style: style)
        case .areas(let polygons) where polygons.count == 1:
            return Polygon(exterior: polygons[0].exterior, holes: polygons[0].holes, title: title, subtitle: subtitle,
                           properties: properties, identifier: identifier, style: style)
        case .areas(let polygons):
            return MultiPolygon(polygons: polygons, title: title, subtitle: subtitle, properties: properties, identifier: identifier, style: style)
        }
    }

    /// "line" or "area": what a person calls it.
    public var kindName: String { geometry.isArea ? "area" : "line" }

    public var description: String { "\(type(of: self))(\(title ?? "untitled"), \(geometry.vertexCount) positions)" }
}

/// One line through its positions (MapKit's `MKPolyline`; a GeoJSON LineString, a GPX route).
public final class Polyline: ShapeOverlay {
    /// The line's positions, in order.
    public var coordinates: [Coordinate] {
        guard case .lines(let parts) = geometry else { return [] }
        return parts.first ?? []
    }

    /// A line through positions, with a title, subtitle, data, its source's id and style.
    public init(coordinates: [Coordinate], title: String? = nil, subtitle: String? = nil, properties: AnnotationProperties = [:],
                identifier: String? = nil, style: OverlayStyle? = nil) {
        super.init(geometry: .lines([coordinates]), title: title, subtitle: subtitle, properties: properties,
                   identifier: identifier, style: style)
    }
}

/// Several lines that are one thing (MapKit's `MKMultiPolyline`; a MultiLineString, a GPX track's segments).
public final class MultiPolyline: ShapeOverlay {
    /// Each line's positions.
    public var lines: [[Coordinate]] {
        guard case .lines(let parts) = geometry else { return [] }
        return parts
    }

    /// Lines through positions, with a title, subtitle, data, its source's id and style.
    public init(lines: [[Coordinate]], title: String? = nil, subtitle: String? = nil, properties: AnnotationProperties = [:],
                identifier: String? = nil, style: OverlayStyle? = nil) {
        super.init(geometry: .lines(lines), title: title, subtitle: subtitle, properties: properties,
                   identifier: identifier, style: style)
    }
}

/// An area with an outer ring and holes (MapKit's `MKPolygon` with `interiorPolygons`).
public final class Polygon: ShapeOverlay {
    /// The outer ring.
    public var exterior: [Coordinate] { rings.exterior }
    /// The holes.
    public var holes: [[Coordinate]] { rings.holes }

    private var rings: PolygonRings {
        guard case .areas(let polygons) = geometry, let first = polygons.first else { return PolygonRings(exterior: []) }
        return first
    }

    /// An area inside `exterior` and outside every hole, with a title, subtitle, data, its source's id and style.
    public init(exterior: [Coordinate], holes: [[Coordinate]] = [], title: String? = nil, subtitle: String? = nil,
                properties: AnnotationProperties = [:], identifier: String? = nil, style: OverlayStyle? = nil) {
        super.init(geometry: .areas([PolygonRings(exterior: exterior, holes: holes)]), title: title, subtitle: subtitle,
                   properties: properties, identifier: identifier, style: style)
    }
}

/// Several areas that are one thing (MapKit's `MKMultiPolygon`): each filled on its own.
public final class MultiPolygon: ShapeOverlay {
    /// Each polygon's rings.
    public var polygons: [PolygonRings] {
        guard case .areas(let polygons) = geometry else { return [] }
        return polygons
    }

    /// Areas, each with its holes, with a title, subtitle, data, its source's id and style.
    public init(polygons: [PolygonRings], title: String? = nil, subtitle: String? = nil, properties: AnnotationProperties = [:],
                identifier: String? = nil, style: OverlayStyle? = nil) {
        super.init(geometry: .areas(polygons), title: title, subtitle: subtitle, properties: properties,
                   identifier: identifier, style: style)
    }
}
