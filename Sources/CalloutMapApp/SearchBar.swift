import CCalloutMapAdw
import CCalloutMapGtk
import CalloutMapCore
import CalloutMapGtk
import CalloutMapWidget
import Foundation

/// Search (Ctrl+F, the header's search button, or typing a letter on the map): a GtkSearchBar
/// under the header bar, its results in a card over the top of the map. Every keystroke is
/// answered at once from the map's index (`MapView.search`): the loaded places and shapes, the
/// world's places, typed positions. Up and Down move through the results (the first is chosen
/// to begin with), Enter or a click goes there; Escape closes the bar and gives the map back
/// its focus.
@MainActor
final class SearchBar {
    /// The bar, to go under the header bar.
    let widget: UnsafeMutablePointer<GtkWidget>
    /// The results card, to lie over the map.
    let results: UnsafeMutablePointer<GtkWidget>
    private let entry: UnsafeMutablePointer<GtkWidget>
    private let list: UnsafeMutablePointer<GtkWidget>
    private let map: MapView
    private var shown: [MapSearchResult] = []
    private var reaskScheduled = false
    /// Called with each answer: the query and the titles shown.
    var onAnswer: (String, [String]) -> Void = { _, _ in }
    /// Called with the result chosen.
    var onChoose: (MapSearchResult) -> Void = { _ in }
    /// Called when the bar opens or closes.
    var onToggle: (Bool) -> Void = { _ in }

    /// Results listed at most.
    static let limit = 20

