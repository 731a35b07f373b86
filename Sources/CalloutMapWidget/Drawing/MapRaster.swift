import CGtk
import CalloutMapCore

/// The map (basemap tiles, then pins) drawn once into an opaque image `margin` bigger than
/// the view on every side, then moved, not redrawn, while the map only pans (as Leaflet
/// moves its panes): a pan frame is one plain copy however many pins are in view. Drawing
/// many small images into GTK's cairo node is dear (each is recorded, snapshotted and
/// replayed), and pins blended over tiles every frame cost a second pass over every pixel.
@MainActor
final class MapRaster {
    /// How far (logical px) the map may pan before the image is drawn again.
    static let margin = 128.0

    private struct Key: Equatable {
        var zoom: Double
        var scale: Int
        var size: Size
        var style: BasemapStyle
        var layerRevision: Int
        var imageGeneration: Int
    }

    private var surface: Surface?
    private var key: Key?
    /// The view's top-left in world pixels when the image was drawn.
    private var drawnAt = Point.zero
    private var lastZoom: Double?
    /// Times the image was drawn again (for tests and the benchmark).
    private(set) var redraws = 0

    /// Paints the map for `viewport`: the image moved when it still covers the view and nothing
    /// in it changed, else `paintMap` draws it for a viewport (into the image, for the view plus
    /// the margin; or straight into `cr` while the zoom changes every frame or the world wraps
    /// within the image). `paintMap` returns whether every tile was its own; an image with
    /// stand-ins is drawn again next frame. Returns the same for this frame.
    func paint(_ cr: OpaquePointer, viewport: Viewport, scale: Int, style: BasemapStyle, layer: AnnotationLayer,
               paintMap: (_ cr: OpaquePointer, _ viewport: Viewport, _ intoImage: Bool) -> Bool) -> Bool {
        let m = Self.margin
        let topLeft = Point(x: viewport.center.x * viewport.worldSize - viewport.size.width / 2,
                            y: viewport.center.y * viewport.worldSize - viewport.size.height / 2)
        let key = Key(zoom: viewport.zoom, scale: scale, size: viewport.size, style: style, layerRevision: layer.drawRevision,
                      imageGeneration: AnnotationView.imageGeneration)
        let zoomSettled = lastZoom == viewport.zoom
        lastZoom = viewport.zoom
        // A pin's copy nearest the centre can jump by a world width within the image: no image then.
        let wraps = viewport.worldSize < viewport.size.width + 2 * AnnotationLayer.margin
        guard zoomSettled, !wraps else {
            self.key = nil
            surface = nil
            return paintMap(cr, viewport, false)
        }
        let dx = drawnAt.x - topLeft.x, dy = drawnAt.y - topLeft.y
        if key != self.key || abs(dx) > m || abs(dy) > m {
            let complete = redraw(viewport: viewport, scale: scale, paintMap: paintMap)
            self.key = complete ? key : nil
            drawnAt = topLeft
            paint(cr, offset: Point(x: -m, y: -m), scale: scale)
            return complete
        }
        let s = Double(scale)  // whole device pixels: a fractional offset would resample the map
        paint(cr, offset: Point(x: ((dx - m) * s).rounded() / s, y: ((dy - m) * s).rounded() / s), scale: scale)
        return true
    }

    private func paint(_ cr: OpaquePointer, offset: Point, scale: Int) {
        guard let surface else { return }
        cairo_set_source_surface(cr, surface.pointer, offset.x, offset.y)
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_NEAREST)
        cairo_paint(cr)
    }

    private func redraw(viewport: Viewport, scale: Int, paintMap: (OpaquePointer, Viewport, Bool) -> Bool) -> Bool {
        redraws += 1
        let m = Self.margin, s = Double(scale)
        var wide = viewport  // the same centre, the margin more on every side
        wide.size = Size(width: viewport.size.width + 2 * m, height: viewport.size.height + 2 * m)
        let w = Int32((wide.size.width * s).rounded(.up)), h = Int32((wide.size.height * s).rounded(.up))
        // Reuse the image unless the last frame's node still holds it (cairo would copy it on write).
        if surface == nil || cairo_surface_get_reference_count(surface!.pointer) > 1
            || cairo_image_surface_get_width(surface!.pointer) != w || cairo_image_surface_get_height(surface!.pointer) != h {
            surface = Surface(adopting: cairo_image_surface_create(CAIRO_FORMAT_RGB24, w, h)!)  // opaque: copied, not blended
        }
        let target = surface!.pointer
        cairo_surface_set_device_scale(target, s, s)
        let cr = cairo_create(target)!
        let complete = paintMap(cr, wide, true)  // paints every pixel (water first)
        cairo_destroy(cr)
        cairo_surface_flush(target)
        return complete
    }
}
