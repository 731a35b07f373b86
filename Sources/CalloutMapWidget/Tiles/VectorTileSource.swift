import CCalloutMapGtk
import CalloutMapCore
import Foundation
import Synchronization

/// Vector tiles drawn with a MapLibre style into tile images, so the map shows them as it shows
/// any tile source. Vector tiles are made to be shown 512 pixels wide (as MapLibre shows them):
/// a map tile of 256 points draws a quarter of the tile a zoom up. Deeper than the archive goes,
/// a tile is drawn from its ancestor's features, enlarged but redrawn (lines keep their width,
/// edges stay sharp), down to `deepestZoom`.
/// Images are made at the screen's scale. A source with a dark style draws with it when the map
/// is dark (the built-in styles come as a pair); one style serves both otherwise.
package final class VectorTileSource: TileSource {
    package let name: String
    package let attribution: String?
    package let zoomRange: ClosedRange<Int>
    package let tileSize = 256
    package let bounds: GeoBounds?
    /// What is drawn, clicked and named: the archive's area, when it says one that does not
    /// cross the antimeridian (one that does is not kept to).
    let area: GeoBounds?
    /// The style's names are drawn by the map (`MapLabelLayer`), not into tiles; the map's own
    /// place names show where the archive has no tiles.
    package var hasLabels: Bool { false }
    /// Whether the style names things (has symbol layers).
    var hasSymbols: Bool { painter.style.layers.contains { $0.type == .symbol } }
    let archive: any VectorTileArchive
    let painter: VectorTilePainter
    let darkPainter: VectorTilePainter?
    let scale: Int
    /// The last tiles decoded, the most recent first (`decoded(for:)`).
    private let decoded = Mutex<[(id: TileID, tile: VectorTile)]>([])

    /// Street level and a little past it: what the map's deepest zoom shows.
    static let deepestZoom = 20

    package init(archive: any VectorTileArchive, style: MapStyle, darkStyle: MapStyle? = nil, scale: Int = 1) {
        self.archive = archive
        painter = VectorTilePainter(style: style)
        darkPainter = darkStyle.map(VectorTilePainter.init(style:))
        self.scale = max(1, min(scale, 4))
        name = archive.name
        attribution = archive.attribution
        zoomRange = archive.zoomRange.lowerBound...max(archive.zoomRange.upperBound + 1, Self.deepestZoom)
        bounds = archive.bounds
        area = bounds.flatMap { $0.west < $0.east ? $0 : nil }
    }

    /// The archive's tile a map tile draws — its parent (a vector tile spans 512 points), or its
    /// ancestor at the archive's deepest zoom — and how much deeper the map tile is.
    private func stored(for tile: TileID) throws(TileSourceError) -> (bytes: [UInt8], ancestor: TileID, depth: Int)? {
        let (t, depth) = archiveTile(for: tile)
        guard let bytes = try archive.vectorTileBytes(for: t) else { return nil }
        return (bytes, t, depth)
    }

    /// The archive's tile a map tile draws, and how much deeper the map tile is (`stored(for:)`).
    func archiveTile(for tile: TileID) -> (tile: TileID, depth: Int) {
        var t = tile.wrapped, depth = 0
        while t.zoom > archive.zoomRange.lowerBound && (depth == 0 || t.zoom > archive.zoomRange.upperBound), let parent = t.parent {
            t = parent
            depth += 1
        }
        return (t, depth)
    }

    package func tileData(for tile: TileID) async throws -> [UInt8]? {
        try await prepare(tile)
        return try stored(for: tile)?.bytes
    }

    /// Fetches the archive's tile a map tile draws, when it is online: `image(for:)`, clicks and
    /// names then find it at hand. Any thread.
    func prepare(_ tile: TileID) async throws(TileSourceError) {
        _ = try await archive.fetchVectorTileBytes(for: archiveTile(for: tile).tile)
    }

    /// Whether the map's being dark changes what this source draws.
    var hasDarkStyle: Bool { darkPainter != nil }

    /// The tile drawn: an image of 256 points at the source's scale, with the dark style when
    /// `dark` and there is one; nil where the archive has no tile. Any thread. Throws, naming the
    /// source and the tile, when its bytes are not a tile.
    func image(for tile: TileID, dark: Bool = false) throws(TileSourceError) -> Surface? {
        guard let (decoded, ancestor, depth) = try decoded(for: tile) else { return nil }
        let side = Int32(tileSize * scale)
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, side, side)!
        cairo_surface_set_device_scale(surface, Double(scale), Double(scale))
        let cr = cairo_create(surface)!
        let w = tile.wrapped
        clipToBounds(cr, tile: w)
        // The map tile's square within its ancestor, which is drawn 2^depth times larger.
        let n = Double(1 << depth)
        let x = Double(w.x) - Double(ancestor.x) * n, y = Double(w.y) - Double(ancestor.y) * n
        cairo_translate(cr, -x * Double(tileSize), -y * Double(tileSize))
        (dark ? darkPainter ?? painter : painter).paint(decoded, mapZoom: Double(w.zoom), into: cr, side: Double(tileSize) * n)
        cairo_destroy(cr)
        cairo_surface_flush(surface)
        return Surface(adopting: surface)
    }

    /// Whether its image of a map tile hides what is under it wholly — within `view`, when it
    /// is given (what of the tile is outside is not seen): the style paints an opaque background
    /// at the tile's zoom, and the tile (the part in view) lies inside the archive's area.
    func coversWholly(_ tile: TileID, within view: GeoBounds? = nil, dark: Bool) -> Bool {
        let context = StyleContext(zoom: MapStyle.styleZoom(forMapZoom: Double(tile.zoom)))
        guard let background = style(dark: dark).layers.first(where: { $0.type == .background }), background.draws(context),
              let color = background.value("background-color", context)?.color,
              color.alpha * (background.value("background-opacity", context)?.number ?? 1) >= 1 else { return false }
        guard let area else { return true }
        let whole = GeoBounds(tile)
        guard let view, view.west <= view.east else { return area.contains(whole) }
        return whole.clipped(to: view).map(area.contains) ?? true  // none of it in view: nothing to hide
    }

    /// What a click at `point` (of the unit world square) selects of the map as drawn on map
    /// tiles of zoom `tileZoom` (`MapFeaturePicker`'s rules), with the dark style when `dark`;
    /// nil for nothing, outside the archive's area, or a tile that cannot be read. Any thread.
    func feature(at point: WorldPoint, tileZoom: Int, dark: Bool, kinds: MapFeature.Kinds, slop: Double) -> MapFeature? {
        guard !kinds.isEmpty else { return nil }
        if let area, !area.contains(WebMercator.coordinate(for: point)) { return nil }
        let n = Double(1 << tileZoom)
        let tile = TileID(zoom: tileZoom, x: Int(point.x * n), y: Int(point.y * n))
        guard let (decoded, ancestor) = decodedTile(for: tile) else { return nil }
        return MapFeaturePicker(style: style(dark: dark), kinds: kinds).feature(in: decoded, tileID: ancestor, at: point,
                                                                                mapZoom: Double(tileZoom), slop: slop)
    }

    /// Every named thing drawn on the map tiles `tiles` (of one zoom) with a point in `area` (of
    /// the unit world square), at most `limit`, nearest `focus` first: what the keyboard and
    /// screen readers reach (`MapFeaturePicker.features`). A line or area is listed once per name.
    func features(on tiles: [TileID], dark: Bool, kinds: MapFeature.Kinds, area: (minX: Double, minY: Double, maxX: Double, maxY: Double),
                  focus: WorldPoint, limit: Int) -> [MapFeature] {
        guard !kinds.isEmpty, let zoom = tiles.first?.zoom else { return [] }
        let picker = MapFeaturePicker(style: style(dark: dark), kinds: kinds)
        var all: [MapFeature] = [], seen: Set<String> = []
        var ancestors: Set<TileID> = []
        for tile in tiles {
            guard let (decoded, ancestor) = decodedTile(for: tile), ancestors.insert(ancestor).inserted else { continue }
            for feature in picker.features(in: decoded, tileID: ancestor, mapZoom: Double(zoom), area: area, near: focus) {
                // A point in two tiles' buffers, a street across tiles: once.
                if seen.insert(feature.listKey).inserted { all.append(feature) }
            }
        }
        func distance(_ f: MapFeature) -> Double {
            let w = WebMercator.worldPoint(for: f.coordinate)
            return abs(w.x - focus.x) + abs(w.y - focus.y)
        }
        return Array(all.sorted { distance($0) < distance($1) }.prefix(limit))
    }

    /// The labels the style sets on the archive's tile a map tile draws, at the map tile's zoom,
    /// with the dark style when `dark` (`MapLabel.labels`), and which tile that is; nil where
    /// there is none, outside the archive's zooms, or for a tile that cannot be read. Any thread.
    func labels(for tile: TileID, dark: Bool) -> (tile: TileID, labels: [MapLabel])? {
        guard zoomRange.contains(tile.zoom), let (decoded, ancestor) = decodedTile(for: tile) else { return nil }
        return (ancestor, MapLabel.labels(in: decoded, tileID: ancestor, style: style(dark: dark), mapZoom: Double(tile.zoom)))
    }

    private func style(dark: Bool) -> MapStyle { (dark ? darkPainter ?? painter : painter).style }

    /// The archive's tile for a map tile, decoded, which tile it is and how much deeper the map
    /// tile is; nil where there is none. The last few decoded are kept: the map tiles a tile is
    /// enlarged over, clicks and the keyboard's list ask for the same tile again.
    private func decoded(for tile: TileID) throws(TileSourceError) -> (tile: VectorTile, id: TileID, depth: Int)? {
        guard let (bytes, ancestor, depth) = try stored(for: tile) else { return nil }
        if let kept = decoded.withLock({ $0.first { $0.id == ancestor } }) { return (kept.tile, ancestor, depth) }
        let tile: VectorTile
        do { tile = try VectorTile(data: Data(bytes)) } catch {
            throw TileSourceError(source: name, reason: "tile \(ancestor) is not a vector tile: \(error.message)")
        }
        decoded.withLock { kept in
            kept.insert((ancestor, tile), at: 0)
            if kept.count > 8 { kept.removeLast() }
        }
        return (tile, ancestor, depth)
    }

    /// `decoded(for:)` for a click or the keyboard's list: nil for a tile that cannot be read too.
    private func decodedTile(for tile: TileID) -> (VectorTile, TileID)? {
        (try? decoded(for: tile)).flatMap { $0 }.map { ($0.tile, $0.id) }
    }

    /// Only the archive's area is drawn (a tile's background would paint past it): around it,
    /// the offline map shows, as where there is no tile.
    private func clipToBounds(_ cr: OpaquePointer, tile: TileID) {
        guard let r = area?.worldRect else { return }
        let n = Double(1 << tile.zoom), side = Double(tileSize)
        let x0 = (r.minX * n - Double(tile.x)) * side, y0 = (r.minY * n - Double(tile.y)) * side
        let x1 = (r.maxX * n - Double(tile.x)) * side, y1 = (r.maxY * n - Double(tile.y)) * side
        cairo_rectangle(cr, x0, y0, x1 - x0, y1 - y0)
        cairo_clip(cr)
    }

    /// An OpenMapTiles-schema archive drawn with the built-in styles, light and dark
    /// (`data/styles/`); an error naming `location` when the data folder lacks them.
    static func withBuiltInStyles(_ archive: any VectorTileArchive, location: String, scale: Int) throws(TileSourceError) -> VectorTileSource {
        do {
            return VectorTileSource(archive: archive, style: try builtInLight.get(), darkStyle: try builtInDark.get(), scale: scale)
        } catch {
            throw TileSourceError(source: location, reason: "cannot be drawn: the built-in map style \(error)")
        }
    }

    private static let builtInLight = builtIn("light"), builtInDark = builtIn("dark")

    /// One of the built-in styles, read once.
    private static func builtIn(_ variant: String) -> BundledFile<MapStyle> {
        BundledFile(path: "styles/openmaptiles-\(variant).json",
                    read: { url in try MapStyle(json: InputFile.read(url, limit: 16 << 20)) },
                    notFound: { MapStyleError(reason: $0) })
    }
}
