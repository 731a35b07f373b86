import CGtk
import CalloutMapCore

/// Everything the map paints for one frame, appended to a GtkSnapshot. The
/// widget and the offscreen `render` command both draw through this.
@MainActor
public struct MapScene {
    public var viewport: Viewport
    public var style: BasemapStyle
    /// Device pixels per logical pixel (2 on HiDPI screens).
    public var scale: Int
    public var tiles: TileCache
    public var fontName: String

    public init(viewport: Viewport, style: BasemapStyle, scale: Int, tiles: TileCache,
                fontName: String = MapScene.defaultFont) {
        self.viewport = viewport
        self.style = style
        self.scale = max(1, scale)
        self.tiles = tiles
        self.fontName = fontName
    }

    public static let defaultFont = "Cantarell 9"
    public static let attribution = "Natural Earth; GSHHG © Wessel & Smith"

    public func append(to snapshot: OpaquePointer) {
        var bounds = graphene_rect_t()
        graphene_rect_init(&bounds, 0, 0, Float(viewport.size.width), Float(viewport.size.height))
        var water = gdkColor(style.water)
        gtk_snapshot_append_color(snapshot, &water, &bounds)
        for placement in viewport.visibleTiles(deviceScale: Double(scale)) {
            let texture = tiles.texture(for: placement.tile, style: style, scale: scale)
            var frame = graphene_rect_t()
            let f = placement.frame
            graphene_rect_init(&frame, Float(f.minX), Float(f.minY), Float(f.width), Float(f.height))
            gtk_snapshot_append_texture(snapshot, texture, &frame)
        }
        OverlayPainter(style: style, fontName: fontName).append(to: snapshot, viewport: viewport)
    }
}

func gdkColor(_ c: RGBA) -> GdkRGBA {
    GdkRGBA(red: Float(c.red), green: Float(c.green), blue: Float(c.blue), alpha: Float(c.alpha))
}
