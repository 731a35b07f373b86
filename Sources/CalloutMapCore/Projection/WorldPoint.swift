/// A position on the Web Mercator plane normalised to the unit square:
/// x grows east from the antimeridian, y grows south from the top edge (≈85.05°N).
public struct WorldPoint: Hashable, Sendable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}
