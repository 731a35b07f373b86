import CCalloutMapGtk
import CalloutMapCore
import CalloutMapGtk

/// Annotations, their views and selection, as `MKMapView` has them.
extension MapView {
    public var annotations: [any Annotation] { annotationLayer.annotations.annotations }

    public func addAnnotations(_ new: [any Annotation]) {
        annotationLayer.add(new)
        pinProxies.scheduleSync()
        queueDraw()
    }

    public func addAnnotation(_ annotation: any Annotation) { addAnnotations([annotation]) }

    /// Removes annotations; a removed selected annotation is deselected first.
    public func removeAnnotations(_ gone: [any Annotation]) {
        if let selected = selectedAnnotation, gone.contains(where: { $0 === selected }) {
            deselectAnnotation(selected, animated: false)
        }
        annotationLayer.remove(gone)
        pinProxies.scheduleSync()
        queueDraw()
    }

    public func removeAnnotation(_ annotation: any Annotation) { removeAnnotations([annotation]) }

    public func register(_ viewClass: AnnotationView.Type, forAnnotationViewWithReuseIdentifier identifier: String) {
        annotationLayer.register(viewClass, forReuseIdentifier: identifier)
    }

    /// A view from the reuse pool (or a new one of the registered class), with `annotation` assigned.
    public func dequeueReusableAnnotationView(withIdentifier identifier: String, for annotation: any Annotation) -> AnnotationView {
        annotationLayer.dequeueView(withIdentifier: identifier, for: annotation)
    }

    /// The annotation's view, if it is on screen (or selected).
    public func view(for annotation: any Annotation) -> AnnotationView? { annotationLayer.view(for: annotation) }

    /// Views under a point in the map's coordinates, topmost first, by their shapes.
    public func annotationViews(at point: Point) -> [AnnotationView] {
        annotationLayer.layout(viewport)
        return annotationLayer.views(at: point)
    }

    /// The topmost view under a point in the map's coordinates, by its shape.
    public func annotationView(at point: Point) -> AnnotationView? {
        annotationLayer.layout(viewport)
        return annotationLayer.view(at: point)
    }

    /// Where an annotation is on screen now.
    public func point(for annotation: any Annotation) -> Point { viewport.screenPoint(for: annotation.coordinate) }

    /// Which annotations cluster together when they crowd (MapKit's `clusteringIdentifier`);
    /// nil for an annotation means it is never clustered. Clusters show their count and
    /// zoom in to where they split apart when clicked.
    public var clusteringIdentifier: ((any Annotation) -> String?)? {
        get { annotationLayer.clusteringIdentifier }
        set { annotationLayer.clusteringIdentifier = newValue; queueDraw() }
    }

    /// The open callout's frame in the map's coordinates (nil for none, or for a popover).
    public var calloutFrame: Rect? { callouts.frame }

    // MARK: Selection

    public var selectedAnnotation: (any Annotation)? { selectedView?.annotation }


    /// Selects an annotation, first bringing it into view if it is off screen
    /// (MapKit silently ignores that case). Selecting the selected one does nothing.
    public func selectAnnotation(_ annotation: any Annotation, animated: Bool = true) {
        // Clusters are the map's own annotations: selectable while they are shown.
        guard annotationLayer.annotations.contains(annotation) || annotationLayer.view(for: annotation) != nil else { return }
        if let current = selectedAnnotation, current === annotation { return }
        if let current = selectedAnnotation { deselectAnnotation(current, animated: animated) }
        let p = viewport.screenPoint(for: annotation.coordinate)
        if !Rect(x: 0, y: 0, width: viewport.size.width, height: viewport.size.height).contains(p) {
            setCenter(annotation.coordinate)
        }
        annotationLayer.keep(annotation)
        annotationLayer.layout(viewport)
        guard let view = annotationLayer.view(for: annotation) else { return }
        view.isSelected = true
        annotationLayer.restack(view)  // the selected view comes to the front
        pinProxies.scheduleSync()
        queueDraw()
        delegate?.mapView(self, didSelect: view)
        callouts.present(for: view)
    }

    public func deselectAnnotation(_ annotation: (any Annotation)? = nil, animated: Bool = true) {
        guard let view = selectedView, let selected = view.annotation else { return }
        if let annotation, annotation !== selected { return }
        if !callouts.popoverDetached { callouts.dismiss(animated: animated) }
        view.isSelected = false
        annotationLayer.restack(view)
        annotationLayer.release(selected)
        pinProxies.scheduleSync()
        queueDraw()
        delegate?.mapView(self, didDeselect: view)
    }

    // MARK: Clicks

    /// A click (a press that never became a drag) at a point in the map's coordinates.
    func clicked(at point: Point) {
        if callouts.contains(point) { return }
        // The press already hit-tested this point; nothing has moved since (it is a click).
        let hit = pressHit.flatMap { $0.point == point ? $0.view : nil } ?? annotationView(at: point)
        pressHit = nil
        if let hit, callouts.handleClick(on: hit, at: point) { return }
        guard let hit, hit.annotation != nil else {
            cycler.reset()
            deselectAnnotation()
            return
        }
        // Cycle in the order without the selection boost, so selecting does not reshuffle. The
        // pin on top as drawn is also on top without the boost, unless it is the selected one.
        var stack: [AnnotationView]?  // tested only if needed, then once
        func order() -> [AnnotationView] {
            if let stack { return stack }
            let sorted = annotationViews(at: point).sorted {
                $0.stackingKey.ignoringSelection.isAbove($1.stackingKey.ignoringSelection)
            }
            stack = sorted
            return sorted
        }
        let first = hit.isSelected ? (order().first ?? hit) : hit
        func identity(_ view: AnnotationView) -> ObjectIdentifier? { view.annotation.map(ObjectIdentifier.init) }
        guard let firstID = identity(first),
              let id = cycler.pick(at: point, top: firstID, stack: { order().compactMap(identity) }),
              let view = id == firstID ? first : order().first(where: { identity($0) == id }),
              let annotation = view.annotation else { return }
        if let cluster = annotation as? ClusterAnnotation,
           Double(annotationLayer.expansionZoom(of: cluster)) <= Viewport.zoomRange.upperBound {
            // A cluster: zoom to where it splits apart, centred on it.
            let target = Double(annotationLayer.expansionZoom(of: cluster))
            cycler.reset()
            zoom(by: target - viewport.zoom, keeping: viewport.screenPoint(for: cluster.coordinate))
            return
        }
        if view.isSelected {
            if calloutMode == .custom { callouts.toggleCustom() }
            if calloutMode == .popover && !callouts.isShowing { callouts.present(for: view) }
            return
        }
        selectAnnotation(annotation, animated: true)
    }
}
