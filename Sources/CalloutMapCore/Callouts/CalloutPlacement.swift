/// Which side of its pin a callout sits on (the arrow points the other way).
package enum CalloutEdge: String, Sendable, CaseIterable {
    case above, below, right, left

    /// Above or below: the callout slides along the horizontal axis.
    package var isVertical: Bool { self == .above || self == .below }
}

/// Where a callout goes: its frame (arrow included), the side it is on, where
/// its arrow touches the pin, and how far the map must pan to show it whole.
package struct CalloutPlacement: Equatable, Sendable {
    package var edge: CalloutEdge
    /// The bubble's body, in map coordinates.
    package var body: Rect
    /// The arrow's tip (on the pin), in map coordinates; for a detached callout, the pin's
    /// callout anchor, where its leader line ends.
    package var tip: Point
    /// Pan (content offset, as `Viewport.pan(by:)` takes it) still needed to show the callout whole; zero when it fits.
    package var pan: Point
    /// The callout sits apart from its pin, with no arrow, joined to it by a leader line
    /// (no side of the pin had room among the other callouts).
    package var isDetached = false
    /// Among other open callouts there was no free place at all: this one may overlap them.
    package var isCrowded = false

    package init(edge: CalloutEdge, body: Rect, tip: Point, pan: Point, isDetached: Bool = false) {
        self.edge = edge
        self.body = body
        self.tip = tip
        self.pan = pan
        self.isDetached = isDetached
    }

    package var fits: Bool { pan == .zero }

    /// The callout's whole extent: the body and its arrow (a detached callout has no arrow).
    package var frame: Rect {
        guard !isDetached else { return body }
        let minX = min(body.minX, tip.x), maxX = max(body.maxX, tip.x)
        let minY = min(body.minY, tip.y), maxY = max(body.maxY, tip.y)
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// A detached callout's leader line: from the body's nearest point to the tip.
    package var leader: (from: Point, to: Point) {
        let b = body
        return (Point(x: min(max(tip.x, b.minX), b.maxX), y: min(max(tip.y, b.minY), b.maxY)), tip)
    }

    /// Where the body is relative to the tip: what stays the same while the map moves.
    package var spot: CalloutSpot { CalloutSpot(edge: edge, offset: body.origin - tip, isDetached: isDetached, isCrowded: isCrowded) }
}

/// A callout's place relative to its pin (its side and the body's offset from the tip), kept
/// from one layout to the next so a callout that still fits does not move on the pin.
package struct CalloutSpot: Equatable, Sendable {
    package var edge: CalloutEdge
    package var offset: Point
    package var isDetached: Bool
    /// It found no free place (it overlaps others).
    package var isCrowded: Bool

    package init(edge: CalloutEdge, offset: Point, isDetached: Bool = false, isCrowded: Bool = false) {
        self.edge = edge
        self.offset = offset
        self.isDetached = isDetached
        self.isCrowded = isCrowded
    }
}

/// One placement solver for every kind of callout. It tries the preferred
/// sides in order; on each it first slides the bubble along the map's edge
/// (the arrow stays on the pin, at least `arrowInset` from the bubble's
/// corners); the first side where the bubble fits wins. When none fits, it
/// keeps the first side and reports the smallest pan that shows the bubble
/// (top and left win when the bubble is larger than the map).
package struct CalloutPlacer: Sendable {
    package var preferences: [CalloutEdge] = [.above, .below, .right, .left]
    /// Space kept free along the map's edges.
    package var padding = 10.0
    /// Length of the arrow, from the bubble's body to its tip.
    package var arrowLength = 10.0
    /// Closest the arrow's centre may come to a corner of the body.
    package var arrowInset = 22.0
    /// Gap between the pin and the arrow's tip.
    package var gap = 0.0

    package init() {}

    /// - Parameters:
    ///   - size: the bubble body's size.
    ///   - pin: the pin's frame; `anchor` (MapKit's top-centre plus `calloutOffset`) is where an
    ///     above-callout points; the other sides point at the middle of the pin's side.
    ///   - bounds: the map's area.
    package func place(size: Size, pin: Rect, anchor: Point, in bounds: Rect) -> CalloutPlacement {
        let area = bounds.insetBy(dx: padding, dy: padding)
        var first: CalloutPlacement?
        for edge in preferences {
            let p = candidate(edge, size: size, pin: pin, anchor: anchor, area: area)
            if p.fits { return p }
            if first == nil { first = p }
        }
        return first ?? candidate(.above, size: size, pin: pin, anchor: anchor, area: area)
    }

    /// The callout on one side of its pin, slid along the area's edge (`along` nil), or with its
    /// body starting at `along` on the side's axis (the arrow still kept off its corners).
    package func candidate(_ edge: CalloutEdge, size: Size, pin: Rect, anchor: Point, area: Rect,
                           along: Double? = nil) -> CalloutPlacement {
        let tip = tip(on: edge, pin: pin, anchor: anchor)
        var body: Rect
        switch edge {
        case .above: body = Rect(x: tip.x - size.width / 2, y: tip.y - arrowLength - size.height, width: size.width, height: size.height)
        case .below: body = Rect(x: tip.x - size.width / 2, y: tip.y + arrowLength, width: size.width, height: size.height)
        case .right: body = Rect(x: tip.x + arrowLength, y: tip.y - size.height / 2, width: size.width, height: size.height)
        case .left: body = Rect(x: tip.x - arrowLength - size.width, y: tip.y - size.height / 2, width: size.width, height: size.height)
        }
        // Slide along the edge, but keep the arrow on the pin and off the corners.
        if edge.isVertical {
            body.origin.x = along.map { keepArrow($0, length: size.width, tip: tip.x) }
                ?? slide(body.minX, length: size.width, tip: tip.x, lower: area.minX, upper: area.maxX)
        } else {
            body.origin.y = along.map { keepArrow($0, length: size.height, tip: tip.y) }
                ?? slide(body.minY, length: size.height, tip: tip.y, lower: area.minY, upper: area.maxY)
        }
        var placement = CalloutPlacement(edge: edge, body: body, tip: tip, pan: .zero)
        placement.pan = panToShow(placement.frame, in: area.insetBy(dx: -padding, dy: -padding))
        return placement
    }

    /// Where the arrow touches the pin on a side: the anchor above, the middle of the other sides.
    package func tip(on edge: CalloutEdge, pin: Rect, anchor: Point) -> Point {
        switch edge {
        case .above: Point(x: anchor.x, y: anchor.y - gap)
        case .below: Point(x: anchor.x, y: pin.maxY + gap)
        case .right: Point(x: pin.maxX + gap, y: pin.center.y)
        case .left: Point(x: pin.minX - gap, y: pin.center.y)
        }
    }

    /// The range of body starts on a side's axis that keep the arrow off the corners.
    package func arrowRange(length: Double, tip: Double) -> ClosedRange<Double> {
        let inset = min(arrowInset, length / 2)
        return (tip + inset - length)...(tip - inset)
    }

    /// The smallest pan (content offset) that shows `frame` whole inside `bounds` less the padding;
    /// the top and left win when it is larger than the area.
    package func panToShow(_ frame: Rect, in bounds: Rect) -> Point {
        let area = bounds.insetBy(dx: padding, dy: padding)
        return Point(x: overflowCorrection(frame.minX, frame.maxX, area.minX, area.maxX),
                     y: overflowCorrection(frame.minY, frame.maxY, area.minY, area.maxY))
    }

    /// The body's start on an axis: as centred as the area allows, with the tip at least `arrowInset` inside.
    private func slide(_ start: Double, length: Double, tip: Double, lower: Double, upper: Double) -> Double {
        var s = start
        if s + length > upper { s = upper - length }
        if s < lower { s = lower }
        return keepArrow(s, length: length, tip: tip)
    }

    /// The tip stays within [start + inset, start + length - inset].
    private func keepArrow(_ start: Double, length: Double, tip: Double) -> Double {
        let range = arrowRange(length: length, tip: tip)
        return min(max(start, range.lowerBound), range.upperBound)
    }

    /// The content shift that brings [lo, hi] inside [lower, upper]; the low edge wins when it cannot all fit.
    private func overflowCorrection(_ lo: Double, _ hi: Double, _ lower: Double, _ upper: Double) -> Double {
        if lo < lower { return lower - lo }
        if hi > upper { return max(upper - hi, lower - lo) }
        return 0
    }
}
