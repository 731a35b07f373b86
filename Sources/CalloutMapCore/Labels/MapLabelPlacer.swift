import Foundation

/// Where a vector map's label went: its text box, centred at `center` and turned by `angle`.
package struct PlacedMapLabel: Equatable, Sendable {
    /// The label's index in the labels given.
    package var index: Int
    package var center: Point
    /// Radians, clockwise on the screen (y down); 0 for a point label, within ±90° for a line
    /// label, so it reads left to right.
    package var angle: Double
    /// The text box before it is turned.
    package var size: Size
    /// The room it takes, padded: what later labels and names keep clear of.
    package var shapes: [CollisionShape]
}

/// Places a vector map's labels so none overlaps another, a pin, or what lies over the map.
///
/// The rules, in order:
/// 1. What is already taken (pins, the map's plates, callouts) stays taken: no label goes under it.
/// 2. Labels are placed one at a time, and an earlier one wins: a later symbol layer's first (it
///    is drawn over the ones before, as in MapLibre), within a layer by `symbol-sort-key`, lower
///    first, then in the tiles' order.
/// 3. A point label's text sits by its anchor at its point, moved by its offset; it is left out
///    when its point is outside the area or its box is taken (unless it may overlap).
/// 4. A line label is set straight along a stretch of its line that is straight enough to carry
///    it (no bend strays from the text's middle by more than a quarter of its height), turned to
///    read left to right: tried at the line's middle, then further out either side a line of
///    text at a time, each stretch whose room is free taken (rule 5 spaces them). Its room is a
///    chain of circles along the text.
/// 5. The same text of the same layer is not set again within `spacing` points of itself (a
///    long street is named every so often, a street cut at tile edges once a stretch), nor a
///    point label twice on one spot (a feature in two tiles' buffers).
/// 6. Each placed label's room, `padding` points around its text, is taken.
package enum MapLabelPlacer {
    /// Between labels of one name (MapLibre's `symbol-spacing`).
    package static let spacing = 250.0
    package static let padding = LabelPlacer.padding

    /// The labels of `labels` that fit, in the order placed. `screenPoint` puts a world point on
    /// the screen; `area` is where labels may go (their points inside it); `taken` holds what is
    /// taken already and gets the labels' room. `measure` gives a label's text size (a line
    /// label's on one line); it is asked only for labels with a point or a line in the area.
    package static func place(_ labels: [MapLabel], screenPoint: (WorldPoint) -> Point, area: Rect,
                              taken: inout CollisionGrid, measure: (Int) -> Size) -> [PlacedMapLabel] {
        // 2.
        let order = labels.indices.sorted {
            let a = labels[$0], b = labels[$1]
            if a.layerIndex != b.layerIndex { return a.layerIndex > b.layerIndex }
            if a.sortKey != b.sortKey { return a.sortKey < b.sortKey }
            return $0 < $1
        }
        var placed: [PlacedMapLabel] = []
        var spots: [String: [Point]] = [:]  // rule 5: where each layer's text was set
        for i in order {
            let label = labels[i]
            let key = "\(label.layerIndex)|\(label.text)"
            let apart = label.line.isEmpty ? 1.0 : spacing
            func isRepeat(_ p: Point) -> Bool { spots[key]?.contains { hypot($0.x - p.x, $0.y - p.y) < apart } ?? false }
            var found: [PlacedMapLabel] = []
            if let point = label.point {
                let p = screenPoint(point)
                guard area.contains(p), !isRepeat(p) else { continue }  // 3.
                let size = measure(i)
                guard size.width > 0, size.height > 0 else { continue }
                let frame = frame(of: size, at: p, anchor: label.anchor, offset: label.offset)
                let room = [CollisionShape.rectangle(frame.insetBy(dx: -padding, dy: -padding))]
                guard label.allowsOverlap || !room.contains(where: taken.collides) else { continue }
                found = [PlacedMapLabel(index: i, center: frame.center, angle: 0, size: size, shapes: room)]
            } else {
                let line = label.line.map(screenPoint)
                guard line.contains(where: area.contains) else { continue }
                let size = measure(i)
                guard size.width > 0, size.height > 0 else { continue }
                for stretch in stretches(along: line, size: size) where area.contains(stretch.center) && !isRepeat(stretch.center) {  // 4.
                    let room = chain(at: stretch.center, angle: stretch.angle, size: size)
                    guard label.allowsOverlap || !room.contains(where: taken.collides) else { continue }
                    found.append(PlacedMapLabel(index: i, center: stretch.center, angle: stretch.angle, size: size, shapes: room))
                    spots[key, default: []].append(stretch.center)
                    room.forEach { taken.insert($0) }
                }
                placed += found
                continue
            }
            // 6.
            for label in found {
                label.shapes.forEach { taken.insert($0) }
                spots[key, default: []].append(label.center)
            }
            placed += found
        }
        return placed
    }

    /// A point label's text box (rule 3).
    static func frame(of size: Size, at p: Point, anchor: MapLabel.Anchor, offset: Point) -> Rect {
        let x: Double, y: Double
        switch anchor {
        case .center, .top, .bottom: x = p.x - size.width / 2
        case .left, .topLeft, .bottomLeft: x = p.x
        case .right, .topRight, .bottomRight: x = p.x - size.width
        }
        switch anchor {
        case .center, .left, .right: y = p.y - size.height / 2
        case .top, .topLeft, .topRight: y = p.y
        case .bottom, .bottomLeft, .bottomRight: y = p.y - size.height
        }
        return Rect(x: x + offset.x, y: y + offset.y, width: size.width, height: size.height)
    }

    /// The stretches of a line (in screen points) straight enough to carry text of `size` (rule
    /// 4): the text's centre and angle, from the line's middle outwards a text height at a time.
    static func stretches(along line: [Point], size: Size) -> [(center: Point, angle: Double)] {
        var lengths = [0.0]
        for (a, b) in zip(line, line.dropFirst()) { lengths.append(lengths.last! + hypot(b.x - a.x, b.y - a.y)) }
        let total = lengths.last ?? 0, half = size.width / 2 + padding
        guard total >= 2 * half else { return [] }
        func point(at d: Double) -> Point {
            var i = 1
            while i < lengths.count - 1 && lengths[i] < d { i += 1 }
            let span = lengths[i] - lengths[i - 1], t = span > 0 ? (d - lengths[i - 1]) / span : 0
            return Point(x: line[i - 1].x + t * (line[i].x - line[i - 1].x), y: line[i - 1].y + t * (line[i].y - line[i - 1].y))
        }
        var distances = [total / 2]
        let step = max(size.height, 8)
        for k in 1...200 {
            let offset = Double(k) * step
            guard total / 2 - offset >= half else { break }
            distances += [total / 2 - offset, total / 2 + offset]
        }
        let tolerance = max(size.height / 4, 1.5)
        var found: [(Point, Double)] = []
        for d in distances {
            let a = point(at: d - size.width / 2), b = point(at: d + size.width / 2)
            let dx = b.x - a.x, dy = b.y - a.y, chord = hypot(dx, dy)
            guard chord >= 0.9 * size.width, chord > 0 else { continue }
            // Every bend between the ends stays within the tolerance of the straight text.
            let bends = lengths.indices.filter { lengths[$0] > d - size.width / 2 && lengths[$0] < d + size.width / 2 }
            guard bends.allSatisfy({ abs((line[$0].x - a.x) * dy - (line[$0].y - a.y) * dx) / chord <= tolerance }) else { continue }
            var angle = atan2(dy, dx)
            if angle > .pi / 2 { angle -= .pi } else if angle < -.pi / 2 { angle += .pi }
            found.append((Point(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2), angle))
        }
        return found
    }

    /// A turned text's room: circles as wide as the text is high, overlapping, along its middle.
    static func chain(at center: Point, angle: Double, size: Size) -> [CollisionShape] {
        let h = size.height, radius = h / 2 + padding
        let count = max(1, Int((size.width / h).rounded(.up)))
        let reach = max(size.width - h, 0) / 2
        let (c, s) = (cos(angle), sin(angle))
        return (0..<count).map { j in
            let t = count == 1 ? 0 : -reach + 2 * reach * Double(j) / Double(count - 1)
            return .circle(center: Point(x: center.x + t * c, y: center.y + t * s), radius: count == 1 ? max(size.width, h) / 2 + padding : radius)
        }
    }
}
