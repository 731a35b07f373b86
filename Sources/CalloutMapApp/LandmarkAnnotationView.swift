import CCalloutMapGtk
import Foundation
import CalloutMapCore
import CalloutMapWidget

/// The demo's fully custom annotation view: a diamond badge the app draws
/// itself, hit by its diamond shape (not its square frame), and draggable.
@MainActor
final class LandmarkAnnotationView: AnnotationView {
    required init(annotation: (any Annotation)?, reuseIdentifier: String?) {
        super.init(annotation: annotation, reuseIdentifier: reuseIdentifier)
        size = Size(width: 34, height: 34)
        isDraggable = true
        calloutOffset = Point(x: 0, y: 2)
    }

    override func draw(_ cr: OpaquePointer, size: Size) {
        let c = size.width / 2, r = c - 1.5
        cairo_move_to(cr, c, c - r)
        cairo_line_to(cr, c + r, c)
        cairo_line_to(cr, c, c + r)
        cairo_line_to(cr, c - r, c)
        cairo_close_path(cr)
        if isSelected { cairo_set_source_rgb(cr, 0.11, 0.44, 0.85) } else { cairo_set_source_rgb(cr, 0.57, 0.25, 0.67) }
        cairo_fill_preserve(cr)
        cairo_set_source_rgb(cr, 1, 1, 1)
        cairo_set_line_width(cr, 2)
        cairo_stroke(cr)
        // A five-pointed star in the middle.
        for i in 0..<10 {
            let angle = -Double.pi / 2 + Double(i) * Double.pi / 5
            let radius = i % 2 == 0 ? r * 0.45 : r * 0.2
            let x = c + radius * cos(angle), y = c + radius * sin(angle)
            if i == 0 { cairo_move_to(cr, x, y) } else { cairo_line_to(cr, x, y) }
        }
        cairo_close_path(cr)
        cairo_fill(cr)
    }

    /// Only the diamond takes clicks: |dx| + |dy| ≤ r.
    override func contains(_ point: Point) -> Bool {
        let c = size.width / 2
        return abs(point.x - c) + abs(point.y - c) <= c
    }
}

