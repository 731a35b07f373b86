import CCalloutMapGtk
import CalloutMapCore
import Foundation

/// Plain-text drawing with Pango: text from data is never parsed as markup.
enum Text {
    /// Callout titles wrap to at most this many lines, then end with "…" — in every approach.
    static let titleLines = 4

    /// A layout of `text`; with a `width`, cut with "…" past it — after `lines` lines when more than one.
    static func layout(_ cr: OpaquePointer, _ text: String, font: String, width: Double? = nil, lines: Int = 1) -> OpaquePointer {
        let layout = pango_cairo_create_layout(cr)!
        Fonts.shared.withDescription(of: font) { pango_layout_set_font_description(layout, $0) }
        if let width {
            pango_layout_set_width(layout, Int32(width * Double(PANGO_SCALE)))
            pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
            if lines > 1 {
                pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
                pango_layout_set_height(layout, Int32(-lines))
            }
        }
        pango_layout_set_text(layout, text, -1)
        return layout
    }

    /// Sizes measured so far: labels repeat (prices, counts), and Pango is the costly part of making a view.
    /// Per font, per text: no key string to build for each look-up.
    @MainActor private static var sizes: [String: [String: Size]] = [:]

    /// The logical size of one line of text.
    @MainActor static func size(_ text: String, font: String) -> Size {
        if let known = sizes[font]?[text] { return known }
        let shaped = Shaped.layout(text, font: font)
        let measured = size(of: shaped)
        Shaped.keep(shaped, text: text, font: font)
        if sizes[font, default: [:]].count > 4096 { sizes[font] = [:] }
        sizes[font, default: [:]][text] = measured
        return measured
    }

    private static func size(of layout: OpaquePointer) -> Size {
        var ink = PangoRectangle(), logical = PangoRectangle()
        pango_layout_get_pixel_extents(layout, &ink, &logical)
        return Size(width: Double(logical.width), height: Double(logical.height))
    }

