import CCalloutMapGtk
import CalloutMapCore
import CalloutMapGtk

/// Annotations, their views and selection, as `MKMapView` has them.
extension MapView {
    /// Every annotation added, in the order added (clusters are the map's own and not among them).
    public var annotations: [any Annotation] { annotationLayer.annotations.annotations }

    /// Adds annotations; views are made as they come on screen.
    public func addAnnotations(_ new: [any Annotation]) { content.add(new) }

    /// Adds one annotation.
    public func addAnnotation(_ annotation: any Annotation) { addAnnotations([annotation]) }

    /// Removes annotations; removed selected annotations are deselected first.
    public func removeAnnotations(_ gone: [any Annotation]) {
        for selected in selectedAnnotations where gone.contains(where: { $0 === selected }) {
            deselectAnnotation(selected, animated: false)
        }
        content.remove(gone)
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

    /// The annotations whose coordinates lie in a region (MapKit's `annotations(in:)`), in the
    /// order they were added; clusters are not included, their members are.
    public func annotations(in region: GeoBounds) -> [any Annotation] {
        let r = region.worldRect
        let found = annotationLayer.annotations.annotations(minX: r.minX, minY: r.minY, maxX: r.maxX, maxY: r.maxY)
        let set = annotationLayer.annotations
        return found.sorted { (set.order(of: $0) ?? 0) < (set.order(of: $1) ?? 0) }
    }
}
