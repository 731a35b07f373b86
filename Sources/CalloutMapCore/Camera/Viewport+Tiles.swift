import Foundation

/// A tile to draw and where: `tile` is the unwrapped tile (its x may lie
/// outside the world when the map wraps); `tile.wrapped` names its content.
package struct TilePlacement: Hashable, Sendable {
    package var tile: TileID
    package var frame: Rect
}

extension Viewport {
    /// Tiles are drawn at the nearest whole zoom and scaled by at most √2 either way.
    package var tileZoom: Int { Int(zoom.rounded()) }

    /// Tiles covering the view, with frames snapped to device pixels so neighbours never leave a seam.
    package func visibleTiles(deviceScale: Double = 1) -> [TilePlacement] {
        let z = tileZoom
        let n = 1 << z
        let tileSpan = worldSize / Double(n)
        let left = center.x * worldSize - size.width / 2
        let top = center.y * worldSize - size.height / 2
        let firstColumn = Int(floor(left / tileSpan))
        let lastColumn = Int(floor((left + size.width) / tileSpan))
        let firstRow = max(0, Int(floor(top / tileSpan)))
        let lastRow = min(n - 1, Int(floor((top + size.height) / tileSpan)))
        guard firstRow <= lastRow else { return [] }
        func snap(_ v: Double) -> Double { (v * deviceScale).rounded() / deviceScale }
        var out: [TilePlacement] = []
        out.reserveCapacity((lastColumn - firstColumn + 1) * (lastRow - firstRow + 1))
        for row in firstRow...lastRow {
            let y0 = snap(Double(row) * tileSpan - top), y1 = snap(Double(row + 1) * tileSpan - top)
            for column in firstColumn...lastColumn {
                let x0 = snap(Double(column) * tileSpan - left), x1 = snap(Double(column + 1) * tileSpan - left)
                out.append(TilePlacement(tile: TileID(zoom: z, x: column, y: row),
                                         frame: Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)))
            }
        }
        return out
    }
}
