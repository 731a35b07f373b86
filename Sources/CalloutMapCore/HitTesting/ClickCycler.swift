/// Clicking again at the same spot where pins overlap picks the next one
/// underneath, then wraps around (Google Maps' behaviour; MapKit has none).
public struct ClickCycler<ID: Hashable & Sendable>: Sendable {
    public static var radius: Double { 4 }

    private var lastPoint: Point?
    private var lastStack: [ID] = []
    private var position = 0

    public init() {}

    /// `stack` lists the pins under `point`, topmost first, in their order
    /// without the selection boost (so selecting one does not reorder the cycle).
    public mutating func pick(at point: Point, stack: [ID]) -> ID? {
        guard !stack.isEmpty else {
            reset()
            return nil
        }
        if let last = lastPoint, (point - last).length <= Self.radius, Set(stack) == Set(lastStack) {
            position = (position + 1) % lastStack.count
        } else {
            lastStack = stack
            position = 0
        }
        lastPoint = point
        return lastStack[position]
    }

    public mutating func reset() {
        lastPoint = nil
        lastStack = []
        position = 0
    }
}
