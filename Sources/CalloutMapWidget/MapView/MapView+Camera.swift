import CCalloutMapGtk
import CalloutMapCore
import CalloutMapGtk

/// The camera: where the map looks and how it moves there (at once, panned, zoomed, animated),
/// and the region-change calls the delegate hears.
extension MapView {
    /// The coordinate at the map's centre.
    public var centerCoordinate: Coordinate { viewport.centerCoordinate }
    /// The zoom level: 0 shows the whole world, 19 a street.
    public var zoom: Double { viewport.zoom }

    /// Moves the map at once (no animation) to a centre and, if given, a zoom.
    public func setCenter(_ center: Coordinate, zoom: Double? = nil) {
        motion.pendingFit = nil
        motion.stop(&viewport)
        viewport.centerCoordinate = center
        if let zoom { viewport.setZoom(zoom) }
        viewport.centerCoordinate = center
        regionChanged(settled: true, animated: false)
    }

    /// Pans the content by a screen distance, as a drag would.
    public func pan(by delta: Point) {
        motion.pendingFit = nil
        viewport.pan(by: delta)
        regionChanged(settled: false, animated: false)
    }

    /// Zooms in one level about the centre, as `+`, a double-click or the zoom button does.
    public func zoomIn(animated: Bool = true) { zoom(by: ZoomSteps.key, animated: animated) }

    /// Zooms out one level about the centre, as `−` or the zoom button does.
    public func zoomOut(animated: Bool = true) { zoom(by: -ZoomSteps.key, animated: animated) }

    /// Zooms by `delta` levels keeping the point under `anchor` (default: the centre) fixed.
    public func zoom(by delta: Double, keeping anchor: Point? = nil, animated: Bool = true) {
        motion.pendingFit = nil
        let anchor = anchor ?? Point(x: viewport.size.width / 2, y: viewport.size.height / 2)
        let target = min(max(motion.zoomTarget(from: viewport) + delta, Viewport.zoomRange.lowerBound),
                         Viewport.zoomRange.upperBound)
        if animated && animationsEnabled && widget != nil && gtk_widget_get_mapped(widget) != 0 {
            motion.animateZoom(to: target, keeping: anchor, from: viewport, at: frameTime())
            startTicking()
        } else {
            motion.cancelZoom()
            viewport.setZoom(target, keeping: anchor)
            regionChanged(settled: true, animated: false)
        }
    }

    /// Whether the region is still moving (drag, fling, zoom or pan animation).
    public var isMoving: Bool { motion.isMoving }

    /// Pans by a screen distance over 0.3 s (at once when animations are off).
    public func animatePan(by delta: Point) {
        guard animationsEnabled, widget != nil, gtk_widget_get_mapped(widget) != 0 else {
            pan(by: delta)
            regionChanged(settled: true, animated: false)
            return
        }
        motion.animatePan(by: delta, at: frameTime())
        startTicking()
    }

    /// The region moved; `settled` when the move is over. The delegate hears "will change" at
    /// the first move after a settled region, and "did change" when it settles again.
    func regionChanged(settled: Bool, animated: Bool) {
        queueDraw()
        zoomControls.update(zoom: viewport.zoom)
        // Without a size the map shows no region: the first allocation reports the first one.
        guard viewport.size.width > 0, viewport.size.height > 0 else { return }
        if callouts.isShowing { queueAllocate() }  // the callout moves in the same frame as the pins
        if !reports.regionIsChanging {
            reports.regionIsChanging = true
            delegate?.mapView(self, regionWillChangeAnimated: animated)
        }
        if settled {
            reports.regionIsChanging = false
            pinProxies.scheduleSync()
            shapeProxies.scheduleSync()
            scheduleSummary()
            delegate?.mapView(self, regionDidChangeAnimated: animated)
        }
    }

    // MARK: Frame ticks

    func startTicking() {
        guard tickID == 0, let widget else { return }
        tickID = Timer.tick(widget) { [weak self] now in
            guard let self else { return false }
            let running = self.advance(to: now)
            if !running { self.tickID = 0 }
            return running
        }
    }

