import CCalloutMapGtk
import CalloutMapCore
import CalloutMapGtk

/// Annotations, their views and selection, as `MKMapView` has them.
extension MapView {
    /// Every annotation added, in the order added (clusters are the map's own and not among them).
    public var annotations: [any Annotation] { annotationLayer.annotations.annotations }

    /// Adds annotations; views are made as they come on screen.
    public func addAnnotations(_ new: [any Annotation]) {
        annotationLayer.add(new)
        searchStore.add(new.map { .annotation($0) })
        scheduleSummary()
        pinProxies.scheduleSync()
        queueDraw()
    }

    /// Adds one annotation.
    public func addAnnotation(_ annotation: any Annotation) { addAnnotations([annotation]) }

    /// Removes annotations; removed selected annotations are deselected first.
    public func removeAnnotations(_ gone: [any Annotation]) {
        for selected in selectedAnnotations where gone.contains(where: { $0 === selected }) {
            deselectAnnotation(selected, animated: false)
        }
        annotationLayer.remove(gone)
        searchStore.pruneRemoved()
        scheduleSummary()
        pinProxies.scheduleSync()
        queueDraw()
    }

    /// Removes one annotation.
    public func removeAnnotation(_ annotation: any Annotation) { removeAnnotations([annotation]) }

    /// The view class `dequeueReusableAnnotationView(withIdentifier:for:)` makes for an identifier.
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
        get { annotationLayer.clusters.clusteringIdentifier }
        set { annotationLayer.clusters.clusteringIdentifier = newValue; queueDraw() }
    }

    /// How far apart on screen annotations cluster, their zoom range and smallest cluster.
    /// The default radius, 50 points, is wider than the largest cluster badge, so badges never overlap.
    public var clusterOptions: ClusterOptions {
        get { annotationLayer.clusters.options }
        set { annotationLayer.clusters.options = newValue; queueDraw() }
    }

    /// Where cluster badges sit: at the member they grew from (`.anchor`, the default: badges of
    /// one identifier never overlap) or at their members' centre (`.centroid`, as supercluster).
    /// Badges of different identifiers that would overlap step aside either way.
    public var clusterPlacement: ClusterPlacement {
        get { annotationLayer.clusters.placement }
        set { annotationLayer.clusters.placement = newValue; queueDraw() }
    }

    /// Options for the clusters of one clustering identifier, in place of `clusterOptions` (nil:
    /// those again) — such as a `maxZoom` of 11 for listings that should show one by one at
    /// city zoom but gather when the map shows the region.
    public func setClusterOptions(_ options: ClusterOptions?, forClusteringIdentifier identifier: String) {
        annotationLayer.clusters.identifierOptions[identifier] = options
        queueDraw()
    }

    /// The options the clusters of a clustering identifier are built with.
    public func clusterOptions(forClusteringIdentifier identifier: String) -> ClusterOptions {
        annotationLayer.clusters.options(for: identifier)
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
            pendingFit = (region, edgePadding)
            return
        }
        move(to: viewport.fitting(region, edgePadding: edgePadding, maxZoom: closestFitZoom), animated: animated)
    }

    /// The fit asked for before the map had a size, done once it has one.
    func fitPendingRegion() {
        guard let (region, edgePadding) = pendingFit, viewport.size.width > 0, viewport.size.height > 0 else { return }
        let target = viewport.fitting(region, edgePadding: edgePadding, maxZoom: closestFitZoom)
        setCenter(target.centerCoordinate, zoom: target.zoom)  // nothing was shown yet: no animation
    }

    /// The annotations whose coordinates lie in a region (MapKit's `annotations(in:)`), in the
    /// order they were added; clusters are not included, their members are.
    public func annotations(in region: GeoBounds) -> [any Annotation] {
        let r = region.worldRect
        let found = annotationLayer.annotations.annotations(minX: r.minX, minY: r.minY, maxX: r.maxX, maxY: r.maxY)
        let set = annotationLayer.annotations
        return found.sorted { (set.order(of: $0) ?? 0) < (set.order(of: $1) ?? 0) }
    }

    /// Goes to another viewport of the same size: at once, or as one zoom about the point that
    /// stays put on screen (a pan when the zoom is the same).
    private func move(to target: Viewport, animated: Bool) {
        guard animated, animationsEnabled, widget != nil, gtk_widget_get_mapped(widget) != 0 else {
            return setCenter(target.centerCoordinate, zoom: target.zoom)
        }
        stopMotion()
        var dx = target.center.x - viewport.center.x
        dx -= dx.rounded()  // the shorter way round the world
        let w0 = viewport.worldSize, w1 = target.worldSize
        let delta = Point(x: dx * w0, y: (target.center.y - viewport.center.y) * w0)
        if abs(target.zoom - viewport.zoom) < 1e-6 { return animatePan(by: Point(x: -delta.x, y: -delta.y)) }
        // The world point F on the same screen spot in both: (F − c0)·w0 = (F − c1)·w1.
        let c0 = viewport.center, c1 = WorldPoint(x: c0.x + dx, y: target.center.y)
        let fixed = WorldPoint(x: (c0.x * w0 - c1.x * w1) / (w0 - w1), y: (c0.y * w0 - c1.y * w1) / (w0 - w1))
        let anchor = Point(x: (fixed.x - c0.x) * w0 + viewport.size.width / 2, y: (fixed.y - c0.y) * w0 + viewport.size.height / 2)
        zoomAnimation = ZoomAnimation(from: viewport.zoom, to: target.zoom, anchor: anchor, start: frameTime())
        startTicking()
    }
}
