/// Cuts screen paths to a rectangle before they are drawn: a line keeps the runs that cross
/// it, a ring becomes the ring of its part inside it (Sutherland–Hodgman, so a fill stays the
/// same inside). Tessellating and stroking what is off screen costs as much as what is on it:
/// at street level a country's outline is millions of pixels long, the view a few hundred.
package enum ShapeClipper {
    /// The runs of a line that may cross `rect`; a segment wholly beyond one edge is dropped.
    package static func clipLine(_ points: [Point], to rect: Rect) -> [[Point]] {
        guard points.count >= 2 else { return [] }
        var runs: [[Point]] = []
        var run: [Point] = []
        var previous = points[0], previousCode = code(previous, rect)
        for p in points.dropFirst() {
            let c = code(p, rect)
            if previousCode & c == 0 {  // may cross the rectangle
                if run.isEmpty { run.append(previous) }
                run.append(p)
            } else if !run.isEmpty {
                runs.append(run)
                run = []
            }
            previous = p
            previousCode = c
        }
        if run.count >= 2 { runs.append(run) }
        return runs
    }

    /// The part of a closed ring inside `rect`, as a closed ring (empty when none is).
    package static func clipRing(_ points: [Point], to rect: Rect) -> [Point] {
        var ring = points
        if ring.count > 1, ring.first == ring.last { ring.removeLast() }
        guard ring.count >= 3 else { return [] }
        if ring.allSatisfy({ rect.contains($0) }) { return ring }
        let edges: [(inside: (Point) -> Bool, cross: (Point, Point) -> Point)] = [
            ({ $0.x >= rect.minX }, { a, b in intersection(a, b, x: rect.minX) }),
            ({ $0.x <= rect.maxX }, { a, b in intersection(a, b, x: rect.maxX) }),
            ({ $0.y >= rect.minY }, { a, b in intersection(a, b, y: rect.minY) }),
            ({ $0.y <= rect.maxY }, { a, b in intersection(a, b, y: rect.maxY) }),
        ]
        for edge in edges {
            guard !ring.isEmpty else { return [] }
            var out: [Point] = []
            out.reserveCapacity(ring.count + 4)
            var previous = ring[ring.count - 1]
            var previousInside = edge.inside(previous)
            for p in ring {
                let inside = edge.inside(p)
                if inside != previousInside { out.append(edge.cross(previous, p)) }
                if inside { out.append(p) }
                previous = p
                previousInside = inside
            }
            ring = out
        }
        return ring.count >= 3 ? ring : []
    }

    /// Which sides of `rect` a point lies beyond: one bit each for left, right, above, below.
    private static func code(_ p: Point, _ r: Rect) -> UInt8 {
        (p.x < r.minX ? 1 : 0) | (p.x > r.maxX ? 2 : 0) | (p.y < r.minY ? 4 : 0) | (p.y > r.maxY ? 8 : 0)
    }

    private static func intersection(_ a: Point, _ b: Point, x: Double) -> Point {
        let t = (x - a.x) / (b.x - a.x)
        return Point(x: x, y: a.y + (b.y - a.y) * t)
    }

    private static func intersection(_ a: Point, _ b: Point, y: Double) -> Point {
        let t = (y - a.y) / (b.y - a.y)
        return Point(x: a.x + (b.x - a.x) * t, y: y)
    }
}
