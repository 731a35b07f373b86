/// A static k-d tree over points on the unit world square, answering with the
/// points' ids (their order at init): "what is in this rectangle" without a scan.
/// Builds 100,000 points in milliseconds. The tree itself is `KDTree`.
package struct PointIndex<Scalar: BinaryFloatingPoint & Sendable>: Sendable {
    private let tree: KDTree<Scalar>
    /// Per place in the tree, which point is there.
    private let ids: [Int32]

    /// Indexes points given as interleaved x, y; ids are their order.
    package init(interleaved: [Scalar]) {
        var order: [Int32] = []
        tree = KDTree(interleaved: interleaved, order: &order)
        ids = order
    }

    package var count: Int { ids.count }

    /// Ids of the points inside [minX, maxX] × [minY, maxY] (inclusive). Rectangles may
    /// extend past the world's east or west edge: the part beyond wraps around.
    package func range(minX: Double, minY: Double, maxX: Double, maxY: Double) -> [Int] {
        var out: [Int] = []
        tree.range(minX: minX, minY: minY, maxX: maxX, maxY: maxY) { out.append(Int(ids[$0])) }
        return out
    }

    /// Ids of the points within `radius` of (x, y), boundary included (no wrap-around),
    /// in KDBush's order.
    package func within(x: Double, y: Double, radius: Double) -> [Int] {
        var out: [Int] = []
        tree.within(x: x, y: y, radius: radius) { out.append(Int(ids[$0])) }
        return out
    }
}

extension PointIndex where Scalar == Double {
    package init(points: [WorldPoint]) {
        var interleaved: [Double] = []
        interleaved.reserveCapacity(points.count * 2)
        for p in points {
            interleaved.append(p.x)
            interleaved.append(p.y)
        }
        self.init(interleaved: interleaved)
    }
}
