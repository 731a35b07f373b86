import CCalloutMapAdw
import CCalloutMapGtk
import CalloutMapCore
import CalloutMapGtk
import Foundation

/// Short notices over the window (libadwaita's toasts): what opened, and problems — bad files,
/// unreachable tile servers — with a Details button that lists every message in a dialog.
/// Text from data is escaped: a toast's title is markup in libadwaita 1.2.
@MainActor
final class Toasts {
    /// How much of the map's bottom a toast covers: in libadwaita 1.2 it is 46 px high and 24 px
    /// above the map's edge (measured in a screenshot; the overlay does not say).
    static let height = 70.0

    /// The AdwToastOverlay; put the window's content in it with `setChild`.
    let widget: UnsafeMutablePointer<GtkWidget>
    private let window: UnsafeMutablePointer<GtkWidget>  // owns us, through MainWindow
    /// Called with each toast's title as it shows (for `--log-events`).
    var onShow: ((String) -> Void)?

    init(window: UnsafeMutablePointer<GtkWidget>) {
        self.window = window
        widget = adw_toast_overlay_new()
    }

    func setChild(_ child: UnsafeMutablePointer<GtkWidget>) {
        adw_toast_overlay_set_child(OpaquePointer(widget), child)
    }

    /// A notice with an optional button (e.g. "Remove" after a file opened).
    func show(_ title: String, button: String? = nil, timeout: UInt32 = 5, _ action: (@MainActor () -> Void)? = nil) {
        let toast = adw_toast_new(markupEscaped(title))!
        adw_toast_set_timeout(toast, timeout)
        if let button, let action {
            adw_toast_set_button_label(toast, button)
            Signal.connect(toast, "button-clicked") { action() }
        }
        adw_toast_overlay_add_toast(OpaquePointer(widget), toast)  // takes the reference
        onShow?(title)
    }

    /// Problems with files: one toast saying how many and where, its Details the whole list.
    func show(_ problems: [GeoJSONProblem]) {
        guard !problems.isEmpty else { return }
        let files = Set(problems.map(\.file))
        let title: String
        if files.count == 1, let file = files.first {
            let name = URL(fileURLWithPath: file).lastPathComponent
            if problems.count == 1, problems[0].severity == .fatal {
                title = String(format: tr("Could not open “%@”"), name)
            } else {
                title = String(format: trn("%d problem in “%@”", "%d problems in “%@”", problems.count), problems.count, name)
            }
        } else {
            title = String(format: trn("Problems in %d file", "Problems in %d files", files.count), files.count)
        }
        showProblem(title, details: problems.map(\.description))
    }

    /// A problem: the title in a toast that stays until dismissed, the details a click away.
    func showProblem(_ title: String, details: [String]) {
        show(title, button: tr("Details"), timeout: 0) { [weak self] in self?.presentDetails(title, details) }
    }

    private func presentDetails(_ heading: String, _ lines: [String]) {
        let d = adw_message_dialog_new(cm_window(window), heading, nil)!
        let text = gtk_label_new(lines.joined(separator: "\n"))!  // plain text, selectable to copy
        gtk_label_set_selectable(OpaquePointer(text), 1)
        gtk_label_set_wrap(OpaquePointer(text), 1)
        gtk_label_set_wrap_mode(OpaquePointer(text), PANGO_WRAP_WORD_CHAR)
        gtk_label_set_xalign(OpaquePointer(text), 0)
        gtk_label_set_yalign(OpaquePointer(text), 0)
        let scroller = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_child(OpaquePointer(scroller), text)
        gtk_scrolled_window_set_policy(OpaquePointer(scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_propagate_natural_height(OpaquePointer(scroller), 1)
        gtk_scrolled_window_set_max_content_height(OpaquePointer(scroller), 320)
        gtk_widget_set_size_request(scroller, 420, -1)
        adw_message_dialog_set_extra_child(cast(d), scroller)
        adw_message_dialog_add_response(cast(d), "close", tr("_Close"))
        adw_message_dialog_set_default_response(cast(d), "close")
        adw_message_dialog_set_close_response(cast(d), "close")
        gtk_window_set_application(cm_window(d), gtk_window_get_application(cm_window(window)))  // Ctrl+Q works there
        gtk_window_present(cm_window(d))
    }
}
