import Foundation

/// A slippy-map tile: zoom, column and row (XYZ scheme, row 0 at the top).
public struct TileID: Hashable, Sendable, CustomStringConvertible {
    /// The zoom level.
    public var zoom: Int
    /// The column, from the antimeridian eastwards.
    public var x: Int
    /// The row, from the north.
    public var y: Int

    /// A tile.
    public init(zoom: Int, x: Int, y: Int) {
        self.zoom = zoom
        self.x = x
        self.y = y
    }

    /// The tile that contains a coordinate at a zoom.
    public init(containing c: Coordinate, zoom: Int) {
        let p = WebMercator.worldPoint(for: c)
        let n = Double(1 << zoom)
        // Clamped as Doubles: a far-out longitude must not overflow the conversion to Int.
        let x = Int(min(max(floor(p.x * n), 0), n - 1))
        let y = Int(min(max(floor(p.y * n), 0), n - 1))
        self.init(zoom: zoom, x: x, y: y)
    }

    public var description: String { "\(zoom)/\(x)/\(y)" }

    /// Bing-style quadkey, one digit per zoom level.
    public var quadkey: String {
        var key = ""
        for i in stride(from: zoom, to: 0, by: -1) {
            let mask = 1 << (i - 1)
            key.append(String((x & mask != 0 ? 1 : 0) + (y & mask != 0 ? 2 : 0)))
        }
        return key
    }

    /// The tile's north-west corner on the unit world square.
    public var origin: WorldPoint {
        let n = Double(1 << zoom)
        return WorldPoint(x: Double(x) / n, y: Double(y) / n)
    }

    /// West, south, east, north in degrees.
    public var bounds: (west: Double, south: Double, east: Double, north: Double) {
        let nw = WebMercator.coordinate(for: origin)
        let se = WebMercator.coordinate(for: TileID(zoom: zoom, x: x + 1, y: y + 1).origin)
        return (nw.longitude, se.latitude, se.longitude, nw.latitude)
    }

    /// The same tile with its column wrapped into the world (for horizontal wrap-around).
    public var wrapped: TileID {
        let n = 1 << zoom
        return TileID(zoom: zoom, x: ((x % n) + n) % n, y: y)
    }

    /// The tile one zoom level up that contains this one.
    public var parent: TileID? {
        zoom > 0 ? TileID(zoom: zoom - 1, x: x >> 1, y: y >> 1) : nil
    }
}
