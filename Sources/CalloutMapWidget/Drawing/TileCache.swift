import CGtk
import CalloutMapCore
import CalloutMapGtk

/// Rendered tiles as GPU-friendly textures, so panning only composites.
/// Least recently used tiles go first once the byte budget is spent.
@MainActor
public final class TileCache {
    struct Key: Hashable {
        var tile: TileID
        var scale: Int
        var style: String
    }

    private struct Entry {
        var texture: ObjectRef
        var bytes: Int
        var lastUse: UInt64
    }

    public let renderer: TileRenderer
    public let byteBudget: Int
    private var entries: [Key: Entry] = [:]
    private var clock: UInt64 = 0
    private var bytes = 0
    public private(set) var rendered = 0

    public init(renderer: TileRenderer, byteBudget: Int = 96 << 20) {
        self.renderer = renderer
        self.byteBudget = byteBudget
    }

    public var count: Int { entries.count }

    /// The texture for a tile, rendering it on first use. The pointer stays valid until the next call that renders.
    public func texture(for tile: TileID, style: BasemapStyle, scale: Int) -> OpaquePointer {
        clock += 1
        let key = Key(tile: tile.wrapped, scale: scale, style: style.name)
        if var entry = entries[key] {
            entry.lastUse = clock
            entries[key] = entry
            return entry.texture.opaque
        }
        let surface = renderer.render(key.tile, style: style, scale: scale)
        defer { cairo_surface_destroy(surface) }
        let width = cairo_image_surface_get_width(surface), height = cairo_image_surface_get_height(surface)
        let stride = cairo_image_surface_get_stride(surface)
        let size = Int(stride) * Int(height)
        let data = g_bytes_new(cairo_image_surface_get_data(surface), gsize(size))
        // cairo's ARGB32 is premultiplied BGRA in memory on little-endian machines.
        let texture = gdk_memory_texture_new(width, height, GDK_MEMORY_B8G8R8A8_PREMULTIPLIED, data, gsize(stride))!
        g_bytes_unref(data)
        let ref = ObjectRef(adopting: UnsafeMutableRawPointer(texture))
        entries[key] = Entry(texture: ref, bytes: size, lastUse: clock)
        bytes += size
        rendered += 1
        evict(keeping: key)
        return ref.opaque
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
            bytes -= e.bytes
        }
    }
}
