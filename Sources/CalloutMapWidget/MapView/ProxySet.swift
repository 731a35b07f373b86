import CCalloutMapGtk
import CalloutMapCore
import CalloutMapGtk

/// Invisible buttons standing for things the map draws — pins, shapes, place names — so the
/// keyboard and assistive technologies reach them: one button over each thing `contents` lists
/// (named, described, marked selected), kept up to date on an idle, placed in the map's
/// allocation. With `hasTabStop`, one button at a time is focusable (a roving tab stop: the
/// things are one stop in the Tab order and the arrow keys move between them); without, none is
/// (a screen reader lists and activates them, the Tab order skips them). Generic over what it
/// stands for; it knows the map only through the closures it is given.
/// What `MapProxies` does with every set alike.
@MainActor
protocol ProxySetProtocol: AnyObject {
    func scheduleSync()
    func allocate()
    func removeAll()
}

@MainActor
final class ProxySet<Key: Hashable, Item>: ProxyButtonsOwner, ProxySetProtocol {
    /// One thing to stand for.
    struct Entry {
        var key: Key
        var item: Item
        /// Where its button lies, in the map's coordinates.
        var frame: Rect
        /// Where the arrow keys measure from (a pin's point, a shape's middle).
        var point: Point
        /// What a screen reader calls it.
        var label: String
        var description = ""
        /// Whether it is selected; nil for things that are never selected.
        var isSelected: Bool?
    }

    /// What to stand for now, and which of it is to be the tab stop.
    struct Contents {
        var entries: [Entry]
        /// Takes the tab stop while the keyboard is not among the buttons (the selected pin:
        /// Tab then reaches it and its callout next).
        var claimant: Key?
        /// The tab stop when the last one has gone and nothing claims it.
        var fallback: Key?
    }

    private let buttons: ProxyButtons
    private let hasTabStop: Bool
    private let contents: () -> Contents
    private let placeNow: ((Item) -> (frame: Rect, point: Point))?
    private var shown: [Key: (entry: Entry, widget: UnsafeMutablePointer<GtkWidget>)] = [:]
    /// The thing whose button is the tab stop.
    private var currentKey: Key?

    /// Told when a button is clicked (Enter, Space, an assistive technology's action).
    var onActivate: ((Item) -> Void)?
    /// Told when keyboard focus comes to a button, moves between them, or leaves them.
    var onFocusChange: (() -> Void)?

    /// Buttons as children of the widget `parent` gives (nil once it is gone), made once
    /// `isDrawn` (the first frame is up), standing for what `contents` lists at each sync.
    /// `placeNow` gives where a thing is at any moment, for things that move with the map between
    /// syncs (pins, every frame of a pan); without it, the entries' frames and points are used.
    init(parent: @escaping () -> UnsafeMutablePointer<GtkWidget>?, isDrawn: @escaping () -> Bool,
         hasTabStop: Bool, placeNow: ((Item) -> (frame: Rect, point: Point))? = nil, contents: @escaping () -> Contents) {
        buttons = ProxyButtons(parent: parent, isDrawn: isDrawn)
        self.hasTabStop = hasTabStop
        self.placeNow = placeNow
        self.contents = contents
        buttons.owner = self
    }

    var count: Int { shown.count }
    /// Whether one of its buttons has keyboard focus.
    var hasFocus: Bool { buttons.hasFocus }
    /// The thing whose button is the tab stop.
    var current: Item? { currentKey.flatMap { shown[$0]?.entry.item } }
    /// The thing with keyboard focus, while a button has it.
    var focused: Item? { hasFocus ? current : nil }
    /// The things stood for now, in no order.
    var items: [Item] { shown.values.map(\.entry.item) }

    /// The button standing for a thing, while it is in view.
    func widget(for key: Key) -> UnsafeMutablePointer<GtkWidget>? { shown[key]?.widget }

