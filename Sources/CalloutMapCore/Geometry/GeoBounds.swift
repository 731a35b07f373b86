/// A box of longitudes and latitudes in degrees (MBTiles' `bounds`: west, south, east,
/// north). A box whose west is east of its east crosses the antimeridian.
public struct GeoBounds: Sendable, Equatable {
    /// The western edge's longitude.
    public var west: Double
    /// The southern edge's latitude.
    public var south: Double
    /// The eastern edge's longitude (less than `west` across the antimeridian).
    public var east: Double
    /// The northern edge's latitude.
    public var north: Double

    /// nil unless the numbers make a box on the globe.
    public init?(west: Double, south: Double, east: Double, north: Double) {
        guard [west, south, east, north].allSatisfy(\.isFinite), abs(west) <= 180, abs(east) <= 180,
              abs(south) <= 90, abs(north) <= 90, south <= north else { return nil }
        self.west = west
        self.south = south
        self.east = east
        self.north = north
    }

    /// The box a map tile covers.
    package init(_ tile: TileID) {
        let b = tile.wrapped.bounds
        self.init(west: b.west, south: b.south, east: b.east, north: b.north)!
    }

    /// Whether `coordinate` lies in the box (edges included; across the antimeridian too).
    package func contains(_ coordinate: Coordinate) -> Bool {
        guard coordinate.latitude >= south, coordinate.latitude <= north else { return false }
        let lon = coordinate.longitude
        return west <= east ? lon >= west && lon <= east : lon >= west || lon <= east
    }

    /// Whether `other` lies wholly in the box (edges included); for boxes that do not cross
    /// the antimeridian.
    package func contains(_ other: GeoBounds) -> Bool {
        other.west >= west && other.east <= east && other.south >= south && other.north <= north
    }

    /// The part of the box inside `other`, nil where they do not meet; for boxes that do not
    /// cross the antimeridian.
    package func clipped(to other: GeoBounds) -> GeoBounds? {
        GeoBounds(west: max(west, other.west), south: max(south, other.south), east: min(east, other.east), north: min(north, other.north))
            .flatMap { $0.west <= $0.east ? $0 : nil }
    }

    /// Its south-west and north-east corners.
    public var corners: [Coordinate] {
        [Coordinate(latitude: south, longitude: west), Coordinate(latitude: north, longitude: east)]
    }

    /// Whether any of a map tile lies in the box (edges included).
    public func intersects(_ tile: TileID) -> Bool {
        let (tileWest, tileSouth, tileEast, tileNorth) = tile.wrapped.bounds
        guard tileSouth <= north, tileNorth >= south else { return false }
        if west <= east { return tileWest <= east && tileEast >= west }
        return tileWest <= east || tileEast >= west  // across the antimeridian: two spans
    }

    /// Whether the two boxes share any point (edges included).
    public func intersects(_ other: GeoBounds) -> Bool {
        guard other.south <= north, other.north >= south else { return false }
        // Each box's longitudes as one or two spans (two across the antimeridian).
        func spans(_ b: GeoBounds) -> [ClosedRange<Double>] {
            b.west <= b.east ? [b.west...b.east] : [b.west...180, -180...b.east]
        }
        return spans(self).contains { a in spans(other).contains { a.overlaps($0) } }
    }
}
