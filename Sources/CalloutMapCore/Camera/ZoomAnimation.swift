import Foundation

/// A zoom change eased over a short time, anchored at a screen point
/// (the geographic point under it stays put at every frame).
package struct ZoomAnimation: Sendable {
    package static let duration = 0.2

    package let from: Double
    package let to: Double
    package let anchor: Point
    package let start: Double

    package init(from: Double, to: Double, anchor: Point, start: Double) {
        self.from = from
        self.to = to
        self.anchor = anchor
        self.start = start
    }

    /// Zoom at time `t` (seconds, same clock as `start`); ease-out cubic.
    package func zoom(at t: Double) -> Double {
        let p = min(max((t - start) / Self.duration, 0), 1)
        let eased = 1 - pow(1 - p, 3)
        return from + (to - from) * eased
    }

    package func isFinished(at t: Double) -> Bool { t - start >= Self.duration }
}
