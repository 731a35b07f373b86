import CCalloutMapGtk
import CalloutMapCore
import Foundation

/// Rendered basemap tiles, kept as cairo image surfaces so panning only
/// composites. Least recently used tiles go first once the byte budget is spent.
///
/// Surfaces rather than GdkTextures: GTK 4.8's cairo renderer converts a
/// texture back to a surface pixel by pixel on every frame (70% of a frame in
/// callgrind), while a surface painted in a cairo node is a plain blit.
@MainActor
package final class TileCache {
    struct Key: Hashable {
        var tile: TileID
        var scale: Int
        var style: String
    }

    package let renderer: TileRenderer
    package var byteBudget: Int { images.byteBudget }
    private var images: SurfaceLRU<Key>
    /// Tiles rasterised since the cache was made (misses).
    package private(set) var rendered = 0

    package init(renderer: TileRenderer, byteBudget: Int = 64 << 20) {
        self.renderer = renderer
        images = SurfaceLRU(byteBudget: byteBudget)
    }

    package var count: Int { images.count }
    package var byteCount: Int { images.byteCount }

    /// The surface for a tile if it is already rendered.
    package func cachedSurface(for tile: TileID, style: BasemapStyle, scale: Int) -> OpaquePointer? {
        images.lookup(Key(tile: tile.wrapped, scale: scale, style: style.name))??.pointer
    }

    /// The surface for a tile, rendering it on first use. Valid while the cache
    /// holds it; cairo takes its own reference when it is used as a source.
    package func surface(for tile: TileID, style: BasemapStyle, scale: Int) -> OpaquePointer {
        let key = Key(tile: tile.wrapped, scale: scale, style: style.name)
        if let surface = images.lookup(key) ?? nil { return surface.pointer }
        let surface = Surface(adopting: renderer.render(key.tile, style: style, scale: scale))
        images.insert(surface, for: key)
        rendered += 1
        return surface.pointer
    }

    /// Renders the tiles not held yet on every core at once, then keeps them: a first frame
    /// needs about thirty, and each is drawn on its own (its own image, the basemap read
    /// with `pread`), so two cores draw them in about half the time.
    package func prepare(_ tiles: [TileID], style: BasemapStyle, scale: Int) {
        if let batch {  // started ahead (`startPreparing`)
            self.batch = nil
            keep(batch)
        }
        let missing = missing(tiles, style: style, scale: scale)
        guard missing.count > 1 else { return }
        keep(TileBatch(missing, style: style, scale: scale, renderer: renderer))
    }

    /// Takes a batch's tiles, drawing with it those it has not started.
    private func keep(_ batch: TileBatch) {
        for (tile, image) in batch.finish() {
            images.insert(image, for: Key(tile: tile, scale: batch.scale, style: batch.style.name))
            rendered += 1
        }
    }

    /// Starts rendering the tiles not held yet on another core, for the next `prepare` to take:
    /// the first frame's tiles are drawn while its pins are laid out.
    package func startPreparing(_ tiles: [TileID], style: BasemapStyle, scale: Int) {
        guard batch == nil else { return }
        let missing = missing(tiles, style: style, scale: scale)
        guard !missing.isEmpty else { return }
        batch = TileBatch(missing, style: style, scale: scale, renderer: renderer)
    }

    private var batch: TileBatch?

    /// Tiles being drawn on other cores while frames go on, each batch with whether a frame
    /// stood in for any of its tiles.
    private var coming: [(batch: TileBatch, shown: Bool)] = []
    /// The tiles of the batches under way, found at once for each tile a frame misses.
    private var comingKeys: Set<Key> = []
    static let batchesAtOnce = 2
    /// Changes when tiles a frame stood in for have come: the map's kept image is drawn again.
    package private(set) var arrivals = 0
    /// Called on the main thread when tiles drawn on other cores can be taken (a frame to draw).
    package var onArrival: (() -> Void)?

    /// Starts drawing on other cores those of `tiles` neither held nor coming: `shown` ones a
    /// frame stood in for, the others ahead of a pan (one such batch at a time). A frame then
    /// costs no more than its blits, where drawing them in it cost up to the frame's budget and
    /// the whole map drawn again each frame until they were all made. At most `batchesAtOnce`
    /// are under way (frames of a moving zoom would start one each, every image made up front);
    /// past that, shown tiles wait for one of those to come, which draws the map again.
    package func drawAhead(_ tiles: [TileID], shown: Bool, style: BasemapStyle, scale: Int) {
        var wanted = Set(missing(tiles, style: style, scale: scale))
        for i in coming.indices where coming[i].batch.style.name == style.name && coming[i].batch.scale == scale {
            let overlap = coming[i].batch.tiles.filter { wanted.contains($0) }
            guard !overlap.isEmpty else { continue }
            wanted.subtract(overlap)
            if shown { coming[i].shown = true }
        }
        guard !wanted.isEmpty, shown || !coming.contains(where: { !$0.shown }) else { return }
        guard coming.count < Self.batchesAtOnce else {
            // The first batch under way comes first (the workers take them in turn): its arrival
            // draws the map again, and that frame starts these. Marking every batch drew it twice.
            if shown, !coming.contains(where: \.shown) { coming[0].shown = true }
            return
        }
        let batch = TileBatch(tiles.map(\.wrapped).filter { wanted.remove($0) != nil }, style: style, scale: scale, renderer: renderer) { [weak self] in
            DispatchQueue.main.async { MainActor.assumeIsolated { self?.onArrival?() } }
        }
        coming.append((batch, shown))
        for tile in batch.tiles { comingKeys.insert(Key(tile: tile, scale: scale, style: style.name)) }
    }

    /// Whether `count` tiles at a device scale fit in the byte budget together.
    package func canHold(_ count: Int, scale: Int) -> Bool { images.fits(count, side: Int(Viewport.tileSize) * scale) }

    /// Whether any tiles are being drawn on other cores (or drawn and not yet taken).
    package var hasTilesComing: Bool { !coming.isEmpty }

    /// Whether a tile is being drawn on another core.
    package func isComing(_ tile: TileID, style: BasemapStyle, scale: Int) -> Bool {
        comingKeys.contains(Key(tile: tile.wrapped, scale: scale, style: style.name))
    }

    /// Keeps the tiles drawn on other cores by now (never waits): call before drawing a frame.
    package func takeArrivals() {
        coming.removeAll { entry in
            guard entry.batch.isDrawn else { return false }
            keep(entry.batch)
            for tile in entry.batch.tiles { comingKeys.remove(Key(tile: tile, scale: entry.batch.scale, style: entry.batch.style.name)) }
            if entry.shown { arrivals += 1 }
            return true
        }
    }

    /// The tiles of `tiles` not held yet, each once (a wrapped world may show a tile twice).
    private func missing(_ tiles: [TileID], style: BasemapStyle, scale: Int) -> [TileID] {
        var missing: [TileID] = [], seen = Set<TileID>()
        for tile in tiles where images.lookup(Key(tile: tile.wrapped, scale: scale, style: style.name)) == nil {
            if seen.insert(tile.wrapped).inserted { missing.append(tile.wrapped) }
        }
        return missing
    }

    package func removeAll() { images.removeAll() }
}
