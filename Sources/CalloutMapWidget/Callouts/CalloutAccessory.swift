import CCalloutMapGtk
import CalloutMapCore
import CalloutMapGtk

/// Ready-made callout accessory views (MapKit's `leftCalloutAccessoryView` /
/// `rightCalloutAccessoryView` contents). Any GTK widget will do; buttons
/// report taps through `calloutAccessoryControlTapped`.
@MainActor
public enum CalloutAccessory {
    /// An "ⓘ" button, MapKit's detail disclosure.
    public static func detailDisclosureButton(label: String = "Details") -> UnsafeMutablePointer<GtkWidget> {
        button(icon: "help-about-symbolic", label: label)
    }

    /// A flat, round icon button with an accessible name and tooltip.
    public static func button(icon: String, label: String) -> UnsafeMutablePointer<GtkWidget> {
        let b = gtk_button_new_from_icon_name(icon)!
        gtk_widget_add_css_class(b, "flat")
        gtk_widget_add_css_class(b, "circular")
        gtk_widget_set_valign(b, GTK_ALIGN_CENTER)
        gtk_widget_set_tooltip_text(b, label)
        cm_accessible_set_label(b, label)
        return b
    }

    /// A picture drawn with cairo, at a fixed size.
    public static func image(_ image: PinImage, size: Size? = nil) -> UnsafeMutablePointer<GtkWidget> {
        let s = size ?? image.size
        let area = gtk_drawing_area_new()!
        gtk_drawing_area_set_content_width(cast(area), Int32(s.width))
        gtk_drawing_area_set_content_height(cast(area), Int32(s.height))
        gtk_widget_set_valign(area, GTK_ALIGN_CENTER)
        let box = ClosureBox<PinImage>(image)
        let draw: GtkDrawingAreaDrawFunc = { _, cr, width, height, data in
            let image = ClosureBox<PinImage>.from(data).call
            cairo_scale(cr, Double(width) / image.size.width, Double(height) / image.size.height)
            image.draw(cr!)
        }
        gtk_drawing_area_set_draw_func(cast(area), draw, box.retainedPointer(), releaseBoxNotify)
        return area
    }

    /// A compact key–value list of an annotation's data (its first `limit` properties), as a
    /// detail view: keys dim, values as plain text (never markup), long ones cut with "…".
    public static func propertyList(_ properties: AnnotationProperties, limit: Int = 12) -> UnsafeMutablePointer<GtkWidget> {
        let grid = gtk_grid_new()!
        gtk_grid_set_column_spacing(cast(grid), 8)
        gtk_grid_set_row_spacing(cast(grid), 2)
        for (row, (key, value)) in properties.prefix(limit).enumerated() {
            for (column, text) in [key, value].enumerated() {
                let label = gtk_label_new(nil)!
                gtk_label_set_text(OpaquePointer(label), text)
                gtk_label_set_xalign(OpaquePointer(label), 0)
                gtk_label_set_ellipsize(OpaquePointer(label), PANGO_ELLIPSIZE_END)
                gtk_label_set_max_width_chars(OpaquePointer(label), column == 0 ? 14 : 28)
                gtk_label_set_selectable(OpaquePointer(label), column == 1 ? 1 : 0)
                if column == 0 { gtk_widget_add_css_class(label, "dim-label") }
                gtk_widget_add_css_class(label, "caption")
                gtk_grid_attach(cast(grid), label, Int32(column), Int32(row), 1, 1)
            }
        }
        if properties.count > limit {
            let more = gtk_label_new(nil)!
            gtk_label_set_text(OpaquePointer(more), "and \(properties.count - limit) more")
            gtk_label_set_xalign(OpaquePointer(more), 0)
            gtk_widget_add_css_class(more, "dim-label")
            gtk_widget_add_css_class(more, "caption")
            gtk_grid_attach(cast(grid), more, 0, Int32(limit), 2, 1)
        }
        cm_accessible_set_label(grid, "Data")
        return grid
    }
}
