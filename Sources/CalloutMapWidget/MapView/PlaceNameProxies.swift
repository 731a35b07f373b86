import CCalloutMapGtk
import CalloutMapCore
import CalloutMapGtk

/// The world's place names in the widget tree, as `PinProxies` puts pins there: each name the
/// map shows in view gets an invisible button over its text, named for the place ("Lyon, Town
/// in France"), whose action tells the delegate the place was chosen. They are not in the Tab
/// order — the keyboard reaches places through search — so a screen reader lists and
/// activates them without a Tab stop per town.
@MainActor
final class PlaceNameProxies: ProxyButtonsOwner {
    private unowned let map: MapView
    private var proxies: [Int: (place: WorldPlace, widget: UnsafeMutablePointer<GtkWidget>, frame: Rect)] = [:]
    private let buttons: ProxyButtons
    /// Past this many names in view, only the most important get proxies (they come first).
    static let limit = 300

    init(map: MapView) {
        self.map = map
        buttons = ProxyButtons(parent: { [unowned map] in map.widget }, isDrawn: { [unowned map] in map.hasDrawnFirstFrame })
        buttons.owner = self
    }

    var count: Int { proxies.count }

    /// The places named, by their proxies' accessible names (for tests).
    var names: [String] { proxies.values.sorted { $0.place.rank < $1.place.rank }.map(\.place.accessibleName) }

    /// The proxy of a place named in view (for tests).
    func widget(forPlaceNamed name: String) -> UnsafeMutablePointer<GtkWidget>? {
        proxies.values.first { $0.place.name == name }?.widget
    }

    /// Whether a child of the map is one of these proxies (shown or spare).
    func isProxy(_ widget: UnsafeMutablePointer<GtkWidget>) -> Bool { buttons.contains(widget) }

    /// Brings proxies up to date on the next idle (never during a snapshot or an allocation).
    func scheduleSync() { buttons.scheduleSync() }

    func sync() {
        guard let mapWidget = map.widget else { return }
        let bounds = map.viewport.bounds
        let inView = (map.shownPlaceLabels?.placedFrames(in: map.viewport) ?? []).filter { $0.frame.intersects(bounds) }
            .prefix(Self.limit)
        var next: [Int: (place: WorldPlace, widget: UnsafeMutablePointer<GtkWidget>, frame: Rect)] = [:]
        for (place, frame) in inView {
            let widget = proxies[place.rank]?.widget ?? buttons.take()
            if proxies[place.rank] == nil { cm_accessible_set_label(widget, place.accessibleName) }
            next[place.rank] = (place, widget, frame)
        }
        for (rank, entry) in proxies where next[rank] == nil { buttons.recycle(entry.widget) }
        proxies = next
        gtk_widget_queue_allocate(mapWidget)
    }

    /// Places each proxy over its name; called from the map's size_allocate.
    func allocate() {
        for entry in proxies.values { ProxyButtons.allocate(entry.widget, over: entry.frame) }
    }

    /// Unparents every proxy; the map is going away.
    func removeAll() {
        buttons.removeAll()
        proxies.removeAll()
    }

    /// An assistive technology's action on a name: the delegate hears the place was chosen.
    func activated(_ widget: UnsafeMutablePointer<GtkWidget>) {
        guard let place = proxies.values.first(where: { $0.widget == widget })?.place else { return }
        map.delegate?.mapView(map, didChoose: place)
    }

    func focusEntered(_ widget: UnsafeMutablePointer<GtkWidget>) {}
    func focusLeft() {}
}
