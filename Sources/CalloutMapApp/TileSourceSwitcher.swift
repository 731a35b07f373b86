import CCalloutMapAdw
import CCalloutMapGtk
import CalloutMapCore
import CalloutMapGtk
import CalloutMapWidget
import Foundation

/// The choice of what the map shows: the offline map alone, the shipped vector map of central
/// Helsinki, OpenStreetMap's online tiles, or a tiles file (MBTiles, PMTiles), folder or URL over it.
/// Files opened once stay in the list, their tiles kept, so switching back is instant. Names are plain text. One choice action, `win.tile-source` (the
/// source's index), drives the header bar's list and the primary menu's Map Source items alike.
@MainActor
final class TileSourceSwitcher {
    let widget: UnsafeMutablePointer<GtkWidget>
    private let list: UnsafeMutablePointer<GtkWidget>
    /// Opened files sit between the offline map and OpenStreetMap: arrow keys pick as they move
    /// (radio buttons), so from a file Up reaches the offline map without passing the online source.
    private let files: UnsafeMutablePointer<GtkWidget>
    private var layers: [RasterTileLayer?] = [nil]  // nil: the offline map alone (or OpenStreetMap not yet made)
    /// What each entry was opened from, as the settings remember it.
    private var sources = ["", TileSourceSwitcher.openStreetMap, TileSourceSwitcher.helsinki]
    static let openStreetMap = "openstreetmap"
    static let helsinki = "helsinki"
    /// Rows made before any file: the offline map, OpenStreetMap, Helsinki (listed before OpenStreetMap).
    private static let builtInCount = 3
    /// Makes the OpenStreetMap layer the first time it is chosen (the window watches its failures).
    var makeOpenStreetMap: (() -> RasterTileLayer)?
    /// Makes the Helsinki layer the first time it is chosen; nil when it cannot be opened (told by the window).
    var makeHelsinki: (() -> RasterTileLayer?)?
    private var checks: [UnsafeMutablePointer<GtkWidget>] = []
    private var action: OpaquePointer!
    /// The primary menu's Map Source section: a radio item per source and the three Open… items.
    /// Both menus are ours (the menu that shows a section takes a reference of its own).
    let menu = g_menu_new()!
    private let menuSources = g_menu_new()!
    private var chooser: ObjectRef?
    private let popover: UnsafeMutablePointer<GtkWidget>  // the menu button owns it
    private let window: UnsafeMutablePointer<GtkWidget>
    /// The layer to show now (nil: the offline map alone).
    var onChange: ((RasterTileLayer?) -> Void)?
    /// A file or folder chosen in a dialog (the window opens it and calls `add`).
    var onOpen: ((URL) -> Void)?
    /// A server's URL (TileJSON or a template) given in the location dialog.
    var onOpenLocation: ((String) -> Void)?

    isolated deinit {
        g_object_unref(menu.rawObject)
        g_object_unref(menuSources.rawObject)
    }

