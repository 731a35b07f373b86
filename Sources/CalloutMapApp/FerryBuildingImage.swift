import CCalloutMapGtk
import CalloutMapCore
import CalloutMapWidget

extension PinImage {
    /// Our own drawing of the Ferry Building (long hall, clock tower) for its
    /// callout's detail view, as the sample's photo.
    static let ferryBuilding = PinImage(size: Size(width: 150, height: 64), hotspot: .zero) { cr in
        // Sky and bay
        cairo_rectangle(cr, 0, 0, 150, 64)
        cairo_set_source_rgb(cr, 0.85, 0.91, 0.97)
        cairo_fill(cr)
        cairo_rectangle(cr, 0, 52, 150, 12)
        cairo_set_source_rgb(cr, 0.45, 0.62, 0.82)
        cairo_fill(cr)
        // The hall with its arches
        cairo_rectangle(cr, 8, 36, 134, 17)
        cairo_set_source_rgb(cr, 0.93, 0.88, 0.78)
        cairo_fill(cr)
        cairo_set_source_rgb(cr, 0.55, 0.45, 0.35)
        for i in 0..<11 where i != 5 {
            let x = 13.0 + Double(i) * 12
            cairo_arc(cr, x + 3, 44, 3, Double.pi, 0)
            cairo_line_to(cr, x + 6, 50)
            cairo_line_to(cr, x, 50)
            cairo_close_path(cr)
            cairo_fill(cr)
        }
        // The clock tower
        cairo_set_source_rgb(cr, 0.93, 0.88, 0.78)
        cairo_rectangle(cr, 68, 8, 14, 30)
        cairo_fill(cr)
        cairo_move_to(cr, 66, 9)
        cairo_line_to(cr, 75, 1)
        cairo_line_to(cr, 84, 9)
        cairo_close_path(cr)
        cairo_set_source_rgb(cr, 0.55, 0.45, 0.35)
        cairo_fill(cr)
        cairo_arc(cr, 75, 16, 4, 0, 2 * Double.pi)
        cairo_set_source_rgb(cr, 1, 1, 1)
        cairo_fill_preserve(cr)
        cairo_set_source_rgb(cr, 0.3, 0.25, 0.2)
        cairo_set_line_width(cr, 0.8)
        cairo_stroke(cr)
        cairo_move_to(cr, 75, 16)
        cairo_line_to(cr, 75, 13.5)
        cairo_move_to(cr, 75, 16)
        cairo_line_to(cr, 77, 16)
        cairo_stroke(cr)
    }
}
