import CGtk
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
}
