import Foundation

/// A static k-d tree over points on the unit world square (KDBush's layout:
/// ids and coordinates in flat arrays, sorted in place). Builds 100,000 points
/// in milliseconds and answers "what is in this rectangle" without a scan.
///
/// `Scalar` is how coordinates are stored: `Double` for the map's annotations,
/// `Float` for the clusterer, which must hold them as supercluster does (KDBush
/// over a `Float32Array`); queries and distances are computed in `Double` either way.
public struct PointIndex<Scalar: BinaryFloatingPoint & Sendable>: Sendable {
    public static var nodeSize: Int { 64 }

    private var ids: [Int32]
    private var coords: [Scalar]  // x, y interleaved, in the order of `ids`
    /// Per id, its place in `ids`: only when asked for, so the index can hold the points for its owner.
    private var places: [Int32] = []

    /// Indexes points given as interleaved x, y (ids are their order); with `locatable`,
    /// `point(_:)` answers where each id is (4 bytes a point more).
    public init(interleaved: [Scalar], locatable: Bool = false) {
        precondition(interleaved.count % 2 == 0 && interleaved.count / 2 < Int(Int32.max))
        coords = interleaved
        ids = (0..<Int32(interleaved.count / 2)).map { $0 }
        if ids.count > Self.nodeSize { sort() }
        guard locatable else { return }
        places = [Int32](repeating: 0, count: ids.count)
        for (place, id) in ids.enumerated() { places[Int(id)] = Int32(place) }
    }

    public var count: Int { ids.count }

    /// The point with an id (its place in the input); only for a `locatable` index.
    public func point(_ id: Int) -> WorldPoint {
        let i = Int(places[id])
        return WorldPoint(x: Double(coords[2 * i]), y: Double(coords[2 * i + 1]))
    }

    /// Ids of the points inside [minX, maxX] × [minY, maxY] (inclusive). Rectangles may
    /// extend past the world's east or west edge: the part beyond wraps around.
    public func range(minX: Double, minY: Double, maxX: Double, maxY: Double) -> [Int] {
        var out: [Int] = []
        if maxX - minX >= 1 {
            collect(minX: 0, minY: minY, maxX: 1, maxY: maxY, into: &out)
            return out
        }
        let shift = minX.rounded(.down)
        let a = minX - shift, b = maxX - shift
        collect(minX: a, minY: minY, maxX: min(b, 1), maxY: maxY, into: &out)
        if b > 1 { collect(minX: 0, minY: minY, maxX: b - 1, maxY: maxY, into: &out) }
        return out
    }

    /// Ids of the points within `radius` of (x, y), boundary included (no wrap-around),
    /// in KDBush's order (a node, then the half above it, then the half below).
    public func within(x qx: Double, y qy: Double, radius r: Double) -> [Int] {
        var out: [Int] = []
        guard !ids.isEmpty else { return out }
        let r2 = r * r
        coords.withUnsafeBufferPointer { coords in
            ids.withUnsafeBufferPointer { ids in
                var stack: [(Int, Int, Int)] = [(0, ids.count - 1, 0)]
                while let (left, right, axis) = stack.popLast() {
                    if right - left <= Self.nodeSize {
                        for i in left...right {
                            let dx = Double(coords[2 * i]) - qx, dy = Double(coords[2 * i + 1]) - qy
                            if dx * dx + dy * dy <= r2 { out.append(Int(ids[i])) }
                        }
                        continue
                    }
                    let m = (left + right) >> 1
                    let x = Double(coords[2 * m]), y = Double(coords[2 * m + 1])
                    let dx = x - qx, dy = y - qy
                    if dx * dx + dy * dy <= r2 { out.append(Int(ids[m])) }
                    if axis == 0 ? qx - r <= x : qy - r <= y { stack.append((left, m - 1, 1 - axis)) }
                    if axis == 0 ? qx + r >= x : qy + r >= y { stack.append((m + 1, right, 1 - axis)) }
                }
            }
        }
        return out
    }

    /// Per id, when `within` would report it relative to the others (lower first): the tree's
    /// nodes in its visiting order. Sorting any query's answer by it gives KDBush's order.
    func visitingRanks() -> [Int32] {
        var ranks = [Int32](repeating: 0, count: ids.count)
        guard !ids.isEmpty else { return ranks }
        var stack: [(left: Int, right: Int, first: Int)] = [(0, ids.count - 1, 0)]
        while let (left, right, first) = stack.popLast() {
            if right - left <= Self.nodeSize {
                for i in left...right { ranks[Int(ids[i])] = Int32(first + i - left) }
                continue
            }
            let m = (left + right) >> 1
            ranks[Int(ids[m])] = Int32(first)
            stack.append((m + 1, right, first + 1))  // the upper half is visited first
            stack.append((left, m - 1, first + 1 + right - m))
        }
        return ranks
    }

