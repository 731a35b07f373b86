import CCalloutMapGtk
import CalloutMapCore
import CalloutMapGtk
import Foundation

/// Keyboard focus and accessibility for shapes, as `PinProxies` gives them to pins: each
/// shape in view gets an invisible GtkButton child over the part of it in view, named for
/// what it is ("Harbor Trail, line, 2.3 km"), whose click selects it. One is focusable at a
/// time (a roving tab stop after the pins'), and the arrow keys move between shapes.
@MainActor
final class ShapeProxies: ProxyButtonsOwner {
    private unowned let map: MapView
    private var proxies: [ObjectIdentifier: (overlay: any Overlay, widget: UnsafeMutablePointer<GtkWidget>, frame: Rect)] = [:]
    private let buttons: ProxyButtons
    /// The shape whose proxy is the tab stop.
    private(set) var current: ObjectIdentifier?
    /// Whether one of its buttons has keyboard focus.
    var hasFocus: Bool { buttons.hasFocus }
    /// Past this many shapes in view, only the topmost get proxies (a screen reader lists them all).
    static let limit = 300

    init(map: MapView) {
        self.map = map
        buttons = ProxyButtons(parent: { [unowned map] in map.widget }, isDrawn: { [unowned map] in map.hasDrawnFirstFrame })
        buttons.owner = self
    }

    var count: Int { proxies.count }

    /// The shape with keyboard focus, while a proxy has it.
    var focused: (any Overlay)? { hasFocus ? current.flatMap { proxies[$0]?.overlay } : nil }

    /// The focusable proxy (the tab stop), if any.
    var tabStop: UnsafeMutablePointer<GtkWidget>? { current.flatMap { proxies[$0]?.widget } }

    /// Whether a child of the map is one of these proxies (shown or spare).
    func isProxy(_ widget: UnsafeMutablePointer<GtkWidget>) -> Bool { buttons.contains(widget) }

    /// Brings proxies up to date on the next idle (never during a snapshot or an allocation).
    func scheduleSync() { buttons.scheduleSync() }

    /// How a screen reader names a shape: its title, what it is, and its length or area.
    static func accessibleName(of overlay: any Overlay, locale: Locale) -> String {
        let kind = overlay.geometry.isArea ? tr("area") : tr("line")
        return "\(overlay.title ?? tr("Untitled")), \(kind), \(ShapeMeasure.text(of: overlay.geometry, locale: locale))"
    }

    func sync() {
        guard let mapWidget = map.widget else { return }
        let view = map.viewport
        var next: [ObjectIdentifier: (overlay: any Overlay, widget: UnsafeMutablePointer<GtkWidget>, frame: Rect)] = [:]
        let inView = map.overlayLayer.overlays(in: view.visibleBounds).reversed().prefix(Self.limit)
        for overlay in inView {
            guard let frame = map.overlayLayer.screenFrame(of: overlay, in: view) else { continue }
            let id = ObjectIdentifier(overlay)
            let widget = proxies[id]?.widget ?? buttons.take()
            next[id] = (overlay, widget, frame)
            cm_accessible_set_label(widget, Self.accessibleName(of: overlay, locale: map.numberLocale))
            cm_accessible_set_description(widget, overlay.subtitle ?? "")
            let selected = map.overlayLayer.selected.contains(ObjectIdentifier(overlay))
            if selected {
                gtk_widget_set_state_flags(widget, GTK_STATE_FLAG_SELECTED, 0)
            } else {
                gtk_widget_unset_state_flags(widget, GTK_STATE_FLAG_SELECTED)
            }
            cm_accessible_set_selected(widget, selected ? 1 : 0)
        }
        for (id, entry) in proxies where next[id] == nil { buttons.recycle(entry.widget) }
        proxies = next
        if current == nil || proxies[current!] == nil {
            // The topmost shape in view (the one a click in its middle would pick first).
            current = inView.first.map { ObjectIdentifier($0) }.flatMap { proxies[$0] != nil ? $0 : nil }
        }
        for (id, entry) in proxies { gtk_widget_set_focusable(entry.widget, id == current ? 1 : 0) }
        gtk_widget_queue_allocate(mapWidget)
    }

    /// Places each proxy over the part of its shape in view; called from the map's size_allocate.
    func allocate() {
        for entry in proxies.values { ProxyButtons.allocate(entry.widget, over: entry.frame) }
    }

    /// Moves keyboard focus to the nearest shape in a direction (by their frames' centres).
    func moveFocus(_ direction: SpatialNavigation.Direction) -> Bool {
        guard let from = current, let origin = proxies[from]?.frame.center else { return false }
        let others = proxies.filter { $0.key != from }.map { ($0.key, $0.value.frame.center) }
        guard let i = SpatialNavigation.nearest(from: origin, toward: direction, among: others.map(\.1)) else { return false }
        focus(others[i].0)
        return true
    }

    private func focus(_ id: ObjectIdentifier) {
        guard let entry = proxies[id] else { return }
        if let old = current, old != id, let oldEntry = proxies[old] { gtk_widget_set_focusable(oldEntry.widget, 0) }
        current = id
        gtk_widget_set_focusable(entry.widget, 1)
        gtk_widget_grab_focus(entry.widget)
    }

    /// Unparents every proxy; the map is going away.
    func removeAll() {
        buttons.removeAll()
        proxies.removeAll()
        current = nil
    }

    private func entry(of widget: UnsafeMutablePointer<GtkWidget>) -> (id: ObjectIdentifier, overlay: any Overlay, frame: Rect)? {
        proxies.first { $0.value.widget == widget }.map { ($0.key, $0.value.overlay, $0.value.frame) }
    }

    /// Enter or Space on a shape selects it, its callout at the middle of what is in view of it.
    func activated(_ widget: UnsafeMutablePointer<GtkWidget>) {
        guard let e = entry(of: widget) else { return }
        map.selectOverlay(e.overlay, at: map.overlayLayer.pointInView(of: e.overlay, in: map.viewport), animated: true)
    }

    func focusEntered(_ widget: UnsafeMutablePointer<GtkWidget>) {
        guard let e = entry(of: widget) else { return }
        current = e.id
        map.keyboardFocusMoved()
    }

    func focusLeft() { map.keyboardFocusMoved() }
}
