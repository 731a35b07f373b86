import CCalloutMapGtk
import CalloutMapCore

/// The line that joins a callout set apart from its pin (no side of the pin had room) to the
/// pin's callout anchor, ending in a dot there; drawn under the callouts.
enum LeaderLine {
    static func paint(_ cr: OpaquePointer, _ placements: [CalloutPlacement], isDark: Bool) {
        setColor(cr, isDark ? RGBA(0xDEDDDA, alpha: 0.9) : RGBA(0x3D3846, alpha: 0.8))
        cairo_set_line_width(cr, 1.5)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        for p in placements where p.isDetached {
            let (from, to) = p.leader
            cairo_move_to(cr, from.x, from.y)
            cairo_line_to(cr, to.x, to.y)
            cairo_stroke(cr)
            cairo_arc(cr, to.x, to.y, 2.5, 0, 2 * Double.pi)
            cairo_fill(cr)
        }
    }
}
