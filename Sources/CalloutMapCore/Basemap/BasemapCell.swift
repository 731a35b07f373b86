/// What a basemap layer holds: land polygons (even-odd rings, their outline is
/// the coastline), or border lines.
public enum BasemapLayerKind: UInt8, Sendable {
    case land = 1
    case countryBorder = 2
    case adminBorder = 3
}

/// Rings or lines of one kind in one cell, as absolute band units.
public struct BasemapLayer: Sendable {
    public var kind: BasemapLayerKind
    /// x, y pairs, all geometries one after another.
    public var points: [Int32]
    /// Index (in pairs) where each geometry starts; one extra entry closes the last.
    public var starts: [Int32]

    public var geometryCount: Int { starts.count - 1 }
}

/// One grid cell of a band: everything the band holds inside it (plus a margin).
public struct BasemapCell: Sendable {
    public var x: Int
    public var y: Int
    public var layers: [BasemapLayer]

    public static func empty(x: Int, y: Int) -> BasemapCell { BasemapCell(x: x, y: y, layers: []) }
}
