import CalloutMapCore
import CalloutMapWidget
import Foundation

/// `calloutmap-bench vector-render`: a vector map drawn offscreen as `render` draws it, for
/// bench/vector.sh to set beside MapLibre Native. Prints one JSON object: the first picture
/// (the archive opened, the style read, the tiles decoded and drawn), then per zoom the median
/// of `frames` pictures each drawn from a fresh tile layer (every tile decoded and drawn again:
/// nothing kept between them), and the process's peak memory. Writes each zoom's picture as
/// `OUT_DIR/calloutmap-Z.png`. Place names are left out (MapLibre's side has no glyphs).
///
///   calloutmap-bench vector-render --tiles FILE [--style STYLE.json] --center LAT,LON
///       --zooms 12,14,16 [--size 800x600] [--frames 5] --out-dir DIR
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
        func picture(zoom: Double, to path: String) throws -> Double {
            let start = DispatchTime.now().uptimeNanoseconds
            let snapshot = MapSnapshotter(basemap: basemap, center: at, zoom: zoom, size: Size(width: size[0], height: size[1]))
            snapshot.tileLayers = [RasterTileLayer(source: try source())]
            try snapshot.writePNG(to: path)
            return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        }
        do {
            let first = try picture(zoom: zooms[0], to: "\(out)/first.png")
            var perZoom: [String: Double] = [:]
            for zoom in zooms {
                let path = "\(out)/calloutmap-\(Int(zoom)).png"
                perZoom[String(Int(zoom))] = Benchmarks.median(try (0..<frames).map { _ in try picture(zoom: zoom, to: path) })
            }
            let result: [String: Any] = ["first_frame_ms": Benchmarks.round2(first), "frame_ms": perZoom,
                                         "peak_rss_mb": Double(Benchmarks.peakRSSKilobytes() / 1024)]
            print(String(decoding: try JSONSerialization.data(withJSONObject: result, options: [.sortedKeys]), as: UTF8.self))
            return 0
        } catch {
            FileHandle.standardError.write(Data("calloutmap-bench: \(error)\n".utf8))
            return 1
        }
    }
}
