/// Tells a click from a drag: a press that travels more than `threshold`
/// pixels is a drag for the rest of its life, even if it comes back.
package struct PressTracker: Sendable {
    package static let defaultThreshold = 4.0

    package let start: Point
    package let threshold: Double
    package private(set) var isDrag = false

    package init(start: Point, threshold: Double = PressTracker.defaultThreshold) {
        self.start = start
        self.threshold = threshold
    }

    /// Feeds a new pointer position; returns whether the press is now a drag.
    @discardableResult
    package mutating func move(to p: Point) -> Bool {
        if !isDrag && (p - start).length > threshold { isDrag = true }
        return isDrag
    }
}
