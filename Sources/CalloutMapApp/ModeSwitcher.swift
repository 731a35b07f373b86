import CCalloutMapGtk
import CalloutMapGtk
import CalloutMapWidget

/// The header bar's switch between the four approaches (keys 1–4 too).
@MainActor
final class ModeSwitcher {
    let widget: UnsafeMutablePointer<GtkWidget>
    private var buttons: [(CalloutMode, UnsafeMutablePointer<GtkWidget>)] = []
    private var updating = false
    var onChange: ((CalloutMode) -> Void)?

    static let titles: [CalloutMode: String] = [.standard: "Standard", .custom: "Custom", .annotation: "Annotation", .popover: "Popover"]

    init(selected: CalloutMode) {
        widget = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
        gtk_widget_add_css_class(widget, "linked")
        cm_accessible_set_label(widget, "Callout approach")
        var group: UnsafeMutablePointer<GtkWidget>?
        for (i, mode) in CalloutMode.allCases.enumerated() {
            let b = gtk_toggle_button_new_with_label(Self.titles[mode]!)!
            gtk_widget_set_tooltip_text(b, "\(Self.titles[mode]!) callout (\(i + 1))")
            if let group { gtk_toggle_button_set_group(cast(b), cast(group)) } else { group = b }
            gtk_box_append(cast(widget), b)
            buttons.append((mode, b))
            Signal.connect(b, "toggled") { [weak self] in
                guard let self, !self.updating, gtk_toggle_button_get_active(cast(b)) != 0 else { return }
                self.onChange?(mode)
            }
        }
        select(selected)
    }

    func select(_ mode: CalloutMode) {
        updating = true
        for (m, b) in buttons where m == mode { gtk_toggle_button_set_active(cast(b), 1) }
        updating = false
    }
}
