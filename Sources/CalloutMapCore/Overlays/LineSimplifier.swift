/// Fewer points for a line that looks the same: points nearer than `tolerance` to the last kept
/// one are dropped, then Douglas–Peucker keeps the points that stray more than `tolerance` from
/// the line through their neighbours (as Leaflet and simplify.js do). Both ends are always kept.
/// Iterative, so a line of a million points cannot overflow the stack.
package enum LineSimplifier {
    package static func simplify(_ points: ArraySlice<WorldPoint>, tolerance: Double) -> [WorldPoint] {
        guard points.count > 2, tolerance > 0 else { return Array(points) }
        let near = radial(points, tolerance: tolerance)
        return douglasPeucker(near, tolerance: tolerance)
    }

    private static func radial(_ points: ArraySlice<WorldPoint>, tolerance: Double) -> [WorldPoint] {
        let t2 = tolerance * tolerance
        var out: [WorldPoint] = [points.first!]
        var last = points.first!
        for p in points.dropFirst().dropLast() {
            let dx = p.x - last.x, dy = p.y - last.y
            if dx * dx + dy * dy > t2 {
                out.append(p)
                last = p
            }
        }
        out.append(points.last!)
        return out
    }

    private static func douglasPeucker(_ points: [WorldPoint], tolerance: Double) -> [WorldPoint] {
        guard points.count > 2 else { return points }
        let t2 = tolerance * tolerance
        var keep = [Bool](repeating: false, count: points.count)
        keep[0] = true
        keep[points.count - 1] = true
        var stack = [(0, points.count - 1)]
        while let (first, last) = stack.popLast() {
            var farthest = 0, maxDistance = t2
            for i in (first + 1)..<last {
                let d = squaredDistance(points[i], toSegment: points[first], points[last])
                if d > maxDistance {
                    maxDistance = d
                    farthest = i
                }
            }
            if farthest != 0 {
                keep[farthest] = true
                if farthest - first > 1 { stack.append((first, farthest)) }
                if last - farthest > 1 { stack.append((farthest, last)) }
            }
        }
        return zip(points, keep).compactMap { $1 ? $0 : nil }
    }

    /// The squared distance from `p` to the segment from `a` to `b`.
    package static func squaredDistance(_ p: WorldPoint, toSegment a: WorldPoint, _ b: WorldPoint) -> Double {
        var x = a.x, y = a.y
        let dx = b.x - x, dy = b.y - y
        if dx != 0 || dy != 0 {
            let t = ((p.x - x) * dx + (p.y - y) * dy) / (dx * dx + dy * dy)
            if t > 1 {
                x = b.x
                y = b.y
            } else if t > 0 {
                x += dx * t
                y += dy * t
            }
        }
        let ex = p.x - x, ey = p.y - y
        return ex * ex + ey * ey
    }
}
