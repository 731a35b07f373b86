import CalloutMapCore

/// Lines and areas, as `MKMapView` has overlays — and hit-testing, which MapKit leaves to the
/// app: a click on a shape selects it and opens its callout where the click was.
extension MapView {
    /// Every overlay added, bottom first (the last added is drawn on top).
    public var overlays: [any Overlay] { overlayLayer.overlays }

    /// Adds overlays over those already there; each is drawn in the delegate's style for it
    /// (`mapView(_:styleFor:)`), else its own, else the default for lines or areas.
    public func addOverlays(_ new: [any Overlay]) { content.add(new) }

    /// Adds one overlay on top.
    public func addOverlay(_ overlay: any Overlay) { addOverlays([overlay]) }

    /// Removes overlays; a removed selected overlay is deselected first.
    public func removeOverlays(_ gone: [any Overlay]) {
        for case let anchor as OverlayAnchor in selectedAnnotations where gone.contains(where: { $0 === anchor.overlay }) {
            deselectAnnotation(anchor, animated: false)
        }
        content.remove(gone)
    }

    /// Removes one overlay.
    public func removeOverlay(_ overlay: any Overlay) { removeOverlays([overlay]) }

    /// The overlays whose bounding region meets a region, bottom first.
    public func overlays(in region: GeoBounds) -> [any Overlay] { overlayLayer.overlays(in: region) }

    /// The overlays under a point in the map's coordinates, topmost first: within half a line's
    /// width plus `slack` points of a line or an area's outline (6 for a pointer, as a click
    /// uses; 16 after a touch), or inside an area's polygon and outside its holes.
    public func overlays(at point: Point, slack: Double = 6) -> [any Overlay] {
        overlayLayer.overlays(at: point, in: viewport, slack: slack)
    }

    /// The primary selected overlay, if any (its anchor is `selectedAnnotation`).
    public var selectedOverlay: (any Overlay)? { (selectedAnnotation as? OverlayAnchor)?.overlay }

    /// Every selected overlay, in the order selected.
    public var selectedOverlays: [any Overlay] { selectedAnnotations.compactMap { ($0 as? OverlayAnchor)?.overlay } }

    /// The anchor of a selected overlay.
    private func selectedAnchor(of overlay: any Overlay) -> OverlayAnchor? {
        selectedAnnotations.lazy.compactMap { $0 as? OverlayAnchor }.first { $0.overlay === overlay }
    }

    /// Asks the delegate for every overlay's style again (after what it answers has changed).
    public func setNeedsOverlayStyles() {
        overlayLayer.styleChanged()
        queueDraw()
    }

    /// Selects an overlay with its callout at `coordinate` (by default its middle: a line's middle
    /// position, the middle of the widest stretch across an area's first polygon, never in a
    /// hole), bringing that point into view. With `addingToSelection` the other selected items
    /// stay selected (an overlay selected already moves its callout to the new point).
    public func selectOverlay(_ overlay: any Overlay, at coordinate: Coordinate? = nil, animated: Bool = true,
                              addingToSelection adding: Bool = false) {
        guard overlayLayer.contains(overlay) else { return }
        if adding {
            if let old = selectedAnchor(of: overlay) { deselectAnnotation(old, animated: animated) }
        } else {
            deselectAnnotation(nil, animated: animated)
        }
        let anchor = OverlayAnchor(overlay: overlay, coordinate: coordinate ?? Self.middle(of: overlay))
        let view = delegate?.mapView(self, viewFor: anchor) ?? OverlayAnchorView(annotation: anchor, reuseIdentifier: nil)
        if let ring = view as? OverlayAnchorView { ring.color = overlayLayer.style(of: overlay).strokeColor }
        annotationLayer.attach(anchor, view: view)
        annotationLayer.layout(viewport)
        overlayLayer.selected.insert(ObjectIdentifier(overlay))
        shapeProxies.scheduleSync()
        selectAnnotation(anchor, animated: animated, addingToSelection: adding)
        if selectedAnnotation !== anchor { overlayDeselected(anchor) }
    }

    /// Adds an overlay to the selection (its callout where the keyboard puts it), or takes it out.
    func toggleInSelection(_ overlay: any Overlay) {
        if let anchor = selectedAnchor(of: overlay) { return deselectAnnotation(anchor) }
        selectOverlay(overlay, at: overlayLayer.pointInView(of: overlay, in: viewport), animated: true, addingToSelection: true)
    }

    /// The selected overlay's anchor goes with its selection.
    func overlayDeselected(_ anchor: OverlayAnchor) {
        annotationLayer.detach(anchor)
        if selectedAnchor(of: anchor.overlay) == nil { overlayLayer.selected.remove(ObjectIdentifier(anchor.overlay)) }
        shapeProxies.scheduleSync()
        queueDraw()
    }

    /// A click on no pin: the shapes under it, topmost first; clicking again at the same spot
    /// picks the next one down; with `adding` (Ctrl held) the shape is added to the selection, or
    /// taken out. Returns whether a shape took the click.
    func clickedOverlay(at point: Point, adding: Bool = false) -> Bool {
        let hits = overlays(at: point, slack: input.isTouch ? Self.touchSlack : Self.pointerSlack)
        guard !hits.isEmpty else { return false }
        let ids = hits.map { ObjectIdentifier($0) }
        guard let id = selection.cycler.pick(at: point, stack: ids), let overlay = hits.first(where: { ObjectIdentifier($0) == id }) else { return false }
        if adding, let anchor = selectedAnchor(of: overlay) {
            selection.cycler.reset()
            deselectAnnotation(anchor)
            return true
        }
        if let anchor = selectedAnchor(of: overlay),
           (viewport.screenPoint(for: anchor.coordinate) - point).length <= ClickCycler<ObjectIdentifier>.radius,
           let view = annotationLayer.view(for: anchor) {
            // A selected shape clicked again where its callout points: as for a selected pin.
            clickedSelected(view)
            return true
        }
        selectOverlay(overlay, at: viewport.coordinate(at: point), animated: true, addingToSelection: adding)
        return true
    }

    /// Points of slack around lines and outlines for a pointer's click.
    public static let pointerSlack = 6.0
    /// Points of slack around lines and outlines for a finger's tap (a finger hides what it touches).
    public static let touchSlack = 16.0

    /// Where an overlay's callout points when no click says (`ProjectedShape.labelPoint`): a
    /// line's middle position, a point inside an area and outside its holes.
    package static func middle(of overlay: any Overlay) -> Coordinate {
        var p = ProjectedShape(overlay.geometry).labelPoint
        p.x -= p.x.rounded(.down)
        return WebMercator.coordinate(for: p)
    }
}
