/// The room a pin or a label takes on the screen, for collision tests.
package enum CollisionShape: Equatable, Sendable {
    case rectangle(Rect)
    case circle(center: Point, radius: Double)

    /// The shape a view of `mode` takes in `frame`: its rectangle, or the circle inscribed in it;
    /// nil for `.none`.
    package init?(_ mode: CollisionMode, frame: Rect) {
        switch mode {
        case .rectangle: self = .rectangle(frame)
        case .circle: self = .circle(center: frame.center, radius: min(frame.width, frame.height) / 2)
        case .none: return nil
        }
    }

    /// The smallest rectangle holding the shape.
    package var bounds: Rect {
        switch self {
        case .rectangle(let r): r
        case .circle(let c, let radius): Rect(x: c.x - radius, y: c.y - radius, width: 2 * radius, height: 2 * radius)
        }
    }

    /// The same shape moved.
    package func offsetBy(dx: Double, dy: Double) -> CollisionShape {
        switch self {
        case .rectangle(let r): .rectangle(r.offsetBy(dx: dx, dy: dy))
        case .circle(let c, let radius): .circle(center: Point(x: c.x + dx, y: c.y + dy), radius: radius)
        }
    }

    /// Whether the two share more than a boundary.
    package func overlaps(_ other: CollisionShape) -> Bool {
        switch (self, other) {
        case (.rectangle(let a), .rectangle(let b)):
            return a.intersects(b)
        case (.circle(let a, let ra), .circle(let b, let rb)):
            let dx = a.x - b.x, dy = a.y - b.y, r = ra + rb
            return dx * dx + dy * dy < r * r
        case (.circle(let c, let radius), .rectangle(let r)), (.rectangle(let r), .circle(let c, let radius)):
            // The rectangle's point nearest the centre is inside the circle.
            let x = min(max(c.x, r.minX), r.maxX) - c.x, y = min(max(c.y, r.minY), r.maxY) - c.y
            return x * x + y * y < radius * radius
        }
    }
}
