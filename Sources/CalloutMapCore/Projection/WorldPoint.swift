/// A position on the Web Mercator plane normalised to the unit square:
/// x grows east from the antimeridian, y grows south from the top edge (≈85.05°N).
public struct WorldPoint: Hashable, Sendable {
    /// From 0 at the antimeridian west to 1 east.
    public var x: Double
    /// From 0 at the top (85.05° N) to 1 at the bottom.
    public var y: Double

    /// A point of the unit world square.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}
