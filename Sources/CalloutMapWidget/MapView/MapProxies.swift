import CCalloutMapGtk
import CalloutMapCore
import CalloutMapGtk
import Foundation

/// Pins on screen: one button each, named by its title; the selected pin (or the one nearest
/// the centre) is the tab stop, the arrow keys move between pins, a click selects.
typealias PinProxies = ProxySet<ObjectIdentifier, AnnotationView>
/// Shapes in view: one button over the part of each in view, named for what it is ("Harbor
/// Trail, line, 2.3 km"); a tab stop after the pins', arrows between shapes, a click selects.
typealias ShapeProxies = ProxySet<ObjectIdentifier, any Overlay>
/// Place names drawn: one button over each, named for the place ("Lyon, Town in France"),
/// whose action tells the delegate; no tab stop — the keyboard reaches places through search —
/// so a screen reader lists them without a Tab stop per town.
typealias PlaceNameProxies = ProxySet<Int, WorldPlace>
/// What a vector map draws that can be selected (`MapView.selectableMapFeatures`): one button
/// over each named thing in view ("Café Strindberg, Café"), nearest the centre first, at most
/// `MapProxies.limit`; a tab stop after the shapes', arrows between them, a click selects.
typealias MapFeatureProxies = ProxySet<String, MapFeature>

/// The map's four sets of invisible buttons for keyboard focus and screen readers — over the
/// pins on screen, the shapes in view, the place names drawn and the map's own features in
/// view — kept, laid out and let go together, as every change of size, region or content asks
/// of all four.
@MainActor
final class MapProxies {
    /// Past this many shapes or names in view, only the topmost shapes and the most important
    /// names get buttons (a screen reader lists them all).
    static let limit = 300

    let pins: PinProxies
    let shapes: ShapeProxies
    let placeNames: PlaceNameProxies
    let mapFeatures: MapFeatureProxies

    init(pins: PinProxies, shapes: ShapeProxies, placeNames: PlaceNameProxies, mapFeatures: MapFeatureProxies) {
        self.pins = pins
        self.shapes = shapes
        self.placeNames = placeNames
        self.mapFeatures = mapFeatures
    }

    private var all: [any ProxySetProtocol] { [pins, shapes, placeNames, mapFeatures] }

    /// Brings every set up to date once the current frame's layout is over.
    func scheduleSync() { all.forEach { $0.scheduleSync() } }

    /// Places every set's buttons (inside the map's size allocation).
    func allocate() { all.forEach { $0.allocate() } }

    /// Removes every button (the map is going).
    func removeAll() { all.forEach { $0.removeAll() } }
}

extension ProxySet where Key == ObjectIdentifier, Item == AnnotationView {
    /// Gives keyboard focus to a pin's button.
    func focus(_ view: AnnotationView) { focus(ObjectIdentifier(view)) }
    /// A pin's button, while it is on screen.
    func widget(for view: AnnotationView) -> UnsafeMutablePointer<GtkWidget>? { widget(for: ObjectIdentifier(view)) }
}

extension ProxySet where Item == any Overlay {
    /// How a screen reader names a shape: its title, what it is, and its length or area.
    static func accessibleName(of overlay: any Overlay, locale: Locale) -> String {
        let kind = overlay.geometry.isArea ? tr("area") : tr("line")
        return "\(overlay.title ?? tr("Untitled")), \(kind), \(ShapeMeasure.text(of: overlay.geometry, locale: locale))"
    }
}

extension ProxySet where Item == WorldPlace {
    /// The places named, by their buttons' accessible names, most important first (for tests).
    var names: [String] { items.sorted { $0.rank < $1.rank }.map(\.accessibleName) }
}

extension ProxySet where Key == Int, Item == WorldPlace {
    /// The button of a place named in view (for tests).
    func widget(forPlaceNamed name: String) -> UnsafeMutablePointer<GtkWidget>? {
        items.first { $0.name == name }.flatMap { widget(for: $0.rank) }
    }
}