    private func collect(minX: Double, minY: Double, maxX: Double, maxY: Double, into out: inout [Int]) {
        guard !ids.isEmpty else { return }
        coords.withUnsafeBufferPointer { coords in
            ids.withUnsafeBufferPointer { ids in
                var stack: [(Int, Int, Int)] = [(0, ids.count - 1, 0)]
                while let (left, right, axis) = stack.popLast() {
                    if right - left <= Self.nodeSize {
                        for i in left...right {
                            let x = Double(coords[2 * i]), y = Double(coords[2 * i + 1])
                            if x >= minX && x <= maxX && y >= minY && y <= maxY { out.append(Int(ids[i])) }
                        }
                        continue
                    }
                    let m = (left + right) >> 1
                    let x = Double(coords[2 * m]), y = Double(coords[2 * m + 1])
                    if x >= minX && x <= maxX && y >= minY && y <= maxY { out.append(Int(ids[m])) }
                    if axis == 0 ? minX <= x : minY <= y { stack.append((left, m - 1, 1 - axis)) }
                    if axis == 0 ? maxX >= x : maxY >= y { stack.append((m + 1, right, 1 - axis)) }
                }
            }
        }
    }

    // MARK: Building (Floyd–Rivest selection, as KDBush)

    private mutating func sort() {
        let n = ids.count
        ids.withUnsafeMutableBufferPointer { ids in
            coords.withUnsafeMutableBufferPointer { coords in
                var tree = Sorter(ids: ids, coords: coords)
                var stack = [(0, n - 1, 0)]
                while let (l, r, a) = stack.popLast() {
                    if r - l <= Self.nodeSize { continue }
                    let m = (l + r) >> 1
                    tree.select(m, l, r, a)
                    stack.append((l, m - 1, 1 - a))
                    stack.append((m + 1, r, 1 - a))
                }
            }
        }
    }

    /// The selection over the arrays' storage: no copy-on-write or bounds checks in the inner loops.
    private struct Sorter {
        let ids: UnsafeMutableBufferPointer<Int32>
        let coords: UnsafeMutableBufferPointer<Scalar>

        mutating func select(_ k: Int, _ left: Int, _ right: Int, _ axis: Int) {
            var left = left, right = right
            while right > left {
                if right - left > 600 {
                    let n = Double(right - left + 1), m = Double(k - left + 1)
                    let z = log(n), s = 0.5 * exp(2 * z / 3)
                    let sd = 0.5 * (z * s * (n - s) / n).squareRoot() * (m - n / 2 < 0 ? -1 : 1)
                    let newLeft = max(left, Int((Double(k) - m * s / n + sd).rounded(.down)))
                    let newRight = min(right, Int((Double(k) + (n - m) * s / n + sd).rounded(.down)))
                    select(k, newLeft, newRight, axis)
                }
                let t = coords[2 * k + axis]
                var i = left, j = right
                swapItems(left, k)
                if coords[2 * right + axis] > t { swapItems(left, right) }
                while i < j {
                    swapItems(i, j)
                    i += 1
                    j -= 1
                    while coords[2 * i + axis] < t { i += 1 }
                    while coords[2 * j + axis] > t { j -= 1 }
                }
                if coords[2 * left + axis] == t {
                    swapItems(left, j)
                } else {
                    j += 1
                    swapItems(j, right)
                }
                if j <= k { left = j + 1 }
                if k <= j { right = j - 1 }
            }
        }

        private func swapItems(_ i: Int, _ j: Int) {
            ids.swapAt(i, j)
            coords.swapAt(2 * i, 2 * j)
            coords.swapAt(2 * i + 1, 2 * j + 1)
        }
    }
}

extension PointIndex where Scalar == Double {
    public init(points: [WorldPoint], locatable: Bool = false) {
        var interleaved: [Double] = []
        interleaved.reserveCapacity(points.count * 2)
        for p in points {
            interleaved.append(p.x)
            interleaved.append(p.y)
        }
        self.init(interleaved: interleaved, locatable: locatable)
    }
}
