import CCalloutMapAdw
import CCalloutMapGtk
import CalloutMapCore
import CalloutMapGtk
import Foundation

/// What a problem toast's Details shows: every problem, grouped by file under the file's name,
/// each as where in the file (a feature, a line) and what happened to it, then the reason —
/// the whole list scrollable, and a Copy button that puts the full report (with paths, as
/// standard error has it) on the clipboard. All plain text: data is never markup.
@MainActor
enum ProblemsDialog {
    /// One problem as shown: its file's path (nil for one with no file, such as a tile server),
    /// where in the file, and the reason.
    struct Entry {
        var file: String?
        var place: String?
        var reason: String
        /// The line copied for it, as standard error writes it.
        var report: String

        init(file: String?, place: String?, reason: String, report: String) {
            self.file = file
            self.place = place
            self.reason = reason
            self.report = report
        }

        /// A problem in a file of places.
        init(_ problem: PlaceFileProblem) {
            // A feature with an id is named by it too: its reader finds it by that sooner.
            let location = problem.feature.map { n in
                problem.featureID.map { String(format: tr("Feature %d (id “%@”)"), n, String($0.prefix(60))) }
                    ?? String(format: tr("Feature %d"), n)
            }
                ?? problem.record.map { String(format: tr("Record %d"), $0) }
                ?? problem.line.map { String(format: tr("Line %d"), $0) }
            let place: String? = switch problem.severity {
            case .skipped: location.map { String(format: tr("%@, left out"), $0) } ?? tr("Left out")
            case .adjusted: location
            case .fatal: tr("Not opened")
            }
            self.init(file: problem.file, place: place, reason: problem.message, report: problem.description)
        }

        /// A line of its own (a tile server's error, what the map shows instead).
        init(message: String) {
            self.init(file: nil, place: nil, reason: message, report: message)
        }
    }

    /// Rows the dialog shows, in order: each file's name, then its problems (for `--log-events`).
    static func rows(_ entries: [Entry]) -> [String] {
        var rows: [String] = [], file: String?? = .none
        for e in entries {
            if file != .some(e.file), let path = e.file {
                rows.append(URL(fileURLWithPath: path).lastPathComponent)
            }
            file = .some(e.file)
            rows.append([e.place, e.reason].compactMap { $0 }.joined(separator: ": "))
        }
        return rows
    }

    /// Shows the dialog over `window`; `onCopy` hears the text copied.
    static func present(_ heading: String, _ entries: [Entry], over window: UnsafeMutablePointer<GtkWidget>,
                        onCopy: @escaping @MainActor (String) -> Void) {
        let d = adw_message_dialog_new(cm_window(window), heading, nil)!
        let content = gtk_box_new(GTK_ORIENTATION_VERTICAL, 12)!
        let list = gtk_list_box_new()!
        gtk_list_box_set_selection_mode(OpaquePointer(list), GTK_SELECTION_NONE)
        gtk_widget_add_css_class(list, "boxed-list")
        cm_accessible_set_label(list, heading)
        var file: String?? = .none
        for e in entries {
            if file != .some(e.file), let path = e.file {
                // The file's name heads its problems; the whole path is a hover away.
                let name = label(URL(fileURLWithPath: path).lastPathComponent, classes: ["heading"])
                gtk_widget_set_tooltip_text(name, path)
                gtk_widget_set_margin_top(name, 6)
                gtk_widget_set_margin_bottom(name, 6)
                gtk_widget_set_margin_start(name, 12)
                gtk_list_box_append(OpaquePointer(list), name)
                if let row = gtk_widget_get_parent(name) { gtk_list_box_row_set_activatable(cast(row), 0) }
            }
            file = .some(e.file)
            let row = gtk_box_new(GTK_ORIENTATION_VERTICAL, 2)!
            for margin in [gtk_widget_set_margin_start, gtk_widget_set_margin_end] { margin(row, 12) }
            gtk_widget_set_margin_top(row, 8)
            gtk_widget_set_margin_bottom(row, 8)
            if let place = e.place { gtk_box_append(cast(row), label(place, classes: ["caption-heading"])) }
            gtk_box_append(cast(row), label(e.reason, classes: []))
            gtk_list_box_append(OpaquePointer(list), row)
            if let r = gtk_widget_get_parent(row) { gtk_list_box_row_set_activatable(cast(r), 0) }
        }
        let scroller = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_child(OpaquePointer(scroller), list)
        gtk_scrolled_window_set_policy(OpaquePointer(scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_propagate_natural_height(OpaquePointer(scroller), 1)
        gtk_scrolled_window_set_max_content_height(OpaquePointer(scroller), 360)
        gtk_box_append(cast(content), scroller)

        let report = entries.map(\.report).joined(separator: "\n") + "\n"
        let copy = gtk_button_new()!
        let copyLabel = adw_button_content_new()!
        adw_button_content_set_icon_name(OpaquePointer(copyLabel), "edit-copy-symbolic")
        adw_button_content_set_label(OpaquePointer(copyLabel), tr("_Copy All"))
        adw_button_content_set_use_underline(OpaquePointer(copyLabel), 1)
        gtk_button_set_child(cast(copy), copyLabel)
        gtk_widget_set_halign(copy, GTK_ALIGN_CENTER)
        gtk_widget_set_tooltip_text(copy, tr("Copy every problem, with the files’ full paths"))
        cm_accessible_set_label(copy, tr("Copy All"))
        Signal.connect(copy, "clicked") {
            gdk_clipboard_set_text(gtk_widget_get_clipboard(copy), report)
            adw_button_content_set_label(OpaquePointer(copyLabel), tr("Copied"))
            onCopy(report)
        }
        gtk_box_append(cast(content), copy)

        // libadwaita 1.2 sizes the dialog between 300 px and 550 (or its window less 60), and a
        // scrolled list of wrapping lines measures its height for a width it is not given: at
        // 300 px the last line was cut. The list asks for the width it will have, as wide as
        // the window leaves room for, up to 440 (about 60 characters a line).
        let room = Int32(gtk_widget_get_width(window)) - 2 * 30 - 2 * 24
        gtk_widget_set_size_request(content, max(252, min(440, room)), -1)
        adw_message_dialog_set_extra_child(cast(d), content)
        adw_message_dialog_add_response(cast(d), "close", tr("_Close"))
        adw_message_dialog_set_default_response(cast(d), "close")
        adw_message_dialog_set_close_response(cast(d), "close")
        gtk_window_set_application(cm_window(d), gtk_window_get_application(cm_window(window)))  // Ctrl+Q works there
        gtk_window_present(cm_window(d))
    }

    /// A wrapping, selectable plain-text label.
    private static func label(_ text: String, classes: [String]) -> UnsafeMutablePointer<GtkWidget> {
        let l = gtk_label_new(text)!
        gtk_label_set_wrap(OpaquePointer(l), 1)
        gtk_label_set_wrap_mode(OpaquePointer(l), PANGO_WRAP_WORD_CHAR)
        gtk_label_set_max_width_chars(OpaquePointer(l), 48)
        gtk_label_set_xalign(OpaquePointer(l), 0)
        gtk_label_set_selectable(OpaquePointer(l), 1)
        for c in classes { gtk_widget_add_css_class(l, c) }
        return l
    }
}
