import CCalloutMapGtk
import CalloutMapGtk
import CalloutMapWidget
import Foundation

/// The side panel: what the selected approach is (its origin and trade-offs)
/// and a live log of the delegate's events, newest first.
@MainActor
final class EventPanel {
    static let capacity = 200

    let widget: UnsafeMutablePointer<GtkWidget>
    private let list: UnsafeMutablePointer<GtkWidget>
    private let about: UnsafeMutablePointer<GtkWidget>
    private var rows = 0
    var onTemporaryTitle: ((Bool) -> Void)?
    var onPopoverKeepsSelection: ((Bool) -> Void)?
    var onShowsData: ((Bool) -> Void)?

    static let descriptions: [CalloutMode: String] = [
        .standard: "MapKit's standard callout (seed 000 §1–2, seed 003): a bubble the map draws, with title, subtitle, left and right accessory controls and a detail view that can replace the subtitle. Least code; the look is the toolkit's.",
        .custom: "A custom callout as a subview of the pin (seed 000 §3, seed 002): the pin's view adds its own callout with its own shape and colours and extends its hit area to it, by shape. Full control of the look; clicking the pin again toggles it.",
        .annotation: "The callout is itself an annotation at the pin's coordinate (seed 001): it moves with the map like a pin. The original drifted while zooming; here its offset is the pin's callout anchor in screen pixels, so it stays put.",
        .popover: "A GtkPopover pointing at the pin (seed 000 §4): a real floating surface that takes focus, closes on a click outside (which it consumes) or Escape, and follows the pin while the map moves.",
    ]

    /// `files` is the list of files on the map, shown between the options and the events.
    init(temporaryTitle: Bool, popoverKeepsSelection: Bool, showsData: Bool, files: UnsafeMutablePointer<GtkWidget>) {
        widget = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
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
        gtk_box_append(cast(widget), Self.heading("About this approach"))
        gtk_box_append(cast(widget), about)
        let temporary = Self.check("Temporary title first (standard)", active: temporaryTitle)
        let keeps = Self.check("Pin stays selected under its popover", active: popoverKeepsSelection)
        let data = Self.check("Show a place's data in its callout", active: showsData)
        gtk_box_append(cast(widget), temporary)
        gtk_box_append(cast(widget), keeps)
        gtk_box_append(cast(widget), data)
        gtk_box_append(cast(widget), gtk_separator_new(GTK_ORIENTATION_HORIZONTAL))
        // The files section (its heading and list) shows only while there are files.
        let section = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        gtk_box_append(cast(section), Self.heading("Files"))
        gtk_box_append(cast(section), files)
        gtk_box_append(cast(section), gtk_separator_new(GTK_ORIENTATION_HORIZONTAL))
        gtk_widget_set_visible(section, gtk_widget_get_visible(files))
        Signal.connect(files, "notify::visible") { (_: UnsafeMutableRawPointer?) in
            gtk_widget_set_visible(section, gtk_widget_get_visible(files))
        }
        gtk_box_append(cast(widget), section)
        gtk_box_append(cast(widget), Self.heading("Events"))

        list = gtk_list_box_new()
        gtk_list_box_set_selection_mode(OpaquePointer(list), GTK_SELECTION_NONE)
        gtk_widget_add_css_class(list, "navigation-sidebar")
        cm_accessible_set_label(list, "Events")
        let scroller = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_child(OpaquePointer(scroller), list)
        gtk_scrolled_window_set_policy(OpaquePointer(scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_widget_set_vexpand(scroller, 1)
        gtk_box_append(cast(widget), scroller)
        Signal.connect(temporary, "toggled") { [weak self] in self?.onTemporaryTitle?(gtk_check_button_get_active(cast(temporary)) != 0) }
        Signal.connect(keeps, "toggled") { [weak self] in self?.onPopoverKeepsSelection?(gtk_check_button_get_active(cast(keeps)) != 0) }
        Signal.connect(data, "toggled") { [weak self] in self?.onShowsData?(gtk_check_button_get_active(cast(data)) != 0) }
    }

    private static func check(_ label: String, active: Bool) -> UnsafeMutablePointer<GtkWidget> {
        let c = gtk_check_button_new_with_label(label)!
        gtk_check_button_set_active(cast(c), active ? 1 : 0)
        gtk_widget_set_margin_start(c, 8)
        gtk_widget_set_margin_bottom(c, 4)
        return c
    }

    func describe(_ mode: CalloutMode) {
        gtk_label_set_text(OpaquePointer(about), Self.descriptions[mode]!)
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
