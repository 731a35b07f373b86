import CCalloutMapGtk
import CalloutMapGtk
import CalloutMapWidget
import Foundation

/// The side panel: what the selected approach is (how it works and what it costs)
/// and a live log of the delegate's events, newest first.
@MainActor
final class EventPanel {
    static let capacity = 200

    let widget: UnsafeMutablePointer<GtkWidget>
    private let list: UnsafeMutablePointer<GtkWidget>
    private let about: UnsafeMutablePointer<GtkWidget>
    /// Options of one approach, shown only while it is the current one.
    private let temporary: UnsafeMutablePointer<GtkWidget>
    private let keeps: UnsafeMutablePointer<GtkWidget>
    private var rows = 0
    var onTemporaryTitle: ((Bool) -> Void)?
    var onPopoverKeepsSelection: ((Bool) -> Void)?
    var onShowsData: ((Bool) -> Void)?

    /// Each approach in plain words: what it is and what it costs.
    static var descriptions: [CalloutMode: String] {
        [
            .standard: tr("The map draws a bubble above the pin with its title and subtitle, buttons on either side and an optional detail view in place of the subtitle. The least code; it looks the same for every pin."),
            .custom: tr("The pin draws its own callout, in its own shape and colours, and clicks on that callout count as clicks on the pin. Full control of the look; clicking the pin again closes it."),
            .annotation: tr("The callout is a map item of its own, placed at the pin, so it moves with the map while you pan and zoom and stays exactly above the pin."),
            .popover: tr("A GTK popover points at the pin: a floating window that takes the keyboard, closes on a click outside or Escape, and follows the pin while the map moves."),
        ]
    }

    /// `files` is the list of files on the map, shown between the options and the events.
    init(temporaryTitle: Bool, popoverKeepsSelection: Bool, showsData: Bool, files: UnsafeMutablePointer<GtkWidget>) {
        // The whole panel scrolls: in a short window it must not make the window taller.
        let content = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        widget = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_child(OpaquePointer(widget), content)
        gtk_scrolled_window_set_policy(OpaquePointer(widget), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_widget_set_size_request(widget, 300, -1)
        gtk_widget_add_css_class(widget, "view")

        about = gtk_label_new(nil)
        gtk_label_set_wrap(OpaquePointer(about), 1)
        gtk_label_set_xalign(OpaquePointer(about), 0)
        gtk_label_set_max_width_chars(OpaquePointer(about), 36)
        gtk_widget_set_margin_start(about, 12)
        gtk_widget_set_margin_end(about, 12)
        gtk_widget_set_margin_top(about, 12)
        gtk_widget_set_margin_bottom(about, 12)
        gtk_box_append(cast(content), Self.heading(tr("About this approach")))
        gtk_box_append(cast(content), about)
        temporary = Self.check(tr("Temporary title first (standard)"), active: temporaryTitle)
        keeps = Self.check(tr("Pin stays selected under its popover"), active: popoverKeepsSelection)
        let data = Self.check(tr("Show a place's data in its callout"), active: showsData)
        gtk_box_append(cast(content), temporary)
        gtk_box_append(cast(content), keeps)
        gtk_box_append(cast(content), data)
        gtk_box_append(cast(content), gtk_separator_new(GTK_ORIENTATION_HORIZONTAL))
        // The files section (its heading and list) shows only while there are files.
        let section = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        gtk_box_append(cast(section), Self.heading(tr("Files")))
        gtk_box_append(cast(section), files)
        gtk_box_append(cast(section), gtk_separator_new(GTK_ORIENTATION_HORIZONTAL))
        gtk_widget_set_visible(section, gtk_widget_get_visible(files))
        Signal.connect(files, "notify::visible") { (_: UnsafeMutableRawPointer?) in
            gtk_widget_set_visible(section, gtk_widget_get_visible(files))
        }
        gtk_box_append(cast(content), section)
        gtk_box_append(cast(content), Self.heading(tr("Events")))

        list = gtk_list_box_new()
        gtk_list_box_set_selection_mode(OpaquePointer(list), GTK_SELECTION_NONE)
        gtk_widget_add_css_class(list, "navigation-sidebar")
        cm_accessible_set_label(list, tr("Events"))
        gtk_widget_set_vexpand(list, 1)
        gtk_box_append(cast(content), list)
        Signal.connect(temporary, "toggled") { [weak self, temporary] in self?.onTemporaryTitle?(gtk_check_button_get_active(cast(temporary)) != 0) }
        Signal.connect(keeps, "toggled") { [weak self, keeps] in self?.onPopoverKeepsSelection?(gtk_check_button_get_active(cast(keeps)) != 0) }
        Signal.connect(data, "toggled") { [weak self] in self?.onShowsData?(gtk_check_button_get_active(cast(data)) != 0) }
    }

    private static func check(_ label: String, active: Bool) -> UnsafeMutablePointer<GtkWidget> {
        let c = gtk_check_button_new()!
        // A label of its own that wraps: a long translation stays inside the panel.
        let text = gtk_label_new(label)!
        gtk_label_set_wrap(OpaquePointer(text), 1)
        gtk_label_set_xalign(OpaquePointer(text), 0)
        gtk_check_button_set_child(cast(c), text)
        cm_accessible_set_label(c, label)
        gtk_widget_set_margin_end(c, 8)
        gtk_check_button_set_active(cast(c), active ? 1 : 0)
        gtk_widget_set_margin_start(c, 8)
        gtk_widget_set_margin_bottom(c, 4)
        return c
    }

    /// Says what the approach does and shows the options that apply to it.
    func describe(_ mode: CalloutMode) {
        gtk_label_set_text(OpaquePointer(about), Self.descriptions[mode]!)
        gtk_widget_set_visible(temporary, mode == .standard ? 1 : 0)
        gtk_widget_set_visible(keeps, mode == .popover ? 1 : 0)
    }

    /// Adds a line at the top: the event and the annotation's title (plain text).
    func log(_ event: String, _ detail: String) {
        let row = gtk_box_new(GTK_ORIENTATION_VERTICAL, 2)!
        gtk_widget_set_margin_start(row, 6)
        gtk_widget_set_margin_top(row, 3)
        gtk_widget_set_margin_bottom(row, 3)
        let name = gtk_label_new(event)!
        gtk_label_set_xalign(OpaquePointer(name), 0)
        gtk_widget_add_css_class(name, "caption-heading")
        let text = gtk_label_new(detail)!
        gtk_label_set_xalign(OpaquePointer(text), 0)
        gtk_label_set_ellipsize(OpaquePointer(text), PANGO_ELLIPSIZE_END)
        gtk_widget_add_css_class(text, "caption")
        gtk_box_append(cast(row), name)
        gtk_box_append(cast(row), text)
        gtk_list_box_prepend(OpaquePointer(list), row)
        rows += 1
        if rows > Self.capacity, let last = gtk_list_box_get_row_at_index(OpaquePointer(list), Int32(rows - 1)) {
            gtk_list_box_remove(OpaquePointer(list), CalloutMapGtk.widget(last))
            rows -= 1
        }
    }

    private static func heading(_ text: String) -> UnsafeMutablePointer<GtkWidget> {
        let l = gtk_label_new(text)!
        gtk_widget_add_css_class(l, "heading")
        gtk_label_set_xalign(OpaquePointer(l), 0)
        gtk_widget_set_margin_start(l, 12)
        gtk_widget_set_margin_top(l, 12)
        return l
    }
}
