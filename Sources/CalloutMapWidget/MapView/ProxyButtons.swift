import CCalloutMapGtk
import CalloutMapCore
import CalloutMapGtk

/// The invisible buttons that stand for things the map draws (pins, shapes) in the widget tree,
/// for keyboard focus and assistive technologies: made on demand as children of the map, kept
/// when unused for the next, taking no pointer input (the map hit-tests what it draws itself).
/// Their owner hears a click (Enter, Space, an assistive technology's action) and focus coming
/// in, and brings them up to date on an idle, never during a snapshot or an allocation. Focus
/// moving in or out redraws the map (the focused thing is drawn with a ring).
@MainActor
protocol ProxyButtonsOwner: AnyObject {
    /// A button was clicked.
    func activated(_ button: UnsafeMutablePointer<GtkWidget>)
    /// A button took keyboard focus.
    func focusEntered(_ button: UnsafeMutablePointer<GtkWidget>)
    /// Focus left the buttons.
    func focusLeft()
    /// Brings the buttons up to date (on the idle after `scheduleSync()`).
    func sync()
}

@MainActor
final class ProxyButtons {
    private let parent: () -> UnsafeMutablePointer<GtkWidget>?
    private var spare: [UnsafeMutablePointer<GtkWidget>] = []
    private var inUse: Set<UnsafeMutablePointer<GtkWidget>> = []
    private var syncScheduled = false
    /// Whether one of the buttons has keyboard focus.
    private(set) var hasFocus = false
    weak var owner: ProxyButtonsOwner?

    private let isDrawn: () -> Bool

    /// Buttons for children of the widget `parent` gives (nil once it is gone), once `isDrawn`
    /// (the map has drawn its first frame).
    init(parent: @escaping () -> UnsafeMutablePointer<GtkWidget>?, isDrawn: @escaping () -> Bool) {
        self.parent = parent
        self.isDrawn = isDrawn
    }

    /// Runs `sync` on the next idle, once however often it is asked for before then. Not before
    /// the map's first frame, which asks again: buttons for a thousand pins not yet on screen
    /// cost that frame 10–35 ms.
    func scheduleSync() {
        guard !syncScheduled, isDrawn() else { return }
        syncScheduled = true
        Timer.after(milliseconds: 0) { [weak self] in
            guard let self else { return }
            self.syncScheduled = false
            self.owner?.sync()
        }
    }

    /// The widget the buttons are children of, while it exists.
    var parentWidget: UnsafeMutablePointer<GtkWidget>? { parent() }

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
            Signal.connect(w, "clicked") { [weak self] in self?.owner?.activated(w) }
            let focus = gtk_event_controller_focus_new()!
            Signal.connect(focus, "enter") { [weak self] in self?.focusChanged(to: w) }
            Signal.connect(focus, "leave") { [weak self] in self?.focusChanged(to: nil) }
            gtk_widget_add_controller(w, cm_controller(focus.rawObject))
        }
        inUse.insert(w)
        return w
    }

    private func focusChanged(to button: UnsafeMutablePointer<GtkWidget>?) {
        hasFocus = button != nil
        if let button { owner?.focusEntered(button) } else { owner?.focusLeft() }
        if let map = parent() { gtk_widget_queue_draw(map) }
    }

    /// Hides a button and keeps it for the next; focus on it goes back to the map.
    func recycle(_ w: UnsafeMutablePointer<GtkWidget>) {
        if gtk_widget_has_focus(w) != 0, let map = parent() { gtk_widget_grab_focus(map) }
        gtk_widget_set_visible(w, 0)
        inUse.remove(w)
        spare.append(w)
    }

    /// Places a button over a rectangle of the map (whole pixels, at least one each way);
    /// called from the map's size_allocate.
    static func allocate(_ button: UnsafeMutablePointer<GtkWidget>, over f: Rect) {
        var rect = GtkAllocation(x: Int32(f.minX.rounded()), y: Int32(f.minY.rounded()),
                                 width: Int32(max(1, f.width.rounded())), height: Int32(max(1, f.height.rounded())))
        gtk_widget_size_allocate(button, &rect, -1)
    }

    /// Unparents every button; the map is going away.
    func removeAll() {
        for w in Array(inUse) + spare { gtk_widget_unparent(w) }
        inUse.removeAll()
        spare.removeAll()
    }
}
