import CCalloutMapGtk
import CalloutMapCore

extension AnnotationView {
    /// The view's image at a device scale, drawn once and kept; views with the same
    /// `appearanceKey`, or that draw the same pixels, share one image (`SharedPinImages`).
    func surface(scale: Int) -> OpaquePointer {
        if let rendered, rendered.scale == scale { return rendered.surface.pointer }
        let s = Double(scale)
        let w = Int32((size.width * s).rounded(.up)), h = Int32((size.height * s).rounded(.up))
        let look = appearanceKey.map { SharedPinImages.Look(kind: ObjectIdentifier(type(of: self)), key: $0, width: w, height: h) }
        if let look, let held = SharedPinImages.image(for: look, scale: scale) {
            rendered = (held, scale)
            return held.pointer
        }
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, max(w, 1), max(h, 1))!
        cairo_surface_set_device_scale(surface, s, s)
        let cr = cairo_create(surface)!
        draw(in: DrawingContext(cairoContext: cr))
        cairo_destroy(cr)
        cairo_surface_flush(surface)
        let shared = SharedPinImages.share(Surface(adopting: surface), scale: scale, look: look)
        rendered = (shared, scale)
        return shared.pointer
    }

    /// Opacity of the drawing at a point in view coordinates (0 outside).
    func alpha(at p: Point) -> Double {
        let scale = rendered?.scale ?? 1
        let surface = self.surface(scale: scale)
        let x = Int(p.x * Double(scale)), y = Int(p.y * Double(scale))
        guard x >= 0, y >= 0, x < Int(cairo_image_surface_get_width(surface)),
              y < Int(cairo_image_surface_get_height(surface)),
              let data = cairo_image_surface_get_data(surface) else { return 0 }
        let stride = Int(cairo_image_surface_get_stride(surface))
        return Double(data[y * stride + x * 4 + 3]) / 255  // ARGB32 little-endian: alpha is the 4th byte
    }
}
