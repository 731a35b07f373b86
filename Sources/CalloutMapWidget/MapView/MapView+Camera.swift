import CCalloutMapGtk
import CalloutMapCore

/// The camera: where the map looks and how it moves there (at once, panned, zoomed, animated),
/// and the region-change calls the delegate hears.
extension MapView {
    /// The coordinate at the map's centre.
    public var centerCoordinate: Coordinate { viewport.centerCoordinate }
    /// The zoom level: 0 shows the whole world, 19 a street.
    public var zoom: Double { viewport.zoom }

    /// Moves the map at once (no animation) to a centre and, if given, a zoom.
    public func setCenter(_ center: Coordinate, zoom: Double? = nil) {
        pendingFit = nil
        stopMotion()
        viewport.centerCoordinate = center
        if let zoom { viewport.setZoom(zoom) }
        viewport.centerCoordinate = center
        regionChanged(settled: true, animated: false)
    }

    /// Pans the content by a screen distance, as a drag would.
    public func pan(by delta: Point) {
        pendingFit = nil
        viewport.pan(by: delta)
        regionChanged(settled: false, animated: false)
    }

    /// Zooms in one level about the centre, as `+`, a double-click or the zoom button does.
    public func zoomIn(animated: Bool = true) { zoom(by: ZoomSteps.key, animated: animated) }

    /// Zooms out one level about the centre, as `−` or the zoom button does.
    public func zoomOut(animated: Bool = true) { zoom(by: -ZoomSteps.key, animated: animated) }

    /// Zooms by `delta` levels keeping the point under `anchor` (default: the centre) fixed.
    public func zoom(by delta: Double, keeping anchor: Point? = nil, animated: Bool = true) {
        pendingFit = nil
        let anchor = anchor ?? Point(x: viewport.size.width / 2, y: viewport.size.height / 2)
        let target = min(max((zoomAnimation?.to ?? viewport.zoom) + delta, Viewport.zoomRange.lowerBound),
                         Viewport.zoomRange.upperBound)
        kinetic = nil
        if animated && animationsEnabled && widget != nil && gtk_widget_get_mapped(widget) != 0 {
            let now = frameTime()
            zoomAnimation = ZoomAnimation(from: viewport.zoom, to: target, anchor: anchor, start: now)
            startTicking()
        } else {
            zoomAnimation = nil
            viewport.setZoom(target, keeping: anchor)
            regionChanged(settled: true, animated: false)
        }
    }

    /// Whether the region is still moving (drag, fling, zoom or pan animation).
    public var isMoving: Bool { kinetic != nil || zoomAnimation != nil || panAnimation != nil || press != nil }

    /// Pans by a screen distance over 0.3 s (at once when animations are off).
    public func animatePan(by delta: Point) {
        guard animationsEnabled, widget != nil, gtk_widget_get_mapped(widget) != 0 else {
            pan(by: delta)
            regionChanged(settled: true, animated: false)
            return
        }
        panAnimation = (frameTime(), delta, .zero)
        startTicking()
    }

    func stopMotion() {
        kinetic = nil
        if let a = panAnimation {
            viewport.pan(by: a.total - a.applied)
            panAnimation = nil
        }
        if let animation = zoomAnimation {
            viewport.setZoom(animation.to, keeping: animation.anchor)
            zoomAnimation = nil
        }
    }

    /// The region moved; `settled` when the move is over. The delegate hears "will change" at
    /// the first move after a settled region, and "did change" when it settles again.
    func regionChanged(settled: Bool, animated: Bool) {
        queueDraw()
        zoomControls.update(zoom: viewport.zoom)
        // Without a size the map shows no region: the first allocation reports the first one.
        guard viewport.size.width > 0, viewport.size.height > 0 else { return }
        if callouts.isShowing { queueAllocate() }  // the callout moves in the same frame as the pins
        if !regionIsChanging {
            regionIsChanging = true
            delegate?.mapView(self, regionWillChangeAnimated: animated)
        }
        if settled {
            regionIsChanging = false
            pinProxies.scheduleSync()
            shapeProxies.scheduleSync()
            scheduleSummary()
            delegate?.mapView(self, regionDidChangeAnimated: animated)
        }
    }
}
