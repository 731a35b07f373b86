import Foundation

/// The glide after a fling: velocity decays exponentially, like iOS scroll views
/// (time constant 0.325 s), and stops below a crawl.
public struct KineticPan: Sendable {
    public static let timeConstant = 0.325
    public static let stopSpeed = 15.0   // px/s
    public static let minimumStartSpeed = 120.0  // px/s; slower releases do not glide

    public let velocity: Point

    /// Nil when the release was too slow to glide.
    public init?(velocity: Point) {
        guard velocity.x.isFinite, velocity.y.isFinite,
              velocity.length >= Self.minimumStartSpeed else { return nil }
        self.velocity = velocity
    }

    /// Distance travelled since the release.
    public func offset(at t: Double) -> Point {
        velocity * (Self.timeConstant * (1 - exp(-max(t, 0) / Self.timeConstant)))
    }

    public var duration: Double {
        Self.timeConstant * log(velocity.length / Self.stopSpeed)
    }

    public func isFinished(at t: Double) -> Bool { t >= duration }
}
