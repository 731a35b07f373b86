/// One label that wants a place on the map: a town's name beside its dot, or a country's name
/// centred on its point.
package struct LabelCandidate: Sendable {
    /// Whose label it is (the caller's key, such as a place's rank).
    package var id: Int
    /// The place's point on the screen.
    package var anchor: Point
    /// A dot at the anchor with the text beside it; else the text centred on the anchor.
    package var hasDot: Bool

    package init(id: Int, anchor: Point, hasDot: Bool) {
        self.id = id
        self.anchor = anchor
        self.hasDot = hasDot
    }
}

/// Where a label went.
package struct PlacedLabel: Equatable, Sendable {
    package var id: Int
    /// The text's rectangle.
    package var textFrame: Rect
    /// The dot's centre, for labels with one.
    package var dot: Point?
}

/// Places labels greedily, most important first, so none overlaps another, a pin or a dot:
/// each label tries the right of its dot, then the left, above and below (as atlases set
/// town names), and is left out when none is free. The order of the candidates settles every
/// conflict, so the same candidates always give the same map.
package enum LabelPlacer {
    /// A town's dot.
    package static let dotRadius = 2.5
    /// Between a dot and its text.
    package static let gap = 3.0
    /// Kept clear around every text, so neighbouring names do not touch.
    package static let padding = 2.0

    /// The labels that fit, in the candidates' order. `obstacles` (pins) are taken first: no
    /// label or dot goes under one. `measure` gives a label's text size; it is asked only for
    /// candidates whose dot still has room (most towns in a crowded view never need measuring).
    package static func place(_ candidates: [LabelCandidate], area: Rect, obstacles: [CollisionShape] = [],
                              measure: (Int) -> Size) -> [PlacedLabel] {
        var taken = CollisionGrid(area: area, cellSize: 64)
        for o in obstacles { taken.insert(o) }
        var placed: [PlacedLabel] = []
        for c in candidates {
            guard c.anchor.x.isFinite, c.anchor.y.isFinite else { continue }
            let r = dotRadius + 0.5
            let dot = Rect(x: c.anchor.x - r, y: c.anchor.y - r, width: 2 * r, height: 2 * r)
            if c.hasDot, taken.collides(dot) { continue }
            let size = measure(c.id)
            guard size.width > 0, size.height > 0 else { continue }
            let frames = c.hasDot ? positions(around: c.anchor, size: size)
                : [Rect(x: c.anchor.x - size.width / 2, y: c.anchor.y - size.height / 2, width: size.width, height: size.height)]
            guard let frame = frames.first(where: { !taken.collides($0.insetBy(dx: -padding, dy: -padding)) }) else { continue }
            taken.insert(frame.insetBy(dx: -padding, dy: -padding))
            if c.hasDot { taken.insert(dot) }
            placed.append(PlacedLabel(id: c.id, textFrame: frame, dot: c.hasDot ? c.anchor : nil))
        }
        return placed
    }

    /// Right, left, above, below a dot.
    static func positions(around p: Point, size: Size) -> [Rect] {
        let d = dotRadius + gap, w = size.width, h = size.height
        return [Rect(x: p.x + d, y: p.y - h / 2, width: w, height: h),
                Rect(x: p.x - d - w, y: p.y - h / 2, width: w, height: h),
                Rect(x: p.x - w / 2, y: p.y - dotRadius - 1 - h, width: w, height: h),
                Rect(x: p.x - w / 2, y: p.y + dotRadius + 1, width: w, height: h)]
    }
}
