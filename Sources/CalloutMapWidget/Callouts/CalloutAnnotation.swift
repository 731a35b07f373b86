import CGtk
import CalloutMapCore
import Foundation

/// The callout-as-annotation approach (seed 001): on select, an annotation at
/// the pin's own coordinate whose view draws the callout; on deselect it goes.
/// It moves with the map like any pin — and, unlike the original, it does not
/// drift while zooming: its view's offset is the pin view's callout anchor in
/// screen pixels, re-read at every layout, never a latitude/longitude offset.
public final class CalloutAnnotation: Annotation {
    public let pin: any Annotation
    public var coordinate: Coordinate { pin.coordinate }
    public var title: String? { pin.title }
    public var subtitle: String? { pin.subtitle }

    init(pin: any Annotation) { self.pin = pin }
}

/// Draws a callout annotation: title, subtitle and an "ⓘ" button, with an arrow down to the pin.
@MainActor
final class CalloutAnnotationView: AnnotationView {
    weak var pinView: AnnotationView?
    static let padding = 10.0, buttonSize = 22.0, arrow = CalloutBubble.arrowLength

    required init(annotation: (any Annotation)?, reuseIdentifier: String?) {
        super.init(annotation: annotation, reuseIdentifier: reuseIdentifier)
        zPriority = ZPriority.max + 1  // above every pin, the selected one included
        canShowCallout = false
    }

    override func prepareForDisplay() {
        let titleWidth = measure(annotation?.title ?? "", font: Self.titleFont)
        let subtitleWidth = measure(annotation?.subtitle ?? "", font: Self.subtitleFont)
        let text = min(260, max(titleWidth, subtitleWidth))
        size = Size(width: text + Self.buttonSize + 3 * Self.padding,
                    height: (annotation?.subtitle?.isEmpty == false ? 44 : 28) + 2 * Self.padding - 8 + Self.arrow)
        super.prepareForDisplay()
        layoutAttached()
    }

    /// Sits on the pin's callout anchor: an offset in screen pixels, so it is right at every zoom.
    override func layoutAttached() {
        guard let pin = pinView else { return }
        let anchorOffset = pin.calloutAnchor - pin.anchor
        centerOffset = Point(x: anchorOffset.x, y: anchorOffset.y - size.height / 2)
    }

    /// The "ⓘ" button's area, in view coordinates.
    var buttonFrame: Rect {
        Rect(x: size.width - Self.padding - Self.buttonSize, y: (size.height - Self.arrow - Self.buttonSize) / 2,
             width: Self.buttonSize, height: Self.buttonSize)
    }

    override func contains(_ p: Point) -> Bool {
        p.x >= 0 && p.y >= 0 && p.x < size.width && p.y < size.height - Self.arrow + 2
    }

    static let titleFont = "Cantarell Bold 10.5", subtitleFont = "Cantarell 9.5"

    override func draw(_ cr: OpaquePointer, size: Size) {
        let body = Rect(x: 0.5, y: 0.5, width: size.width - 1, height: size.height - Self.arrow - 1)
        roundedRectangle(cr, body.minX, body.minY, body.width, body.height, radius: 10)
        cairo_move_to(cr, size.width / 2 + 9, body.maxY)
        cairo_line_to(cr, size.width / 2, size.height - 0.5)
        cairo_line_to(cr, size.width / 2 - 9, body.maxY)
        cairo_set_source_rgb(cr, 0.99, 0.98, 0.94)  // a warm note colour: visibly a different approach
        cairo_fill_preserve(cr)
        cairo_set_source_rgba(cr, 0, 0, 0, 0.25)
        cairo_set_line_width(cr, 1)
        cairo_stroke(cr)
        cairo_set_source_rgb(cr, 0.14, 0.12, 0.19)
        let hasSubtitle = annotation?.subtitle?.isEmpty == false
        drawText(cr, annotation?.title ?? "", font: Self.titleFont, at: Point(x: Self.padding, y: Self.padding - 2))
        if hasSubtitle {
            cairo_set_source_rgb(cr, 0.37, 0.36, 0.39)
            drawText(cr, annotation?.subtitle ?? "", font: Self.subtitleFont, at: Point(x: Self.padding, y: Self.padding + 17))
        }
        let b = buttonFrame
        cairo_arc(cr, b.center.x, b.center.y, b.width / 2, 0, 2 * Double.pi)
        cairo_set_source_rgb(cr, 0.11, 0.44, 0.85)
        cairo_fill(cr)
        cairo_set_source_rgb(cr, 1, 1, 1)
        drawCenteredText(cr, "i", center: b.center, font: "Cantarell Bold 12px")
    }

    private func drawText(_ cr: OpaquePointer, _ text: String, font: String, at p: Point) {
        let layout = pango_cairo_create_layout(cr)!
        let d = pango_font_description_from_string(font)
        pango_layout_set_font_description(layout, d)
        pango_font_description_free(d)
        pango_layout_set_width(layout, Int32((size.width - Self.buttonSize - 3 * Self.padding) * Double(PANGO_SCALE)))
        pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
        pango_layout_set_text(layout, text, -1)
        cairo_move_to(cr, p.x, p.y)
        pango_cairo_show_layout(cr, layout)
        cairo_new_path(cr)
        g_object_unref(UnsafeMutableRawPointer(layout))
    }

    private func measure(_ text: String, font: String) -> Double {
        guard !text.isEmpty else { return 0 }
        let scratch = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1)
        let cr = cairo_create(scratch)!
        defer { cairo_destroy(cr); cairo_surface_destroy(scratch) }
        let layout = pango_cairo_create_layout(cr)!
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        let d = pango_font_description_from_string(font)
        pango_layout_set_font_description(layout, d)
        pango_font_description_free(d)
        pango_layout_set_text(layout, text, -1)
        var ink = PangoRectangle(), logical = PangoRectangle()
        pango_layout_get_pixel_extents(layout, &ink, &logical)
        return Double(logical.width)
    }
}
