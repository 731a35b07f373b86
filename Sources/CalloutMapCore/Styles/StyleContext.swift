/// What an expression may read of the feature it is evaluated for.
package struct StyleContext {
    package var zoom: Double
    /// "Point", "LineString" or "Polygon" (multi-geometries by their single name).
    package var geometryType: String
    package var id: StyleValue
    package var property: (String) -> StyleValue?

    package init(zoom: Double, geometryType: String = "Point", id: StyleValue = .null, property: @escaping (String) -> StyleValue? = { _ in nil }) {
        self.zoom = zoom
        self.geometryType = geometryType
        self.id = id
        self.property = property
    }

    /// A vector tile's feature as a style's expressions read it, at a map zoom.
    package init(_ feature: VectorTile.Feature, in layer: VectorTile.Layer, zoom: Double) {
        let type: String
        switch feature.geometry {
        case .points: type = "Point"
        case .lines: type = "LineString"
        case .polygons: type = "Polygon"
        }
        self.init(zoom: zoom, geometryType: type, id: feature.id.map { .number(Double($0)) } ?? .null) { key in
            layer.value(key, of: feature).map(StyleValue.init)
        }
    }
}
