/// A point in screen or world space (logical pixels unless stated).
public struct Point: Hashable, Sendable {
    /// Rightwards.
    public var x: Double
    /// Downwards.
    public var y: Double

    /// A point.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The origin.
    public static let zero = Point(x: 0, y: 0)

    /// The sum of two points (offsets).
    public static func + (a: Point, b: Point) -> Point { Point(x: a.x + b.x, y: a.y + b.y) }
    /// The difference of two points: the offset from `b` to `a`.
    public static func - (a: Point, b: Point) -> Point { Point(x: a.x - b.x, y: a.y - b.y) }
    /// A point scaled by a factor.
    public static func * (a: Point, k: Double) -> Point { Point(x: a.x * k, y: a.y * k) }

    /// The distance from the origin.
    public var length: Double { (x * x + y * y).squareRoot() }
}
