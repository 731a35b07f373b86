/// Room to keep clear along each edge of a view, in logical pixels: where a region is fitted,
/// what lies under a toast or a panel over the map is not counted as shown.
public struct EdgeInsets: Hashable, Sendable {
    /// Along the top edge.
    public var top: Double
    /// Along the left edge.
    public var left: Double
    /// Along the bottom edge.
    public var bottom: Double
    /// Along the right edge.
    public var right: Double

    /// Room along each edge.
    public init(top: Double, left: Double, bottom: Double, right: Double) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// The same room along every edge.
    public init(all room: Double) {
        self.init(top: room, left: room, bottom: room, right: room)
    }

    /// No room.
    public static let zero = EdgeInsets(all: 0)
}
