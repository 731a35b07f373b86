/// Where a name or a callout's point goes in an area: the middle of the widest stretch inside
/// it along the line across the middle of its outer ring's box — never in a hole, even in a
/// ring-shaped area, and inside a crescent, where the centroid would fall out.
package enum InteriorPoint {
    /// The point for a polygon (its outer ring first, then its holes, in any one plane: world
    /// or tile units); nil when the line meets no stretch inside it.
    package static func of(_ polygon: [[(x: Double, y: Double)]]) -> (x: Double, y: Double)? {
        guard let outer = polygon.first, let first = outer.first else { return nil }
        var minY = first.y, maxY = first.y
        for p in outer { minY = min(minY, p.y); maxY = max(maxY, p.y) }
        let y = minY + (maxY - minY) / 2
        var crossings: [Double] = []
        for ring in polygon {
            for (k, a) in ring.enumerated() {
                let b = ring[(k + 1) % ring.count]
                if (a.y > y) != (b.y > y) { crossings.append(a.x + (y - a.y) * (b.x - a.x) / (b.y - a.y)) }
            }
        }
        crossings.sort()
        var best: (width: Double, x: Double)?
        for k in stride(from: 0, to: crossings.count - 1, by: 2) where crossings[k + 1] - crossings[k] > (best?.width ?? -1) {
            best = (crossings[k + 1] - crossings[k], (crossings[k] + crossings[k + 1]) / 2)
        }
        return best.map { (x: $0.x, y: y) }
    }
}
