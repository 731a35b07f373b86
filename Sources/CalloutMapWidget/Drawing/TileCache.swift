import CGtk
import CalloutMapCore

/// Rendered basemap tiles, kept as cairo image surfaces so panning only
/// composites. Least recently used tiles go first once the byte budget is spent.
///
/// Surfaces rather than GdkTextures: GTK 4.8's cairo renderer converts a
/// texture back to a surface pixel by pixel on every frame (70% of a frame in
/// callgrind), while a surface painted in a cairo node is a plain blit.
@MainActor
public final class TileCache {
    struct Key: Hashable {
        var tile: TileID
        var scale: Int
        var style: String
    }

    private final class Entry {
        let surface: Surface
        var lastUse: UInt64

        init(surface: Surface, lastUse: UInt64) {
            self.surface = surface
            self.lastUse = lastUse
        }
    }

    public let renderer: TileRenderer
    public let byteBudget: Int
    private var entries: [Key: Entry] = [:]
    private var clock: UInt64 = 0
    private var bytes = 0
    /// Tiles rasterised since the cache was made (misses).
    public private(set) var rendered = 0

    public init(renderer: TileRenderer, byteBudget: Int = 64 << 20) {
        self.renderer = renderer
        self.byteBudget = byteBudget
    }

    public var count: Int { entries.count }
    public var byteCount: Int { bytes }

    /// The surface for a tile if it is already rendered.
    public func cachedSurface(for tile: TileID, style: BasemapStyle, scale: Int) -> OpaquePointer? {
        guard let entry = entries[Key(tile: tile.wrapped, scale: scale, style: style.name)] else { return nil }
        clock += 1
        entry.lastUse = clock
        return entry.surface.pointer
    }

    /// The surface for a tile, rendering it on first use. Valid while the cache
    /// holds it; cairo takes its own reference when it is used as a source.
    public func surface(for tile: TileID, style: BasemapStyle, scale: Int) -> OpaquePointer {
        clock += 1
        let key = Key(tile: tile.wrapped, scale: scale, style: style.name)
        if let entry = entries[key] {
            entry.lastUse = clock
            return entry.surface.pointer
        }
        let surface = Surface(adopting: renderer.render(key.tile, style: style, scale: scale))
        entries[key] = Entry(surface: surface, lastUse: clock)
        bytes += surface.byteCount
        rendered += 1
        evict(keeping: key)
        return surface.pointer
    }

    public func removeAll() {
        entries.removeAll()
        bytes = 0
    }

    private func evict(keeping key: Key) {
        guard bytes > byteBudget else { return }
        // Drop the oldest quarter at once so eviction stays rare.
        let victims = entries.filter { $0.key != key }.sorted { $0.value.lastUse < $1.value.lastUse }
        for (k, e) in victims.prefix(max(1, victims.count / 4)) {
            entries[k] = nil
            bytes -= e.surface.byteCount
        }
    }
}
