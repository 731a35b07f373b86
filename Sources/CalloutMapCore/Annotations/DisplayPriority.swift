/// How much an annotation view matters when it would overlap another (MapKit's
/// `MKFeatureDisplayPriority`): where two views collide, the one of lower priority is hidden
/// until there is room again. A `required` view is always shown.
public struct DisplayPriority: RawRepresentable, Hashable, Comparable, Sendable {
    /// From 0 to 1000; 1000 (`required`) never yields.
    public var rawValue: Float

    /// A priority from a number, clamped to 0...1000.
    public init(rawValue: Float) { self.rawValue = rawValue.isNaN ? 0 : min(1000, max(0, rawValue)) }

    /// A priority from a number, clamped to 0...1000.
    public init(_ value: Float) { self.init(rawValue: value) }

    /// Always shown, whatever it overlaps (the default, so views yield only when asked to).
    public static let required = DisplayPriority(1000)
    /// Yields only to required views and to higher numbers.
    public static let high = DisplayPriority(750)
    /// Yields to most others: for the many small places a crowded map can do without.
    public static let low = DisplayPriority(250)

    /// Whether the view is shown whatever it overlaps.
    public var isRequired: Bool { rawValue >= 1000 }

    public static func < (a: DisplayPriority, b: DisplayPriority) -> Bool { a.rawValue < b.rawValue }
}

/// The shape an annotation view takes up when views yield to each other by priority
/// (MapKit's `MKAnnotationView.CollisionMode`).
public enum CollisionMode: Hashable, Sendable {
    /// The view's frame.
    case rectangle
    /// The circle inscribed in the view's frame: round pins may come closer at their corners.
    case circle
    /// Takes no room: never hidden, and hides nothing.
    case none
}
