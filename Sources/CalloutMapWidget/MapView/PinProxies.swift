import CCalloutMapGtk
import CalloutMapCore
import CalloutMapGtk

/// Keyboard focus and accessibility for pins that are drawn, not widgets.
/// Each pin on screen gets an invisible GtkButton child named by its title
/// (so AT-SPI lists it as a button, and its click action selects the pin).
/// Proxies take no pointer input — the map hit-tests pins itself — and only
/// one is focusable at a time (a roving tab stop), so the pin layer is a
/// single stop in the Tab order and the arrow keys move between pins.
@MainActor
final class PinProxies: ProxyButtonsOwner {
    private unowned let map: MapView
    private var proxies: [ObjectIdentifier: (view: AnnotationView, widget: UnsafeMutablePointer<GtkWidget>)] = [:]
    private let buttons: ProxyButtons
    /// The pin whose proxy is the tab stop.
    private(set) var current: AnnotationView?
    /// Whether one of its buttons has keyboard focus.
    var hasFocus: Bool { buttons.hasFocus }

    init(map: MapView) {
        self.map = map
        buttons = ProxyButtons(parent: { [unowned map] in map.widget }, isDrawn: { [unowned map] in map.hasDrawnFirstFrame })
        buttons.owner = self
    }

    var count: Int { proxies.count }

    /// Brings proxies up to date on the next idle (never during a snapshot or an allocation).
    func scheduleSync() { buttons.scheduleSync() }

    func sync() {
        guard let mapWidget = map.widget else { return }
        map.annotationLayer.layout(map.viewport)
        let bounds = map.viewport.bounds
        let onScreen = map.annotationLayer.sortedViews.filter { $0.annotation != nil && $0.frame.intersects(bounds) }
        var next: [ObjectIdentifier: (view: AnnotationView, widget: UnsafeMutablePointer<GtkWidget>)] = [:]
        for view in onScreen {
            let id = ObjectIdentifier(view)
            let widget = proxies[id]?.widget ?? buttons.take()
            next[id] = (view, widget)
            cm_accessible_set_label(widget, view.accessibilityLabel ?? tr("Pin"))
            cm_accessible_set_description(widget, view.annotation?.subtitle ?? "")
            // :selected for CSS, and the selected state for assistive technologies.
            if view.isSelected {
                gtk_widget_set_state_flags(widget, GTK_STATE_FLAG_SELECTED, 0)
            } else {
                gtk_widget_unset_state_flags(widget, GTK_STATE_FLAG_SELECTED)
            }
            cm_accessible_set_selected(widget, view.isSelected ? 1 : 0)
        }
        for (id, entry) in proxies where next[id] == nil { buttons.recycle(entry.widget) }
        proxies = next
        // The tab stop is the selected pin (however it was selected: Tab then reaches it and its
        // callout next), unless the keyboard is among the pins; else the last one while on screen.
        let selected = map.selectedView.flatMap { proxies[ObjectIdentifier($0)] != nil ? $0 : nil }
        if let selected, !hasFocus {
            current = selected
        } else if current == nil || proxies[ObjectIdentifier(current!)] == nil {
            current = selected ?? nearestToCentre(onScreen)
        }
        for (id, entry) in proxies {
            gtk_widget_set_focusable(entry.widget, id == current.map(ObjectIdentifier.init) ? 1 : 0)
        }
        gtk_widget_queue_allocate(mapWidget)
    }

    /// Places each proxy over its pin; called from the map's size_allocate.
    func allocate() {
        for entry in proxies.values { ProxyButtons.allocate(entry.widget, over: entry.view.frame) }
    }

    /// Moves keyboard focus to the nearest pin in a direction; false when there is none.
    func moveFocus(_ direction: SpatialNavigation.Direction) -> Bool {
        guard let from = current else { return false }
        let others = proxies.values.map(\.view).filter { $0 !== from }
        guard let i = SpatialNavigation.nearest(from: from.anchor, toward: direction, among: others.map(\.anchor)) else {
            return false
        }
        focus(others[i])
        return true
    }

    func focus(_ view: AnnotationView) {
        guard let entry = proxies[ObjectIdentifier(view)] else { return }
        if let old = current, let oldEntry = proxies[ObjectIdentifier(old)], old !== view {
            gtk_widget_set_focusable(oldEntry.widget, 0)
        }
        current = view
        gtk_widget_set_focusable(entry.widget, 1)
        gtk_widget_grab_focus(entry.widget)
    }

    func widget(for view: AnnotationView) -> UnsafeMutablePointer<GtkWidget>? { proxies[ObjectIdentifier(view)]?.widget }

    /// Whether a child of the map is one of these proxies (shown or spare).
    func isProxy(_ widget: UnsafeMutablePointer<GtkWidget>) -> Bool { buttons.contains(widget) }

    /// Unparents every proxy; the map is going away.
    func removeAll() {
        buttons.removeAll()
        proxies.removeAll()
        current = nil
    }

    private func nearestToCentre(_ views: [AnnotationView]) -> AnnotationView? {
        let c = Point(x: map.viewport.size.width / 2, y: map.viewport.size.height / 2)
        return views.min { ($0.anchor - c).length < ($1.anchor - c).length }
    }

    private func view(of widget: UnsafeMutablePointer<GtkWidget>) -> AnnotationView? {
        proxies.values.first { $0.widget == widget }?.view
    }

    func activated(_ widget: UnsafeMutablePointer<GtkWidget>) {
        guard let view = view(of: widget), let annotation = view.annotation else { return }
        map.selectAnnotation(annotation)
    }

    func focusEntered(_ widget: UnsafeMutablePointer<GtkWidget>) {
        guard let view = view(of: widget) else { return }
        current = view
        map.keyboardFocusMoved()
    }

    func focusLeft() { map.keyboardFocusMoved() }
}
