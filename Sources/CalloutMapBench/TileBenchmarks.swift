import CCalloutMapGtk
import CalloutMapCore
import CalloutMapWidget
import Foundation
import TestServers

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

    /// Online tiles from the loopback tile server the tests use: the first full 1280×800 screen
    /// from a cold disk cache, the same from the warm cache (no request), and resident memory
    /// after loading 2,000 tiles one screen after another (the in-memory cache keeps it bounded).
    static func online(basemap: Basemap, frames: Int) -> [String: Any] {
        guard let server = try? TileServer(lifetime: 600) else { return ["error": "the loopback tile server did not start (python3)"] }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("calloutmap-bench-cache-\(getpid())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let template = server.template("tiles")
        func layer() -> RasterTileLayer? {
            guard let cache = try? TileDiskCache(source: template, directory: folder),
                  let source = try? XYZTileSource(template: template, cache: cache) else { return nil }
            return RasterTileLayer(source: source)
        }
        guard let cold = layer(), let warm = layer() else { return ["error": "no source"] }
        let viewport = Viewport(center: Benchmarks.sanFrancisco, zoom: 12, size: Benchmarks.size)
        func time(_ body: () -> Void) -> Double {
            let start = DispatchTime.now().uptimeNanoseconds
            body()
            return (Double(DispatchTime.now().uptimeNanoseconds - start) / 1e4).rounded() / 100
        }
        let coldMs = time { cold.loadAll(covering: viewport, scale: 1, timeout: 60) }
        let warmMs = time { warm.loadAll(covering: viewport, scale: 1, timeout: 60) }
        let screen = cold.cachedTileCount
        // The pan with 1,000 pins over online tiles, all of the path's tiles landed (cached).
        let centre = TileID(containing: Benchmarks.sanFrancisco, zoom: 12)
        warm.preload(((centre.x - 6)...(centre.x + 10)).flatMap { x in ((centre.y - 4)...(centre.y + 7)).map { TileID(zoom: 12, x: x, y: $0) } },
                     timeout: 60)
        let pan = AnnotationBenchmarks.panWithPins(basemap: basemap, inView: 1000, background: 0, frames: frames, tileLayers: [warm])

        // 2,000 tiles: screens side by side along a row of zoom 14.
        guard let far = layer() else { return ["error": "no source"] }
        let before = Benchmarks.residentKilobytes()
        var loaded = 0, x = 2600
        while loaded < 2000 {
            let tiles = (0..<10).flatMap { dx in (0..<5).map { dy in TileID(zoom: 14, x: x + dx, y: 6300 + dy) } }
            far.preload(tiles, timeout: 60)
            loaded += tiles.count
            x += 10
        }
        return ["first_screen_cold_cache_ms": coldMs, "first_screen_warm_cache_ms": warmMs, "tiles_per_screen": screen,
                "pan_frame_1k_pins_over_online_tiles_ms": pan,
                "rss_growth_mb_after_2000_tiles": Double(Benchmarks.residentKilobytes() - before) / 1024,
                "tiles_kept_in_memory": far.cachedTileCount, "failures": cold.failures + warm.failures + far.failures]
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
