import CGtk
import CalloutMapCore

/// The pins drawn once into an image `margin` bigger than the view on every side, then
/// moved, not redrawn, while the map only pans (as Leaflet moves its marker pane): a pan
/// frame costs one blit however many pins are in view. Drawing many small images into
/// GTK's cairo node is dear (each is recorded, snapshotted and replayed), so even a
/// redraw goes to this image first and reaches the node as one paint.
@MainActor
final class PinRaster {
    /// How far (logical px) the map may pan before the image is drawn again.
    static let margin = 128.0

    private struct Key: Equatable {
        var zoom: Double
        var scale: Int
        var size: Size
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

    /// Paints the pins for `viewport`: the image moved when it still covers the view and
    /// nothing in it changed, else `paintViews` draws them (into the image, or straight
    /// into `cr` while the zoom changes every frame or the world wraps within the image).
    func paint(_ cr: OpaquePointer, viewport: Viewport, scale: Int, layer: AnnotationLayer,
               paintViews: (_ cr: OpaquePointer, _ bounds: Rect, _ marking: Bool) -> Void) {
        let m = Self.margin
        let topLeft = Point(x: viewport.center.x * viewport.worldSize - viewport.size.width / 2,
                            y: viewport.center.y * viewport.worldSize - viewport.size.height / 2)
        let key = Key(zoom: viewport.zoom, scale: scale, size: viewport.size, layerRevision: layer.drawRevision,
                      imageGeneration: AnnotationView.imageGeneration)
        let zoomSettled = lastZoom == viewport.zoom
        lastZoom = viewport.zoom
        // A pin's copy nearest the centre can jump by a world width within the image: no image then.
        let wraps = viewport.worldSize < viewport.size.width + 2 * AnnotationLayer.margin
        guard zoomSettled, !wraps else {
            self.key = nil
            surface = nil
            paintViews(cr, Rect(x: 0, y: 0, width: viewport.size.width, height: viewport.size.height), false)
            return
        }
        let dx = drawnAt.x - topLeft.x, dy = drawnAt.y - topLeft.y
        if key != self.key || abs(dx) > m || abs(dy) > m {
            redraw(viewport: viewport, scale: scale, paintViews: paintViews)
            self.key = key
            drawnAt = topLeft
            return paint(cr, offset: Point(x: -m, y: -m), scale: scale)
        }
        let s = Double(scale)  // whole device pixels: a fractional offset would resample every pin
        paint(cr, offset: Point(x: ((dx - m) * s).rounded() / s, y: ((dy - m) * s).rounded() / s), scale: scale)
    }

    private func paint(_ cr: OpaquePointer, offset: Point, scale: Int) {
        guard let surface else { return }
        cairo_set_source_surface(cr, surface.pointer, offset.x, offset.y)
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_NEAREST)
        cairo_paint(cr)
    }

    private func redraw(viewport: Viewport, scale: Int, paintViews: (OpaquePointer, Rect, Bool) -> Void) {
        redraws += 1
        let m = Self.margin, s = Double(scale)
        let w = Int32(((viewport.size.width + 2 * m) * s).rounded(.up))
        let h = Int32(((viewport.size.height + 2 * m) * s).rounded(.up))
        // Reuse the image unless the last frame's node still holds it (cairo would copy it on write).
        if let old = surface, cairo_surface_get_reference_count(old.pointer) == 1,
           cairo_image_surface_get_width(old.pointer) == w, cairo_image_surface_get_height(old.pointer) == h {
            let cr = cairo_create(old.pointer)!
            cairo_set_operator(cr, CAIRO_OPERATOR_CLEAR)
            cairo_paint(cr)
            cairo_destroy(cr)
        } else {
            surface = Surface(adopting: cairo_image_surface_create(CAIRO_FORMAT_ARGB32, w, h)!)
        }
        let target = surface!.pointer
        cairo_surface_set_device_scale(target, s, s)
        let cr = cairo_create(target)!
        cairo_translate(cr, m, m)
        paintViews(cr, Rect(x: -m, y: -m, width: viewport.size.width + 2 * m, height: viewport.size.height + 2 * m), true)
        cairo_destroy(cr)
        cairo_surface_flush(target)
    }
}