    /// Measured afresh (any thread); `size(_:font:)` remembers. With a `width`, wrapped to at most
    /// `lines` lines of it.
    static func measure(_ text: String, font: String, width: Double? = nil, lines: Int = 1) -> Size {
        let scratch = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1)
        let cr = cairo_create(scratch)!
        defer { cairo_destroy(cr); cairo_surface_destroy(scratch) }
        let l = layout(cr, text, font: font, width: width, lines: lines)
        defer { g_object_unref(UnsafeMutableRawPointer(l)) }
        return size(of: l)
    }

    /// Text measured on the main thread, kept shaped until it is drawn. A pin is measured when it
    /// is laid out and drawn when its image is made, in the same frame: shaping its label once, not
    /// twice. Layouts come from one context set up as for an image surface drawn untransformed
    /// (what `measure` made afresh for each text); drawn anywhere else, a text gets a fresh layout,
    /// so the picture is always what a fresh one draws. The context is never updated after it is
    /// made: Pango marks every layout of a context changed at each update, even to the same state.
    @MainActor enum Shaped {
        private static let context: OpaquePointer = {
            let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1)!
            let cr = cairo_create(surface)!
            defer { cairo_destroy(cr); cairo_surface_destroy(surface) }
            return pango_cairo_create_context(cr)!
        }()
        private static let defaultOptions = cairo_font_options_create()!
        private static let options = cairo_font_options_create()!
        /// Per font, per text; a layout leaves when drawn, or when the map's frame is over
        /// (`forget`): a pin whose look was drawn before is measured, not drawn. Past `limit`,
        /// all are let go at once.
        private static var held: [String: [String: OpaquePointer]] = [:]
        private(set) static var count = 0
        private static let limit = 4096

        static func layout(_ text: String, font: String) -> OpaquePointer {
            let layout = pango_layout_new(context)!
            Fonts.shared.withDescription(of: font) { pango_layout_set_font_description(layout, $0) }
            pango_layout_set_text(layout, text, -1)
            return layout
        }

        static func keep(_ layout: OpaquePointer, text: String, font: String) {
            if count >= limit { forget() }
            if let old = held[font, default: [:]].updateValue(layout, forKey: text) {
                g_object_unref(UnsafeMutableRawPointer(old))
            } else {
                count += 1
            }
        }

        static func forget() {
            guard count > 0 else { return }
            for texts in held.values { for l in texts.values { g_object_unref(UnsafeMutableRawPointer(l)) } }
            held = [:]
            count = 0
        }

        /// `take` where the caller may be on any thread: nil off the main one.
        nonisolated static func takeOnMainThread(_ text: String, font: String, for cr: OpaquePointer) -> OpaquePointer? {
            guard Thread.isMainThread else { return nil }
            let context = Pointer(cr)  // a cairo context is not Sendable; this one stays on this thread
            return MainActor.assumeIsolated { Pointer(take(text, font: font, for: context.pointer)) }.pointer
        }

        private struct Pointer: @unchecked Sendable {
            let pointer: OpaquePointer!
            init(_ pointer: OpaquePointer?) { self.pointer = pointer }
        }

        /// The held layout of `text` when `cr` draws as the context measures, now the caller's.
        static func take(_ text: String, font: String, for cr: OpaquePointer) -> OpaquePointer? {
            guard count > 0, drawsAsMeasured(cr), let layout = held[font]?.removeValue(forKey: text) else { return nil }
            count -= 1
            return layout
        }

        /// An image surface, no scaling, rotation or font options of its own: what `context` was made for.
        private static func drawsAsMeasured(_ cr: OpaquePointer) -> Bool {
            guard cairo_surface_get_type(cairo_get_target(cr)) == CAIRO_SURFACE_TYPE_IMAGE else { return false }
            var m = cairo_matrix_t()
            cairo_get_matrix(cr, &m)
            guard m.xx == 1, m.yy == 1, m.xy == 0, m.yx == 0 else { return false }
            cairo_get_font_options(cr, options)
            return cairo_font_options_equal(options, defaultOptions) != 0
        }
    }

    /// Lets go of the layouts kept from measuring that were not drawn (at the end of a frame).
    @MainActor static func forgetShaped() { Shaped.forget() }

    // MARK: Measured as GTK measures a label

    /// A context measuring as GTK 4 measures its labels: GTK's own font options (hinting, metrics
    /// not hinted, glyph positions rounded) where there is a display, else GTK's defaults with
    /// GNOME's slight hinting; so a size known here without a widget is the size the widget asks for.
    @MainActor private static let labelContext: OpaquePointer = {
        let context = pango_font_map_create_context(pango_cairo_font_map_get_default())!
        if gdk_display_get_default() != nil, let label = gtk_label_new(nil) {
            g_object_ref_sink(label.rawObject)
            defer { g_object_unref(label.rawObject) }
            let gtk = gtk_widget_get_pango_context(label)
            if let options = pango_cairo_context_get_font_options(gtk) { pango_cairo_context_set_font_options(context, options) }
            pango_cairo_context_set_resolution(context, pango_cairo_context_get_resolution(gtk))
            pango_context_set_round_glyph_positions(context, pango_context_get_round_glyph_positions(gtk))
            return context
        }
        let options = cairo_font_options_create()
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_SLIGHT)
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        pango_cairo_context_set_font_options(context, options)
        cairo_font_options_destroy(options)
        return context
    }()

    /// A label's text laid out as GTK lays it out: `width` nil for one unbroken line; else
    /// broken (`wraps`) or cut with "…" at that many points, on at most `lines` lines.
    /// Returns the logical size in points, unrounded.
    @MainActor static func labelExtents(_ text: String, font: String, width: Double?, wraps: Bool, lines: Int) -> Size {
        let layout = pango_layout_new(labelContext)!
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        Fonts.shared.withDescription(of: font) { pango_layout_set_font_description(layout, $0) }
        pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
        if wraps {
            pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
            if lines > 0 { pango_layout_set_height(layout, Int32(-lines)) }
        }
        pango_layout_set_width(layout, width.map { Int32(($0 * Double(PANGO_SCALE)).rounded()) } ?? -1)
        pango_layout_set_text(layout, text, -1)
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, nil, &logical)
        return Size(width: Double(logical.width) / Double(PANGO_SCALE), height: Double(logical.height) / Double(PANGO_SCALE))
    }

    /// GTK's width of one character of a font, by which a label's `max-width-chars` is counted:
    /// the wider of an average character and a digit.
    @MainActor static func labelCharWidth(font: String) -> Double {
        if let known = charWidths[font] { return known }
        var width = 0.0
        Fonts.shared.withDescription(of: font) { description in
            guard let metrics = pango_context_get_metrics(labelContext, description, nil) else { return }
            defer { pango_font_metrics_unref(metrics) }
            width = Double(max(pango_font_metrics_get_approximate_char_width(metrics),
                               pango_font_metrics_get_approximate_digit_width(metrics))) / Double(PANGO_SCALE)
        }
        charWidths[font] = width
        return width
    }
    /// A font's metrics are costly to get and a handful of fonts are asked for again and again.
    @MainActor private static var charWidths: [String: Double] = [:]

    /// Draws text with its top-left corner at `origin`, cut with an ellipsis past `width`.
    static func draw(_ cr: OpaquePointer, _ text: String, font: String, at origin: Point, width: Double? = nil, lines: Int = 1) {
        let l = layout(cr, text, font: font, width: width, lines: lines)
        cairo_move_to(cr, origin.x, origin.y)
        pango_cairo_show_layout(cr, l)
        cairo_new_path(cr)
        g_object_unref(UnsafeMutableRawPointer(l))
    }

    /// Draws one line of text centred on a point: measured and drawn with one layout — on the
    /// main thread the one `size(_:font:)` shaped, when it was measured for this drawing.
    static func drawCentered(_ cr: OpaquePointer, _ text: String, font: String, at center: Point) {
        let l = Shaped.takeOnMainThread(text, font: font, for: cr) ?? layout(cr, text, font: font)
        let size = size(of: l)
        cairo_move_to(cr, center.x - size.width / 2, center.y - size.height / 2)
        pango_cairo_show_layout(cr, l)
        cairo_new_path(cr)
        g_object_unref(UnsafeMutableRawPointer(l))
    }

    /// A name drawn once into an image and then copied where it goes: `size` and `halo` points
    /// all round, at `scale` device pixels a point; `draw` draws the text with its top left at
    /// (halo, halo).
    static func haloImage(size: Size, halo: Double, scale: Int, draw: (OpaquePointer) -> Void) -> Surface {
        let s = Double(scale)
        let surface = Surface(adopting: cairo_image_surface_create(
            CAIRO_FORMAT_ARGB32, Int32(((size.width + 2 * halo) * s).rounded(.up)), Int32(((size.height + 2 * halo) * s).rounded(.up)))!)
        cairo_surface_set_device_scale(surface.pointer, s, s)
        let cr = cairo_create(surface.pointer)!
        draw(cr)
        cairo_destroy(cr)
        cairo_surface_flush(surface.pointer)
        return surface
    }

    /// Draws `layout` at the current point as a name on a map: a halo `width` points wide round
    /// each letter, so it reads over any map, then the letters.
    static func fillWithHalo(_ cr: OpaquePointer, _ layout: OpaquePointer, fill: RGBA, halo: RGBA?, width: Double) {
        pango_cairo_layout_path(cr, layout)
        if let halo, halo.alpha > 0, width > 0 {
            setColor(cr, halo)
            cairo_set_line_width(cr, 2 * width)
            cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
            cairo_stroke_preserve(cr)
        }
        setColor(cr, fill)
        cairo_fill(cr)
    }

    /// Font descriptions parsed once per font: a thousand pin labels share a handful of fonts,
    /// and parsing was a quarter of drawing one. Any thread (labels are measured off the main
    /// one); an NSLock, which the thread sanitizer understands. Layouts copy a description,
    /// so one kept here is never changed or freed; past `limit` fonts, new ones are parsed per use.
    private final class Fonts: @unchecked Sendable {
        static let shared = Fonts()
        private let lock = NSLock()
        private var parsed: [String: OpaquePointer] = [:]
        private let limit = 256

        func withDescription(of font: String, _ body: (OpaquePointer?) -> Void) {
            lock.lock()
            if let known = parsed[font] {
                lock.unlock()
                return body(known)
            }
            let description = pango_font_description_from_string(font)
            let kept = description != nil && parsed.count < limit
            if kept { parsed[font] = description }
            lock.unlock()
            body(description)
            if !kept { pango_font_description_free(description) }
        }
    }
}
