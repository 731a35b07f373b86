/// What a basemap layer holds: land polygons (even-odd rings, their outline is
/// the coastline), or border lines.
package enum BasemapLayerKind: UInt8, Sendable {
    case land = 1
    case countryBorder = 2
    case adminBorder = 3
}

/// Rings or lines of one kind in one cell, as absolute band units.
package struct BasemapLayer: Sendable {
    package var kind: BasemapLayerKind
    /// x, y pairs, all geometries one after another.
    package var points: [Int32]
    /// Index (in pairs) where each geometry starts; one extra entry closes the last.
    package var starts: [Int32]

    package var geometryCount: Int { starts.count - 1 }
}

/// One grid cell of a band: everything the band holds inside it (plus a margin).
package struct BasemapCell: Sendable {
    package var x: Int
    package var y: Int
    package var layers: [BasemapLayer]

    package static func empty(x: Int, y: Int) -> BasemapCell { BasemapCell(x: x, y: y, layers: []) }
}
