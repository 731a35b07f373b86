import CCalloutMapGtk
import CalloutMapCore
import CalloutMapGtk
import Foundation

/// Selection, as `MKMapView` has it, for several items at once: a click selects one, Ctrl+click
/// adds an item or takes it out; the last selected is the primary. Every selected item shows its
/// callout (the popover approach: the primary's). The selection decides; callouts follow.
extension MapView {
    /// The primary selected annotation (the last selected), if any; a selected overlay's is its `OverlayAnchor`.
    /// Before the map has a size, the last of those to be selected when it has one.
    public var selectedAnnotation: (any Annotation)? { selection.primary }

    /// Every selected annotation, in the order selected (the primary last).
    /// Before the map has a size, those to be selected when it has one.
    public var selectedAnnotations: [any Annotation] { selection.items }

    /// The primary's open callout's frame in the map's coordinates (nil for none, or for a popover).
    public var calloutFrame: Rect? { selectedView.flatMap { callouts.frame(for: $0) } }

    /// An annotation's open callout's frame in the map's coordinates, for the map as it is now
    /// (nil when it has none open, or it is a popover).
    public func calloutFrame(for annotation: any Annotation) -> Rect? {
        selectedView(of: annotation).flatMap { callouts.frame(for: $0) }
    }

    /// Selects an annotation, first bringing it into view if it is off screen (MapKit silently
    /// ignores that case), and opens its callout. Without `addingToSelection` the other selected
    /// items are deselected, and selecting the only selected one does nothing; with it, the others
    /// stay selected and it becomes the primary. Asked before the map has a size (its window not
    /// yet shown), it is done when the map gets one, after any region asked for by then.
    public func selectAnnotation(_ annotation: any Annotation, animated: Bool = true, addingToSelection adding: Bool = false) {
        // Clusters are the map's own annotations: selectable while they are shown.
        guard annotationLayer.annotations.contains(annotation) || annotationLayer.view(for: annotation) != nil else { return }
        let change = selection.select(annotation, adding: adding)
        apply(change.deselected, animated: animated)
        if let promoted = change.promoted, let view = selectedView(of: promoted) {
            annotationLayer.restack(view)  // the primary now
            pinProxies.scheduleSync()
            queueDraw()
            if calloutMode(for: view) == .popover { callouts.present(for: view) }
        }
        if change.selected != nil { show(selected: annotation, animated: animated) }
    }

    /// Marks a newly selected annotation's view and shows its callout, first bringing it into view.
    private func show(selected annotation: any Annotation, animated: Bool) {
        let p = viewport.screenPoint(for: annotation.coordinate)
        if !viewport.bounds.contains(p) {
            setCenter(annotation.coordinate)
        }
        annotationLayer.keep(annotation)
        annotationLayer.layout(viewport)
        guard let view = annotationLayer.view(for: annotation) else {
            annotationLayer.release(annotation)
            return selection.forget(annotation)
        }
        view.isSelected = true
        annotationLayer.restack(view)  // the selected view comes to the front
        pinProxies.scheduleSync()
        queueDraw()
        delegate?.mapView(self, didSelect: view)
        delegate?.mapView(self, didSelect: annotation)
        tooltips.focus.hide()  // the callout says it now
        callouts.present(for: view)
        if calloutMode(for: view) == .popover, !popoverKeepsSelection, callouts.isShowing(for: view) {
            callouts.keepAfterDeselection(view)  // the pin is deselected once the popover shows
            deselectAnnotation(annotation, animated: animated)
        }
    }

    /// Deselects an annotation, or every selected one when nil; their callouts go. Deselecting
    /// the primary makes the one selected before it the primary.
    public func deselectAnnotation(_ annotation: (any Annotation)? = nil, animated: Bool = true) {
        // A shape waiting to be selected has its anchor on the map already: it goes with it.
        let waiting = selection.isReady ? [] : selection.items.filter { annotation == nil || $0 === annotation }
        apply(selection.deselect(annotation).deselected, animated: animated)
        for case let anchor as OverlayAnchor in waiting { overlayDeselected(anchor) }
        for case let feature as MapFeatureAnnotation in waiting { annotationLayer.detach(feature) }
    }

