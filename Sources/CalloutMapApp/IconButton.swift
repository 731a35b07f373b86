import CCalloutMapGtk
import CalloutMapGtk

/// A button showing a symbolic icon, with a tooltip and the name a screen reader says
/// (the tooltip unless told otherwise). Flat ones sit in rows and notifications.
@MainActor
enum IconButton {
    static func make(_ icon: String, tooltip: String, accessibleName: String? = nil, flat: Bool = false) -> UnsafeMutablePointer<GtkWidget> {
        let button = gtk_button_new_from_icon_name(icon)!
        gtk_widget_set_tooltip_text(button, tooltip)
        cm_accessible_set_label(button, accessibleName ?? tooltip)
        if flat {
            gtk_widget_add_css_class(button, "flat")
            gtk_widget_set_valign(button, GTK_ALIGN_CENTER)
        }
        return button
    }
}
