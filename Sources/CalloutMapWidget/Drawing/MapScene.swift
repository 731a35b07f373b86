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
        if let cr = gtk_snapshot_append_cairo(snapshot, &bounds) {
            paintTiles(cr)
            cairo_destroy(cr)
        }
        OverlayPainter(style: style, fontName: fontName).append(to: snapshot, viewport: viewport)
    }
}

extension MapScene {
    /// Paints the cached tiles; at whole zooms each is a pixel-aligned blit.
    func paintTiles(_ cr: OpaquePointer) {
        setColor(cr, style.water)  // beyond the poles at low zoom
        cairo_paint(cr)
        let side = Viewport.tileSize
        for placement in viewport.visibleTiles(deviceScale: Double(scale)) {
            let surface = tiles.surface(for: placement.tile, style: style, scale: scale)
            let f = placement.frame
            cairo_save(cr)
            cairo_rectangle(cr, f.minX, f.minY, f.width, f.height)
            cairo_clip(cr)
            cairo_translate(cr, f.minX, f.minY)
            let k = f.width / side
            if abs(k - 1) > 1e-9 { cairo_scale(cr, k, f.height / side) }
            cairo_set_source_surface(cr, surface, 0, 0)
            cairo_pattern_set_filter(cairo_get_source(cr), abs(k - 1) > 1e-9 ? CAIRO_FILTER_GOOD : CAIRO_FILTER_NEAREST)
            cairo_paint(cr)
            cairo_restore(cr)
        }
    }
}

func gdkColor(_ c: RGBA) -> GdkRGBA {
    GdkRGBA(red: Float(c.red), green: Float(c.green), blue: Float(c.blue), alpha: Float(c.alpha))
}
