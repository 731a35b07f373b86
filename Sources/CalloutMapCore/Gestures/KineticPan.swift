import Foundation

/// The glide after a fling: velocity decays exponentially, like iOS scroll views
/// (time constant 0.325 s), and stops below a crawl.
package struct KineticPan: Sendable {
    package static let timeConstant = 0.325
    package static let stopSpeed = 15.0   // px/s
    package static let minimumStartSpeed = 120.0  // px/s; slower releases do not glide

    package let velocity: Point

    /// Nil when the release was too slow to glide.
    package init?(velocity: Point) {
        guard velocity.x.isFinite, velocity.y.isFinite,
              velocity.length >= Self.minimumStartSpeed else { return nil }
        self.velocity = velocity
    }

    /// Distance travelled since the release.
    package func offset(at t: Double) -> Point {
        velocity * (Self.timeConstant * (1 - exp(-max(t, 0) / Self.timeConstant)))
    }

    package var duration: Double {
        Self.timeConstant * log(velocity.length / Self.stopSpeed)
    }

    package func isFinished(at t: Double) -> Bool { t >= duration }
}
