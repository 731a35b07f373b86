import CCalloutMapAdw
import CCalloutMapGtk
import CalloutMapCore
import CalloutMapGtk
import CalloutMapWidget
import Foundation

/// What a callout's ⓘ or Details button opens, in every approach: the place whole — its full
/// title and subtitle, all its data, its coordinates with Copy — and Zoom to Place. A dialog
/// over the window (libadwaita's), at home in a phone-width window too. All plain text.
@MainActor
enum PlaceDetails {
    /// What is shown of a place.
    struct Place {
        var title: String
        var subtitle: String?
        var data: [(key: String, value: String)]
        var coordinate: Coordinate
    }

    /// Shows the details over `window`. `onZoom` moves the map to the place; `onCopy` hears
    /// the coordinates copied; `onClose` that the dialog went.
    static func present(_ place: Place, over window: UnsafeMutablePointer<GtkWidget>, onZoom: @escaping @MainActor () -> Void,
                        onCopy: @escaping @MainActor (String) -> Void, onClose: @escaping @MainActor () -> Void) {
        let dialog = adw_window_new()!
        gtk_window_set_transient_for(cm_window(dialog), cm_window(window))
        gtk_window_set_modal(cm_window(dialog), 1)
        gtk_window_set_application(cm_window(dialog), gtk_window_get_application(cm_window(window)))  // Ctrl+Q works there
        gtk_window_set_title(cm_window(dialog), place.title)
        // As wide and tall as suits it, but never past the window it belongs to (a phone's).
        let width = gtk_widget_get_width(window), height = gtk_widget_get_height(window)
        gtk_window_set_default_size(cm_window(dialog), width > 0 ? min(420, width) : 420, height > 0 ? min(520, height) : 520)
        gtk_widget_set_size_request(dialog, 300, 260)
        gtk_window_set_hide_on_close(cm_window(dialog), 0)

        let header = adw_header_bar_new()!
        let heading = adw_window_title_new(tr("Place Details"), nil)!
        adw_header_bar_set_title_widget(OpaquePointer(header), heading)

        let page = gtk_box_new(GTK_ORIENTATION_VERTICAL, 18)!
        for side in [gtk_widget_set_margin_start, gtk_widget_set_margin_end, gtk_widget_set_margin_top, gtk_widget_set_margin_bottom] {
            side(page, 18)
        }
        let title = label(place.title, classes: ["title-2"])
        gtk_box_append(cast(page), title)
        if let subtitle = place.subtitle, !subtitle.isEmpty { gtk_box_append(cast(page), label(subtitle, classes: ["dim-label"])) }

        if !place.data.isEmpty {
            gtk_box_append(cast(page), label(tr("Data"), classes: ["heading"]))
            let list = boxedList(tr("Data"))
            for entry in place.data {
                let (key, value) = DataText.entry(entry, groupingSeparator: Localization.groupingSeparator)
                gtk_list_box_append(OpaquePointer(list), row(key, value))
            }
            gtk_box_append(cast(page), list)
        }

        gtk_box_append(cast(page), label(tr("Location"), classes: ["heading"]))
        let location = boxedList(tr("Location"))
        let text = place.coordinate.decimalText
        let coordinates = row(tr("Coordinates"), text)
        let copy = gtk_button_new_from_icon_name("edit-copy-symbolic")!
        gtk_widget_add_css_class(copy, "flat")
        gtk_widget_set_valign(copy, GTK_ALIGN_CENTER)
        gtk_widget_set_tooltip_text(copy, tr("Copy Coordinates"))
        cm_accessible_set_label(copy, tr("Copy Coordinates"))
        Signal.connect(copy, "clicked") {
            gdk_clipboard_set_text(gtk_widget_get_clipboard(copy), text)
            onCopy(text)
        }
        gtk_box_append(cast(coordinates), copy)
        gtk_list_box_append(OpaquePointer(location), coordinates)
        gtk_box_append(cast(page), location)

        let zoom = gtk_button_new_with_mnemonic(tr("_Zoom to Place"))!
        gtk_widget_add_css_class(zoom, "pill")
        gtk_widget_add_css_class(zoom, "suggested-action")
        gtk_widget_set_halign(zoom, GTK_ALIGN_CENTER)
        cm_accessible_set_label(zoom, tr("Zoom to Place"))  // not the mnemonic's underscore
        Signal.connect(zoom, "clicked") {
            onZoom()
            gtk_window_close(cm_window(dialog))
        }
        gtk_box_append(cast(page), zoom)

        let clamp = adw_clamp_new()!
        adw_clamp_set_maximum_size(OpaquePointer(clamp), 560)
        adw_clamp_set_child(OpaquePointer(clamp), page)
        let scroller = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_policy(OpaquePointer(scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_child(OpaquePointer(scroller), clamp)
        gtk_widget_set_vexpand(scroller, 1)
        let content = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        gtk_box_append(cast(content), header)
        gtk_box_append(cast(content), scroller)
        adw_window_set_content(cast(dialog), content)

        // Escape closes it, as any dialog.
        let keys = gtk_event_controller_key_new()!
        Signal.connect(keys, "key-pressed") { (keyval: UInt32, _: UInt32, _: UInt32) -> Bool in
            guard keyval == UInt32(GDK_KEY_Escape) else { return false }
            gtk_window_close(cm_window(dialog))
            return true
        }
        gtk_widget_add_controller(dialog, cm_controller(keys.rawObject))
        Signal.connect(dialog, "destroy") { onClose() }
        gtk_window_present(cm_window(dialog))
        gtk_widget_grab_focus(zoom)
    }

    private static func boxedList(_ name: String) -> UnsafeMutablePointer<GtkWidget> {
        let list = gtk_list_box_new()!
        gtk_list_box_set_selection_mode(OpaquePointer(list), GTK_SELECTION_NONE)
        gtk_widget_add_css_class(list, "boxed-list")
        cm_accessible_set_label(list, name)
        return list
    }

    /// A row: the key small above its value, the value selectable to copy a part.
    private static func row(_ key: String, _ value: String) -> UnsafeMutablePointer<GtkWidget> {
        let row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
        for side in [gtk_widget_set_margin_start, gtk_widget_set_margin_end] { side(row, 12) }
        gtk_widget_set_margin_top(row, 8)
        gtk_widget_set_margin_bottom(row, 8)
        let texts = gtk_box_new(GTK_ORIENTATION_VERTICAL, 2)!
        gtk_widget_set_hexpand(texts, 1)
        gtk_box_append(cast(texts), label(key, classes: ["caption", "dim-label"]))
        gtk_box_append(cast(texts), label(value, classes: [], selectable: true))
        gtk_box_append(cast(row), texts)
        return row
    }

    /// A wrapping plain-text label.
    private static func label(_ text: String, classes: [String], selectable: Bool = false) -> UnsafeMutablePointer<GtkWidget> {
        let l = gtk_label_new(text)!
        gtk_label_set_wrap(OpaquePointer(l), 1)
        gtk_label_set_wrap_mode(OpaquePointer(l), PANGO_WRAP_WORD_CHAR)
        gtk_label_set_xalign(OpaquePointer(l), 0)
        if selectable { gtk_label_set_selectable(OpaquePointer(l), 1) }
        for c in classes { gtk_widget_add_css_class(l, c) }
        return l
    }
}
