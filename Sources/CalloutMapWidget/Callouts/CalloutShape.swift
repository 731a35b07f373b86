import CCalloutMapGtk
import CalloutMapCore

/// A callout's outline: a rounded body and an arrow from one side to the tip.
/// One shape for the widget bubble (drawing and hit-testing) and the offscreen sketch.
struct CalloutShape: Equatable {
    static let arrowHalfWidth = 9.0

    var body: Rect
    var edge: CalloutEdge
    var tip: Point
    var radius: Double
    /// False for a callout apart from its pin (a leader line joins them): the body alone.
    var hasArrow = true

    /// The arrow's two base corners, in the order the clockwise outline meets them.
    private var arrowBase: (Point, Point) {
        let b = body, hw = Self.arrowHalfWidth
        switch edge {
        case .above: return (Point(x: tip.x - hw, y: b.maxY), Point(x: tip.x + hw, y: b.maxY))
        case .below: return (Point(x: tip.x + hw, y: b.minY), Point(x: tip.x - hw, y: b.minY))
        case .right: return (Point(x: b.minX, y: tip.y + hw), Point(x: b.minX, y: tip.y - hw))
        case .left: return (Point(x: b.maxX, y: tip.y - hw), Point(x: b.maxX, y: tip.y + hw))
        }
    }

    func contains(_ p: Point) -> Bool {
        let b = body
        if b.contains(p) {
            // Outside the rounded corners is not the callout.
            let cx = min(max(p.x, b.minX + radius), b.maxX - radius), cy = min(max(p.y, b.minY + radius), b.maxY - radius)
            return (p - Point(x: cx, y: cy)).length <= radius
        }
        guard hasArrow else { return false }
        let (a, c) = arrowBase
        func side(_ u: Point, _ v: Point) -> Double { (v.x - u.x) * (p.y - u.y) - (v.y - u.y) * (p.x - u.x) }
        let s1 = side(a, tip), s2 = side(tip, c), s3 = side(c, a)
        return (s1 >= 0 && s2 >= 0 && s3 >= 0) || (s1 <= 0 && s2 <= 0 && s3 <= 0)
    }

    /// Appends the outline (half-pixel inset for a crisp 1-px border) as a new path.
    func addPath(_ cr: OpaquePointer) {
        let b = body.insetBy(dx: 0.5, dy: 0.5), r = radius
        let (a, c) = arrowBase
        let edge: CalloutEdge? = hasArrow ? self.edge : nil
        func arrow() { cairo_line_to(cr, c.x, c.y); cairo_line_to(cr, tip.x, tip.y); cairo_line_to(cr, a.x, a.y) }
        cairo_new_path(cr)
        cairo_arc(cr, b.minX + r, b.minY + r, r, Double.pi, 1.5 * Double.pi)
        if edge == .below { arrow() }
        cairo_arc(cr, b.maxX - r, b.minY + r, r, 1.5 * Double.pi, 2 * Double.pi)
        if edge == .left { cairo_line_to(cr, a.x, a.y); cairo_line_to(cr, tip.x, tip.y); cairo_line_to(cr, c.x, c.y) }
        cairo_arc(cr, b.maxX - r, b.maxY - r, r, 0, 0.5 * Double.pi)
        if edge == .above { arrow() }
        cairo_arc(cr, b.minX + r, b.maxY - r, r, 0.5 * Double.pi, Double.pi)
        if edge == .right { cairo_line_to(cr, a.x, a.y); cairo_line_to(cr, tip.x, tip.y); cairo_line_to(cr, c.x, c.y) }
        cairo_close_path(cr)
    }

    /// Shadow, fill and border.
    func paint(_ cr: OpaquePointer, appearance: CalloutAppearance) {
        cairo_save(cr)
        cairo_translate(cr, 0, 2)
        addPath(cr)
        cairo_set_source_rgba(cr, 0, 0, 0, 0.12)
        cairo_set_line_width(cr, 4)
        cairo_stroke_preserve(cr)
        cairo_fill(cr)
        cairo_restore(cr)
        addPath(cr)
        setColor(cr, appearance.fill)
        cairo_fill_preserve(cr)
        setColor(cr, appearance.border)
        cairo_set_line_width(cr, 1)
        cairo_stroke(cr)
    }
}
