import CCalloutMapGtk
import CalloutMapCore
import Foundation

/// A balloon marker like `MKMarkerAnnotationView`: a tinted teardrop with a
/// glyph (a few letters or a symbol) whose tip rests on the coordinate, and
/// that grows when selected.
@MainActor
open class MarkerAnnotationView: AnnotationView {
    public var markerTintColor = RGBA(0xE01B24) { didSet { setNeedsDisplay() } }
    public var glyphTintColor = RGBA(0xFFFFFF) { didSet { setNeedsDisplay() } }
    /// Up to three characters drawn inside the balloon; nil draws a dot.
    public var glyphText: String? { didSet { setNeedsDisplay() } }

    static let normalSize = Size(width: 30, height: 40)
    static let selectedSize = Size(width: 40, height: 53)

    public required init(annotation: (any Annotation)?, reuseIdentifier: String?) {
        super.init(annotation: annotation, reuseIdentifier: reuseIdentifier)
        zPriority = 500
        layOut()
    }

    open override func selectionChanged() { layOut() }

    private func layOut() {
        size = isSelected ? Self.selectedSize : Self.normalSize
        centerOffset = Point(x: 0, y: -size.height / 2)  // tip on the coordinate
        calloutOffset = Point(x: 0, y: 2)
    }

    open override func draw(_ cr: OpaquePointer, size: Size) {
        let w = size.width, h = size.height
        let r = w / 2 - 2
        let cx = w / 2, cy = r + 2
        // Teardrop: a circle whose lower sides run down to the tip.
        cairo_new_path(cr)
        cairo_arc(cr, cx, cy, r, Double.pi * 0.75, Double.pi * 2.25)
        cairo_line_to(cr, cx, h - 1)
        cairo_close_path(cr)
        // Soft shadow, then the body and a darker rim.
        cairo_save(cr)
        cairo_translate(cr, 0, 1)
        cairo_set_source_rgba(cr, 0, 0, 0, 0.25)
        cairo_fill_preserve(cr)
        cairo_restore(cr)
        cairo_new_path(cr)
        cairo_arc(cr, cx, cy, r, Double.pi * 0.75, Double.pi * 2.25)
        cairo_line_to(cr, cx, h - 1)
        cairo_close_path(cr)
        setColor(cr, markerTintColor)
        cairo_fill_preserve(cr)
        cairo_set_source_rgba(cr, 0, 0, 0, 0.25)
        cairo_set_line_width(cr, 1)
        cairo_stroke(cr)

        setColor(cr, glyphTintColor)
        if let text = glyphText, !text.isEmpty {
            Text.drawCentered(cr, String(text.prefix(3)), font: "Cantarell Bold \(Int(r * (text.count > 1 ? 0.8 : 1.1)))px",
                              at: Point(x: cx, y: cy))
        } else {
            cairo_arc(cr, cx, cy, r * 0.36, 0, 2 * Double.pi)
            cairo_fill(cr)
        }
    }
}
