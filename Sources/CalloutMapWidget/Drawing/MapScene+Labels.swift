import CalloutMapCore

/// The names over the map: a vector map's own, then the world's.
extension MapScene {
    /// The names of the vector maps shown (a half-transparent overlay's are not drawn).
    var mapLabels: [MapLabelLayer] { tileLayers.filter { $0.opacity >= 0.5 }.compactMap { $0.labels } }

    /// The names over the map in `area` (the image's viewport), clear of `obstacles`: the vector
    /// maps' labels first, then the world's place names clear of them and away from where a
    /// vector map names places itself. False while the zoom passes (`PlaceLabelLayer.paint`).
    @discardableResult
    func paintLabels(_ cr: OpaquePointer, area: Viewport, obstacles: [CollisionShape], passing: Bool = false) -> Bool {
        let layers = mapLabels, reach = PlaceLabelLayer.reach
        var room: [CollisionShape] = []
        if !layers.isEmpty {
            var taken = CollisionGrid(area: area.bounds.insetBy(dx: -reach, dy: -reach), cellSize: 64)
            obstacles.forEach { taken.insert($0) }
            for layer in layers {
                layer.paint(cr, area: area, scale: scale, dark: style.isDark, reach: reach, taken: &taken)
                room += layer.placed.flatMap { $0.placement.shapes }
            }
        }
        guard let placeLabels else { return true }
        return placeLabels.paint(cr, area: area, style: style, scale: scale, obstacles: obstacles + room, passing: passing) { place in
            layers.contains { $0.covers(place.coordinate, zoom: area.zoom) }
        }
    }
}
