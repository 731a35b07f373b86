import CCalloutMapGtk
import CalloutMapCore
import Dispatch

/// The map (basemap tiles, then pins) drawn once into an opaque image `margin` bigger than
/// the view on every side, then moved, not redrawn, while the map only pans (as Leaflet
/// moves its panes): a pan frame is one plain copy however many pins are in view. Drawing
/// many small images into GTK's cairo node is dear (each is recorded, snapshotted and
/// replayed), and pins blended over tiles every frame cost a second pass over every pixel.
///
/// While the zoom animates or is pinched, a map that took longer than a frame (`zoomFrameBudget`)
/// to draw is not drawn for each step: the last image drawn shows scaled about the same place
/// on Earth, with the tiles under it where it no longer reaches, until the zoom settles and
/// the map is drawn again, pins at their size. Maps quick to draw are drawn every frame.
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
        var tilesRevision: Int
        var overlayRevision: Int
        var labelsRevision: Int
    }

    private var surface: Surface?
    /// The view-sized image of frames drawn afresh (while the zoom changes).
    private var scratch: Surface?
    private var key: Key?
    /// The view's top-left in world pixels when the image was drawn.
    private var drawnAt = Point.zero
    private var lastZoom: Double?
    /// Times the image was drawn again (for tests and the benchmark).
    private(set) var redraws = 0

    /// The last image drawn in full (kept or scratch), shown scaled while the zoom moves.
    private struct Drawn {
        var surface: Surface
        var zoom: Double
        var scale: Int
        var style: BasemapStyle
        /// The image's centre (world units) and size (logical px).
        var center: WorldPoint
        var size: Size
    }
    private var drawn: Drawn?
    /// How long the last frame drawn in full took, layout included (ms).
    private(set) var lastDrawMilliseconds = 0.0
    /// A moving zoom's frames are scaled copies of the last image when drawing the map took
    /// longer than this (ms): one frame at 144 Hz.
    package var zoomFrameBudget = 1000.0 / 144
    /// Frames shown as the last image scaled (for tests and the benchmark).
    private(set) var scaledFrames = 0
    /// Whether the last frame was the last image scaled (its views were not laid out for it).
    private(set) var lastFrameWasScaled = false

    /// Paints the map for `viewport`: the image moved when it still covers the view and nothing
    /// in it changed, else `paintMap` draws it for a viewport — the view plus the margin, into
    /// the image kept across frames (`kept`: its views are noted as drawn there); or, while the
    /// zoom changes every frame or the world wraps within the image, the view alone into a
    /// scratch image. `paintMap` returns whether every tile was its own; an image with
    /// stand-ins is drawn again next frame. Returns the same for this frame.
    ///
    /// `layout` brings the views up to date for `viewport` first; it is left out, with the
    /// drawing, when a moving zoom (`zoomIsMoving`) shows the last image scaled, and `paintTiles`
    /// then fills what that image no longer covers.
    func paint(_ cr: OpaquePointer, viewport: Viewport, scale: Int, style: BasemapStyle, layer: AnnotationLayer, tilesRevision: Int = 0, overlayRevision: Int = 0, labelsRevision: Int = 0,
               zoomIsMoving: Bool = false, layout: () -> Void = {}, paintTiles: (_ cr: OpaquePointer) -> Void = { _ in },
               paintMap: (_ cr: OpaquePointer, _ viewport: Viewport, _ kept: Bool) -> Bool) -> Bool {
        lastFrameWasScaled = zoomIsMoving && lastDrawMilliseconds > zoomFrameBudget
            && paintScaled(cr, viewport: viewport, scale: scale, style: style, paintTiles: paintTiles)
        if lastFrameWasScaled {
            scaledFrames += 1
            lastZoom = viewport.zoom
            return true  // the settled zoom is drawn in full anyway
        }
        let start = DispatchTime.now().uptimeNanoseconds
        func drew(_ image: Surface, _ area: Viewport) {
            lastDrawMilliseconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
            drawn = Drawn(surface: image, zoom: area.zoom, scale: scale, style: style, center: area.center, size: area.size)
        }
        layout()
        let m = Self.margin
        let topLeft = Point(x: viewport.center.x * viewport.worldSize - viewport.size.width / 2,
                            y: viewport.center.y * viewport.worldSize - viewport.size.height / 2)
        let key = Key(zoom: viewport.zoom, scale: scale, size: viewport.size, style: style, layerRevision: layer.drawRevision,
                      imageGeneration: AnnotationView.imageGeneration, tilesRevision: tilesRevision,
                      overlayRevision: overlayRevision, labelsRevision: labelsRevision)
        let kept = keepsImage(viewport)
        lastZoom = viewport.zoom
        guard kept else {
            // Drawn afresh each frame, still into an image first: one paint reaches GTK's node.
            self.key = nil
            surface = nil
            drawn = nil  // not held while another is made: one image at a time
            let image = Self.reusable(scratch, width: Int32((viewport.size.width * Double(scale)).rounded(.up)),
                                      height: Int32((viewport.size.height * Double(scale)).rounded(.up)))
            scratch = image
            let complete = draw(into: image, scale: scale) { paintMap($0, viewport, false) }
            if Self.wraps(viewport) { drawn = nil } else { drew(image, viewport) }
            cairo_set_source_surface(cr, image.pointer, 0, 0)
            cairo_paint(cr)
            return complete
        }
        scratch = nil
        let dx = drawnAt.x - topLeft.x, dy = drawnAt.y - topLeft.y
        if key != self.key || abs(dx) > m || abs(dy) > m {
            let complete = redraw(viewport: viewport, scale: scale, paintMap: paintMap)
            if let surface { drew(surface, viewport.growing(by: m)) }
            self.key = complete ? key : nil
            drawnAt = topLeft
            paint(cr, offset: Point(x: -m, y: -m))
            return complete
        }
        let s = Double(scale)  // whole device pixels: a fractional offset would resample the map
        paint(cr, offset: Point(x: ((dx - m) * s).rounded() / s, y: ((dy - m) * s).rounded() / s))
        return true
    }

    /// The area the next full drawing for `viewport` covers: the view and a margin round it when
    /// the image is kept for the frames after, else the view alone.
    func area(toDraw viewport: Viewport) -> Viewport {
        keepsImage(viewport) ? viewport.growing(by: Self.margin) : viewport
    }

    /// An image is kept (and panned over) once the zoom has settled, where the world does not repeat.
    private func keepsImage(_ viewport: Viewport) -> Bool { lastZoom == viewport.zoom && !Self.wraps(viewport) }

    /// A pin's copy nearest the centre can jump by a world width within the image: no image then.
    private static func wraps(_ viewport: Viewport) -> Bool {
        viewport.worldSize < viewport.size.width + 2 * AnnotationLayer.margin
    }

    private func paint(_ cr: OpaquePointer, offset: Point) {
        guard let surface else { return }
        cairo_set_source_surface(cr, surface.pointer, offset.x, offset.y)
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_NEAREST)
        cairo_paint(cr)
    }

    private func redraw(viewport: Viewport, scale: Int, paintMap: (OpaquePointer, Viewport, Bool) -> Bool) -> Bool {
        redraws += 1
        drawn = nil  // not held while another is made: one image at a time
        let m = Self.margin, s = Double(scale)
        let wide = viewport.growing(by: m)
        let image = Self.reusable(surface, width: Int32((wide.size.width * s).rounded(.up)), height: Int32((wide.size.height * s).rounded(.up)))
        surface = image
        return draw(into: image, scale: scale) { paintMap($0, wide, true) }  // paints every pixel (water first)
    }

    /// The last image drawn, scaled and placed for `viewport`, over the tiles where it does not
    /// reach; false (nothing painted) when there is no such image or it cannot stand in: drawn at
    /// another scale or style, more than three zoom levels away, or where the world repeats.
    private func paintScaled(_ cr: OpaquePointer, viewport: Viewport, scale: Int, style: BasemapStyle,
                             paintTiles: (OpaquePointer) -> Void) -> Bool {
        guard let d = drawn, d.scale == scale, d.style == style, abs(viewport.zoom - d.zoom) <= 3,
              viewport.worldSize >= viewport.size.width + 2 * AnnotationLayer.margin else { return false }
        let f = pow(2, viewport.zoom - d.zoom)
        let width = d.size.width * f, height = d.size.height * f
        let middle = viewport.screenPoint(for: d.center)  // the nearer way round the world
        let x = middle.x - width / 2, y = middle.y - height / 2
        if x > 0 || y > 0 || x + width < viewport.size.width || y + height < viewport.size.height { paintTiles(cr) }
        cairo_save(cr)
        cairo_translate(cr, x, y)
        cairo_scale(cr, f, f)
        cairo_set_source_surface(cr, d.surface.pointer, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_BILINEAR)
        cairo_rectangle(cr, 0, 0, d.size.width, d.size.height)
        cairo_fill(cr)
        cairo_restore(cr)
        return true
    }

    /// `old` when it has that size and nothing else holds it (the last frame's node would make
    /// cairo copy it on write), else a new opaque image: copied onto the frame, never blended.
    private static func reusable(_ old: Surface?, width: Int32, height: Int32) -> Surface {
        if let old, cairo_surface_get_reference_count(old.pointer) == 1,
           cairo_image_surface_get_width(old.pointer) == width, cairo_image_surface_get_height(old.pointer) == height {
            return old
        }
        return Surface(adopting: cairo_image_surface_create(CAIRO_FORMAT_RGB24, width, height)!)
    }

    private func draw(into image: Surface, scale: Int, _ paint: (OpaquePointer) -> Bool) -> Bool {
        cairo_surface_set_device_scale(image.pointer, Double(scale), Double(scale))
        let cr = cairo_create(image.pointer)!
        let complete = paint(cr)
        cairo_destroy(cr)
        cairo_surface_flush(image.pointer)
        return complete
    }
}
