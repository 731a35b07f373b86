import CalloutMapCore
import Foundation

/// What a vector map draws, selectable as pins are (MapKit's selectable map features): a click
/// that meets no pin and no shape may select a café, a street or a park of the map itself.
extension MapView {
    /// Which kinds of things drawn by vector tile layers a click selects (MapKit's
    /// `selectableMapFeatures`); none by default. Pins and shapes win over them.
    public var selectableMapFeatures: MapFeature.Kinds {
        get { content.selectableMapFeatures }
        set {
            content.selectableMapFeatures = newValue
            mapFeatureProxies.scheduleSync()
        }
    }

    /// What of the vector tile layers is under a point in the map's coordinates, the topmost
    /// layer first: what a name drawn there names, else `MapFeaturePicker`'s rules, with
    /// `slack` points of slop around small things; nil for nothing or kinds not selectable.
    public func mapFeature(at point: Point, slack: Double = MapView.pointerSlack) -> MapFeature? {
        let kinds = selectableMapFeatures
        guard !kinds.isEmpty else { return nil }
        let zoom = viewport.tileZoom
        // Tiles are drawn at their zoom and scaled to the view's: slop in the tiles' points.
        let slop = slack / pow(2, viewport.zoom - Double(zoom))
        var world = viewport.worldPoint(at: point)
        world.x -= world.x.rounded(.down)  // the world repeats sideways
        for layer in tileLayers.reversed() where layer.opacity > 0 {
            guard let vector = layer.source as? VectorTileSource else { continue }
            // A click on a name selects what it names (a café's name sits below its dot).
            if let named = layer.labels?.namedPoint(at: point, in: viewport),
               let feature = vector.feature(at: named, tileZoom: zoom, dark: layer.isDark, kinds: kinds, slop: slop) { return feature }
            if let feature = vector.feature(at: world, tileZoom: zoom, dark: layer.isDark, kinds: kinds, slop: slop) { return feature }
        }
        return nil
    }

    /// Selects a feature of the map with its callout at the feature, as `selectAnnotation` does
    /// (`addingToSelection` keeps the others).
    public func selectMapFeature(_ feature: MapFeature, animated: Bool = true, addingToSelection adding: Bool = false) {
        if let old = selectedAnnotations.lazy.compactMap({ $0 as? MapFeatureAnnotation }).first(where: { $0.feature == feature }) {
            return selectAnnotation(old, animated: animated, addingToSelection: adding)
        }
        if !adding { deselectAnnotation(nil, animated: animated) }
        let annotation = MapFeatureAnnotation(feature: feature)
        let view = delegate?.mapView(self, viewFor: annotation) ?? OverlayAnchorView(annotation: annotation, reuseIdentifier: nil)
        annotationLayer.attach(annotation, view: view)
        annotationLayer.layout(viewport)
        selectAnnotation(annotation, animated: animated, addingToSelection: adding)
        if !selectedAnnotations.contains(where: { $0 === annotation }) { annotationLayer.detach(annotation) }
        mapFeatureProxies.scheduleSync()
    }

    /// A click on no pin and no shape: the map feature under it, if one is selectable, is
    /// selected (with `adding`, added to the selection, or taken out). Returns whether one took the click.
    func clickedMapFeature(at point: Point, adding: Bool = false) -> Bool {
        guard let feature = mapFeature(at: point, slack: input.isTouch ? Self.touchSlack : Self.pointerSlack) else { return false }
        selection.cycler.reset()
        if let selected = selectedAnnotations.lazy.compactMap({ $0 as? MapFeatureAnnotation }).first(where: { $0.feature == feature }) {
            if adding { deselectAnnotation(selected) } else if let view = annotationLayer.view(for: selected) { clickedSelected(view) }
            return true
        }
        selectMapFeature(feature, addingToSelection: adding)
        return true
    }
}
