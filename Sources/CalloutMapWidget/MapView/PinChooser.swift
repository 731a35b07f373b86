import CCalloutMapGtk
import CalloutMapCore
import CalloutMapGtk

/// A list of the places a click cannot tell apart — pins stacked on one point, or the members of
/// a cluster that can no longer split — in a popover anchored where the click was. Each row
/// shows a title and subtitle (plain text, never markup); Up/Down move, Enter or a click picks
/// one, Escape or a click outside closes it. It knows nothing of the map: it tells its owner
/// what was picked and when it closed.
@MainActor
final class PinChooser {
    /// Rows shown at most; a last line says how many more there are.
    static let maxRows = 200

    private var popover: UnsafeMutablePointer<GtkWidget>?
    private var items: [any Annotation] = []
    /// The list's rows, in order (for tests and assistive checks).
    private(set) var rows: [UnsafeMutablePointer<GtkWidget>] = []
    /// Told of the place picked (the popover has closed).
    var onChoose: ((any Annotation) -> Void)?
    /// Whether the pick is added to the selection (the list opened on a Ctrl+click).
    var addsToSelection = false
    /// Told when the list has closed, picked from or not.
    var onHide: (() -> Void)?

    var isShowing: Bool { popover != nil }
    /// The popover on screen (for tests).
    var widget: UnsafeMutablePointer<GtkWidget>? { popover }
    /// The places listed, in order.
    var listed: [any Annotation] { items }

    /// Opens the list over `parent` at a point in its coordinates; `more` counts those left out.
    func show(_ annotations: [any Annotation], more: Int, at point: Point, in parent: UnsafeMutablePointer<GtkWidget>) {
        close()
        items = Array(annotations.prefix(Self.maxRows))
        let more = more + annotations.count - items.count
        let list = gtk_list_box_new()!
        gtk_list_box_set_selection_mode(OpaquePointer(list), GTK_SELECTION_BROWSE)
        gtk_widget_add_css_class(list, "navigation-sidebar")
        cm_accessible_set_label(list, tr("Places here"))
        rows = items.map(Self.row(for:))
        for row in rows { gtk_list_box_append(OpaquePointer(list), row) }
        Signal.connect(list, "row-activated") { [weak self] (row: UnsafeMutableRawPointer?) in
            guard let row else { return }
            self?.picked(Int(gtk_list_box_row_get_index(row.assumingMemoryBound(to: GtkListBoxRow.self))))
        }
        let scroller = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_policy(OpaquePointer(scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_propagate_natural_height(OpaquePointer(scroller), 1)
        gtk_scrolled_window_set_propagate_natural_width(OpaquePointer(scroller), 1)
        gtk_scrolled_window_set_max_content_height(OpaquePointer(scroller), 320)
        gtk_scrolled_window_set_child(OpaquePointer(scroller), list)
        let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 4)!
        let heading = gtk_label_new(String(format: trn("%d place here", "%d places here", items.count + more), items.count + more))!
        gtk_widget_add_css_class(heading, "heading")
        gtk_label_set_xalign(OpaquePointer(heading), 0)
        gtk_widget_set_margin_start(heading, 6)
        gtk_box_append(cast(box), heading)
        gtk_box_append(cast(box), scroller)
        if more > 0 {
            let rest = gtk_label_new(String(format: trn("and %d more", "and %d more", more), more))!
            gtk_widget_add_css_class(rest, "dim-label")
            gtk_box_append(cast(box), rest)
        }
        let p = gtk_popover_new()!
        gtk_popover_set_child(cast(p), box)
        gtk_widget_set_parent(p, parent)
        gtk_widget_add_css_class(p, "pin-chooser")
        var rect = GdkRectangle(x: Int32(point.x.rounded()), y: Int32(point.y.rounded()), width: 1, height: 1)
        gtk_popover_set_pointing_to(cast(p), &rect)
        Signal.connect(p, "closed") { [weak self] in self?.closed(p) }
        popover = p
        gtk_popover_popup(cast(p))
        if let first = gtk_list_box_get_row_at_index(OpaquePointer(list), 0) {
            gtk_list_box_select_row(OpaquePointer(list), first)
            gtk_widget_grab_focus(UnsafeMutableRawPointer(first).assumingMemoryBound(to: GtkWidget.self))
        }
    }

    /// A row: the title (or "Untitled") over the subtitle, if any.
    private static func row(for annotation: any Annotation) -> UnsafeMutablePointer<GtkWidget> {
        let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 2)!
        let title = gtk_label_new(annotation.title?.isEmpty == false ? annotation.title : tr("Untitled"))!
        gtk_label_set_xalign(OpaquePointer(title), 0)
        gtk_label_set_ellipsize(OpaquePointer(title), PANGO_ELLIPSIZE_END)
        gtk_label_set_max_width_chars(OpaquePointer(title), 40)
        gtk_box_append(cast(box), title)
        if let subtitle = annotation.subtitle, !subtitle.isEmpty {
            let label = gtk_label_new(subtitle)!
            gtk_label_set_xalign(OpaquePointer(label), 0)
            gtk_label_set_ellipsize(OpaquePointer(label), PANGO_ELLIPSIZE_END)
            gtk_label_set_max_width_chars(OpaquePointer(label), 40)
            gtk_widget_add_css_class(label, "dim-label")
            gtk_widget_add_css_class(label, "caption")
            gtk_box_append(cast(box), label)
        }
        let row = gtk_list_box_row_new()!
        gtk_list_box_row_set_child(cast(row), box)
        return row
    }

    /// A row was activated (Enter, a click): the list closes, then the owner hears of the pick.
    private func picked(_ index: Int) {
        guard items.indices.contains(index) else { return }
        let chosen = items[index]
        close()
        onChoose?(chosen)
    }

    /// Takes the list down (the owner hears `onHide`).
    func close() {
        guard let p = popover else { return }
        popover = nil
        items = []
        rows = []
        PopoverCalloutPresentation.close(p)
        onHide?()
    }

    /// GTK closed the popover (Escape, a click outside): handled once GTK is done closing it.
    private func closed(_ p: UnsafeMutablePointer<GtkWidget>) {
        Timer.after(milliseconds: 0) { [weak self] in
            guard let self, self.popover == p else { return }
            self.close()
        }
    }
}
