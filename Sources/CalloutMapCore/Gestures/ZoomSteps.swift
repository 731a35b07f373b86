import Foundation

/// How much each input changes the zoom level.
public enum ZoomSteps {
    /// One notch of a mouse wheel.
    public static let wheelNotch = 0.5
    /// Smooth (touchpad) scrolling: zoom change per scroll unit.
    public static let smoothScrollUnit = 0.05
    /// `+`/`-` keys and double-click.
    public static let key = 1.0
    /// Arrow keys pan by this many logical pixels.
    public static let arrowPan = 80.0

    /// Zoom level change for a pinch that has scaled the fingers' distance by `scale`.
    public static func pinch(scale: Double) -> Double {
        scale > 0 && scale.isFinite ? log2(scale) : 0
    }
}
