import Foundation

/// How much each input changes the zoom level.
package enum ZoomSteps {
    /// One notch of a mouse wheel.
    package static let wheelNotch = 0.5
    /// Smooth (touchpad) scrolling: zoom change per scroll unit.
    package static let smoothScrollUnit = 0.05
    /// `+`/`-` keys and double-click.
    package static let key = 1.0
    /// Arrow keys pan by this many logical pixels.
    package static let arrowPan = 80.0

    /// Zoom level change for a pinch that has scaled the fingers' distance by `scale`.
    package static func pinch(scale: Double) -> Double {
        scale > 0 && scale.isFinite ? log2(scale) : 0
    }
}
