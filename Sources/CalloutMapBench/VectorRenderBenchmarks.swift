import CalloutMapCore
import CalloutMapWidget
import Foundation

/// `calloutmap-bench vector-render`: a vector map drawn offscreen as `render` draws it, for
/// bench/vector.sh to set beside MapLibre Native. Prints one JSON object: the first picture
/// (the archive opened, the style read, the tiles decoded and drawn), then per zoom the median
/// of `frames` pictures each drawn from a fresh tile layer (every tile decoded and drawn again:
/// nothing kept between them), the same from one snapshotter kept between pictures (its tiles
/// kept, as MapLibre's renderer keeps its own: `frame_kept_ms`), and the process's peak memory. Writes each zoom's picture as
/// `OUT_DIR/calloutmap-Z.png`. Place names are left out (MapLibre's side has no glyphs). Then
/// `--pan-frames` (240; 0 for none, to profile the pictures alone) frames of a pan at
/// `--pan-zoom` (16) with the built-in style, names included (`panFrames`).
///
///   calloutmap-bench vector-render --tiles FILE [--style STYLE.json] --center LAT,LON
///       --zooms 12,14,16 [--size 800x600] [--frames 5] [--pan-frames 240] --out-dir DIR
@MainActor
enum VectorRenderBenchmarks {
    static func run(_ arguments: [String]) -> Int32 {
        func value(_ name: String) -> String? {
            arguments.firstIndex(of: name).flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
        }
        let centre = value("--center")?.split(separator: ",").compactMap { Double($0) } ?? []
        let size = value("--size")?.split(separator: "x").compactMap { Double($0) } ?? [800, 600]
        let zooms = value("--zooms")?.split(separator: ",").compactMap { Double($0) } ?? []
        guard let tiles = value("--tiles"), let out = value("--out-dir"), centre.count == 2, size.count == 2, !zooms.isEmpty,
              let data = DataDirectory.locate(), let basemap = try? Basemap(directory: data.appendingPathComponent("basemap")) else {
            FileHandle.standardError.write(Data("usage: calloutmap-bench vector-render --tiles FILE [--style STYLE] --center LAT,LON --zooms Z,… [--size WxH] [--frames N] --out-dir DIR\n".utf8))
            return 2
        }
        let frames = max(1, Int(value("--frames") ?? "5") ?? 5)
        let style = value("--style"), at = Coordinate(latitude: centre[0], longitude: centre[1])
        func source() throws -> any TileSource {
            if let style { return try TileSources.source(for: tiles, style: style) }
            return try TileSources.source(for: tiles)
        }
        func snapshotter(zoom: Double) throws -> MapSnapshotter {
            let snapshot = MapSnapshotter(basemap: basemap, center: at, zoom: zoom, size: Size(width: size[0], height: size[1]))
            snapshot.tileLayers = [RasterTileLayer(source: try source())]
            return snapshot
        }
        /// A picture from `kept`, or from a fresh snapshotter (the archive opened, every tile drawn).
        func picture(zoom: Double, to path: String, kept: MapSnapshotter? = nil) throws -> Double {
            let start = DispatchTime.now().uptimeNanoseconds
            try (kept ?? snapshotter(zoom: zoom)).writePNG(to: path)
            return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        }
        do {
            let first = try picture(zoom: zooms[0], to: "\(out)/first.png")
            var perZoom: [String: Double] = [:]
            for zoom in zooms {
                let path = "\(out)/calloutmap-\(Int(zoom)).png"
                perZoom[String(Int(zoom))] = Benchmarks.median(try (0..<frames).map { _ in try picture(zoom: zoom, to: path) })
            }
            // As MapLibre's renderer keeps its tiles between pictures: one snapshotter per zoom,
            // its tiles drawn by a first picture not counted.
            var perZoomKept: [String: Double] = [:]
            for zoom in zooms {
                let kept = try snapshotter(zoom: zoom), path = "\(out)/kept-\(Int(zoom)).png"
                _ = try picture(zoom: zoom, to: path, kept: kept)
                perZoomKept[String(Int(zoom))] = Benchmarks.median(try (0..<frames).map { _ in try picture(zoom: zoom, to: path, kept: kept) })
            }
            let peak = Double(Benchmarks.peakRSSKilobytes() / 1024)  // before the pan, which draws names too
            var result: [String: Any] = ["first_frame_ms": Benchmarks.round2(first), "frame_ms": perZoom, "frame_kept_ms": perZoomKept,
                                         "peak_rss_mb": peak]
            let panCount = max(0, Int(value("--pan-frames") ?? "240") ?? 240)
            if panCount > 0 {
                result["pan_frame_ms"] = try panFrames(tiles: tiles, at: at, zoom: Double(value("--pan-zoom") ?? "16") ?? 16,
                                                       size: Size(width: size[0], height: size[1]), frames: panCount, basemap: basemap)
            }
            print(String(decoding: try JSONSerialization.data(withJSONObject: result, options: [.sortedKeys]), as: UTF8.self))
            return 0
        } catch {
            FileHandle.standardError.write(Data("calloutmap-bench: \(error)\n".utf8))
            return 1
        }
    }

    /// Frames of a pan over the vector map as the window pans it (its kept image moved, drawn
    /// again past its margin, names placed again then), with the built-in style, names and all:
    /// the tiles of the pan's reach loaded first, as a city centre one has looked at, and the
    /// image kept for panning drawn, as once the zoom has settled; frames started at 144 Hz, as
    /// the window's, the offline map's tiles drawn on the other core between.
    /// Median, p95, the slowest, and how many frames drew the image again.
    static func panFrames(tiles: String, at: Coordinate, zoom: Double, size: Size, frames: Int, basemap: Basemap) throws -> [String: Any] {
        let renderer = try OffscreenRenderer()
        let viewport = Viewport(center: at, zoom: zoom, size: size)
        let layer = RasterTileLayer(source: try TileSources.source(for: tiles))
        layer.loadAll(covering: viewport.growing(by: 700), scale: 1, timeout: 30)
        let pins = AnnotationLayer()
        var scene = MapScene(viewport: viewport, style: .light, scale: 1, tiles: TileCache(renderer: TileRenderer(basemap: basemap)))
        scene.annotationLayer = pins
        scene.tileLayers = [layer]
        if let places = try? WorldPlaces.bundled() { scene.placeLabels = PlaceLabelLayer(places: places) }
        _ = renderer.texture(of: scene)  // the first frame, drawn whole
        scene.tileBudget = MapView.tileBudgetPerFrame  // as the window: offline-map tiles past it come from the other core
        _ = renderer.texture(of: scene)  // the image kept for panning, as when the zoom has settled
        let redraws = pins.rasterRedraws
        let times = Benchmarks.panFrames(renderer: renderer, scene: &scene, from: viewport, frames: frames, period: 240, drift: 2,
                                         interval: 1000 / 144)
        return ["median": Benchmarks.median(times), "p95": Benchmarks.percentile(times, 0.95), "max": Benchmarks.round2(times.max() ?? 0),
                "frames": frames, "image_redraws": pins.rasterRedraws - redraws, "zoom": zoom]
    }
}
