/// Arrow-key focus between pins: the nearest pin in the pressed direction,
/// favouring those straight ahead over those off to the side.
package enum SpatialNavigation {
    package enum Direction: Sendable { case left, right, up, down }

    /// Index of the best candidate, or nil when nothing lies that way.
    package static func nearest(from origin: Point, toward direction: Direction, among candidates: [Point]) -> Int? {
        var best: (index: Int, score: Double)?
        for (i, p) in candidates.enumerated() {
            let d = p - origin
            let (ahead, aside): (Double, Double)
            switch direction {
            case .right: (ahead, aside) = (d.x, d.y)
            case .left: (ahead, aside) = (-d.x, d.y)
            case .down: (ahead, aside) = (d.y, d.x)
            case .up: (ahead, aside) = (-d.y, d.x)
            }
            // Within a 120° cone ahead (|aside| ≤ √3·ahead), nearest first, sideways distance counting double.
            guard ahead > 0.5, abs(aside) <= ahead * 1.732 else { continue }
            let score = ahead + 2 * abs(aside)
            if best == nil || score < best!.score { best = (i, score) }
        }
        return best?.index
    }
}