    /// Moves the glide and the animations on to frame time `now`; false once all are done.
    func advance(to now: Double) -> Bool {
        let running = motion.advance(to: now, &viewport)
        regionChanged(settled: !running, animated: true)
        return running
    }
}

/// Regions, as `MKMapView` has them (as boxes of longitude and latitude).
extension MapView {
    /// The box of longitudes and latitudes the map shows now.
    public var visibleRegion: GeoBounds { viewport.visibleBounds }

    /// Moves the map to show a region whole (centred; as close as it fits), animated as one
    /// smooth zoom when `animated` and animations are on.
    /// Asked before the map has a size (its window not yet shown), the region is fitted to the
    /// size it gets first.
    public func setRegion(_ region: GeoBounds, animated: Bool) {
        setRegion(region, edgePadding: .zero, animated: animated)
    }

    /// Moves the map to show a region whole within what `edgePadding` leaves of the view (the
    /// part not under a toast, a panel or a bar over the map; MapKit's `setVisibleMapRect(_:edgePadding:animated:)`).
    public func setRegion(_ region: GeoBounds, edgePadding: EdgeInsets, animated: Bool) {
        fit(region, edgePadding: edgePadding, animated: animated)
    }

    /// Moves the map to show annotations, with room around them for their views (MapKit's
    /// `showAnnotations`); one annotation is centred at street level (see `closestFitZoom`). Asked before the map has
    /// a size, they are fitted to the size it gets first.
    public func showAnnotations(_ shown: [any Annotation], animated: Bool) {
        showAnnotations(shown, edgePadding: EdgeInsets(all: Self.annotationRoom), animated: animated)
    }

    /// Moves the map to show annotations within what `edgePadding` leaves of the view; give
    /// each edge room for the annotations' views as well (`showAnnotations(_:animated:)` keeps 48 points).
    public func showAnnotations(_ shown: [any Annotation], edgePadding: EdgeInsets, animated: Bool) {
        guard let region = GeoBounds(enclosing: shown.map(\.coordinate)) else { return }
        fit(region, edgePadding: edgePadding, animated: animated)
    }

    /// The room `showAnnotations` keeps on every side: a pin's height, so pins at the edge show whole.
    public static let annotationRoom = 48.0

    /// The closest a fit (`setRegion`, `showAnnotations`) zooms in, however small the region: 15 over
    /// the offline map alone — past that it has no more detail, and one place would show as a
    /// pin on a blank plain — and 17 (a street) with tile layers.
    public var closestFitZoom: Double { tileLayers.isEmpty ? 15 : 17 }

    /// Fits a region now, or at the first allocation: fitted to no size at all it would be the
    /// whole world at zoom 0 (as files named at launch were shown before this waited).
    private func fit(_ region: GeoBounds, edgePadding: EdgeInsets, animated: Bool) {
        guard viewport.size.width > 0, viewport.size.height > 0 else {
            motion.pendingFit = (region, edgePadding)
            return
        }
        move(to: viewport.fitting(region, edgePadding: edgePadding, maxZoom: closestFitZoom), animated: animated)
    }

    /// The fit asked for before the map had a size, done once it has one.
    func fitPendingRegion() {
        guard let (region, edgePadding) = motion.pendingFit, viewport.size.width > 0, viewport.size.height > 0 else { return }
        let target = viewport.fitting(region, edgePadding: edgePadding, maxZoom: closestFitZoom)
        setCenter(target.centerCoordinate, zoom: target.zoom)  // nothing was shown yet: no animation
    }

    /// Goes to another viewport of the same size: at once, or as one zoom about the point that
    /// stays put on screen (a pan when the zoom is the same).
    private func move(to target: Viewport, animated: Bool) {
        guard animated, animationsEnabled, widget != nil, gtk_widget_get_mapped(widget) != 0 else {
            return setCenter(target.centerCoordinate, zoom: target.zoom)
        }
        motion.animateMove(from: &viewport, to: target, at: frameTime())
        startTicking()
    }
}
