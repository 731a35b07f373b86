import CCalloutMapAdw
import CCalloutMapGtk
import CalloutMapGtk

/// The window's header bar: Open, Search and the map source at the start, the approach in the middle,
/// background work, the side panel and the primary menu at the end. Every button names an
/// action, so it is enabled and checked as the action is.
///
/// It fits a phone-width window (360 px): the four approach buttons give way to one button
/// naming the current approach (libadwaita's squeezer picks whichever fits), below
/// `wideWindow` the map source button goes (the primary menu has the same list) and below
/// `searchWindow` the search button (the primary menu has Search). Zoom is on the
/// map itself.
@MainActor
enum HeaderBar {
    /// Windows at least this wide (pixels) show the map source button.
    static let wideWindow: Int32 = 720
    /// Windows at least this wide show the search button (narrower, the primary menu has Search).
    static let searchWindow: Int32 = 420

    static func make(window: UnsafeMutablePointer<GtkWidget>, mapSource: UnsafeMutablePointer<GtkWidget>,
                     mapSourceMenu: OpaquePointer, activity: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget> {
        let header = adw_header_bar_new()!
        let open = IconButton.make("document-open-symbolic", tooltip: tr("Open Places… (Ctrl+O)"), accessibleName: tr("Open Places…"))
        gtk_actionable_set_action_name(cm_actionable(open.rawObject), "win.open")
        adw_header_bar_pack_start(OpaquePointer(header), open)
        let search = toggle("system-search-symbolic", tooltip: tr("Search (Ctrl+F)"), accessibleName: tr("Search"), action: "win.search")
        adw_header_bar_pack_start(OpaquePointer(header), search)
        adw_header_bar_pack_start(OpaquePointer(header), mapSource)
        adw_header_bar_set_title_widget(OpaquePointer(header), approachSwitcher(window: window))
        adw_header_bar_pack_end(OpaquePointer(header), primaryMenu(mapSources: mapSourceMenu))
        let panelToggle = toggle("sidebar-show-right-symbolic", tooltip: tr("Side Panel (F9)"),
                                 accessibleName: tr("Show approach and events"), action: "win.show-panel")
        adw_header_bar_pack_end(OpaquePointer(header), panelToggle)
        adw_header_bar_pack_end(OpaquePointer(header), activity)

        // libadwaita 1.2 has no breakpoints: the window's width decides.
        let adapt = {
            var width: Int32 = 0, height: Int32 = 0
            gtk_window_get_default_size(cm_window(window), &width, &height)
            let maximized = gtk_window_is_maximized(cm_window(window)) != 0 || width <= 0
            gtk_widget_set_visible(mapSource, maximized || width >= wideWindow ? 1 : 0)
            gtk_widget_set_visible(search, maximized || width >= searchWindow ? 1 : 0)
        }
        adapt()
        Signal.connect(window, "notify::default-width") { (_: UnsafeMutableRawPointer?) in adapt() }
        Signal.connect(window, "notify::maximized") { (_: UnsafeMutableRawPointer?) in adapt() }
        return header
    }

    /// A toggle button with a symbolic icon for an on/off action (it shows the action's state).
    private static func toggle(_ icon: String, tooltip: String, accessibleName: String, action: String) -> UnsafeMutablePointer<GtkWidget> {
        let button = gtk_toggle_button_new()!
        gtk_button_set_icon_name(cast(button), icon)
        gtk_widget_set_tooltip_text(button, tooltip)
        cm_accessible_set_label(button, accessibleName)
        gtk_actionable_set_action_name(cm_actionable(button.rawObject), action)
        return button
    }

    /// The app's name and the four approaches as linked buttons; where that does not fit, the
    /// buttons alone; narrower, one button naming the current approach with the four in its menu.
    private static func approachSwitcher(window: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget> {
        let squeezer = adw_squeezer_new()!
        adw_squeezer_set_homogeneous(OpaquePointer(squeezer), 0)  // centred as the child shown is wide
        let titled = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 18)!
        let title = adw_window_title_new("CalloutMap", tr("Four ways to show a place"))!
        gtk_box_append(cast(titled), title)
        gtk_box_append(cast(titled), ModeSwitcher.make())
        _ = adw_squeezer_add(OpaquePointer(squeezer), titled)
        _ = adw_squeezer_add(OpaquePointer(squeezer), ModeSwitcher.make())
        _ = adw_squeezer_add(OpaquePointer(squeezer), ModeSwitcher.makeCompact(window: window))
        adw_squeezer_set_transition_type(OpaquePointer(squeezer), ADW_SQUEEZER_TRANSITION_TYPE_CROSSFADE)
        return squeezer
    }

    /// The primary menu: open, the map source, the side panel, keyboard shortcuts and About.
    private static func primaryMenu(mapSources: OpaquePointer) -> UnsafeMutablePointer<GtkWidget> {
        let menu = g_menu_new()!
        let files = g_menu_new()!
        g_menu_append(files, tr("_Open Places…"), "win.open")
        g_menu_append(files, tr("_Search"), "win.find")
        g_menu_append_submenu(files, tr("_Map Source"), cm_menu_model(mapSources.rawObject))
        g_menu_append(files, tr("Side _Panel"), "win.show-panel")
        g_menu_append_section(menu, nil, cm_menu_model(files.rawObject))
        let help = g_menu_new()!
        g_menu_append(help, tr("_Keyboard Shortcuts"), "win.show-help-overlay")
        g_menu_append(help, tr("_About CalloutMap"), "app.about")
        g_menu_append_section(menu, nil, cm_menu_model(help.rawObject))
        g_object_unref(files.rawObject)
        g_object_unref(help.rawObject)
        let button = gtk_menu_button_new()!
        gtk_menu_button_set_icon_name(OpaquePointer(button), "open-menu-symbolic")
        gtk_menu_button_set_menu_model(OpaquePointer(button), cm_menu_model(menu.rawObject))
        gtk_menu_button_set_primary(OpaquePointer(button), 1)  // F10 opens it
        gtk_widget_set_tooltip_text(button, tr("Main Menu (F10)"))
        cm_accessible_set_label(button, tr("Main Menu"))
        g_object_unref(menu.rawObject)
        return button
    }
}
