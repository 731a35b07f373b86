import CCalloutMapAdw
import CCalloutMapGtk
import CalloutMapGtk
import Foundation

/// Asks for tiles on a server: a TileJSON document's URL (what tipg, Martin and TileServer GL
/// publish) or a URL template with {z}, {x} and {y}. Open is offered only for an http(s) URL;
/// Enter in the entry opens, Escape cancels. The window opens what was given as `--tiles` would.
@MainActor
enum TileLocationDialog {
    static func present(over window: UnsafeMutablePointer<GtkWidget>, onOpen: @escaping @MainActor (String) -> Void) {
        let d = adw_message_dialog_new(cm_window(window), tr("Open Tiles Location"),
                                       tr("A TileJSON document, or tiles by a URL template with {z}, {x} and {y}."))!
        let entry = gtk_entry_new()!
        gtk_entry_set_placeholder_text(cast(entry), "https://…/tiles.json")
        gtk_entry_set_input_purpose(cast(entry), GTK_INPUT_PURPOSE_URL)
        gtk_entry_set_activates_default(cast(entry), 1)
        cm_accessible_set_label(entry, tr("Tiles URL"))
        adw_message_dialog_set_extra_child(cast(d), entry)
        adw_message_dialog_add_response(cast(d), "cancel", tr("_Cancel"))
        adw_message_dialog_add_response(cast(d), "open", tr("_Open"))
        adw_message_dialog_set_response_appearance(cast(d), "open", ADW_RESPONSE_SUGGESTED)
        adw_message_dialog_set_default_response(cast(d), "open")
        adw_message_dialog_set_close_response(cast(d), "cancel")
        adw_message_dialog_set_response_enabled(cast(d), "open", 0)
        func text() -> String { String(cString: gtk_editable_get_text(OpaquePointer(entry))).trimmingCharacters(in: .whitespaces) }
        Signal.connect(entry, "changed") {
            adw_message_dialog_set_response_enabled(cast(d), "open", isServerURL(text()) ? 1 : 0)
        }
        Signal.connect(d, "response") { (response: UnsafeMutableRawPointer?) in
            guard let response, String(cString: response.assumingMemoryBound(to: CChar.self)) == "open", isServerURL(text()) else { return }
            onOpen(text())
        }
        gtk_window_set_application(cm_window(d), gtk_window_get_application(cm_window(window)))  // Ctrl+Q works there
        gtk_window_present(cm_window(d))
    }

    /// An http(s) URL with a host: what a tile server answers at.
    static func isServerURL(_ text: String) -> Bool {
        let lower = text.lowercased()
        guard let scheme = ["http://", "https://"].first(where: lower.hasPrefix) else { return false }
        return !text.dropFirst(scheme.count).prefix { $0 != "/" }.isEmpty && !text.contains(" ")
    }
}
