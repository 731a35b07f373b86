/// One label that wants a place on the map: a town's name beside its dot, or a country's name
/// centred on its point.
package struct LabelCandidate: Sendable {
    /// Whose label it is (the caller's key, such as a place's rank).
    package var id: Int
    /// The place's point on the screen.
    package var anchor: Point
    /// A dot at the anchor with the text beside it; else the text centred on the anchor.
    package var hasDot: Bool
    /// Its dot and its first place beside it are kept from labels placed before it (a capital's
    /// from the country names that come first in the order): they move or yield to it.
    package var isKeptClear: Bool

    package init(id: Int, anchor: Point, hasDot: Bool, isKeptClear: Bool = false) {
        self.id = id
        self.anchor = anchor
        self.hasDot = hasDot
        self.isKeptClear = isKeptClear
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

/// Places labels greedily so none overlaps another, a pin, a dot or what lies over the map.
///
/// The rules, in order:
/// 1. Obstacles (pins, the scale bar, the credits) are taken first: no label or dot goes under one.
/// 2. Candidates are placed in the order given, which settles every conflict, so the same
///    candidates always give the same map.
/// 3. A candidate kept clear (`isKeptClear`) has its dot and its first place (right of the dot)
///    kept from the candidates before it in the order that are not kept clear themselves (among
///    those, the order decides, but each takes a place that leaves the later ones' dots free
///    when it has one: Vienna's name goes left so that Bratislava's dot stays free); they move
///    or are left out instead.
/// 4. A label with a dot tries the right of its dot, then the left, above and below (as atlases
///    set town names); one without (a country's name) is centred on its point, then moved down
///    or up by one and then two lines; each is left out when none of its places is free.
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
        // 1.
        var taken = CollisionGrid(area: area, cellSize: 64)
        for o in obstacles { taken.insert(o) }
        // 3. What the candidates kept clear hold until their turn: (their index, the rectangles).
        var kept: [(index: Int, rects: [Rect])] = []
        for (i, c) in candidates.enumerated() where c.isKeptClear && c.anchor.x.isFinite && c.anchor.y.isFinite {
            let size = measure(c.id)
            guard size.width > 0, size.height > 0 else { continue }
            let first = c.hasDot ? positions(around: c.anchor, size: size)[0] : centred(on: c.anchor, size: size)
            kept.append((i, [first.insetBy(dx: -padding, dy: -padding)] + (c.hasDot ? [dot(at: c.anchor)] : [])))
        }
        func isKept(_ r: Rect, before i: Int) -> Bool {
            !candidates[i].isKeptClear && kept.contains { $0.index > i && $0.rects.contains { $0.intersects(r) } }
        }
        func coversKeptDot(_ r: Rect, before i: Int) -> Bool {
            kept.contains { $0.index > i && candidates[$0.index].hasDot && $0.rects.last!.intersects(r) }
        }
        // 2.
        var placed: [PlacedLabel] = []
        for (i, c) in candidates.enumerated() {
            guard c.anchor.x.isFinite, c.anchor.y.isFinite else { continue }
            let dot = dot(at: c.anchor)
            if c.hasDot, taken.collides(dot) || isKept(dot, before: i) { continue }
            let size = measure(c.id)
            guard size.width > 0, size.height > 0 else { continue }
            // 4.
            let frames = c.hasDot ? positions(around: c.anchor, size: size) : shifts(of: centred(on: c.anchor, size: size))
            let free = frames.filter {
                let padded = $0.insetBy(dx: -padding, dy: -padding)
                return !taken.collides(padded) && !isKept(padded, before: i)
            }
            let preferred = c.isKeptClear ? free.first { !coversKeptDot($0.insetBy(dx: -padding, dy: -padding), before: i) } : nil
            guard let frame = preferred ?? free.first else { continue }
            taken.insert(frame.insetBy(dx: -padding, dy: -padding))
            if c.hasDot { taken.insert(dot) }
            placed.append(PlacedLabel(id: c.id, textFrame: frame, dot: c.hasDot ? c.anchor : nil))
        }
        return placed
    }

    /// The rectangle a dot takes.
    private static func dot(at p: Point) -> Rect {
        let r = dotRadius + 0.5
        return Rect(x: p.x - r, y: p.y - r, width: 2 * r, height: 2 * r)
    }

    private static func centred(on p: Point, size: Size) -> Rect {
        Rect(x: p.x - size.width / 2, y: p.y - size.height / 2, width: size.width, height: size.height)
    }

    /// A name without a dot: where it is, then one and two lines down and up.
    static func shifts(of frame: Rect) -> [Rect] {
        let line = frame.height + 2 * padding
        return [0, 1, -1, 2, -2].map { frame.offsetBy(dx: 0, dy: Double($0) * line) }
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