    /// The view shown selected for an annotation.
    private func selectedView(of annotation: any Annotation) -> AnnotationView? {
        annotationLayer.selectedViews.first { $0.annotation === annotation }
    }

    /// Unmarks the views of annotations the selection let go, in the order selected (the primary
    /// last: it stays the primary until then); a popover then follows the primary left.
    private func apply(_ deselected: [any Annotation], animated: Bool) {
        guard !deselected.isEmpty else { return }
        for annotation in deselected {
            if let view = selectedView(of: annotation) { deselect(view, animated: animated) }
        }
        if let primary = selectedView, calloutMode(for: primary) == .popover, !callouts.isShowing(for: primary) {
            callouts.present(for: primary)
        }
    }

    private func deselect(_ view: AnnotationView, animated: Bool) {
        guard let selected = view.annotation else { return }
        callouts.dismiss(for: view, animated: animated)
        view.isSelected = false
        annotationLayer.restack(view)
        annotationLayer.release(selected)
        pinProxies.scheduleSync()
        queueDraw()
        delegate?.mapView(self, didDeselect: view)
        delegate?.mapView(self, didDeselect: selected)
        if let anchor = selected as? OverlayAnchor { overlayDeselected(anchor) }
        if selected is MapFeatureAnnotation {
            annotationLayer.detach(selected)  // it is there while selected
            mapFeatureProxies.scheduleSync()
        }
    }

    /// Tells the delegate of a tap on the empty map once a double-click can no longer follow.
    private func reportTap(at point: Point) {
        input.tapsAnswered &+= 1
        let tap = input.tapsAnswered, coordinate = viewport.coordinate(at: point)
        let wait = gtk_settings_get_default().map { Int(cm_get_int_property($0.rawObject, "gtk-double-click-time")) } ?? 400
        Timer.after(milliseconds: UInt32(max(wait, 1))) { [weak self] in
            guard let self, !self.isDisposed, tap == self.input.tapsAnswered else { return }
            self.delegate?.mapView(self, didTapAt: coordinate)
        }
    }

    /// Selections asked for before the map had a size, made now that it has one (animated: false,
    /// as nothing was shown yet), in the order asked. An annotation removed meanwhile is passed over.
    func selectPending() {
        for (i, annotation) in selection.becomeReady().enumerated() {
            selectAnnotation(annotation, animated: false, addingToSelection: i > 0)
        }
    }

    /// GTK closed a view's popover itself: its pin is deselected (if it still is) and focus returns to it.
    func calloutWasClosed(for view: AnnotationView) {
        if let annotation = view.annotation, view.isSelected { deselectAnnotation(annotation) }
        pinProxies.focus(view)
    }

    // MARK: Clicks

    /// A click (a press that never became a drag) at a point in the map's coordinates; with
    /// `adding` (Ctrl held) it adds what was clicked to the selection, or takes it out.
    func clicked(at point: Point, adding: Bool = false) {
        if callouts.contains(point) { return }
        // The press already hit-tested this point; nothing has moved since (it is a click).
        let hit = input.hit.flatMap { $0.point == point ? $0.view : nil } ?? annotationView(at: point)
        input.hit = nil
        if let hit, callouts.handleClick(on: hit, at: point) { return }
        guard let hit, hit.annotation != nil else {
            if clickedOverlay(at: point, adding: adding) { return }  // pins win over shapes
            if clickedMapFeature(at: point, adding: adding) { return }  // and shapes over the map's own features
            selection.cycler.reset()
            guard !adding else { return }
            let closedCallouts = !annotationLayer.selectedViews.isEmpty
            deselectAnnotation()
            if !closedCallouts { reportTap(at: point) }
            return
        }
        if adding, hit.isSelected, let annotation = hit.annotation {
            selection.cycler.reset()
            if annotation is OverlayAnchor || annotation is MapFeatureAnnotation { return }  // its ring takes no clicks
            return deselectAnnotation(annotation)
        }
        // Cycle in the order without the selection boost, so selecting does not reshuffle. The
        // pin on top as drawn is also on top without the boost, unless it is a selected one.
        var stack: [AnnotationView]?  // tested only if needed, then once
        func order() -> [AnnotationView] {
            if let stack { return stack }
            let sorted = annotationViews(at: point).sorted {
                $0.stackingKey.ignoringSelection.isAbove($1.stackingKey.ignoringSelection)
            }
            stack = sorted
            return sorted
        }
        if showChooser(at: point, hit: hit, stack: order(), adding: adding) { return }
        let first = hit.isSelected ? (order().first ?? hit) : hit
        func identity(_ view: AnnotationView) -> ObjectIdentifier? { view.annotation.map(ObjectIdentifier.init) }
        guard let firstID = identity(first),
              let id = selection.cycler.pick(at: point, top: firstID, stack: { order().compactMap(identity) }),
              let view = id == firstID ? first : order().first(where: { identity($0) == id }),
              let annotation = view.annotation else { return }
        if let cluster = annotation as? ClusterAnnotation,
           Double(annotationLayer.clusters.expansionZoom(of: cluster)) <= Viewport.zoomRange.upperBound {
            // A cluster: zoom to where it splits apart, centred on it.
            let target = Double(annotationLayer.clusters.expansionZoom(of: cluster))
            selection.cycler.reset()
            zoom(by: target - viewport.zoom, keeping: viewport.screenPoint(for: cluster.coordinate))
            return
        }
        if view.isSelected && !adding {
            clickedSelected(view)
            return
        }
        selectAnnotation(annotation, animated: true, addingToSelection: adding)
    }

