import CCalloutMapGtk
import CalloutMapGtk

/// Work going on in the background, at the end of the header bar: a spinner and a short
/// dim line ("Loading… 85,000 places", "Clustering 170,391 places…"), hidden when idle.
/// Loading comes before clustering; each says when it is done.
@MainActor
final class ActivityIndicator {
    let widget: UnsafeMutablePointer<GtkWidget>
    private let spinner: UnsafeMutablePointer<GtkWidget>
    private let label: UnsafeMutablePointer<GtkWidget>
    private var loading: String?
    private var clustering: String?

    init() {
        widget = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)
        spinner = gtk_spinner_new()
        label = gtk_label_new(nil)
        gtk_widget_add_css_class(label, "dim-label")
        gtk_widget_add_css_class(label, "numeric")  // digits that do not jiggle as they count up
        // The line never widens the header bar, so it never grows the window (the map would
        // change size under the pointer): it is cut with "…" and shown whole in the tooltip.
        gtk_label_set_ellipsize(OpaquePointer(label), PANGO_ELLIPSIZE_END)
        gtk_label_set_max_width_chars(OpaquePointer(label), 28)
        gtk_label_set_width_chars(OpaquePointer(label), 1)
        gtk_box_append(cast(widget), spinner)
        gtk_box_append(cast(widget), label)
        gtk_widget_set_visible(widget, 0)
    }

    /// What is loading (nil: done).
    func setLoading(_ text: String?) {
        loading = text
        update()
    }

    /// What is clustering (nil: done).
    func setClustering(_ text: String?) {
        clustering = text
        update()
    }

    private func update() {
        guard let text = loading ?? clustering else {
            gtk_spinner_stop(OpaquePointer(spinner))
            gtk_widget_set_visible(widget, 0)
            return
        }
        gtk_label_set_text(OpaquePointer(label), text)  // plain text: file names are never markup
        cm_accessible_set_label(spinner, text)
        gtk_widget_set_tooltip_text(widget, text)
        gtk_widget_set_visible(widget, 1)
        gtk_spinner_start(OpaquePointer(spinner))
    }
}
