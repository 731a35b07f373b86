import Foundation

/// Spherical Web Mercator (EPSG:3857), the projection of every slippy map.
public enum WebMercator {
    /// The sphere's radius in metres (WGS 84's semi-major axis).
    public static let earthRadius = 6_378_137.0
    /// The latitude at which the projected world is square.
    public static let maxLatitude = 85.051_128_779_806_59
    /// Half the equator in metres.
    public static let halfCircumference = Double.pi * earthRadius

    /// A coordinate that is not a number (NaN, infinite) projects to the world's centre, so no
    /// caller's bad value reaches an integer conversion downstream.
    public static func worldPoint(for c: Coordinate) -> WorldPoint {
        guard c.latitude.isFinite, c.longitude.isFinite else { return WorldPoint(x: 0.5, y: 0.5) }
        let lat = min(max(c.latitude, -maxLatitude), maxLatitude)
        let sinLat = sin(lat * .pi / 180)
        let x = (c.longitude + 180) / 360
        let y = 0.5 - log((1 + sinLat) / (1 - sinLat)) / (4 * .pi)
        return WorldPoint(x: x, y: y)
    }

    /// The coordinate at a point of the unit world square.
    public static func coordinate(for p: WorldPoint) -> Coordinate {
        let lon = p.x * 360 - 180
        let n = Double.pi - 2 * Double.pi * p.y
        let lat = 180 / Double.pi * atan(0.5 * (exp(n) - exp(-n)))
        return Coordinate(latitude: lat, longitude: lon)
    }

    /// Projected metres (EPSG:3857 x, y), as `mercantile.xy` gives them.
    public static func metres(for c: Coordinate) -> (x: Double, y: Double) {
        let p = worldPoint(for: c)
        return ((p.x - 0.5) * 2 * halfCircumference, (0.5 - p.y) * 2 * halfCircumference)
    }

    /// Metres on the ground covered by one logical pixel at a latitude and zoom.
    public static func groundResolution(latitude: Double, zoom: Double, tileSize: Double = 256) -> Double {
        cos(latitude * .pi / 180) * 2 * halfCircumference / (tileSize * pow(2, zoom))
    }
}
