import CCalloutMapGtk
import CalloutMapCore

/// Strokes and fills an overlay's screen paths with cairo in its style. An area's polygons
/// are filled one by one, each with the even–odd rule over its own rings, so its holes are
/// holes and overlapping polygons never cut each other. The selected overlay gets a halo
/// under a wider stroke and a denser fill, so it stands out on any background.
struct ShapePainter {
    var style: OverlayStyle
    var isArea: Bool
    var highlighted: Bool
    var isDark: Bool

    func paint(_ cr: OpaquePointer, _ paths: [[[Point]]]) {
        cairo_save(cr)
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD)
        if isArea {
            let opacity = highlighted ? min(1, style.fillOpacity + 0.2) : style.fillOpacity
            if opacity > 0 {
                for polygon in paths {
                    addRings(cr, polygon)
                    source(cr, style.fillColor, opacity: opacity)
                    cairo_fill(cr)
                }
            }
        }
        let width = highlighted ? style.lineWidth + 2 : style.lineWidth
        if highlighted {
            // A halo of the map's own paper under the stroke.
            addAll(cr, paths)
            source(cr, isDark ? RGBA(0x1E1E1E) : RGBA(0xFFFFFF), opacity: 0.85)
            cairo_set_line_width(cr, max(width, 2) + 6)
            cairo_stroke(cr)
        }
        if width > 0 && style.strokeOpacity > 0 {
            addAll(cr, paths)
            source(cr, style.strokeColor, opacity: style.strokeOpacity)
            cairo_set_line_width(cr, width)
            if let dash = style.strokedDash(width: width) {
                dash.withUnsafeBufferPointer { cairo_set_dash(cr, $0.baseAddress, Int32($0.count), 0) }
            }
            cairo_stroke(cr)
        }
        cairo_restore(cr)
    }

    private func addAll(_ cr: OpaquePointer, _ paths: [[[Point]]]) {
        for group in paths { addRings(cr, group) }
    }

    private func addRings(_ cr: OpaquePointer, _ rings: [[Point]]) {
        for ring in rings {
            guard let first = ring.first else { continue }
            cairo_move_to(cr, first.x, first.y)
            for p in ring.dropFirst() { cairo_line_to(cr, p.x, p.y) }
            if isArea { cairo_close_path(cr) }
        }
    }

    private func source(_ cr: OpaquePointer, _ c: RGBA, opacity: Double) {
        cairo_set_source_rgba(cr, c.red, c.green, c.blue, c.alpha * opacity)
    }
}
