import CCalloutMapGtk
import CalloutMapCore

/// A picture for a pin or a callout: a size in logical pixels, the point that
/// rests on the coordinate, and how to draw it — vector code (sharp at every
/// scale) or a bitmap (PNG, JPEG or any format GTK reads, or a `GdkTexture`).
public struct PinImage: Sendable {
    /// The picture's size in logical pixels.
    public var size: Size
    /// Where the picture touches the ground, in its own coordinates (e.g. the foot of a flag pole).
    public var hotspot: Point
    /// Draws the picture at (0, 0) in its own size.
    public var draw: @Sendable (DrawingContext) -> Void

    /// A picture drawn by code, in logical pixels.
    public init(size: Size, hotspot: Point, draw: @escaping @Sendable (DrawingContext) -> Void) {
        self.size = size
        self.hotspot = hotspot
        self.draw = draw
    }

    /// A picture from an image file. `scale` is how many of its pixels make one logical pixel
    /// (2 for an `@2x` file); the hotspot defaults to the bottom centre.
    /// Throws `PinImageError`, naming the file, when it cannot be read.
    public init(contentsOfFile path: String, hotspot: Point? = nil, scale: Double = 1) throws(PinImageError) {
        var error: UnsafeMutablePointer<GError>?
        guard let texture = gdk_texture_new_from_filename(path, &error) else {
            let reason = error.map { String(cString: $0.pointee.message) } ?? "unreadable"
            g_clear_error(&error)
            throw PinImageError(source: path, reason: reason)
        }
        defer { g_object_unref(UnsafeMutableRawPointer(texture)) }
        self.init(gdkTexture: texture, hotspot: hotspot, scale: scale)
    }

    /// A picture from an encoded image in memory (PNG, JPEG, TIFF). Throws `PinImageError` when
    /// the bytes are not an image GTK can read.
    public init(encodedImage bytes: [UInt8], hotspot: Point? = nil, scale: Double = 1) throws(PinImageError) {
        let gbytes = bytes.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
        defer { g_bytes_unref(gbytes) }
        var error: UnsafeMutablePointer<GError>?
        guard let texture = gdk_texture_new_from_bytes(gbytes, &error) else {
            let reason = error.map { String(cString: $0.pointee.message) } ?? "unreadable"
            g_clear_error(&error)
            throw PinImageError(source: "image data (\(bytes.count) bytes)", reason: reason)
        }
        defer { g_object_unref(UnsafeMutableRawPointer(texture)) }
        self.init(gdkTexture: texture, hotspot: hotspot, scale: scale)
    }

    /// A picture from a `GdkTexture *` (an escape hatch for textures made with GTK). Its pixels
    /// are copied; the texture is not kept.
    public init(gdkTexture texture: OpaquePointer, hotspot: Point? = nil, scale: Double = 1) {
        let width = gdk_texture_get_width(texture), height = gdk_texture_get_height(texture)
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, max(width, 1), max(height, 1))!
        cairo_surface_flush(surface)
        // GdkTexture downloads in cairo's ARGB32 (premultiplied, native-endian) layout.
        gdk_texture_download(texture, cairo_image_surface_get_data(surface), gsize(cairo_image_surface_get_stride(surface)))
        cairo_surface_mark_dirty(surface)
        let pixels = Surface(adopting: surface)
        let s = scale > 0 ? scale : 1
        let size = Size(width: Double(width) / s, height: Double(height) / s)
        self.init(size: size, hotspot: hotspot ?? Point(x: size.width / 2, y: size.height)) { context in
            context.withSavedState {
                context.scale(x: 1 / s, y: 1 / s)
                cairo_set_source_surface(context.cairoContext, pixels.pointer, 0, 0)
                // Smooth when scaled down or up (a callout's small copy of a pin's picture).
                cairo_pattern_set_filter(cairo_get_source(context.cairoContext), CAIRO_FILTER_GOOD)
                cairo_paint(context.cairoContext)
            }
        }
    }
}

/// A picture that could not be read: which file (or data) and why.
public struct PinImageError: Error, CustomStringConvertible, Sendable {
    /// The file's path, or a description of the data.
    public var source: String
    /// GTK's reason, such as "Unrecognized image file format".
    public var reason: String

    public var description: String { "\(source): \(reason)" }
}
