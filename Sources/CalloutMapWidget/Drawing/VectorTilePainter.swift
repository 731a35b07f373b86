import CCalloutMapGtk
import CalloutMapCore

/// Draws one vector tile with a MapLibre style's background, fill, line and circle layers, in the
/// style's order, into a cairo context where the tile spans `side` units from the origin. Symbol
/// layers are not drawn here: their labels go to the map's one collision engine.
///
/// The rules, as the code applies them:
/// 1. A layer draws the features of its source layer that its zooms, visibility and filter let
///    through, each with the properties' values for that feature.
/// 2. Fills fill polygons even-odd (a hole stays a hole whichever way it winds); an outline is
///    drawn only when `fill-outline-color` is set.
/// 3. Lines stroke lines and polygons' rings; widths are in points, dashes in line widths.
/// 4. Circles stand on points; a stroke lies outside the radius (as MapLibre draws it).
/// 5. Opacity multiplies the color's own alpha. What reaches past the tile (its buffer) is cut.
/// 6. A feature wholly outside what the context shows (its clip) is not drawn: a tile enlarged
///    past its zoom is drawn once per map tile, each showing a part of it.
package struct VectorTilePainter: Sendable {
    package let style: MapStyle

    package init(style: MapStyle) { self.style = style }

    /// Draws `tile` as the map shows it at `mapZoom` (the style reads one less: `MapStyle.styleZoom`).
    package func paint(_ tile: VectorTile, mapZoom: Double, into cr: OpaquePointer, side: Double) {
        let zoom = MapStyle.styleZoom(forMapZoom: mapZoom)
        cairo_save(cr)
        defer { cairo_restore(cr) }
        cairo_rectangle(cr, 0, 0, side, side)
        cairo_clip(cr)  // rule 5
        var shown = (x0: 0.0, y0: 0.0, x1: 0.0, y1: 0.0)
        cairo_clip_extents(cr, &shown.x0, &shown.y0, &shown.x1, &shown.y1)
        var boxes: [String: [(x0: Double, y0: Double, x1: Double, y1: Double)]] = [:]
        for layer in style.layers where layer.isVisible && zoom >= layer.minZoom && zoom < layer.maxZoom {
            if layer.type == .background {
                let context = StyleContext(zoom: zoom)
                guard setColor(cr, layer.value("background-color", context), opacity: layer.value("background-opacity", context)) else { continue }
                cairo_paint(cr)
                continue
            }
            guard layer.type != .symbol, let name = layer.sourceLayer, let data = tile.layer(named: name) else { continue }
            let k = side / Double(data.extent)
            // Rule 6, with room for a wide line or a large circle reaching in.
            let reach = 64.0
            let inView = (x0: (shown.x0 - reach) / k, y0: (shown.y0 - reach) / k, x1: (shown.x1 + reach) / k, y1: (shown.y1 + reach) / k)
            let whole = inView.x0 <= 0 && inView.y0 <= 0 && inView.x1 >= Double(data.extent) && inView.y1 >= Double(data.extent)
            if !whole && boxes[name] == nil { boxes[name] = data.features.map { Self.box($0.geometry) } }
            for (i, feature) in data.features.enumerated() {
                if !whole, let b = boxes[name]?[i], b.x1 < inView.x0 || b.x0 > inView.x1 || b.y1 < inView.y0 || b.y0 > inView.y1 { continue }
                let context = StyleContext(feature, in: data, zoom: zoom)
                guard layer.draws(context) else { continue }  // rule 1
                switch layer.type {
                case .fill: fill(cr, feature.geometry, layer, context, k)
                case .line: stroke(cr, feature.geometry, layer, context, k)
                case .circle: circles(cr, feature.geometry, layer, context, k)
                default: break
                }
            }
        }
    }

    /// A geometry's bounding box, in tile units.
    private static func box(_ geometry: VectorTile.Geometry) -> (x0: Double, y0: Double, x1: Double, y1: Double) {
        var b = (x0: Double.infinity, y0: Double.infinity, x1: -Double.infinity, y1: -Double.infinity)
        func add(_ p: TilePoint) {
            b.x0 = min(b.x0, Double(p.x)); b.y0 = min(b.y0, Double(p.y))
            b.x1 = max(b.x1, Double(p.x)); b.y1 = max(b.y1, Double(p.y))
        }
        switch geometry {
        case .points(let points): points.forEach(add)
        case .lines(let lines): lines.forEach { $0.forEach(add) }
        case .polygons(let polygons): polygons.forEach { $0.forEach { $0.forEach(add) } }
        }
        return b
    }

    private func fill(_ cr: OpaquePointer, _ geometry: VectorTile.Geometry, _ layer: MapStyle.Layer, _ c: StyleContext, _ k: Double) {
        guard case .polygons(let polygons) = geometry else { return }
        cairo_new_path(cr)
        for ring in polygons.joined() { append(cr, ring, k, closed: true) }
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD)  // rule 2
        let opacity = layer.value("fill-opacity", c)
        if setColor(cr, layer.value("fill-color", c) ?? .color(StyleColor(red: 0, green: 0, blue: 0)), opacity: opacity) {
            cairo_fill_preserve(cr)
        }
        if let outline = layer.value("fill-outline-color", c), setColor(cr, outline, opacity: opacity) {
            cairo_set_line_width(cr, 1)
            cairo_stroke_preserve(cr)
        }
        cairo_new_path(cr)
    }

    private func stroke(_ cr: OpaquePointer, _ geometry: VectorTile.Geometry, _ layer: MapStyle.Layer, _ c: StyleContext, _ k: Double) {
        cairo_new_path(cr)
        switch geometry {  // rule 3
        case .lines(let lines): for line in lines { append(cr, line, k, closed: false) }
        case .polygons(let polygons): for ring in polygons.joined() { append(cr, ring, k, closed: true) }
        case .points: return
        }
        let width = max(layer.value("line-width", c)?.number ?? 1, 0)
        guard width > 0, setColor(cr, layer.value("line-color", c) ?? .color(StyleColor(red: 0, green: 0, blue: 0)),
                                  opacity: layer.value("line-opacity", c)) else { return cairo_new_path(cr) }
        cairo_set_line_width(cr, width)
        cairo_set_line_cap(cr, [ "round": CAIRO_LINE_CAP_ROUND, "square": CAIRO_LINE_CAP_SQUARE][layer.value("line-cap", c)?.string ?? ""]
                           ?? CAIRO_LINE_CAP_BUTT)
        cairo_set_line_join(cr, ["round": CAIRO_LINE_JOIN_ROUND, "bevel": CAIRO_LINE_JOIN_BEVEL][layer.value("line-join", c)?.string ?? ""]
                            ?? CAIRO_LINE_JOIN_MITER)
        let dashes = (layer.value("line-dasharray", c)?.array ?? []).compactMap(\.number).map { max($0, 0) * width }
        if dashes.count >= 2, dashes.contains(where: { $0 > 0 }) {
            dashes.withUnsafeBufferPointer { cairo_set_dash(cr, $0.baseAddress, Int32($0.count), 0) }
        }
        cairo_stroke(cr)
        cairo_set_dash(cr, nil, 0, 0)
    }

    private func circles(_ cr: OpaquePointer, _ geometry: VectorTile.Geometry, _ layer: MapStyle.Layer, _ c: StyleContext, _ k: Double) {
        guard case .points(let points) = geometry else { return }
        let radius = max(layer.value("circle-radius", c)?.number ?? 5, 0)
        let strokeWidth = max(layer.value("circle-stroke-width", c)?.number ?? 0, 0)
        for p in points {
            let x = Double(p.x) * k, y = Double(p.y) * k
            if strokeWidth > 0, setColor(cr, layer.value("circle-stroke-color", c) ?? .color(StyleColor(red: 0, green: 0, blue: 0)),
                                         opacity: layer.value("circle-stroke-opacity", c)) {
                cairo_new_path(cr)
                cairo_arc(cr, x, y, radius + strokeWidth / 2, 0, 2 * .pi)  // rule 4: outside the radius
                cairo_set_line_width(cr, strokeWidth)
                cairo_stroke(cr)
            }
            cairo_new_path(cr)
            cairo_arc(cr, x, y, radius, 0, 2 * .pi)
            if setColor(cr, layer.value("circle-color", c) ?? .color(StyleColor(red: 0, green: 0, blue: 0)), opacity: layer.value("circle-opacity", c)) {
                cairo_fill(cr)
            }
            cairo_new_path(cr)
        }
    }

    private func append(_ cr: OpaquePointer, _ points: [TilePoint], _ k: Double, closed: Bool) {
        guard let first = points.first else { return }
        cairo_move_to(cr, Double(first.x) * k, Double(first.y) * k)
        for p in points.dropFirst() { cairo_line_to(cr, Double(p.x) * k, Double(p.y) * k) }
        if closed { cairo_close_path(cr) }
    }

    /// Sets a color times an opacity (rule 5); false when there is nothing to draw.
    @discardableResult
    private func setColor(_ cr: OpaquePointer, _ value: StyleValue?, opacity: StyleValue?) -> Bool {
        guard let color = value?.color else { return false }
        let alpha = color.alpha * min(max(opacity?.number ?? 1, 0), 1)
        guard alpha > 0 else { return false }
        cairo_set_source_rgba(cr, color.red, color.green, color.blue, alpha)
        return true
    }
}
