/// The map's three sets of invisible buttons for keyboard focus and screen readers — over the
/// pins on screen, the shapes in view, and the place names drawn — kept, laid out and let go
/// together, as every change of size, region or content asks of all three.
@MainActor
final class MapProxies {
    let pins: PinProxies
    let shapes: ShapeProxies
    let placeNames: PlaceNameProxies

    init(map: MapView) {
        pins = PinProxies(map: map)
        shapes = ShapeProxies(map: map)
        placeNames = PlaceNameProxies(map: map)
    }

    /// Brings every set up to date once the current frame's layout is over.
    func scheduleSync() {
        pins.scheduleSync()
        shapes.scheduleSync()
        placeNames.scheduleSync()
    }

    /// Places every set's buttons (inside the map's size allocation).
    func allocate() {
        pins.allocate()
        shapes.allocate()
        placeNames.allocate()
    }

    /// Removes every button (the map is going).
    func removeAll() {
        pins.removeAll()
        shapes.removeAll()
        placeNames.removeAll()
    }
}

extension MapView {
    /// Invisible buttons over the pins on screen: keyboard focus and accessibility.
    var pinProxies: PinProxies { proxies.pins }
    /// One Tab stop for the shapes in view, arrows between them.
    var shapeProxies: ShapeProxies { proxies.shapes }
    /// The place names drawn, for screen readers.
    var placeNameProxies: PlaceNameProxies { proxies.placeNames }
}
