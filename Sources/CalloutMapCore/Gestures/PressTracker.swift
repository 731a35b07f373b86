/// Tells a click from a drag: a press that travels more than `threshold`
/// pixels is a drag for the rest of its life, even if it comes back.
public struct PressTracker: Sendable {
    public static let defaultThreshold = 4.0

    public let start: Point
    public let threshold: Double
    public private(set) var isDrag = false

    public init(start: Point, threshold: Double = PressTracker.defaultThreshold) {
        self.start = start
        self.threshold = threshold
    }

    /// Feeds a new pointer position; returns whether the press is now a drag.
    @discardableResult
    public mutating func move(to p: Point) -> Bool {
        if !isDrag && (p - start).length > threshold { isDrag = true }
        return isDrag
    }
}
