import CCalloutMapGtk
import CalloutMapCore
import Foundation

/// Vector tiles drawn with a MapLibre style into tile images, so the map shows them as it shows
/// any tile source. Deeper than the archive goes, a tile is drawn from its ancestor's features,
/// enlarged but redrawn (lines keep their width, edges stay sharp), down to `deepestZoom`.
/// Images are made at the screen's scale.
package final class VectorTileSource: TileSource {
    package let name: String
    package let attribution: String?
    package let zoomRange: ClosedRange<Int>
    package let tileSize = 256
    package let bounds: GeoBounds?
    /// The style's names (symbol layers) are not drawn yet: the map's own place names show over it.
    package var hasLabels: Bool { false }
    let archive: any VectorTileArchive
    let painter: VectorTilePainter
    let scale: Int

    /// Street level and a little past it: what the map's deepest zoom shows.
    static let deepestZoom = 20

    package init(archive: any VectorTileArchive, style: MapStyle, scale: Int = 1) {
        self.archive = archive
        painter = VectorTilePainter(style: style)
        self.scale = max(1, min(scale, 4))
        name = archive.name
        attribution = archive.attribution
        zoomRange = archive.zoomRange.lowerBound...max(archive.zoomRange.upperBound, Self.deepestZoom)
        bounds = archive.bounds
    }

    /// The archive's tile, or its ancestor's at the archive's deepest zoom, and how much deeper
    /// the map tile is.
    private func stored(for tile: TileID) throws(TileSourceError) -> (bytes: [UInt8], ancestor: TileID, depth: Int)? {
        var t = tile.wrapped, depth = 0
        while t.zoom > archive.zoomRange.upperBound, let parent = t.parent {
            t = parent
            depth += 1
        }
        guard let bytes = try archive.vectorTileBytes(for: t) else { return nil }
        return (bytes, t, depth)
    }

    package func tileData(for tile: TileID) async throws -> [UInt8]? { try stored(for: tile)?.bytes }

    /// The tile drawn: an image of 256 points at the source's scale; nil where the archive has no
    /// tile. Any thread. Throws, naming the source and the tile, when its bytes are not a tile.
    func image(for tile: TileID) throws(TileSourceError) -> Surface? {
        guard let (bytes, ancestor, depth) = try stored(for: tile) else { return nil }
        let decoded: VectorTile
        do { decoded = try VectorTile(data: Data(bytes)) } catch {
            throw TileSourceError(source: name, reason: "tile \(ancestor) is not a vector tile: \(error.message)")
        }
        let side = Int32(tileSize * scale)
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, side, side)!
        cairo_surface_set_device_scale(surface, Double(scale), Double(scale))
        let cr = cairo_create(surface)!
        // The map tile's square within its ancestor, which is drawn 2^depth times larger.
        let n = Double(1 << depth), w = tile.wrapped
        let x = Double(w.x) - Double(ancestor.x) * n, y = Double(w.y) - Double(ancestor.y) * n
        cairo_translate(cr, -x * Double(tileSize), -y * Double(tileSize))
        painter.paint(decoded, zoom: Double(w.zoom), into: cr, side: Double(tileSize) * n)
        cairo_destroy(cr)
        cairo_surface_flush(surface)
        return Surface(adopting: surface)
    }

    /// The built-in light style for OpenMapTiles-schema tiles (`data/styles/`), read once;
    /// an error naming `location` when the data folder lacks it.
    static func builtInStyle(for location: String) throws(TileSourceError) -> MapStyle {
        do { return try builtIn.get() } catch {
            throw TileSourceError(source: location, reason: "cannot be drawn: the built-in map style \(error)")
        }
    }

    private static let builtIn = BundledFile<MapStyle>(
        path: "styles/openmaptiles-light.json",
        read: { url in try MapStyle(json: InputFile.read(url, limit: 16 << 20)) },
        notFound: { MapStyleError(reason: $0) })
}
