import Foundation

/// A label a style's symbol layer gives a feature of a vector tile: its text, its look and where
/// it goes on the world, ready for `MapLabelPlacer`.
package struct MapLabel: Sendable, Equatable {
    /// Which part of the text sits at the label's point (`text-anchor`).
    package enum Anchor: String, Sendable {
        case center, left, right, top, bottom
        case topLeft = "top-left", topRight = "top-right", bottomLeft = "bottom-left", bottomRight = "bottom-right"
    }

    /// The text as drawn (`text-field`, after `text-transform`).
    package var text: String
    /// The symbol layer's place in the style's layers: a later layer's labels are placed first.
    package var layerIndex: Int
    /// `symbol-sort-key`: within a layer, lower keys are placed first.
    package var sortKey: Double
    /// Where a point label stands (`symbol-placement` point), of the unit world square.
    package var point: WorldPoint?
    /// The line a line label runs along (`symbol-placement` line); empty for a point label.
    package var line: [WorldPoint]
    /// Text size in points.
    package var size: Double
    package var isBold: Bool
    package var isItalic: Bool
    package var color: StyleColor
    package var haloColor: StyleColor?
    /// The halo's width in points, around each letter.
    package var haloWidth: Double
    package var anchor: Anchor
    /// `text-offset`, in points (the style gives it in ems).
    package var offset: Point
    /// Where a point label's text wraps (`text-max-width`), in points.
    package var maxWidth: Double
    /// `text-allow-overlap`: drawn even where it overlaps what came before it.
    package var allowsOverlap: Bool

    /// The labels `style` gives the features of `tile` (the tileset's tile `tileID`) on a map at
    /// `mapZoom` — the symbol layers' features that their zooms, visibility and filters let
    /// through, with non-empty text — in the style's order, each layer's in the tile's order (its
    /// line labels last, their lines `joined` by name). A point label on a line stands at the
    /// middle of its length; on an area, at its largest polygon's `InteriorPoint`. A line label
    /// on an area runs along its rings.
    package static func labels(in tile: VectorTile, tileID: TileID, style: MapStyle, mapZoom: Double) -> [MapLabel] {
        let zoom = MapStyle.styleZoom(forMapZoom: mapZoom), n = Double(1 << tileID.zoom)
        var labels: [MapLabel] = []
        for (index, layer) in style.layers.enumerated() where layer.type == .symbol {
            guard layer.isVisible, zoom >= layer.minZoom, zoom < layer.maxZoom,
                  let name = layer.sourceLayer, let data = tile.layer(named: name) else { continue }
            let extent = Double(data.extent)
            func world(_ p: TilePoint) -> WorldPoint {
                WorldPoint(x: (Double(tileID.x) + Double(p.x) / extent) / n, y: (Double(tileID.y) + Double(p.y) / extent) / n)
            }
            // Line labels wait to be joined: a street comes as many ways, end to end.
            var lineLabels: [(label: MapLabel, lines: [[TilePoint]])] = [], byText: [String: Int] = [:]
            for feature in data.features {
                let c = StyleContext(feature, in: data, zoom: zoom)
                guard layer.draws(c), var label = label(layer, index: index, c) else { continue }
                let alongLines = layer.value("symbol-placement", c)?.string == "line"
                switch (feature.geometry, alongLines) {
                case (.points(let points), _):  // a point has no line to follow
                    for p in points { label.point = world(p); labels.append(label) }
                case (.lines(let lines), true):
                    if let i = byText[label.text] { lineLabels[i].lines += lines } else {
                        byText[label.text] = lineLabels.count
                        lineLabels.append((label, lines))
                    }
                case (.lines(let lines), false):
                    for line in lines {
                        guard let middle = middle(of: line.map { (Double($0.x), Double($0.y)) }) else { continue }
                        label.point = world(TilePoint(x: Int32(middle.x.rounded()), y: Int32(middle.y.rounded())))
                        labels.append(label)
                    }
                case (.polygons(let polygons), true):
                    for ring in polygons.joined() where ring.count >= 3 { label.line = (ring + ring.prefix(1)).map(world); labels.append(label) }
                case (.polygons(let polygons), false):
                    guard let largest = polygons.max(by: { abs(VectorTileRings.signedArea($0[0])) < abs(VectorTileRings.signedArea($1[0])) }),
                          let p = InteriorPoint.of(largest.map { $0.map { (x: Double($0.x), y: Double($0.y)) } }) else { continue }
                    label.point = world(TilePoint(x: Int32(p.x.rounded()), y: Int32(p.y.rounded())))
                    labels.append(label)
                }
            }
            for (label, lines) in lineLabels {
                for line in joined(lines) where line.count >= 2 {
                    var part = label
                    part.line = line.map(world)
                    labels.append(part)
                }
            }
        }
        return labels
    }

    /// The layer's label for a feature, without a place yet; nil when its text is empty.
    private static func label(_ layer: MapStyle.Layer, index: Int, _ c: StyleContext) -> MapLabel? {
        var text = (layer.value("text-field", c)?.text ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { return nil }
        switch layer.value("text-transform", c)?.string {
        case "uppercase": text = text.uppercased()
        case "lowercase": text = text.lowercased()
        default: break
        }
        let size = max(layer.value("text-size", c)?.number ?? 16, 1)
        let fonts = (layer.value("text-font", c)?.array ?? []).map(\.text).joined(separator: " ")
        var color = layer.value("text-color", c)?.color ?? StyleColor(red: 0, green: 0, blue: 0)
        let opacity = min(max(layer.value("text-opacity", c)?.number ?? 1, 0), 1)
        color.alpha *= opacity
        var halo = layer.value("text-halo-color", c)?.color
        halo?.alpha *= opacity
        let offset = (layer.value("text-offset", c)?.array ?? []).compactMap(\.number)
        return MapLabel(text: text, layerIndex: index, sortKey: layer.value("symbol-sort-key", c)?.number ?? 0, point: nil, line: [],
                        size: size, isBold: fonts.contains("Bold") || fonts.contains("Semibold"), isItalic: fonts.contains("Italic"),
                        color: color, haloColor: halo, haloWidth: max(layer.value("text-halo-width", c)?.number ?? 0, 0),
                        anchor: layer.value("text-anchor", c)?.string.flatMap(Anchor.init(rawValue:)) ?? .center,
                        offset: offset.count == 2 ? Point(x: offset[0] * size, y: offset[1] * size) : Point(x: 0, y: 0),
                        maxWidth: max(layer.value("text-max-width", c)?.number ?? 10, 1) * size,
                        allowsOverlap: layer.value("text-allow-overlap", c) == .bool(true))
    }

    /// Lines joined where one ends where another starts or ends (as MapLibre joins a name's
    /// lines before setting it along them, here either way round): a street cut into ways is
    /// named along its length, not on each short piece.
    static func joined(_ lines: [[TilePoint]]) -> [[TilePoint]] {
        guard lines.count > 1 else { return lines }
        let lines = lines.filter { !$0.isEmpty }
        var used = Array(repeating: false, count: lines.count)
        var ends: [TilePoint: [Int]] = [:]  // the lines that start or end at a point
        for (i, line) in lines.enumerated() {
            ends[line[0], default: []].append(i)
            if line.last != line[0] { ends[line.last!, default: []].append(i) }
        }
        func take(at p: TilePoint) -> [TilePoint]? {  // an unused line from p onwards
            guard let j = ends[p]?.first(where: { !used[$0] }) else { return nil }
            used[j] = true
            return lines[j][0] == p ? lines[j] : lines[j].reversed()
        }
        var out: [[TilePoint]] = []
        for i in lines.indices where !used[i] {
            used[i] = true
            var line = lines[i]
            while let next = take(at: line.last!) { line += next.dropFirst() }
            while let before = take(at: line[0]) { line = before.reversed() + line.dropFirst() }
            out.append(line)
        }
        return out
    }

    /// The point halfway along a line.
    private static func middle(of line: [(x: Double, y: Double)]) -> (x: Double, y: Double)? {
        guard let first = line.first else { return nil }
        let lengths = zip(line, line.dropFirst()).map { hypot($1.x - $0.x, $1.y - $0.y) }
        var rest = lengths.reduce(0, +) / 2
        for (i, length) in lengths.enumerated() {
            if rest <= length, length > 0 {
                let t = rest / length
                return (line[i].x + t * (line[i + 1].x - line[i].x), line[i].y + t * (line[i + 1].y - line[i].y))
            }
            rest -= length
        }
        return first
    }
}