    init(map: MapView) {
        self.map = map
        widget = gtk_search_bar_new()!
        entry = gtk_search_entry_new()!
        cm_set_string_property(entry, "placeholder-text", tr("Search places, shapes or coordinates"))
        cm_accessible_set_label(entry, tr("Search"))
        // As wide as there is room for, up to 420 px: a phone-width window keeps its width.
        let clamp = adw_clamp_new()!
        adw_clamp_set_maximum_size(OpaquePointer(clamp), 420)
        adw_clamp_set_tightening_threshold(OpaquePointer(clamp), 300)
        adw_clamp_set_child(OpaquePointer(clamp), entry)
        gtk_widget_set_hexpand(clamp, 1)
        gtk_search_bar_set_child(OpaquePointer(widget), clamp)
        gtk_search_bar_connect_entry(OpaquePointer(widget), OpaquePointer(entry))
        gtk_search_bar_set_show_close_button(OpaquePointer(widget), 1)

        list = gtk_list_box_new()!
        gtk_list_box_set_selection_mode(OpaquePointer(list), GTK_SELECTION_BROWSE)
        gtk_list_box_set_activate_on_single_click(OpaquePointer(list), 1)
        cm_accessible_set_label(list, tr("Search results"))
        let scroller = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_policy(OpaquePointer(scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_propagate_natural_height(OpaquePointer(scroller), 1)
        gtk_scrolled_window_set_max_content_height(OpaquePointer(scroller), 360)
        gtk_scrolled_window_set_child(OpaquePointer(scroller), list)
        results = gtk_frame_new(nil)!
        gtk_frame_set_child(cast(results), scroller)
        gtk_widget_add_css_class(results, "view")
        gtk_widget_add_css_class(results, "card")
        gtk_widget_set_halign(results, GTK_ALIGN_CENTER)
        gtk_widget_set_valign(results, GTK_ALIGN_START)
        gtk_widget_set_margin_top(results, 8)
        gtk_widget_set_size_request(results, 340, -1)
        gtk_widget_set_visible(results, 0)

        Signal.connect(entry, "changed") { [weak self] in self?.answer() }
        Signal.connect(entry, "activate") { [weak self] in self?.chooseSelected() }
        Signal.connect(list, "row-activated") { [weak self] (row: UnsafeMutableRawPointer?) in
            guard let self, let row else { return }
            self.choose(at: Int(gtk_list_box_row_get_index(row.assumingMemoryBound(to: GtkListBoxRow.self))))
        }
        // Up and Down move through the results while the typing stays in the entry.
        let keys = gtk_event_controller_key_new()!
        gtk_event_controller_set_propagation_phase(cm_controller(keys.rawObject), GTK_PHASE_CAPTURE)
        Signal.connect(keys, "key-pressed") { [weak self] (keyval: UInt32, _: UInt32, _: UInt32) -> Bool in
            guard let self else { return false }
            switch Int32(keyval) {
            case GDK_KEY_Down, GDK_KEY_KP_Down: self.move(by: 1); return true
            case GDK_KEY_Up, GDK_KEY_KP_Up: self.move(by: -1); return true
            default: return false
            }
        }
        gtk_widget_add_controller(entry, cm_controller(keys.rawObject))
        Signal.connect(widget, "notify::search-mode-enabled") { [weak self] (_: UnsafeMutableRawPointer?) in
            guard let self else { return }
            let open = self.isOpen
            if !open {
                gtk_widget_set_visible(self.results, 0)
                if let map = self.map.gtkWidget { gtk_widget_grab_focus(map) }
            } else {
                self.answer()
            }
            self.onToggle(open)
        }
    }

    var isOpen: Bool { gtk_search_bar_get_search_mode(OpaquePointer(widget)) != 0 }

    /// Opens or closes the bar; opened, the entry takes the focus (`text` replaces what it held).
    func setOpen(_ open: Bool, text: String? = nil) {
        if open != isOpen { gtk_search_bar_set_search_mode(OpaquePointer(widget), open ? 1 : 0) }
        guard open else { return }
        map.prepareSearch()  // indexing starts as the search opens
        if let text {
            gtk_editable_set_text(OpaquePointer(entry), text)
            gtk_editable_set_position(OpaquePointer(entry), -1)
        }
        gtk_widget_grab_focus(entry)
    }

    /// Opens the bar if need be and puts the typing in it, what it holds selected (Ctrl+F).
    func focus() {
        setOpen(true)
        gtk_editable_select_region(OpaquePointer(entry), 0, -1)
    }

    /// Typing a letter on the map opens the search with it (digits, + and − stay the map's keys).
    func captureTyping(on widget: UnsafeMutablePointer<GtkWidget>) {
        let keys = gtk_event_controller_key_new()!
        Signal.connect(keys, "key-pressed") { [weak self] (keyval: UInt32, _: UInt32, state: UInt32) -> Bool in
            guard let self, state & (GDK_CONTROL_MASK.rawValue | GDK_ALT_MASK.rawValue | GDK_SUPER_MASK.rawValue) == 0 else { return false }
            let code = gdk_keyval_to_unicode(keyval)
            guard code > 0, let scalar = Unicode.Scalar(code), scalar.properties.isAlphabetic else { return false }
            self.setOpen(true, text: String(Character(scalar)))
            return true
        }
        gtk_widget_add_controller(widget, cm_controller(keys.rawObject))
    }

    /// The query's results, listed afresh, the first chosen; "No Results" when there are none.
    private func answer() {
        let query = String(cString: gtk_editable_get_text(OpaquePointer(entry)))
        shown = query.trimmingCharacters(in: .whitespaces).isEmpty ? [] : map.search(query, limit: Self.limit)
        while let row = gtk_widget_get_first_child(list) { gtk_list_box_remove(OpaquePointer(list), row) }
        for result in shown { gtk_list_box_append(OpaquePointer(list), Self.row(for: result)) }
        if shown.isEmpty, !query.trimmingCharacters(in: .whitespaces).isEmpty {
            let none = gtk_label_new(tr("No Results"))!
            gtk_widget_add_css_class(none, "dim-label")
            gtk_widget_set_margin_top(none, 12)
            gtk_widget_set_margin_bottom(none, 12)
            gtk_list_box_append(OpaquePointer(list), none)
            if let row = gtk_widget_get_first_child(list) {
                gtk_list_box_row_set_activatable(cast(row), 0)
                gtk_list_box_row_set_selectable(cast(row), 0)
            }
        }
        if let first = gtk_list_box_get_row_at_index(OpaquePointer(list), 0), !shown.isEmpty { gtk_list_box_select_row(OpaquePointer(list), first) }
        gtk_widget_set_visible(results, isOpen && !query.trimmingCharacters(in: .whitespaces).isEmpty ? 1 : 0)
        // Indexes still being built (search just opened, a file just loaded): asked again shortly.
        if map.isIndexingSearch, !reaskScheduled, isOpen {
            reaskScheduled = true
            Timer.after(milliseconds: 250) { [weak self] in
                self?.reaskScheduled = false
                self?.answer()
            }
        }
        // Screen readers hear how many results there are as they change.
        cm_accessible_set_description(entry, query.trimmingCharacters(in: .whitespaces).isEmpty ? ""
            : String(format: trn("%d result", "%d results", shown.count), shown.count))
        onAnswer(query, shown.map(\.title))
    }

    private func move(by step: Int) {
        guard !shown.isEmpty else { return }
        let current = gtk_list_box_get_selected_row(OpaquePointer(list)).map { Int(gtk_list_box_row_get_index($0)) } ?? -1
        let next = min(max(current + step, 0), shown.count - 1)
        if let row = gtk_list_box_get_row_at_index(OpaquePointer(list), Int32(next)) {
            gtk_list_box_select_row(OpaquePointer(list), row)
            // Keep it in view in the scrolled list.
            gtk_widget_grab_focus(cast(row))
            gtk_widget_grab_focus(entry)
            gtk_editable_set_position(OpaquePointer(entry), -1)
        }
    }

    private func chooseSelected() {
        guard let row = gtk_list_box_get_selected_row(OpaquePointer(list)) else { return }
        choose(at: Int(gtk_list_box_row_get_index(row)))
    }

    private func choose(at index: Int) {
        guard shown.indices.contains(index) else { return }
        let result = shown[index]
        gtk_widget_set_visible(results, 0)
        if let map = self.map.gtkWidget { gtk_widget_grab_focus(map) }
        onChoose(result)
    }

    /// A result's row: its title, and a second line saying what it is.
    private static func row(for result: MapSearchResult) -> UnsafeMutablePointer<GtkWidget> {
        let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 2)!
        gtk_widget_set_margin_start(box, 12)
        gtk_widget_set_margin_end(box, 12)
        gtk_widget_set_margin_top(box, 6)
        gtk_widget_set_margin_bottom(box, 6)
        let title = gtk_label_new(result.title.isEmpty ? tr("Untitled") : result.title)!  // plain text, never markup
        gtk_label_set_xalign(OpaquePointer(title), 0)
        gtk_label_set_ellipsize(OpaquePointer(title), PANGO_ELLIPSIZE_END)
        gtk_widget_add_css_class(title, "heading")
        let detail = gtk_label_new(describe(result))!
        gtk_label_set_xalign(OpaquePointer(detail), 0)
        gtk_label_set_ellipsize(OpaquePointer(detail), PANGO_ELLIPSIZE_END)
        gtk_widget_add_css_class(detail, "dim-label")
        gtk_widget_add_css_class(detail, "caption")
        gtk_box_append(cast(box), title)
        gtk_box_append(cast(box), detail)
        return box
    }

    /// The second line: what kind of thing, and where or whose.
    static func describe(_ result: MapSearchResult) -> String {
        switch result.item {
        case .annotation(let a):
            return a.subtitle.map { String(format: tr("Place · %@"), $0) } ?? tr("Place")
        case .overlay(let o):
            let kind = o.geometry.isArea ? tr("Area") : tr("Line")
            return o.subtitle.map { "\(kind) · \($0)" } ?? kind
        case .worldPlace(let p):
            // Found by another of its names: say which, or "paris" listing Warsaw reads as a mistake.
            return result.matchedName.map { String(format: tr("%@ · also “%@”"), p.localizedKind, $0) } ?? p.localizedKind
        case .coordinate:
            return tr("Position")
        }
    }
}
