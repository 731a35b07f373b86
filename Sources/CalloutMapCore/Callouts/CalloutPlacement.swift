/// Which side of its pin a callout sits on (the arrow points the other way).
package enum CalloutEdge: String, Sendable, CaseIterable {
    case above, below, right, left
}

/// Where a callout goes: its frame (arrow included), the side it is on, where
/// its arrow touches the pin, and how far the map must pan to show it whole.
package struct CalloutPlacement: Equatable, Sendable {
    package var edge: CalloutEdge
    /// The bubble's body, in map coordinates.
    package var body: Rect
    /// The arrow's tip (on the pin), in map coordinates.
    package var tip: Point
    /// Pan (content offset, as `Viewport.pan(by:)` takes it) still needed to show the callout whole; zero when it fits.
    package var pan: Point

    package var fits: Bool { pan == .zero }
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

    private func candidate(_ edge: CalloutEdge, size: Size, pin: Rect, anchor: Point, area: Rect) -> CalloutPlacement {
        let tip: Point
        var body: Rect
        switch edge {
        case .above:
            tip = Point(x: anchor.x, y: anchor.y - gap)
            body = Rect(x: tip.x - size.width / 2, y: tip.y - arrowLength - size.height, width: size.width, height: size.height)
        case .below:
            tip = Point(x: anchor.x, y: pin.maxY + gap)
            body = Rect(x: tip.x - size.width / 2, y: tip.y + arrowLength, width: size.width, height: size.height)
        case .right:
            tip = Point(x: pin.maxX + gap, y: pin.center.y)
            body = Rect(x: tip.x + arrowLength, y: tip.y - size.height / 2, width: size.width, height: size.height)
        case .left:
            tip = Point(x: pin.minX - gap, y: pin.center.y)
            body = Rect(x: tip.x - arrowLength - size.width, y: tip.y - size.height / 2, width: size.width, height: size.height)
        }
        // Slide along the edge, but keep the arrow on the pin and off the corners.
        let vertical = edge == .above || edge == .below
        if vertical {
            body.origin.x = slide(body.minX, length: size.width, tip: tip.x, lower: area.minX, upper: area.maxX)
        } else {
            body.origin.y = slide(body.minY, length: size.height, tip: tip.y, lower: area.minY, upper: area.maxY)
        }
        // What still sticks out of the area, arrow tip included.
        let minX = min(body.minX, tip.x), maxX = max(body.maxX, tip.x)
        let minY = min(body.minY, tip.y), maxY = max(body.maxY, tip.y)
        let dx = overflowCorrection(minX, maxX, area.minX, area.maxX)
        let dy = overflowCorrection(minY, maxY, area.minY, area.maxY)
        return CalloutPlacement(edge: edge, body: body, tip: tip, pan: Point(x: dx, y: dy))
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
        let inset = min(arrowInset, length / 2)
        s = min(max(s, tip + inset - length), tip - inset)  // the tip stays within [s + inset, s + length - inset]
        return s
    }

    /// The content shift that brings [lo, hi] inside [lower, upper]; the low edge wins when it cannot all fit.
    private func overflowCorrection(_ lo: Double, _ hi: Double, _ lower: Double, _ upper: Double) -> Double {
        if lo < lower { return lower - lo }
        if hi > upper { return max(upper - hi, lower - lo) }
        return 0
    }
}
