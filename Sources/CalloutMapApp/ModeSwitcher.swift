import CCalloutMapAdw
import CCalloutMapGtk
import CalloutMapGtk
import CalloutMapWidget

/// The header bar's switch between the four approaches, bound to the `win.mode` action (keys
/// 1–4 reach it too), so it always shows the action's state: linked toggle buttons, or in a
/// narrow window one button naming the current approach with the four in its menu.
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

    /// One button naming the current approach; its menu lists the four as radio items.
    static func makeCompact(window: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget> {
        let menu = g_menu_new()!
        for (i, mode) in CalloutMode.allCases.enumerated() {
            let item = g_menu_item_new(titles[mode]!, nil)!
            g_menu_item_set_action_and_target_value(item, "win.mode", g_variant_new_string(mode.rawValue))
            g_menu_item_set_attribute_value(item, "accel", g_variant_new_string("\(i + 1)"))
            g_menu_append_item(menu, item)
            g_object_unref(item.rawObject)
        }
        let button = gtk_menu_button_new()!
        gtk_menu_button_set_menu_model(OpaquePointer(button), cm_menu_model(menu.rawObject))
        g_object_unref(menu.rawObject)
        gtk_widget_set_tooltip_text(button, tr("Callout approach (1–4)"))
        cm_accessible_set_label(button, tr("Callout approach"))
        guard let action = g_action_map_lookup_action(cm_action_map(window.rawObject), "mode") else { return button }
        let update = {
            guard let state = g_action_get_state(action) else { return }
            defer { g_variant_unref(state) }
            let mode = CalloutMode(rawValue: String(cString: g_variant_get_string(state, nil))) ?? .standard
            gtk_menu_button_set_label(OpaquePointer(button), titles[mode]!)
        }
        update()
        Signal.connect(action, "notify::state") { (_: UnsafeMutableRawPointer?) in update() }
        return button
    }
}
