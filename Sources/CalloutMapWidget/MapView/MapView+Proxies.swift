import CalloutMapCore
import CalloutMapGtk

/// What the map's proxy buttons stand for, and what their clicks and focus do: the map's side
/// of `MapProxies`, which knows the map only through these closures.
extension MapView {
    /// Invisible buttons over the pins on screen: keyboard focus and accessibility.
    var pinProxies: PinProxies { proxies.pins }
    /// One Tab stop for the shapes in view, arrows between them.
    var shapeProxies: ShapeProxies { proxies.shapes }
    /// The place names drawn, for screen readers.
    var placeNameProxies: PlaceNameProxies { proxies.placeNames }
    /// One Tab stop for the vector map's selectable features in view, arrows between them.
    var mapFeatureProxies: MapFeatureProxies { proxies.mapFeatures }

    func makeProxies() -> MapProxies {
        let parent = { [unowned self] in self.widget }
        let isDrawn = { [unowned self] in self.hasDrawnFirstFrame }
        // Pins move with the map every frame of a pan; their buttons follow them.
        let pins = PinProxies(parent: parent, isDrawn: isDrawn, hasTabStop: true, placeNow: { ($0.frame, $0.anchor) }) { [unowned self] in
            self.pinProxyContents()
        }
        pins.onActivate = { [unowned self] view in
            if let annotation = view.annotation { self.selectAnnotation(annotation) }
        }
        pins.onFocusChange = { [unowned self] in self.keyboardFocusMoved() }
        let shapes = ShapeProxies(parent: parent, isDrawn: isDrawn, hasTabStop: true) { [unowned self] in
            self.shapeProxyContents()
        }
        // Enter or Space on a shape selects it, its callout at the middle of what is in view of it.
        shapes.onActivate = { [unowned self] overlay in
            self.selectOverlay(overlay, at: self.overlayLayer.pointInView(of: overlay, in: self.viewport), animated: true)
        }
        shapes.onFocusChange = { [unowned self] in self.keyboardFocusMoved() }
        let names = PlaceNameProxies(parent: parent, isDrawn: isDrawn, hasTabStop: false) { [unowned self] in
            self.placeNameProxyContents()
        }
        names.onActivate = { [unowned self] place in self.delegate?.mapView(self, didChoose: place) }
        let features = MapFeatureProxies(parent: parent, isDrawn: isDrawn, hasTabStop: true) { [unowned self] in
            self.mapFeatureProxyContents()
        }
        features.onActivate = { [unowned self] feature in self.selectMapFeature(feature) }
        features.onFocusChange = { [unowned self] in self.keyboardFocusMoved() }
        return MapProxies(pins: pins, shapes: shapes, placeNames: names, mapFeatures: features)
    }

    /// The pins on screen; the selected one claims the tab stop, else the one nearest the centre.
    private func pinProxyContents() -> PinProxies.Contents {
        annotationLayer.layout(viewport)
        let bounds = viewport.bounds
        let onScreen = annotationLayer.sortedViews.filter { $0.annotation != nil && $0.frame.intersects(bounds) }
        let centre = Point(x: viewport.size.width / 2, y: viewport.size.height / 2)
        let nearest = onScreen.min { ($0.anchor - centre).length < ($1.anchor - centre).length }
        return PinProxies.Contents(
            entries: onScreen.map { view in
                PinProxies.Entry(key: ObjectIdentifier(view), item: view, frame: view.frame, point: view.anchor,
                                 label: view.accessibilityLabel ?? tr("Pin"), description: view.annotation?.subtitle ?? "",
                                 isSelected: view.isSelected)
            },
            claimant: selectedView.map(ObjectIdentifier.init), fallback: nearest.map(ObjectIdentifier.init))
    }

    /// The shapes in view, topmost first; the topmost (the one a click in its middle would pick
    /// first) is the tab stop when none was.
    private func shapeProxyContents() -> ShapeProxies.Contents {
        let view = viewport
        let inView = overlayLayer.overlays(in: view.visibleBounds).reversed().prefix(MapProxies.limit)
        var entries: [ShapeProxies.Entry] = []
        for overlay in inView {
            guard let frame = overlayLayer.screenFrame(of: overlay, in: view) else { continue }
            let id = ObjectIdentifier(overlay)
            entries.append(ShapeProxies.Entry(key: id, item: overlay, frame: frame, point: frame.center,
                                              label: ShapeProxies.accessibleName(of: overlay, locale: numberLocale),
                                              description: overlay.subtitle ?? "", isSelected: overlayLayer.selected.contains(id)))
        }
        return ShapeProxies.Contents(entries: entries, claimant: nil, fallback: inView.first.map { ObjectIdentifier($0) })
    }

    /// The names drawn in view, most important first.
    private func placeNameProxyContents() -> PlaceNameProxies.Contents {
        let bounds = viewport.bounds
        let inView = (shownPlaceLabels?.placedFrames(in: viewport) ?? []).filter { $0.frame.intersects(bounds) }.prefix(MapProxies.limit)
        return PlaceNameProxies.Contents(
            entries: inView.map { place, frame in
                PlaceNameProxies.Entry(key: place.rank, item: place, frame: frame, point: frame.center, label: place.accessibleName)
            },
            claimant: nil, fallback: nil)
    }

    /// The vector map's selectable features in view, nearest the centre first (the tab stop
    /// when none was); each button a small square over its point.
    private func mapFeatureProxyContents() -> MapFeatureProxies.Contents {
        let kinds = selectableMapFeatures
        let vectors = tileLayers.filter { $0.opacity > 0 && $0.source is VectorTileSource }
        guard !kinds.isEmpty, !vectors.isEmpty else { return MapFeatureProxies.Contents(entries: [], claimant: nil, fallback: nil) }
        let view = viewport
        let tiles = view.visibleTiles().map(\.tile)
        let topLeft = view.worldPoint(at: Point(x: 0, y: 0)), bottomRight = view.worldPoint(at: Point(x: view.size.width, y: view.size.height))
        let area = (minX: topLeft.x, minY: topLeft.y, maxX: bottomRight.x, maxY: bottomRight.y)
        let selected = Set(selectedAnnotations.compactMap { ($0 as? MapFeatureAnnotation)?.feature.listKey })
        var entries: [MapFeatureProxies.Entry] = []
        for layer in vectors.reversed() {
            let vector = layer.source as! VectorTileSource
            for feature in vector.features(on: tiles, dark: layer.isDark, kinds: kinds, area: area, focus: view.center,
                                           limit: MapProxies.limit - entries.count) {
                let p = view.screenPoint(for: feature.coordinate)
                let label = feature.subtitle.map { "\(feature.title), \($0)" } ?? feature.title
                entries.append(MapFeatureProxies.Entry(key: feature.listKey, item: feature, frame: Rect(x: p.x - 6, y: p.y - 6, width: 12, height: 12),
                                                       point: p, label: label, description: feature.subtitle ?? "",
                                                       isSelected: selected.contains(feature.listKey)))
            }
        }
        return MapFeatureProxies.Contents(entries: entries, claimant: nil, fallback: entries.first?.key)
    }
}
