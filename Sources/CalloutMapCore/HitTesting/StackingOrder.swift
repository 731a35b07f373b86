/// Which of two pins is on top. One rule for drawing (bottom first) and for
/// hit-testing (top first): the selected pin, then higher `zPriority` (MapKit's
/// constants), then the one lower on screen (its anchor has the larger y),
/// then the one added later.
package struct StackingKey: Sendable, Equatable {
    package var isSelected: Bool
    package var zPriority: Double
    package var anchorY: Double
    package var order: Int

    package init(isSelected: Bool, zPriority: Double, anchorY: Double, order: Int) {
        self.isSelected = isSelected
        self.zPriority = zPriority
        self.anchorY = anchorY
        self.order = order
    }

    /// True when `self` is drawn above `other`. Inlinable: sorting 10,000 pins calls it 140,000 times.
    @inlinable
    package func isAbove(_ other: StackingKey) -> Bool {
        if isSelected != other.isSelected { return isSelected }
        if zPriority != other.zPriority { return zPriority > other.zPriority }
        if anchorY != other.anchorY { return anchorY > other.anchorY }
        return order > other.order
    }

    /// The same pin as if nothing were selected: the order a click cycles through.
    package var ignoringSelection: StackingKey {
        StackingKey(isSelected: false, zPriority: zPriority, anchorY: anchorY, order: order)
    }
}
