import CCalloutMapGtk
import CalloutMapCore
import CalloutMapGtk

/// A dismissable notification over the top of the map listing what was wrong
/// with the data files (GNOME's in-app notification style). Plain text only.
@MainActor
final class ProblemBanner {
    static let shownProblems = 4

    let widget: UnsafeMutablePointer<GtkWidget>
    private let label: UnsafeMutablePointer<GtkWidget>

    init() {
        widget = gtk_revealer_new()
        gtk_revealer_set_transition_type(OpaquePointer(widget), GTK_REVEALER_TRANSITION_TYPE_SLIDE_DOWN)
        gtk_widget_set_halign(widget, GTK_ALIGN_CENTER)
        gtk_widget_set_valign(widget, GTK_ALIGN_START)

        let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)!
        gtk_widget_add_css_class(box, "app-notification")
        label = gtk_label_new(nil)
        gtk_label_set_wrap(OpaquePointer(label), 1)
        gtk_label_set_max_width_chars(OpaquePointer(label), 80)
        gtk_label_set_xalign(OpaquePointer(label), 0)
        gtk_label_set_selectable(OpaquePointer(label), 1)
        let close = IconButton.make("window-close-symbolic", tooltip: "Dismiss", flat: true)
        gtk_box_append(cast(box), label)
        gtk_box_append(cast(box), close)
        gtk_revealer_set_child(OpaquePointer(widget), box)
        Signal.connect(close, "clicked") { [weak self] in self?.hide() }
    }

    func show(_ problems: [GeoJSONProblem]) { show(messages: problems.map(\.description)) }

    /// Shows the first few messages (plain text) and how many more there are.
    func show(messages: [String]) {
        var lines = Array(messages.prefix(Self.shownProblems))
        if messages.count > Self.shownProblems {
            lines.append("… and \(messages.count - Self.shownProblems) more (all are on standard error)")
        }
        gtk_label_set_text(OpaquePointer(label), lines.joined(separator: "\n"))
        gtk_revealer_set_reveal_child(OpaquePointer(widget), 1)
    }

    func hide() { gtk_revealer_set_reveal_child(OpaquePointer(widget), 0) }
}
