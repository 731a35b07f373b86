import CCalloutMapGtk
import CalloutMapCore
import CalloutMapGtk
import CalloutMapWidget
import Foundation

/// The app's map delegate: gives the demo's pins their views, fills a selected place's callout
/// with its data, and reports what the map does — as `--log-events` JSON on standard output and
/// as lines in the side panel, which is how people compare the approaches.
@MainActor
final class MapReport: MapViewDelegate {
    private let events: EventLog
    private let window: UnsafeMutablePointer<GtkWidget>
    /// A line for the side panel: what happened, and to what.
    var log: (String, String) -> Void = { _, _ in }
    /// Something the window's actions depend on changed (the selection, the zoom, a popover).
    var onChange: (() -> Void)?
    /// A callout's button was clicked (after it is reported).
    var onAccessory: ((AnnotationView, CalloutControl) -> Void)?
    /// A place of the world was chosen on the map (a screen reader's action on its name).
    var onChoosePlace: ((WorldPlace) -> Void)?
    /// The context menu copied this text.
    var onCopy: ((String) -> Void)?
    /// Whether the side panel shows (for `ready`).
    var panelShown: (() -> Bool)?
    /// The files whose places `--select` names.
    weak var files: PlaceFiles?
    /// Titles to select once the first frame is drawn (`--select`).
    var initialSelection: [String] = []
    /// Whether places from files show their data in their callouts (the side panel's switch).
    var showsData = true
    /// Callouts shown but not yet reported (they report once laid out), and those reported.
    private var calloutsPending: Set<ObjectIdentifier> = []
    private var calloutsReported: Set<ObjectIdentifier> = []
    /// A popover callout is open: Escape is its own to close it.
    private(set) var popoverOpen = false
    /// The header bar's spinner and line for background work.
    private let activity: ActivityIndicator
    /// The last percentage the header bar showed for the cluster build in progress.
    private var clusteringPercent = 0

    init(events: EventLog, window: UnsafeMutablePointer<GtkWidget>, activity: ActivityIndicator) {
        self.events = events
        self.window = window
        self.activity = activity
    }

    func mapView(_ mapView: MapView, viewFor annotation: any Annotation) -> AnnotationView? {
        DemoViews.view(for: annotation, in: mapView)
    }

    func mapView(_ mapView: MapView, didSelect view: AnnotationView) {
        // A place from a file, or a search's, shows its data as the callout's detail view (made
        // now, for this pin only).
        if let point = view.annotation as? PointAnnotation, point.kind == nil || point.kind == SearchPin.kind {
            var data = point.properties.shown
            if point.kind != nil { data["kind"] = nil }  // a search's pin: "search" is not its data
            view.detailCalloutAccessory = showsData && !data.isEmpty ? .properties(Localization.readable(data)) : nil
        }
        if let anchor = view.annotation as? OverlayAnchor, let shape = anchor.overlay as? ShapeOverlay {
            view.detailCalloutAccessory = showsData ? .properties(Localization.readable(shape.shownData)) : nil
        }
        if let feature = (view.annotation as? MapFeatureAnnotation)?.feature {
            // What the tiles say beyond the title and the subtitle (its names, class and subclass in
            // words there; its rank among neighbours is not data).
            var data = AnnotationProperties()
            for (key, value) in feature.properties.sorted(by: { $0.key < $1.key })
            where !key.hasPrefix("name") && !["rank", "class", "subclass"].contains(key) {
                data[key] = value
            }
            view.detailCalloutAccessory = showsData && !data.isEmpty ? .properties(Localization.readable(data)) : nil
        }
        // A file's place or shape, a search's pin and the demo's context places have details of
        // their own: an ⓘ opens them in every approach (the custom and annotation approaches
        // have their Details button).
        let kind = (view.annotation as? PointAnnotation)?.kind
        if view.annotation is OverlayAnchor || (view.annotation is PointAnnotation && (kind == nil || kind == SearchPin.kind || kind == "place")) {
            view.rightCalloutAccessory = .detailDisclosure()
        }
        events.emit(annotationEvent("select", view, mapView))
        log(tr("Selected"), view.annotation?.title ?? "")
        onChange?()
    }

