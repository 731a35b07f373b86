import CCalloutMapGtk
import CalloutMapCore
import CalloutMapWidget
import Foundation

/// A map rendered offscreen, the way `calloutmap render` does, with pixel access.
@MainActor
struct RenderedMap {
    static let basemap = try! Basemap(directory: DataDirectory.locate()!.appendingPathComponent("basemap"))
    static let renderer = try! OffscreenRenderer()

    let viewport: Viewport
    let scale: Int
    let width: Int, height: Int
    let pixels: [UInt8]  // BGRA, premultiplied

    init(center: Coordinate, zoom: Double, size: Size = Size(width: 640, height: 400),
         style: BasemapStyle = .light, scale: Int = 1) {
        self.init(scene: MapScene(viewport: Viewport(center: center, zoom: zoom, size: size), style: style, scale: scale,
                                  tiles: TileCache(renderer: TileRenderer(basemap: Self.basemap))))
    }

    init(scene: MapScene) {
        viewport = scene.viewport
        scale = scene.scale
        let texture = Self.renderer.texture(of: scene)
        width = Int(gdk_texture_get_width(texture.opaque))
        height = Int(gdk_texture_get_height(texture.opaque))
        var buffer = [UInt8](repeating: 0, count: width * height * 4)
        gdk_texture_download(texture.opaque, &buffer, gsize(width * 4))
        pixels = buffer
    }

    /// The colour at a logical pixel.
    func color(at p: Point) -> RGBA {
        let x = Int(p.x * Double(scale)), y = Int(p.y * Double(scale))
        guard (0..<width).contains(x), (0..<height).contains(y) else { return RGBA(0xFF00FF) }  // off the image
        let i = (y * width + x) * 4
        let hex = UInt32(pixels[i + 2]) << 16 | UInt32(pixels[i + 1]) << 8 | UInt32(pixels[i])
        return RGBA(hex)
    }

    func color(at c: Coordinate) -> RGBA { color(at: viewport.screenPoint(for: c)) }
}

extension RGBA {
    func distance(to o: RGBA) -> Double {
        max(abs(red - o.red), abs(green - o.green), abs(blue - o.blue)) * 255
    }
}
