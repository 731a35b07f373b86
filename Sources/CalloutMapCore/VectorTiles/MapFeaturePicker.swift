import Foundation

/// Finds what of a vector tile a click lands on, as the style draws it (MapKit's selectable map
/// features). Pure: the tile, the style and the click in, a `MapFeature` or nil out.
///
/// The rules, as the code applies them:
/// 1. Only what the style draws at the map's zoom can be hit: a fill, line, circle or symbol
///    layer that is visible there and lets the feature through its filter; and only kinds asked
///    for. (A symbol layer names what it labels: a street's name runs along the street, where
///    the OpenMapTiles schema keeps roads' names — the roads themselves have none.)
/// 2. A circle is hit within its radius and its stroke (outside the radius, as MapLibre draws it), a line within half its width, a
///    symbol within half its text size of its point or line, an area inside it (even-odd: not
///    in a hole); all but areas with `slop` points to spare, as a finger or a shaky hand misses
///    by that much.
/// 3. Smaller things win: a point over a line, a line over an area (a café in a park, a street
///    across a square); among equals, what is drawn on top (the style's later layer, the
///    layer's later feature).
/// 4. A feature without a name is passed over, and what lies under it may be hit (an unnamed
///    building in a named park selects the park).
package struct MapFeaturePicker: Sendable {
    package let style: MapStyle
    package let kinds: MapFeature.Kinds

    package init(style: MapStyle, kinds: MapFeature.Kinds) {
        self.style = style
        self.kinds = kinds
    }

    /// The feature under `click` (a point of the unit world square) in `tile`, the tiles' tile
    /// `tileID`, drawn for a map at `mapZoom` (at or deeper than the tile's: the tile is then
    /// enlarged; the style reads one zoom less, `MapStyle.styleZoom`), or nil.
    package func feature(in tile: VectorTile, tileID: TileID, at click: WorldPoint, mapZoom: Double, slop: Double = 4) -> MapFeature? {
        // Tile units per point: the tile spans 256 points at its zoom, twice that a zoom deeper.
        let n = Double(1 << tileID.zoom), zoom = MapStyle.styleZoom(forMapZoom: mapZoom)
        var best: (rank: Int, hit: MapFeature)?
        for layer in style.layers.reversed() {  // rule 3: top first
            guard layer.isVisible, zoom >= layer.minZoom, zoom < layer.maxZoom,
                  let name = layer.sourceLayer, let data = tile.layer(named: name) else { continue }  // rule 1
            let extent = Double(data.extent)
            let unitsPerPoint = extent / (256 * pow(2, mapZoom - Double(tileID.zoom)))
            let p = (x: (click.x * n - Double(tileID.x)) * extent, y: (click.y * n - Double(tileID.y)) * extent)
            for feature in data.features.reversed() {
                let kind = MapFeature.kind(layer: name, geometry: feature.geometry)
                let rank = Self.rank(feature.geometry)
                guard kinds.contains(kind), rank < best?.rank ?? .max else { continue }
                let context = StyleContext(feature, in: data, zoom: zoom)
                guard layer.draws(context),
                      let at = Self.hit(feature.geometry, layer, context, p, unitsPerPoint: unitsPerPoint, slop: slop) else { continue }
                let properties = Self.text(data.properties(of: feature))
                guard let title = MapFeature.title(of: properties) else { continue }  // rule 4
                let world = WorldPoint(x: (Double(tileID.x) + at.x / extent) / n, y: (Double(tileID.y) + at.y / extent) / n)
                best = (rank, MapFeature(kind: kind, layer: name, styleLayer: layer.id, id: feature.id, properties: properties,
                                         coordinate: WebMercator.coordinate(for: world), title: title,
                                         subtitle: MapFeatureWords.subtitle(properties: properties, layer: name)))
                break  // the layer's topmost hit of this rank; only a smaller thing can win now
            }
            if best?.rank == 0 { break }
        }
        return best?.hit
    }

    /// Every named thing the style draws of the tile at `mapZoom`, of the kinds asked for (rules 1
    /// and 4), with a point in `area` (of the unit world square) — for the keyboard and screen
    /// readers: a point of interest at its point; a line or an area once per name, at its
    /// corner nearest `focus`. In the order the style draws them, bottom first.
    package func features(in tile: VectorTile, tileID: TileID, mapZoom: Double,
                          area: (minX: Double, minY: Double, maxX: Double, maxY: Double), near focus: WorldPoint) -> [MapFeature] {
        let n = Double(1 << tileID.zoom), zoom = MapStyle.styleZoom(forMapZoom: mapZoom)
        var found: [MapFeature] = [], seen: Set<String> = []
        for layer in style.layers where layer.type != .background {
            guard layer.isVisible, zoom >= layer.minZoom, zoom < layer.maxZoom,
                  let name = layer.sourceLayer, let data = tile.layer(named: name) else { continue }
            let extent = Double(data.extent)
            func world(_ p: TilePoint) -> WorldPoint {
                WorldPoint(x: (Double(tileID.x) + Double(p.x) / extent) / n, y: (Double(tileID.y) + Double(p.y) / extent) / n)
            }
            func inArea(_ w: WorldPoint) -> Bool { w.x >= area.minX && w.x <= area.maxX && w.y >= area.minY && w.y <= area.maxY }
            for feature in data.features {
                let kind = MapFeature.kind(layer: name, geometry: feature.geometry)
                guard kinds.contains(kind), layer.draws(StyleContext(feature, in: data, zoom: zoom)) else { continue }
                let properties = Self.text(data.properties(of: feature))
                guard let title = MapFeature.title(of: properties) else { continue }
                var points: [WorldPoint]
                switch feature.geometry {
                case .points(let ps): points = ps.map(world).filter(inArea)
                case .lines(let lines): points = lines.joined().map(world).filter(inArea)
                case .polygons(let polygons): points = polygons.joined().joined().map(world).filter(inArea)
                }
                if case .points = feature.geometry {} else {
                    guard !seen.contains("\(name)|\(title)") else { continue }
                    let nearest = points.min { abs($0.x - focus.x) + abs($0.y - focus.y) < abs($1.x - focus.x) + abs($1.y - focus.y) }
                    points = nearest.map { [$0] } ?? []
                }
                for p in points {
                    let key = "\(name)|\(title)" + (kind == .pointOfInterest || kind == .place ? "|\(p.x)|\(p.y)" : "")
                    guard seen.insert(key).inserted else { continue }
                    found.append(MapFeature(kind: kind, layer: name, styleLayer: layer.id, id: feature.id, properties: properties,
                                            coordinate: WebMercator.coordinate(for: p), title: title,
                                            subtitle: MapFeatureWords.subtitle(properties: properties, layer: name)))
                }
            }
        }
        return found
    }

    /// Rule 3's order: points, then lines, then areas.
    private static func rank(_ geometry: VectorTile.Geometry) -> Int {
        switch geometry {
        case .points: 0
        case .lines: 1
        case .polygons: 2
        }
    }

    /// Where the click hits the feature as the layer draws it (rule 2), in tile units: a point's
    /// own place, a line's nearest point, the click itself inside an area; nil for a miss.
    private static func hit(_ geometry: VectorTile.Geometry, _ layer: MapStyle.Layer, _ c: StyleContext,
                            _ p: (x: Double, y: Double), unitsPerPoint u: Double, slop: Double) -> (x: Double, y: Double)? {
        switch (layer.type, geometry) {
        case (.circle, .points(let points)):
            let reach = (max(layer.value("circle-radius", c)?.number ?? 5, 0)
                         + max(layer.value("circle-stroke-width", c)?.number ?? 0, 0) + slop) * u
            let nearest = points.map { (x: Double($0.x), y: Double($0.y)) }.min { distance($0, p) < distance($1, p) }
            return nearest.flatMap { distance($0, p) <= reach ? $0 : nil }
        case (.line, .lines(let lines)):
            return nearestOnLines(lines, to: p, within: (max(layer.value("line-width", c)?.number ?? 1, 0) / 2 + slop) * u)
        case (.line, .polygons(let polygons)):
            let rings = polygons.joined().map { $0 + $0.prefix(1) }  // closed
            return nearestOnLines(Array(rings), to: p, within: (max(layer.value("line-width", c)?.number ?? 1, 0) / 2 + slop) * u)
        case (.symbol, .points(let points)):
            let reach = (max(layer.value("text-size", c)?.number ?? 16, 0) / 2 + slop) * u
            let nearest = points.map { (x: Double($0.x), y: Double($0.y)) }.min { distance($0, p) < distance($1, p) }
            return nearest.flatMap { distance($0, p) <= reach ? $0 : nil }
        case (.symbol, .lines(let lines)):
            return nearestOnLines(lines, to: p, within: (max(layer.value("text-size", c)?.number ?? 16, 0) / 2 + slop) * u)
        case (.fill, .polygons(let polygons)):
            return polygons.contains { VectorTileRings.contains($0, p) } ? p : nil
        default:
            return nil
        }
    }

    private static func distance(_ a: (x: Double, y: Double), _ b: (x: Double, y: Double)) -> Double {
        ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
    }

    /// The point of the lines nearest `p`, if it is within `reach`.
    private static func nearestOnLines(_ lines: [[TilePoint]], to p: (x: Double, y: Double), within reach: Double) -> (x: Double, y: Double)? {
        var best: (d: Double, at: (x: Double, y: Double))?
        for line in lines {
            for (a, b) in zip(line, line.dropFirst()) {
                let ax = Double(a.x), ay = Double(a.y), dx = Double(b.x) - ax, dy = Double(b.y) - ay
                let length = dx * dx + dy * dy
                let t = length > 0 ? min(max(((p.x - ax) * dx + (p.y - ay) * dy) / length, 0), 1) : 0
                let q = (x: ax + t * dx, y: ay + t * dy)
                let d = distance(q, p)
                if d <= reach, d < best?.d ?? .infinity { best = (d, q) }
            }
        }
        return best?.at
    }

    /// Properties as text: numbers as written (12, 4.5), booleans as true or false.
    private static func text(_ properties: [String: VectorTile.Value]) -> [String: String] {
        properties.compactMapValues {
            switch $0 {
            case .string(let s): s
            case .double(let d): StyleValue.text(of: d)
            case .int(let i): String(i)
            case .uint(let u): String(u)
            case .bool(let b): b ? "true" : "false"
            case .none: nil
            }
        }
    }
}