    func mapView(_ mapView: MapView, didDeselect view: AnnotationView) {
        events.emit(annotationEvent("deselect", view, mapView))
        log(tr("Deselected"), view.annotation?.title ?? "")
        onChange?()
    }

    func mapView(_ mapView: MapView, annotationView view: AnnotationView,
                 calloutAccessoryControlTapped control: CalloutControl) {
        var event = annotationEvent("accessory", view, mapView)
        let name = control.label
        event["control"] = name
        events.emit(event)
        log(String(format: tr("Accessory tapped: %@"), name), view.annotation?.title ?? "")
        onAccessory?(view, control)
    }

    /// Large sets cluster in the background: a spinner says so, the map stays usable.
    func mapView(_ mapView: MapView, didChoose place: WorldPlace) {
        onChoosePlace?(place)
    }

    func mapView(_ mapView: MapView, clusteringInProgress inProgress: Bool) {
        clusteringPercent = 0
        let count = mapView.annotations.count
        activity.setClustering(inProgress ? String(format: trn("Clustering %@ place…", "Clustering %@ places…", count), localized(count)) : nil)
        log(inProgress ? tr("Clustering…") : tr("Clusters ready"),
                  String(format: trn("%@ place", "%@ places", count), localized(count)))
        events.emit(["event": inProgress ? "clustering-started" : "clustering-finished"])
    }

    /// The header bar counts up as zoom levels are done.
    func mapView(_ mapView: MapView, clusteringProgress done: Double) {
        let percent = Int((done * 100).rounded(.down))
        guard percent > clusteringPercent else { return }
        clusteringPercent = percent
        let count = mapView.annotations.count
        activity.setClustering(String(format: trn("Clustering %@ place… %d %%", "Clustering %@ places… %d %%", count),
                                      localized(count), percent))
        events.emit(["event": "clustering-progress", "percent": percent])
    }

    func mapView(_ mapView: MapView, didShowCalloutFor view: AnnotationView) {
        // Reported once laid out, with where it is (map coordinates; none for a popover). A callout
        // hidden before then is reported neither shown nor hidden: the events always pair up.
        let id = ObjectIdentifier(view)
        calloutsPending.insert(id)
        if mapView.calloutMode(for: view) == .popover {
            popoverOpen = true
            onChange?()
        }
        Timer.after(milliseconds: 50) { [weak self, weak view] in
            guard let self, let view, self.calloutsPending.remove(id) != nil else { return }
            self.calloutsReported.insert(id)
            var event = self.annotationEvent("callout-shown", view, mapView)
            if let a = view.annotation, let f = mapView.calloutFrame(for: a) { event["callout"] = EventLog.rect(f) }
            self.events.emit(event)
        }
    }

    func mapView(_ mapView: MapView, didHideCalloutFor view: AnnotationView) {
        let id = ObjectIdentifier(view)
        calloutsPending.remove(id)
        if popoverOpen {
            popoverOpen = false
            onChange?()
        }
        guard calloutsReported.remove(id) != nil else { return }
        events.emit(annotationEvent("callout-hidden", view, mapView))
    }

    /// A reported callout moved on its pin (another opened beside it, its content grew).
    func mapView(_ mapView: MapView, didPlaceCalloutFor view: AnnotationView, frame: Rect) {
        guard calloutsReported.contains(ObjectIdentifier(view)) else { return }
        var event = annotationEvent("callout-placed", view, mapView)
        event["callout"] = EventLog.rect(frame)
        events.emit(event)
    }

    func mapView(_ mapView: MapView, didShowChooserWith annotations: [any Annotation]) {
        events.emit(["event": "chooser-shown", "titles": annotations.map { $0.title ?? "" }])
    }

    func mapView(_ mapView: MapView, didOpenContextMenuAt coordinate: Coordinate, title: String?) {
        var event: [String: Any] = ["event": "context-menu", "lat": coordinate.latitude, "lon": coordinate.longitude]
        if let title { event["title"] = title }
        events.emit(event)
    }

    func mapView(_ mapView: MapView, didCopy text: String) {
        onCopy?(text)
    }

    func mapView(_ mapView: MapView, didShowTooltipWith title: String) {
        events.emit(["event": "tooltip-shown", "title": title])
    }

