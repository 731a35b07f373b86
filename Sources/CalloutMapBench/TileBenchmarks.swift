import CGtk
import CalloutMapCore
import CalloutMapWidget
import Foundation

/// Tiles from an MBTiles file over the basemap: load + decode per tile, and the pan frame with
/// 1,000 pins over them beside the same over the embedded map.
@MainActor
enum TileBenchmarks {
    /// An MBTiles file of the basemap's own tiles (real PNGs, 20–40 KB) around the pans' path.
    static func makeFile(basemap: Basemap, at url: URL) -> [TileID] {
        let renderer = TileRenderer(basemap: basemap)
        let centre = TileID(containing: Benchmarks.sanFrancisco, zoom: 12)
        var tiles: [TileID: [UInt8]] = [:]
        let png = FileManager.default.temporaryDirectory.appendingPathComponent("calloutmap-bench-tile-\(getpid()).png")
        defer { try? FileManager.default.removeItem(at: png) }
        for x in (centre.x - 6)...(centre.x + 10) {
            for y in (centre.y - 4)...(centre.y + 7) {
                let t = TileID(zoom: 12, x: x, y: y)
                let surface = renderer.render(t, style: .dark, scale: 1)  // dark: differs from the basemap drawn beneath
                cairo_surface_write_to_png(surface, png.path)
                cairo_surface_destroy(surface)
                tiles[t] = [UInt8]((try? Data(contentsOf: png)) ?? Data())
            }
        }
        try? MBTilesWriter.write(to: url, metadata: ["name": "Bench", "format": "png", "minzoom": "12", "maxzoom": "12"], tiles: tiles)
        return Array(tiles.keys)
    }

    static func run(basemap: Basemap, frames: Int) -> [String: Any] {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("calloutmap-bench-\(getpid()).mbtiles")
        defer { try? FileManager.default.removeItem(at: url) }
        let tiles = makeFile(basemap: basemap, at: url)
        guard let source = try? MBTilesSource(contentsOf: url) else { return ["error": "the MBTiles file could not be made"] }
        let layer = RasterTileLayer(source: source)
        let start = DispatchTime.now().uptimeNanoseconds
        layer.preload(tiles, timeout: 60)
        let loadMs = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        let pan = AnnotationBenchmarks.panWithPins(basemap: basemap, inView: 1000, background: 0, frames: frames, tileLayers: [layer])
        return ["tiles": tiles.count, "load_decode_ms_per_tile_2_threads": (loadMs / Double(tiles.count) * 100).rounded() / 100,
                "pan_frame_1k_pins_over_mbtiles_ms": pan]
    }
}
