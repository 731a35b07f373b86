import Foundation

/// One open callout to arrange: its body's size, its pin, and where it sat last time.
package struct CalloutRequest: Sendable {
    package var size: Size
    /// The pin's frame and the point an above-callout's arrow touches (as `CalloutPlacer` takes them).
    package var pin: Rect
    package var anchor: Point
    /// Its place relative to the pin at the last arrangement; nil for a callout just opened.
    package var previous: CalloutSpot?

    package init(size: Size, pin: Rect, anchor: Point, previous: CalloutSpot? = nil) {
        self.size = size
        self.pin = pin
        self.anchor = anchor
        self.previous = previous
    }
}

/// Places every open callout at once so that none overlaps another, covers a selected pin or
/// what is drawn over the map (the obstacles), and all stay inside the map less its padding.
///
/// The rules, in order:
/// 1. A callout placed before keeps its side, slid along the map's edge as a lone callout
///    would be, while that is clear of the others; else its last place while that is free
///    (places are relative to the pin, so a pan moves them with it and nothing jumps).
///    Callouts are taken in the order given.
/// 2. Otherwise it goes on the first side of its pin (in the placer's order, its last side
///    first) that fits: first slid along the map's edge as a lone callout would be, then at
///    other points along that side, nearest first, its arrow always kept on the pin.
/// 3. When every side is inside the map but taken, it sits apart — at growing distances, in
///    directions starting from its first side, then anywhere on the map, nearest first — joined
///    to its pin by a leader line that crosses no other callout, leader line or selected pin
///    (when no such place is left, one that passes under them).
/// 4. When nothing is free, it takes its place as a lone callout would: over the others (marked
///    crowded) when the map is full, or with the pan that shows it when no side fits the map.
/// A callout whose pin has left the map keeps its last place: it is going off screen with it.
package struct CalloutArranger: Sendable {
    package var placer = CalloutPlacer()
    /// Space kept between callouts, and between a callout and a pin or an obstacle.
    package var spacing = 6.0
    /// How far from its pin a detached callout may sit, nearest tried first.
    package var leaderDistances: [Double] = [16, 40, 72, 112, 160, 220, 300]
    /// Points tried along one side besides the lone callout's.
    package var stepsAlongSide = 8
    /// Spacing of the grid searched over the whole map when no leader distance has room.
    package var gridStep = 12.0

    package init() {}

    package func arrange(_ requests: [CalloutRequest], avoiding obstacles: [Rect] = [], in bounds: Rect) -> [CalloutPlacement] {
        let area = bounds.insetBy(dx: placer.padding, dy: placer.padding)
        var state = State(area: area, spacing: spacing, obstacles: obstacles, pins: requests.map(\.pin))
        var result = [CalloutPlacement?](repeating: nil, count: requests.count)
        // Kept places first, so a newly opened callout works around those already open.
        for (i, r) in requests.enumerated() {
            guard let kept = kept(r, state: state) else { continue }
            result[i] = kept
            state.claim(kept)
        }
        for (i, r) in requests.enumerated() where result[i] == nil {
            let p = attached(r, state: state) ?? detached(r, state: state)
                ?? detached(r, state: state.allowingLeadersAcrossCallouts) ?? crowded(r, in: bounds)
            result[i] = p
            state.claim(p)
        }
        return result.map { $0! }
    }

    /// Where a callout that was placed before goes now, if it may stay: on its side, slid along
    /// the map's edge as a lone callout would be, when that is clear of the others (even partly
    /// outside the map: its pin is leaving the view, and flipping sides would jump); else its
    /// last place if that is still free, or its pin has left the map.
    private func kept(_ r: CalloutRequest, state: State) -> CalloutPlacement? {
        guard let previous = r.previous else { return nil }
        // One that found no free place keeps it while the map moves (searching again each frame
        // would find none again, at the cost of a search over the whole map).
        if previous.isCrowded {
            var last = restore(previous, for: r)
            last.isCrowded = true
            return last
        }
        if !previous.isDetached {
            let slid = placer.candidate(previous.edge, size: r.size, pin: r.pin, anchor: r.anchor, area: state.area)
            if state.isFree(slid, withinArea: false) { return slid }
        }
        let last = restore(previous, for: r)
        // A callout set apart stays while it overlaps nothing, even if its leader line now
        // passes under another callout (it may have been placed so when the map was full).
        let check = previous.isDetached ? state.allowingLeadersAcrossCallouts : state
        return !state.area.contains(r.anchor) || check.isFree(last) ? last : nil
    }

    /// The callout at a spot it had: the same side and offset from the tip, for the pin as it is now.
    private func restore(_ spot: CalloutSpot, for r: CalloutRequest) -> CalloutPlacement {
        let tip = spot.isDetached ? r.anchor : placer.tip(on: spot.edge, pin: r.pin, anchor: r.anchor)
        let body = Rect(origin: tip + spot.offset, size: r.size)
        return CalloutPlacement(edge: spot.edge, body: body, tip: tip, pan: .zero, isDetached: spot.isDetached)
    }

    /// The first free place on a side of the pin; nil when none is free. `state.blocked` notes
    /// whether any side would have fitted in the map but for the others.
    private func attached(_ r: CalloutRequest, state: State) -> CalloutPlacement? {
        var sides = placer.preferences
        if let last = r.previous?.edge, !(r.previous?.isDetached ?? true), let i = sides.firstIndex(of: last) {
            sides.remove(at: i)
            sides.insert(last, at: 0)
        }
        for edge in sides {
            let lone = placer.candidate(edge, size: r.size, pin: r.pin, anchor: r.anchor, area: state.area)
            guard lone.fits else { continue }  // outside the map: no point along it fits either
            if state.isFree(lone) { return lone }
            let length = edge.isVertical ? r.size.width : r.size.height
            let tip = edge.isVertical ? lone.tip.x : lone.tip.y
            let range = placer.arrowRange(length: length, tip: tip)
            let start = edge.isVertical ? lone.body.minX : lone.body.minY
            let step = (range.upperBound - range.lowerBound) / Double(max(1, stepsAlongSide))
            let starts = (0...stepsAlongSide).map { range.lowerBound + Double($0) * step }
                .sorted { abs($0 - start) < abs($1 - start) }
            for s in starts {
                let p = placer.candidate(edge, size: r.size, pin: r.pin, anchor: r.anchor, area: state.area, along: s)
                if p.fits && state.isFree(p) { return p }
            }
        }
        return nil
    }

    /// A free place apart from the pin, joined to it by a leader line; tried only when some side
    /// fits the map (otherwise showing it whole needs a pan, not a leader).
    private func detached(_ r: CalloutRequest, state: State) -> CalloutPlacement? {
        let anyFits = placer.preferences.contains {
            placer.candidate($0, size: r.size, pin: r.pin, anchor: r.anchor, area: state.area).fits
        }
        guard anyFits else { return nil }
        let first = placer.preferences.first ?? .above
        for distance in leaderDistances {
            for direction in Self.directions(startingFrom: first) {
                // The body's nearest point to the pin's frame `distance` away along the direction.
                let reach = abs(direction.x) * (r.pin.width + r.size.width) / 2 + abs(direction.y) * (r.pin.height + r.size.height) / 2
                let center = r.pin.center + direction * (distance + reach)
                let body = Rect(x: (center.x - r.size.width / 2).rounded(), y: (center.y - r.size.height / 2).rounded(),
                                width: r.size.width, height: r.size.height)
                let p = CalloutPlacement(edge: Self.edge(of: direction), body: body, tip: r.anchor, pan: .zero, isDetached: true)
                if state.isFree(p) { return p }
            }
        }
        return anywhere(r, state: state)
    }

    /// The free place nearest the pin on a grid over the whole map: the last resort of a full map.
    private func anywhere(_ r: CalloutRequest, state: State) -> CalloutPlacement? {
        let step = gridStep, area = state.area
        var best: CalloutPlacement?, bestDistance = Double.infinity
        var y = area.minY
        while y + r.size.height <= area.maxY {
            var x = area.minX
            while x + r.size.width <= area.maxX {
                let body = Rect(x: x, y: y, width: r.size.width, height: r.size.height)
                if let blocker = state.rectangle(blocking: body) {
                    x = max(x + step, blocker.maxX)  // nothing left of the blocker's right edge is free on this row
                    continue
                }
                let distance = (body.center - r.pin.center).length
                if distance < bestDistance {
                    let direction = body.center - r.pin.center
                    let p = CalloutPlacement(edge: Self.edge(of: direction), body: body, tip: r.anchor, pan: .zero, isDetached: true)
                    if state.isFree(p) { best = p; bestDistance = distance }
                }
                x += step
            }
            y += step
        }
        return best
    }

    /// No free place: the first side that fits the map, as a lone callout would take it, marked crowded
    /// when some side fitted (it overlaps others); a pan shows it when none did.
    private func crowded(_ r: CalloutRequest, in bounds: Rect) -> CalloutPlacement {
        var p = placer.place(size: r.size, pin: r.pin, anchor: r.anchor, in: bounds)
        p.isCrowded = p.fits
        return p
    }

    /// Whether two leader lines cross.
    package static func leadersCross(_ a: (from: Point, to: Point), _ b: (from: Point, to: Point)) -> Bool {
        State.segments(a.from, a.to, cross: b.from, b.to)
    }

    /// Twelve directions (unit vectors, y down), the first side's first, then alternately either side of it.
    private static func directions(startingFrom edge: CalloutEdge) -> [Point] {
        let base: Double = switch edge {
        case .above: -90
        case .below: 90
        case .right: 0
        case .left: 180
        }
        var angles = [base]
        for k in 1...5 { angles += [base + Double(k) * 30, base - Double(k) * 30] }
        angles.append(base + 180)
        return angles.map { Point(x: cos($0 * .pi / 180), y: sin($0 * .pi / 180)) }
    }

    private static func edge(of direction: Point) -> CalloutEdge {
        abs(direction.y) >= abs(direction.x) ? (direction.y < 0 ? .above : .below) : (direction.x > 0 ? .right : .left)
    }

    /// What is taken so far: the map's area, the obstacles and pins, and the callouts placed.
    private struct State {
        let area: Rect
        let spacing: Double
        let obstacles: [Rect]
        let pins: [Rect]
        var taken: [Rect] = []

        init(area: Rect, spacing: Double, obstacles: [Rect], pins: [Rect]) {
            self.area = area
            self.spacing = spacing
            self.obstacles = obstacles.map { $0.insetBy(dx: -spacing, dy: -spacing) }
            self.pins = pins.map { $0.insetBy(dx: 1, dy: 1) }  // a body may touch a pin's edge
        }

        /// Leader lines drawn so far, and the bodies placed: no body may cover a leader line.
        var leaders: [(Point, Point)] = []
        var bodies: [Rect] = []
        /// Whether a leader line may pass under other callouts (only when nothing else is free).
        var leadersMayCross = false

        var allowingLeadersAcrossCallouts: State {
            var s = self
            s.leadersMayCross = true
            return s
        }

        mutating func claim(_ p: CalloutPlacement) {
            taken.append(p.frame.insetBy(dx: -spacing, dy: -spacing))
            bodies.append(p.body)
            if p.isDetached { leaders.append(p.leader) }
        }

        /// Inside the area (unless `withinArea` is false), and clear of obstacles, pins and the callouts
        /// placed and their leader lines; a detached callout's own leader line crosses no other callout.
        func isFree(_ p: CalloutPlacement, withinArea: Bool = true) -> Bool {
            let f = p.frame
            guard !withinArea || (f.minX >= area.minX - 1e-9 && f.maxX <= area.maxX + 1e-9
                                  && f.minY >= area.minY - 1e-9 && f.maxY <= area.maxY + 1e-9) else { return false }
            for o in obstacles where o.intersects(f) { return false }
            for t in taken where t.intersects(f) { return false }
            for pin in pins where pin.intersects(p.body) { return false }
            guard !leadersMayCross else { return true }
            for (a, b) in leaders where Self.segment(a, b, meets: p.body) { return false }
            if p.isDetached {
                let (a, b) = p.leader
                for body in bodies where Self.segment(a, b, meets: body) { return false }
                for (c, d) in leaders where Self.segments(a, b, cross: c, d) { return false }
                // Nor across another selected pin (its own ends at the tip).
                for pin in pins where !pin.insetBy(dx: -2, dy: -2).contains(b) && Self.segment(a, b, meets: pin) { return false }
            }
            return true
        }

        /// An obstacle, callout or pin that a body (with no arrow) would overlap; nil when none does.
        func rectangle(blocking body: Rect) -> Rect? {
            for o in obstacles where o.intersects(body) { return o }
            for t in taken where t.intersects(body) { return t }
            for pin in pins where pin.intersects(body) { return pin }
            return nil
        }

        /// Whether two segments cross (touching at an end, as leaders to one pin do, is not crossing).
        static func segments(_ a: Point, _ b: Point, cross c: Point, _ d: Point) -> Bool {
            func side(_ p: Point, _ q: Point, _ r: Point) -> Double { (q.x - p.x) * (r.y - p.y) - (q.y - p.y) * (r.x - p.x) }
            let d1 = side(c, d, a), d2 = side(c, d, b), d3 = side(a, b, c), d4 = side(a, b, d)
            return ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))
        }

        /// Whether a segment passes through a rectangle (Liang–Barsky clipping).
        static func segment(_ a: Point, _ b: Point, meets r: Rect) -> Bool {
            var t0 = 0.0, t1 = 1.0
            let d = b - a
            for (p, q) in [(-d.x, a.x - r.minX), (d.x, r.maxX - a.x), (-d.y, a.y - r.minY), (d.y, r.maxY - a.y)] {
                if p == 0 {
                    if q <= 0 { return false }
                } else {
                    let t = q / p
                    if p < 0 { t0 = max(t0, t) } else { t1 = min(t1, t) }
                    if t0 >= t1 { return false }
                }
            }
            return true
        }
    }
}
