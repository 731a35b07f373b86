import CCalloutMapGtk
import CalloutMapCore
import CalloutMapGtk
import CalloutMapWidget
import Foundation

/// Where a chosen search result takes the map: there, in flight (the map's animation, which
/// follows the reduced-motion setting), and selected with its callout in the current approach.
/// A place of the world or a typed position has no pin of its own: it gets this one (one at a
/// time, as GNOME Maps marks its search result), with its data for the callout and details.
@MainActor
final class SearchPin {
    private let map: MapView
    private var pin: PointAnnotation?

    init(map: MapView) { self.map = map }

    func go(to result: MapSearchResult) {
        switch result.item {
        case .annotation(let a):
            map.showAnnotations([a], animated: true)
            map.selectAnnotation(a)
        case .overlay(let o):
            map.setRegion(o.boundingRegion, edgePadding: EdgeInsets(all: MapView.annotationRoom), animated: true)
            map.selectOverlay(o, at: result.coordinate)
        case .worldPlace(let place):
            show(place)
        case .coordinate(let c):
            mark(PointAnnotation(coordinate: c, title: c.decimalText, subtitle: tr("Position"), properties: ["kind": SearchPin.kind]),
                 zoom: max(map.zoom, 15))
        }
    }

    /// A place of the world, marked and flown to.
    func show(_ place: WorldPlace) {
        mark(WorldPlaceText.annotation(for: place), zoom: WorldPlaceText.zoom(for: place))
    }

    /// The `kind` of the pin: drawn as a marker, its data left out of nothing.
    nonisolated static let kind = "search"

    private func mark(_ annotation: PointAnnotation, zoom: Double) {
        if let pin { map.removeAnnotation(pin) }
        pin = annotation
        map.addAnnotation(annotation)
        // The view the map would show at that zoom, flown to.
        let widget = map.gtkWidget
        let size = Size(width: Double(max(1, widget.map(gtk_widget_get_width) ?? 1)), height: Double(max(1, widget.map(gtk_widget_get_height) ?? 1)))
        map.setRegion(Viewport(center: annotation.coordinate, zoom: zoom, size: size).visibleBounds, animated: true)
        map.selectAnnotation(annotation)
    }
}
