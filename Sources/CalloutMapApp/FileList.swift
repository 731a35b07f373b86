import CCalloutMapGtk
import CalloutMapGtk
import Foundation

/// The side panel's list of the GeoJSON files on the map: each file's name, how many
/// places it gave (or that it is loading, or why it gave none) and a button that takes
/// it off the map — stopping its load if it is still being read. Plain text only.
@MainActor
final class FileList {
    let widget: UnsafeMutablePointer<GtkWidget>
    private var rows: [Int: (row: UnsafeMutablePointer<GtkWidget>, status: UnsafeMutablePointer<GtkWidget>)] = [:]
    /// The remove button of the file with this id was clicked.
    var onRemove: ((Int) -> Void)?

    init() {
        widget = gtk_list_box_new()
        gtk_list_box_set_selection_mode(OpaquePointer(widget), GTK_SELECTION_NONE)
        gtk_widget_add_css_class(widget, "navigation-sidebar")
        cm_accessible_set_label(widget, "Files")
        gtk_widget_set_visible(widget, 0)
    }

    var count: Int { rows.count }

    func add(id: Int, name: String, status: String) {
        let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
        gtk_widget_set_margin_start(box, 6)
        let texts = gtk_box_new(GTK_ORIENTATION_VERTICAL, 2)!
        gtk_widget_set_hexpand(texts, 1)
        let title = gtk_label_new(name)!
        gtk_label_set_xalign(OpaquePointer(title), 0)
        gtk_label_set_ellipsize(OpaquePointer(title), PANGO_ELLIPSIZE_MIDDLE)
        gtk_label_set_max_width_chars(OpaquePointer(title), 28)  // the panel keeps its width; the tooltip has it all
        gtk_widget_set_tooltip_text(title, name)
        let line = gtk_label_new(status)!
        gtk_label_set_xalign(OpaquePointer(line), 0)
        gtk_label_set_ellipsize(OpaquePointer(line), PANGO_ELLIPSIZE_END)
        gtk_label_set_max_width_chars(OpaquePointer(line), 28)
        gtk_widget_add_css_class(line, "caption")
        gtk_widget_add_css_class(line, "dim-label")
        gtk_box_append(cast(texts), title)
        gtk_box_append(cast(texts), line)
        let remove = IconButton.make("list-remove-symbolic", tooltip: tr("Remove from the Map"), accessibleName: String(format: tr("Remove %@"), name), flat: true)
        gtk_box_append(cast(box), texts)
        gtk_box_append(cast(box), remove)
        gtk_list_box_append(OpaquePointer(widget), box)
        rows[id] = (box, line)
        Signal.connect(remove, "clicked") { [weak self] in self?.onRemove?(id) }
        gtk_widget_set_visible(widget, 1)
    }

    func setStatus(id: Int, _ status: String) {
        guard let row = rows[id] else { return }
        gtk_label_set_text(OpaquePointer(row.status), status)
        gtk_widget_set_tooltip_text(row.status, status)
    }

    func remove(id: Int) {
        guard let row = rows.removeValue(forKey: id), let listRow = gtk_widget_get_parent(row.row) else { return }
        gtk_list_box_remove(OpaquePointer(widget), listRow)
        gtk_widget_set_visible(widget, rows.isEmpty ? 0 : 1)
    }
}
