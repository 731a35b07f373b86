import Foundation

/// A zoom change eased over a short time, anchored at a screen point
/// (the geographic point under it stays put at every frame).
public struct ZoomAnimation: Sendable {
    public static let duration = 0.2

    public let from: Double
    public let to: Double
    public let anchor: Point
    public let start: Double

    public init(from: Double, to: Double, anchor: Point, start: Double) {
        self.from = from
        self.to = to
        self.anchor = anchor
        self.start = start
    }

    /// Zoom at time `t` (seconds, same clock as `start`); ease-out cubic.
    public func zoom(at t: Double) -> Double {
        let p = min(max((t - start) / Self.duration, 0), 1)
        let eased = 1 - pow(1 - p, 3)
        return from + (to - from) * eased
    }

    public func isFinished(at t: Double) -> Bool { t - start >= Self.duration }
}
