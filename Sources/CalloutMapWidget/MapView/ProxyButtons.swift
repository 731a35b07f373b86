import CCalloutMapGtk
import CalloutMapGtk

/// The invisible buttons that stand for things the map draws (pins, shapes) in the widget tree,
/// for keyboard focus and assistive technologies: made on demand as children of the map, kept
/// when unused for the next, taking no pointer input (the map hit-tests what it draws itself).
/// Their owner hears a click (Enter, Space, an assistive technology's action) and focus coming
/// and going, and brings them up to date on an idle, never during a snapshot or an allocation.
@MainActor
final class ProxyButtons {
    private let parent: () -> UnsafeMutablePointer<GtkWidget>?
    private var spare: [UnsafeMutablePointer<GtkWidget>] = []
    private var inUse: Set<UnsafeMutablePointer<GtkWidget>> = []
    private var syncScheduled = false
    var onClick: (UnsafeMutablePointer<GtkWidget>) -> Void = { _ in }
    var onFocusEnter: (UnsafeMutablePointer<GtkWidget>) -> Void = { _ in }
    var onFocusLeave: () -> Void = {}
    /// Called on the idle after `scheduleSync()`.
    var sync: () -> Void = {}

    /// Buttons for children of the widget `parent` gives (nil once it is gone).
    init(parent: @escaping () -> UnsafeMutablePointer<GtkWidget>?) { self.parent = parent }

    /// Runs `sync` on the next idle, once however often it is asked for before then.
    func scheduleSync() {
        guard !syncScheduled else { return }
        syncScheduled = true
        Timer.after(milliseconds: 0) { [weak self] in
            guard let self else { return }
            self.syncScheduled = false
            self.sync()
        }
    }

    /// Whether a child of the map is one of these buttons (in use or spare).
    func contains(_ widget: UnsafeMutablePointer<GtkWidget>) -> Bool { inUse.contains(widget) || spare.contains(widget) }

    /// A button, shown: a spare one or a new one.
    func take() -> UnsafeMutablePointer<GtkWidget> {
        let w: UnsafeMutablePointer<GtkWidget>
        if let reused = spare.popLast() {
            w = reused
            gtk_widget_set_visible(w, 1)
        } else {
            w = gtk_button_new()!
            gtk_widget_add_css_class(w, "pin-proxy")
            gtk_widget_set_can_target(w, 0)
            gtk_widget_set_focus_on_click(w, 0)
            gtk_widget_set_focusable(w, 0)
            gtk_widget_set_parent(w, parent())
            Signal.connect(w, "clicked") { [weak self] in self?.onClick(w) }
            let focus = gtk_event_controller_focus_new()!
            Signal.connect(focus, "enter") { [weak self] in self?.onFocusEnter(w) }
            Signal.connect(focus, "leave") { [weak self] in self?.onFocusLeave() }
            gtk_widget_add_controller(w, cm_controller(focus.rawObject))
        }
        inUse.insert(w)
        return w
    }

    /// Hides a button and keeps it for the next; focus on it goes back to the map.
    func recycle(_ w: UnsafeMutablePointer<GtkWidget>) {
        if gtk_widget_has_focus(w) != 0, let map = parent() { gtk_widget_grab_focus(map) }
        gtk_widget_set_visible(w, 0)
        inUse.remove(w)
        spare.append(w)
    }

    /// Unparents every button; the map is going away.
    func removeAll() {
        for w in Array(inUse) + spare { gtk_widget_unparent(w) }
        inUse.removeAll()
        spare.removeAll()
    }
}