    func mapViewDidHideChooser(_ mapView: MapView) {
        events.emit(["event": "chooser-hidden"])
    }

    func mapView(_ mapView: MapView, didCloseCalloutPopoverFor view: AnnotationView) {
        events.emit(annotationEvent("popover-closed", view, mapView))
        log(tr("Popover closed"), view.annotation?.title ?? "")
        popoverOpen = false
        onChange?()
    }

    func mapView(_ mapView: MapView, annotationView view: AnnotationView,
                 didChange newState: AnnotationDragState, fromOldState oldState: AnnotationDragState) {
        var event = annotationEvent("drag", view, mapView)
        event["state"] = newState.rawValue
        events.emit(event)
    }

    private func annotationEvent(_ name: String, _ view: AnnotationView, _ mapView: MapView) -> [String: Any] {
        var event: [String: Any] = ["event": name, "title": view.annotation?.title ?? NSNull(), "mode": mapView.calloutMode(for: view).rawValue]
        if view.annotation is OverlayAnchor { event["kind"] = "overlay" }  // where the shape was clicked: lat, lon
        if let feature = (view.annotation as? MapFeatureAnnotation)?.feature {
            event["kind"] = "map-feature"
            event["layer"] = feature.layer
        }
        if let c = view.annotation?.coordinate {
            event["lat"] = c.latitude
            event["lon"] = c.longitude
        }
        return event
    }

    func mapViewDidFinishRenderingFirstFrame(_ mapView: MapView) {
        for (i, title) in initialSelection.enumerated() {
            if let a = files?.annotations.first(where: { $0.title == title }) {
                mapView.selectAnnotation(a, animated: false, addingToSelection: i > 0)
            } else if let shape = files?.overlays.first(where: { $0.title == title }) {
                // A shape by its title: its callout at its middle.
                mapView.selectOverlay(shape, animated: false, addingToSelection: i > 0)
            }
        }
        initialSelection = []
        events.emit([
            "event": "ready",
            "map": mapGeometry(mapView),
            "center": EventLog.coordinate(mapView.centerCoordinate),
            "zoom": mapView.zoom,
            "scale": mapView.scaleFactor,
            "mode": mapView.calloutMode.rawValue,
            "panel": panelShown?() ?? false,
        ])
    }

    func mapView(_ mapView: MapView, didChangeSize size: Size) {
        events.emit(["event": "map-resized", "map": mapGeometry(mapView)])
    }

    /// The map's frame in the window's surface, as clients driving the pointer need it.
    private func mapGeometry(_ mapView: MapView) -> [String: Double] {
        var origin = graphene_point_t(), inWindow = graphene_point_t()
        _ = gtk_widget_compute_point(mapView.gtkWidget, window, &origin, &inWindow)
        // Client-side decorations put a shadow margin between the surface's corner and the window widget.
        var dx = 0.0, dy = 0.0
        gtk_native_get_surface_transform(OpaquePointer(window), &dx, &dy)
        let size = mapView.viewport.size
        return ["x": Double(inWindow.x) + dx, "y": Double(inWindow.y) + dy, "width": size.width, "height": size.height]
    }

    func mapView(_ mapView: MapView, regionDidChangeAnimated animated: Bool) {
        onChange?()
        var event: [String: Any] = ["event": "region", "center": EventLog.coordinate(mapView.centerCoordinate), "zoom": mapView.zoom]
        if let f = mapView.calloutFrame { event["callout"] = EventLog.rect(f) }
        events.emit(event)
        let c = mapView.centerCoordinate
        log(tr("Region changed"), String(format: tr("%@, %@ at zoom %@"), localized(c.latitude, digits: 4),
                                               localized(c.longitude, digits: 4),
                                               localized(mapView.zoom, digits: 1)))
    }
}

extension ShapeOverlay {
    /// What the app shows of a shape (its callout, its details): its length or area first, then its data.
    var shownData: AnnotationProperties {
        var data: AnnotationProperties = [geometry.isArea ? tr("Area") : tr("Length"):
                                            ShapeMeasure.text(of: geometry, locale: Localization.numbers)]
        for (key, value) in properties.shown where data[key] == nil { data[key] = value }
        return data
    }
}
