import Foundation

/// Lengths and areas on the Earth, as a person reads them off a shape: great-circle
/// (haversine) distances and spherical areas on a sphere of the mean radius, within a few
/// tenths of a percent of the ellipsoid for the sizes people draw.
public enum ShapeMeasure {
    /// The Earth's mean radius in metres (IUGG).
    public static let meanRadius = 6_371_008.8

    /// The great-circle distance between two positions, in metres.
    public static func distance(_ a: Coordinate, _ b: Coordinate) -> Double {
        let φ1 = a.latitude * .pi / 180, φ2 = b.latitude * .pi / 180
        let dφ = φ2 - φ1, dλ = (b.longitude - a.longitude) * .pi / 180
        let h = sin(dφ / 2) * sin(dφ / 2) + cos(φ1) * cos(φ2) * sin(dλ / 2) * sin(dλ / 2)
        return 2 * meanRadius * asin(min(1, h.squareRoot()))
    }

    /// A line's length through its positions, in metres.
    public static func length(_ line: [Coordinate]) -> Double {
        zip(line, line.dropFirst()).reduce(0) { $0 + distance($1.0, $1.1) }
    }

    /// The area inside a closed ring, in square metres (the ring's direction does not matter).
    public static func area(_ ring: [Coordinate]) -> Double {
        guard ring.count >= 3 else { return 0 }
        // The spherical excess of the ring, summed edge by edge (Chamberlain and Duquette, 2007).
        var sum = 0.0
        for i in 0..<ring.count {
            let a = ring[i], b = ring[(i + 1) % ring.count]
            sum += (b.longitude - a.longitude) * .pi / 180 * (2 + sin(a.latitude * .pi / 180) + sin(b.latitude * .pi / 180))
        }
        return abs(sum * meanRadius * meanRadius / 2)
    }

    /// A polygon's area: its exterior less its holes, in square metres.
    public static func area(_ polygon: PolygonRings) -> Double {
        max(0, area(polygon.exterior) - polygon.holes.reduce(0) { $0 + area($1) })
    }

    /// The length of lines or the area of polygons, in metres or square metres.
    public static func size(of geometry: OverlayGeometry) -> Double {
        switch geometry {
        case .lines(let parts): return parts.reduce(0) { $0 + length($1) }
        case .areas(let polygons): return polygons.reduce(0) { $0 + area($1) }
        }
    }

    /// "2.3 km", "850 m", "0.4 km²", "1,200 m²": a shape's size as an accessible name says it.
    public static func text(of geometry: OverlayGeometry, locale: Locale = Locale(identifier: "en_US_POSIX")) -> String {
        let size = size(of: geometry)
        func number(_ n: Double, digits: Int) -> String {
            n.formatted(.number.locale(locale).grouping(.automatic).precision(.fractionLength(digits)))
        }
        if geometry.isArea {
            return size >= 10_000 ? "\(number(size / 1e6, digits: size >= 1e8 ? 0 : 1)) km²" : "\(number(size, digits: 0)) m²"
        }
        return size >= 1_000 ? "\(number(size / 1000, digits: size >= 100_000 ? 0 : 1)) km" : "\(number(size, digits: 0)) m"
    }
}
