import Foundation
import CalloutMapCore

/// Keeps cluster badges of different clustering identifiers off each other. Within one
/// identifier badges never overlap (their anchors are further apart than the radius); two
/// identifiers cluster on their own and may put badges on one spot. Then the smaller badge steps
/// aside — the least distance that clears every badge placed before it, on rings around its
/// place — so each count stays readable and clickable. The order is fixed (bigger counts first,
/// then identifier and cluster), so the same clusters always land the same way.
@MainActor
enum BadgeSeparation {
    /// Gap kept between badges (points).
    static let gap = 2.0
    /// Rings tried around a badge's place before it is left where it is.
    static let rings = 6

    static func separate(_ views: [AnnotationView]) {
        let badges = views.compactMap { view in (view.annotation as? ClusterAnnotation).map { (view, $0) } }
        for (view, _) in badges where view.dragState == .none { view.centerOffset = .zero }
        guard Set(badges.map(\.1.clusteringIdentifier)).count > 1 else { return }
        let ordered = badges.sorted {
            ($0.1.count, $1.1.clusteringIdentifier, $1.1.clusterID) > ($1.1.count, $0.1.clusteringIdentifier, $0.1.clusterID)
        }
        var placed: [(frame: Rect, identifier: String)] = []
        for (view, cluster) in ordered {
            let others = placed.filter { $0.identifier != cluster.clusteringIdentifier }.map(\.frame)
            let frame = view.frame
            func clear(_ r: Rect) -> Bool { !others.contains { $0.insetBy(dx: -gap, dy: -gap).intersects(r) } }
            if !clear(frame), let offset = Self.offset(clearing: frame, step: frame.width / 2, clear) {
                view.centerOffset = offset
            }
            placed.append((view.frame, cluster.clusteringIdentifier))
        }
    }

    /// The nearest offset on rings of `step`, eight directions each, that clears the frame.
    private static func offset(clearing frame: Rect, step: Double, _ clear: (Rect) -> Bool) -> Point? {
        for ring in 1...rings {
            let distance = Double(ring) * step
            for k in 0..<8 {
                let angle = Double(k) * .pi / 4 - .pi / 2  // up first, then clockwise
                let d = Point(x: (cos(angle) * distance).rounded(), y: (sin(angle) * distance).rounded())
                if clear(Rect(x: frame.minX + d.x, y: frame.minY + d.y, width: frame.width, height: frame.height)) { return d }
            }
        }
        return nil
    }
}