    init(window: UnsafeMutablePointer<GtkWidget>) {
        self.window = window
        g_menu_append_section(menu, nil, cm_menu_model(menuSources.rawObject))
        g_menu_append(menu, tr("Open Tiles File…"), "win.open-tiles")
        g_menu_append(menu, tr("Open Tiles Folder…"), "win.open-tiles-folder")
        g_menu_append(menu, tr("Open Tiles Location…"), "win.open-tiles-location")
        widget = gtk_menu_button_new()
        gtk_menu_button_set_label(OpaquePointer(widget), tr("Offline Map"))
        gtk_widget_set_tooltip_text(widget, tr("Map Source"))
        cm_accessible_set_label(widget, tr("Map Source"))
        let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)!
        gtk_widget_set_margin_start(box, 6)
        gtk_widget_set_margin_end(box, 6)
        gtk_widget_set_margin_top(box, 6)
        gtk_widget_set_margin_bottom(box, 6)
        list = gtk_box_new(GTK_ORIENTATION_VERTICAL, 2)!
        files = gtk_box_new(GTK_ORIENTATION_VERTICAL, 2)!
        gtk_box_append(cast(box), list)
        gtk_box_append(cast(box), gtk_separator_new(GTK_ORIENTATION_HORIZONTAL))
        // The dialogs, each from a flat button under the list (the menu's items name the same actions).
        for (title, action) in [(tr("Open Tiles File…"), "win.open-tiles"), (tr("Open Tiles Folder…"), "win.open-tiles-folder"),
                                (tr("Open Tiles Location…"), "win.open-tiles-location")] {
            let button = gtk_button_new_with_label(title)!
            gtk_widget_add_css_class(button, "flat")
            gtk_label_set_xalign(OpaquePointer(gtk_button_get_child(cast(button))), 0)  // lined up with the sources above
            gtk_actionable_set_action_name(cm_actionable(button.rawObject), action)
            gtk_box_append(cast(box), button)
        }
        popover = gtk_popover_new()!
        gtk_popover_set_child(cast(popover), box)
        gtk_menu_button_set_popover(OpaquePointer(widget), popover)
        // Made before the rows, which name it; `widget` and `popover` exist by now.
        action = Actions.addChoice("tile-source", to: window, state: "0") { [weak self] value in
            guard let self, let index = Int(value), self.layers.indices.contains(index) else { return }
            self.show(index)
        }
        Actions.add("open-tiles", to: window) { [weak self] in self?.choose(folder: false) }
        Actions.add("open-tiles-folder", to: window) { [weak self] in self?.choose(folder: true) }
        Actions.add("open-tiles-location", to: window) { [weak self] in
            guard let self else { return }
            gtk_popover_popdown(cast(self.popover))
            TileLocationDialog.present(over: self.window) { [weak self] location in self?.onOpenLocation?(location) }
        }
        addRow(title: tr("Offline Map"), subtitle: tr("Natural Earth and GSHHG, no network"))
        gtk_box_append(cast(list), files)
        let helsinki = gtk_box_new(GTK_ORIENTATION_VERTICAL, 2)!
        gtk_box_append(cast(list), helsinki)
        addRow(title: "OpenStreetMap", subtitle: tr("Online tiles from tile.openstreetmap.org, kept in the disk cache"))
        // Offline sources first: the shipped city sits after opened files, before the online map.
        addRow(title: tr("Helsinki (Vector Map)"), subtitle: tr("OpenStreetMap vector tiles of central Helsinki, no network"),
               in: helsinki, menuPosition: 1)
        layers += [nil, nil]  // made when first chosen
        show(0)
        // Enter or Space on a row picks it (GTK) and closes the list (here).
        let keys = gtk_event_controller_key_new()!
        gtk_event_controller_set_propagation_phase(cm_controller(keys.rawObject), GTK_PHASE_CAPTURE)
        Signal.connect(keys, "key-pressed") { [weak self] (keyval: UInt32, _: UInt32, _: UInt32) -> Bool in
            if [GDK_KEY_Return, GDK_KEY_KP_Enter, GDK_KEY_space].contains(Int32(keyval)) { self?.close() }
            return false
        }
        gtk_widget_add_controller(list, cm_controller(keys.rawObject))
    }

    /// Adds a source, opened from `source` (a file or URL template), to the list and shows it.
    func add(_ layer: RasterTileLayer, source: String) {
        layers.append(layer)
        sources.append(source)
        addRow(title: layer.source.name, subtitle: layer.attribution ?? "", in: files,
               menuPosition: checks.count - Self.builtInCount + 1)
        select(layers.count - 1)
    }

    /// A radio row in the list and a radio item in the menu, both bound to the action (whose
    /// target is the row's index): picking either switches, and both follow the state.
    /// `menuPosition`: where the menu lists it (the end when nil).
    private func addRow(title: String, subtitle: String, in box: UnsafeMutablePointer<GtkWidget>? = nil, menuPosition: Int? = nil) {
        let check = gtk_check_button_new_with_label(title)!
        if let first = checks.first { gtk_check_button_set_group(cast(check), cast(first)) }
        if !subtitle.isEmpty { gtk_widget_set_tooltip_text(check, subtitle) }
        let index = checks.count
        checks.append(check)
        gtk_actionable_set_detailed_action_name(cm_actionable(check.rawObject), "win.tile-source::\(index)")
        gtk_box_append(cast(box ?? list), check)
        // A click on a row is a choice: the list closes. (Arrow keys move the choice and leave
        // it open, to go on; Enter and Space close it, below.)
        let click = gtk_gesture_click_new()!
        gtk_event_controller_set_propagation_phase(cm_controller(click.rawObject), GTK_PHASE_CAPTURE)
        Signal.connect(click, "released") { [weak self] (_: Int, _: Double, _: Double) in self?.close() }
        gtk_widget_add_controller(check, cm_controller(click.rawObject))
        let item = g_menu_item_new(title, "win.tile-source::\(index)")!
        // The menu lists in the list's order: opened files, then Helsinki, before OpenStreetMap.
        g_menu_insert_item(menuSources, Int32(menuPosition ?? Int(g_menu_model_get_n_items(cm_menu_model(menuSources.rawObject)))), item)
        g_object_unref(item.rawObject)
    }

    /// Closes the list once the choice shows (a moment, so the radio's change is seen).
    private func close() {
        Timer.after(milliseconds: 150) { [popover] in gtk_popover_popdown(cast(popover)) }
    }

    private func select(_ index: Int) {
        g_action_change_state(action, g_variant_new_string(String(index)))
    }

    /// The source the map shows ("0" the offline map, "1" OpenStreetMap, "2" Helsinki, then opened files).
    private var selection: Int { checks.indices.first { gtk_check_button_get_active(cast(checks[$0])) != 0 } ?? 0 }

    /// What the map shows: "" the offline map, "openstreetmap", "helsinki", or the file or URL a source came from.
    var selectedSource: String { sources[selection] }

    func showOpenStreetMap() { select(1) }

    func showHelsinki() { select(2) }

    private func show(_ index: Int) {
        if index == 1, layers[1] == nil { layers[1] = makeOpenStreetMap?() }
        if index == 2, layers[2] == nil {
            guard let layer = makeHelsinki?() else { return select(0) }
            layers[2] = layer
        }
        let name = layers[index]?.source.name ?? tr("Offline Map")
        gtk_menu_button_set_label(OpaquePointer(widget), name.count > 24 ? String(name.prefix(23)) + "…" : name)
        onChange?(layers[index])
    }

    /// A tiles file (MBTiles, PMTiles, a style) or a folder of z/x/y tiles, from GTK's chooser.
    private func choose(folder: Bool) {
        gtk_popover_popdown(cast(popover))
        let native = gtk_file_chooser_native_new(folder ? tr("Open Tiles Folder") : tr("Open Tiles File"), cm_window(window),
                                                 folder ? GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER : GTK_FILE_CHOOSER_ACTION_OPEN,
                                                 tr("_Open"), tr("_Cancel"))!
        if !folder {
            FileChooserFilter.add(to: native, named: tr("Maps (MBTiles, PMTiles, MapLibre styles)"), patterns: ["*.mbtiles", "*.pmtiles", "*.json"])
        }
        chooser = ObjectRef(adopting: native.rawObject)
        Signal.connect(native, "response") { [weak self] (response: Int32) in
            guard let self else { return }
            if response == GTK_RESPONSE_ACCEPT.rawValue, let file = gtk_file_chooser_get_file(native),
               let path = g_file_get_path(file) {
                let url = URL(fileURLWithPath: String(cString: path))
                g_free(path)
                g_object_unref(file.rawObject)
                self.onOpen?(url)
            }
            self.chooser = nil
        }
        gtk_native_dialog_show(cast(native))
    }
}
