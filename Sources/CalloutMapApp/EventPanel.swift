import CCalloutMapGtk
import CalloutMapGtk
import CalloutMapWidget
import Foundation

/// The side panel: how the chosen approach shows a place, its options, the files on the map,
/// and what the map reported (its delegate's events, newest first) — to compare the approaches.
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

    /// Each approach in plain words: what a person sees and does.
    static var descriptions: [CalloutMode: String] {
        [
            .standard: tr("A bubble above the pin shows the place’s name and a line about it, with buttons on either side. Every place looks alike."),
            .custom: tr("Each kind of pin shows a bubble of its own design, in its own colours. Click the pin again to hide it."),
            .annotation: tr("The bubble is fixed to the map like a pin, so it stays exactly above its place while you move and zoom the map."),
            .popover: tr("A small window points at the pin. It takes the keyboard; click elsewhere or press Escape to close it."),
        ]
    }

    /// Called when the person puts the welcome away.
    var onWelcomeDismissed: (() -> Void)?

    /// The four ways in a sentence each, for the first run.
    static var welcomeText: String {
        tr("Click a pin to see what it is about. CalloutMap shows it in one of four ways — pick one at the top and compare:\n• Standard: a bubble over the pin\n• Custom: each pin’s own bubble\n• Annotation: a bubble fixed to the map\n• Popover: a small window pointing at the pin")
    }

    /// `files` is the list of files on the map, shown between the options and the events;
    /// `welcome` shows the first-run explanation at the top.
    init(temporaryTitle: Bool, popoverKeepsSelection: Bool, showsData: Bool, files: UnsafeMutablePointer<GtkWidget>, welcome: Bool) {
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
        gtk_box_append(cast(content), Self.heading(tr("How This Way Shows a Place")))
        gtk_box_append(cast(content), about)
        temporary = Self.check(tr("Show “Loading…” for a moment first"), active: temporaryTitle)
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
        // What the map told the app, newest first: how people compare the approaches. Plain
        // lines (nothing to click), under a heading that folds them away.
        list = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        cm_accessible_set_label(list, tr("What the map reported"))
        gtk_widget_set_margin_start(list, 6)
        let reported = gtk_expander_new(tr("What the map reported"))!
        gtk_expander_set_expanded(OpaquePointer(reported), 1)
        gtk_expander_set_child(OpaquePointer(reported), list)
        if let title = gtk_expander_get_label_widget(OpaquePointer(reported)) { gtk_widget_add_css_class(title, "heading") }
        for side in [gtk_widget_set_margin_start, gtk_widget_set_margin_end, gtk_widget_set_margin_top] { side(reported, 12) }
        gtk_widget_set_vexpand(reported, 1)
        gtk_box_append(cast(content), reported)
        Signal.connect(temporary, "toggled") { [weak self, temporary] in self?.onTemporaryTitle?(gtk_check_button_get_active(cast(temporary)) != 0) }
        Signal.connect(keeps, "toggled") { [weak self, keeps] in self?.onPopoverKeepsSelection?(gtk_check_button_get_active(cast(keeps)) != 0) }
        Signal.connect(data, "toggled") { [weak self] in self?.onShowsData?(gtk_check_button_get_active(cast(data)) != 0) }
        if welcome { gtk_box_prepend(cast(content), welcomeCard()) }
    }

    /// The first-run explanation: the four ways in plain words, and a button that puts it away.
    private func welcomeCard() -> UnsafeMutablePointer<GtkWidget> {
        let card = gtk_box_new(GTK_ORIENTATION_VERTICAL, 8)!
        gtk_widget_add_css_class(card, "card")
        for side in [gtk_widget_set_margin_start, gtk_widget_set_margin_end, gtk_widget_set_margin_top] { side(card, 12) }
        let inner = gtk_box_new(GTK_ORIENTATION_VERTICAL, 8)!
        for side in [gtk_widget_set_margin_start, gtk_widget_set_margin_end, gtk_widget_set_margin_top, gtk_widget_set_margin_bottom] {
            side(inner, 12)
        }
        let title = gtk_label_new(tr("Four Ways to Show a Place"))!
        gtk_widget_add_css_class(title, "heading")
        gtk_label_set_xalign(OpaquePointer(title), 0)
        let text = gtk_label_new(Self.welcomeText)!
        gtk_label_set_wrap(OpaquePointer(text), 1)
        gtk_label_set_xalign(OpaquePointer(text), 0)
        let done = gtk_button_new_with_label(tr("Got It"))!
        gtk_widget_set_halign(done, GTK_ALIGN_END)
        gtk_widget_add_css_class(done, "suggested-action")
        Signal.connect(done, "clicked") { [weak self, card] in
            gtk_widget_set_visible(card, 0)
            self?.onWelcomeDismissed?()
        }
        for w in [title, text, done] { gtk_box_append(cast(inner), w) }
        gtk_box_append(cast(card), inner)
        return card
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
        gtk_box_prepend(cast(list), row)
        rows += 1
        if rows > Self.capacity, let last = gtk_widget_get_last_child(list) {
            gtk_box_remove(cast(list), last)
            rows -= 1
        }
    }

    private static func heading(_ text: String) -> UnsafeMutablePointer<GtkWidget> {
        let l = gtk_label_new(text)!
        gtk_widget_add_css_class(l, "heading")
        gtk_label_set_wrap(OpaquePointer(l), 1)  // a long translation stays inside the panel
        gtk_widget_set_margin_end(l, 12)
        gtk_label_set_xalign(OpaquePointer(l), 0)
        gtk_widget_set_margin_start(l, 12)
        gtk_widget_set_margin_top(l, 12)
        return l
    }
}
