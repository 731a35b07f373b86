import CCalloutMapGtk
import CalloutMapCore
import CalloutMapGtk
import CalloutMapWidget
import Foundation

/// The header bar's choice of what the map shows: the offline map alone, OpenStreetMap's
/// online tiles, or a tiles file (MBTiles) or URL over it. Files opened once stay in the list, their tiles kept, so switching
/// back is instant. Names are plain text.
@MainActor
final class TileSourceSwitcher {
    let widget: UnsafeMutablePointer<GtkWidget>
    private let list: UnsafeMutablePointer<GtkWidget>
    /// Opened files sit between the offline map and OpenStreetMap: arrow keys pick as they move
    /// (radio buttons), so from a file Up reaches the offline map without passing the online source.
    private let files: UnsafeMutablePointer<GtkWidget>
    private var layers: [RasterTileLayer?] = [nil]  // nil: the offline map alone (or OpenStreetMap not yet made)
    /// Makes the OpenStreetMap layer the first time it is chosen (the window watches its failures).
    var makeOpenStreetMap: (() -> RasterTileLayer)?
    private var checks: [UnsafeMutablePointer<GtkWidget>] = []
    private var chooser: ObjectRef?
    private let popover: UnsafeMutablePointer<GtkWidget>  // the menu button owns it
    private let window: UnsafeMutablePointer<GtkWidget>
    /// The layer to show now (nil: the offline map alone).
    var onChange: ((RasterTileLayer?) -> Void)?
    /// A file chosen in the dialog (the window opens it and calls `add`).
    var onOpen: ((URL) -> Void)?

    init(window: UnsafeMutablePointer<GtkWidget>) {
        self.window = window
        widget = gtk_menu_button_new()
        gtk_menu_button_set_label(OpaquePointer(widget), "Offline Map")
        gtk_widget_set_tooltip_text(widget, "Map Tiles")
        cm_accessible_set_label(widget, "Map tiles")
        let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)!
        gtk_widget_set_margin_start(box, 6)
        gtk_widget_set_margin_end(box, 6)
        gtk_widget_set_margin_top(box, 6)
        gtk_widget_set_margin_bottom(box, 6)
        list = gtk_box_new(GTK_ORIENTATION_VERTICAL, 2)!
        files = gtk_box_new(GTK_ORIENTATION_VERTICAL, 2)!
        gtk_box_append(cast(box), list)
        gtk_box_append(cast(box), gtk_separator_new(GTK_ORIENTATION_HORIZONTAL))
        let open = gtk_button_new_with_label("Open Tiles File…")!
        gtk_widget_add_css_class(open, "flat")
        gtk_box_append(cast(box), open)
        popover = gtk_popover_new()!
        gtk_popover_set_child(cast(popover), box)
        gtk_menu_button_set_popover(OpaquePointer(widget), popover)
        addRow(title: "Offline Map", subtitle: "Natural Earth and GSHHG, no network")
        gtk_box_append(cast(list), files)
        addRow(title: "OpenStreetMap", subtitle: "Online tiles from tile.openstreetmap.org, kept in the disk cache")
        layers.append(nil)  // made when first chosen
        select(0)
        Signal.connect(open, "clicked") { [weak self] in
            guard let self else { return }
            gtk_popover_popdown(cast(self.popover))
            self.choose()
        }
    }

    /// Adds a source to the list and shows it.
    func add(_ layer: RasterTileLayer) {
        layers.append(layer)
        addRow(title: layer.source.name, subtitle: layer.attribution ?? "", in: files)
        select(layers.count - 1)
    }

    private func addRow(title: String, subtitle: String, in box: UnsafeMutablePointer<GtkWidget>? = nil) {
        let check = gtk_check_button_new_with_label(title)!
        if let first = checks.first { gtk_check_button_set_group(cast(check), cast(first)) }
        if !subtitle.isEmpty { gtk_widget_set_tooltip_text(check, subtitle) }
        let index = checks.count
        checks.append(check)
        gtk_box_append(cast(box ?? list), check)
        Signal.connect(check, "toggled") { [weak self] in
            guard let self, gtk_check_button_get_active(cast(check)) != 0 else { return }
            self.show(index)
        }
    }

    private func select(_ index: Int) {
        gtk_check_button_set_active(cast(checks[index]), 1)
        show(index)
    }

    private func show(_ index: Int) {
        if index == 1, layers[1] == nil { layers[1] = makeOpenStreetMap?() }
        let name = layers[index]?.source.name ?? "Offline Map"
        gtk_menu_button_set_label(OpaquePointer(widget), name.count > 24 ? String(name.prefix(23)) + "…" : name)
        onChange?(layers[index])
    }

    private func choose() {
        let native = gtk_file_chooser_native_new("Open Tiles File", cm_window(window), GTK_FILE_CHOOSER_ACTION_OPEN, "_Open", "_Cancel")!
        let filter = gtk_file_filter_new()!
        gtk_file_filter_set_name(filter, "MBTiles")
        gtk_file_filter_add_pattern(filter, "*.mbtiles")
        gtk_file_chooser_add_filter(native, filter)
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
