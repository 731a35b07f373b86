import CCalloutMapGtk
import CalloutMapCore
import Foundation

/// A rounded price tag whose text comes from the annotation (seed 002's price
/// pins), so each pin looks different. The tag's pointer rests on the coordinate.
@MainActor
open class PriceAnnotationView: AnnotationView {
    /// The label; by default the annotation's `price` property, as "$129".
    public var text: String = "" { didSet { if text != oldValue { layOut() } } }

    static let font = "Cantarell Bold 11px"
    static let pointer = 6.0

    open override func prepareForDisplay() {
        if let point = annotation as? PointAnnotation, let price = point.properties["price"] {
            text = price.hasPrefix("$") ? price : "$" + price
        }
        super.prepareForDisplay()
    }

    private func layOut() {
        let width = max(36, Text.size(text, font: Self.font).width + 16)
        size = Size(width: width, height: 22 + Self.pointer)
        centerOffset = Point(x: 0, y: -size.height / 2)
        setNeedsDisplay()
    }

    open override func draw(_ cr: OpaquePointer, size: Size) {
        let w = size.width, body = size.height - Self.pointer
        let fill = isSelected ? RGBA(0x1C71D8) : RGBA(0xFFFFFF)
        let ink = isSelected ? RGBA(0xFFFFFF) : RGBA(0x241F31)
        roundedRectangle(cr, 0.5, 0.5, w - 1, body - 1, radius: (body - 1) / 2)
        cairo_move_to(cr, w / 2 - Self.pointer, body - 1)
        cairo_line_to(cr, w / 2, size.height - 0.5)
        cairo_line_to(cr, w / 2 + Self.pointer, body - 1)
        setColor(cr, fill)
        cairo_fill_preserve(cr)
        cairo_set_source_rgba(cr, 0, 0, 0, 0.28)
        cairo_set_line_width(cr, 1)
        cairo_stroke(cr)
        setColor(cr, ink)
        Text.drawCentered(cr, text, font: Self.font, at: Point(x: w / 2, y: body / 2))
    }
}
