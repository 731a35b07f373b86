import CCalloutMapAdw
import CCalloutMapGtk
import CalloutMapGtk
import CalloutMapWidget

/// The header bar's switch between the four approaches: linked toggle buttons bound to the
/// `win.mode` action (keys 1–4 reach it too), so they always show the action's state.
@MainActor
enum ModeSwitcher {
    static var titles: [CalloutMode: String] {
        [.standard: tr("Standard"), .custom: tr("Custom"), .annotation: tr("Annotation"), .popover: tr("Popover")]
    }

    static func make() -> UnsafeMutablePointer<GtkWidget> {
        let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
        gtk_widget_add_css_class(box, "linked")
        cm_accessible_set_label(box, tr("Callout approach"))
        for (i, mode) in CalloutMode.allCases.enumerated() {
            let b = gtk_toggle_button_new_with_label(titles[mode]!)!
            gtk_widget_set_tooltip_text(b, String(format: tr("%@ callout (%d)"), titles[mode]!, i + 1))
            gtk_actionable_set_detailed_action_name(cm_actionable(b.rawObject), "win.mode::\(mode.rawValue)")
            gtk_box_append(cast(box), b)
        }
        return box
    }
}