    /// Opens the chooser when the click cannot tell places apart: two or more pins stacked within
    /// 2 points of the hit one's point, or a cluster whose expansion zoom is past the deepest (or
    /// whose members would only split into such a stack).
    /// Returns whether it opened.
    private func showChooser(at point: Point, hit: AnnotationView, stack: [AnnotationView], adding: Bool) -> Bool {
        guard let widget else { return false }
        var places: [any Annotation] = [], more = 0
        if let cluster = hit.annotation as? ClusterAnnotation {
            let splits = Double(annotationLayer.clusters.expansionZoom(of: cluster)) <= Viewport.zoomRange.upperBound
            guard !splits || cluster.count <= PinChooser.maxRows else { return false }
            places = annotationLayer.clusters.members(of: cluster, limit: PinChooser.maxRows)
            // Members all on one spot even at the deepest zoom split into a stack: list them now.
            guard !splits || Self.areStacked(places.map(\.coordinate)) else { return false }
            more = cluster.count - places.count
            // A cluster's members have no order on screen: listed by title.
            places.sort { ($0.title ?? "").localizedStandardCompare($1.title ?? "") == .orderedAscending }
        } else {
            let stacked = stack.filter { view in
                guard let a = view.annotation, !(a is ClusterAnnotation || a is OverlayAnchor || a is MapFeatureAnnotation || a is CalloutAnnotation) else { return false }
                return (view.anchor - hit.anchor).length <= Self.stackedDistance
            }
            guard stacked.count >= 2 else { return false }
            places = stacked.compactMap(\.annotation)
        }
        guard !places.isEmpty else { return false }
        selection.cycler.reset()
        chooser.addsToSelection = adding
        chooser.show(places, more: more, at: point, in: widget)
        delegate?.mapView(self, didShowChooserWith: chooser.listed)
        return true
    }

    /// Pins whose points are this close on screen cannot be told apart by a click: a list opens.
    public static let stackedDistance = 2.0

    /// Whether points stay within `stackedDistance` of one another at the deepest zoom.
    private static func areStacked(_ coordinates: [Coordinate]) -> Bool {
        let points = coordinates.map(WebMercator.worldPoint(for:))
        guard let first = points.first else { return false }
        let scale = Viewport.tileSize * pow(2, Viewport.zoomRange.upperBound)
        return points.allSatisfy { abs($0.x - first.x) * scale <= stackedDistance && abs($0.y - first.y) * scale <= stackedDistance }
    }

    /// A selected item clicked again: the custom approach hides or shows its callout; a popover
    /// that was closed opens again.
    func clickedSelected(_ view: AnnotationView) {
        if calloutMode(for: view) == .custom { callouts.toggleCustom(for: view) }
        if calloutMode(for: view) == .popover && !callouts.isShowing(for: view) { callouts.present(for: view) }
    }
}
