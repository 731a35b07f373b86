/// Clicking again at the same spot where pins overlap picks the next one
/// underneath, then wraps around (Google Maps' behaviour; MapKit has none).
package struct ClickCycler<ID: Hashable & Sendable>: Sendable {
    package static var radius: Double { 4 }

    private var lastPoint: Point?
    private var lastStack: [ID] = []
    private var position = 0
    /// What the last click picked when it did not need the stack (see `pick(at:top:stack:)`).
    private var lastTop: ID?

    package init() {}

    /// `stack` lists the pins under `point`, topmost first, in their order
    /// without the selection boost (so selecting one does not reorder the cycle).
    package mutating func pick(at point: Point, stack: [ID]) -> ID? {
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

    /// As `pick(at:stack:)`, asking for the stack only when this click repeats the last one:
    /// a first click takes `top` (the topmost pin without the selection boost), and most
    /// clicks are first clicks, so most never test every pin under the point.
    package mutating func pick(at point: Point, top: ID, stack: () -> [ID]) -> ID? {
        guard let last = lastPoint, (point - last).length <= Self.radius else {
            reset()
            lastPoint = point
            lastTop = top
            return top
        }
        let s = stack()
        if lastStack.isEmpty, let picked = lastTop {  // the click before took the top without the stack
            lastStack = s
            position = s.firstIndex(of: picked) ?? 0
        }
        return pick(at: point, stack: s)
    }

    package mutating func reset() {
        lastTop = nil
        lastPoint = nil
        lastStack = []
        position = 0
    }
}
