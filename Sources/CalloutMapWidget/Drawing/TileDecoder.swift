import CCalloutMapGtk

/// Turns a tile's encoded bytes (PNG or JPEG, whatever GdkPixbuf reads) into a cairo image
/// surface, off the main thread. Bytes that are not an image give nil, never a crash.
enum TileDecoder {
    /// Larger images are refused: a tile is at most 1024 px a side in any source seen.
    static let maxSide: Int32 = 4096

    static func surface(from bytes: [UInt8], tileSize: Int) -> Surface? {
        guard !bytes.isEmpty, let loader = gdk_pixbuf_loader_new() else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(loader)) }
        var error: UnsafeMutablePointer<GError>?
        let wrote = bytes.withUnsafeBufferPointer { gdk_pixbuf_loader_write(loader, $0.baseAddress, gsize($0.count), &error) }
        if let e = error { g_error_free(e); error = nil }
        let closed = gdk_pixbuf_loader_close(loader, &error)
        if let e = error { g_error_free(e) }
        guard wrote != 0, closed != 0, let pixbuf = gdk_pixbuf_loader_get_pixbuf(loader) else { return nil }
        let w = gdk_pixbuf_get_width(pixbuf), h = gdk_pixbuf_get_height(pixbuf)
        guard w > 0, h > 0, w <= maxSide, h <= maxSide else { return nil }
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, w, h)!
        let cr = cairo_create(surface)!
        gdk_cairo_set_source_pixbuf(cr, pixbuf, 0, 0)
        cairo_paint(cr)
        cairo_destroy(cr)
        cairo_surface_flush(surface)
        // Device scale: the image covers one tile of 256 logical pixels whatever its own size.
        cairo_surface_set_device_scale(surface, Double(w) / 256, Double(h) / 256)
        return Surface(adopting: surface)
    }
}