    /// Whether a child of the map is one of these buttons (shown or spare).
    func isProxy(_ widget: UnsafeMutablePointer<GtkWidget>) -> Bool { buttons.contains(widget) }

    /// Brings the buttons up to date on the next idle (never during a snapshot or an allocation).
    func scheduleSync() { buttons.scheduleSync() }

    func sync() {
        guard let parent = buttons.parentWidget else { return }
        let now = contents()
        var next: [Key: (entry: Entry, widget: UnsafeMutablePointer<GtkWidget>)] = [:]
        for entry in now.entries where next[entry.key] == nil {
            let old = shown[entry.key]
            let widget = old?.widget ?? buttons.take()
            if old?.entry.label != entry.label { cm_accessible_set_label(widget, entry.label) }
            if old?.entry.description != entry.description { cm_accessible_set_description(widget, entry.description) }
            if let selected = entry.isSelected {
                // :selected for CSS, and the selected state for assistive technologies.
                if selected {
                    gtk_widget_set_state_flags(widget, GTK_STATE_FLAG_SELECTED, 0)
                } else {
                    gtk_widget_unset_state_flags(widget, GTK_STATE_FLAG_SELECTED)
                }
                cm_accessible_set_selected(widget, selected ? 1 : 0)
            }
            next[entry.key] = (entry, widget)
        }
        for (key, old) in shown where next[key] == nil { buttons.recycle(old.widget) }
        shown = next
        if hasTabStop {
            let claimant = now.claimant.flatMap { shown[$0] != nil ? $0 : nil }
            if let claimant, !hasFocus {
                currentKey = claimant
            } else if currentKey.map({ shown[$0] == nil }) ?? true {
                currentKey = claimant ?? now.fallback.flatMap { shown[$0] != nil ? $0 : nil }
            }
        }
        for (key, entry) in shown { gtk_widget_set_focusable(entry.widget, hasTabStop && key == currentKey ? 1 : 0) }
        gtk_widget_queue_allocate(parent)
    }

    /// Places each button over its thing; called from the map's size_allocate.
    func allocate() {
        for (entry, widget) in shown.values { ProxyButtons.allocate(widget, over: placeNow?(entry.item).frame ?? entry.frame) }
    }

    /// Moves keyboard focus to the nearest thing in a direction; false when there is none.
    func moveFocus(_ direction: SpatialNavigation.Direction) -> Bool {
        guard let from = currentKey, let origin = shown[from].map({ point(of: $0.entry) }) else { return false }
        let others = shown.filter { $0.key != from }.map { ($0.key, point(of: $0.value.entry)) }
        guard let i = SpatialNavigation.nearest(from: origin, toward: direction, among: others.map(\.1)) else { return false }
        focus(others[i].0)
        return true
    }

    private func point(of entry: Entry) -> Point { placeNow?(entry.item).point ?? entry.point }

    /// Gives keyboard focus to a thing's button (it becomes the tab stop).
    func focus(_ key: Key) {
        guard let entry = shown[key] else { return }
        if let old = currentKey, old != key, let oldEntry = shown[old] { gtk_widget_set_focusable(oldEntry.widget, 0) }
        currentKey = key
        gtk_widget_set_focusable(entry.widget, 1)
        gtk_widget_grab_focus(entry.widget)
    }

    /// Unparents every button; the map is going away.
    func removeAll() {
        buttons.removeAll()
        shown.removeAll()
        currentKey = nil
    }

    private func key(of widget: UnsafeMutablePointer<GtkWidget>) -> Key? {
        shown.first { $0.value.widget == widget }?.key
    }

    func activated(_ widget: UnsafeMutablePointer<GtkWidget>) {
        guard let key = key(of: widget), let item = shown[key]?.entry.item else { return }
        onActivate?(item)
    }

    func focusEntered(_ widget: UnsafeMutablePointer<GtkWidget>) {
        guard let key = key(of: widget) else { return }
        currentKey = key
        onFocusChange?()
    }

    func focusLeft() { onFocusChange?() }
}
