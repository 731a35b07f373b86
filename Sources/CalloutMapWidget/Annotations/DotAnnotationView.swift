import CCalloutMapGtk
import CalloutMapCore

/// A small dot with a white ring, for context places that should not shout.
@MainActor
open class DotAnnotationView: AnnotationView {
    public var color = RGBA(0x613583) { didSet { setNeedsDisplay() } }

    public required init(annotation: (any Annotation)?, reuseIdentifier: String?) {
        super.init(annotation: annotation, reuseIdentifier: reuseIdentifier)
        zPriority = 250
        layOut()
    }

    open override func selectionChanged() { layOut() }

    private func layOut() {
        let d = isSelected ? 18.0 : 12.0
        size = Size(width: d, height: d)
        centerOffset = .zero
        calloutOffset = Point(x: 0, y: 1)
    }

    open override func draw(_ cr: OpaquePointer, size: Size) {
        let r = size.width / 2
        cairo_arc(cr, r, r, r - 0.5, 0, 2 * Double.pi)
        cairo_set_source_rgb(cr, 1, 1, 1)
        cairo_fill_preserve(cr)
        cairo_set_source_rgba(cr, 0, 0, 0, 0.3)
        cairo_set_line_width(cr, 1)
        cairo_stroke(cr)
        cairo_arc(cr, r, r, r - 3, 0, 2 * Double.pi)
        setColor(cr, color)
        cairo_fill(cr)
    }
}
