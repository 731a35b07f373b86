import Foundation

/// KDBush's static k-d tree, without ids: points on the unit world square sorted
/// in place (median splits by Floyd–Rivest selection, alternating axes, leaves of
/// up to 64 points), so the tree is implicit in the order. Queries answer with
/// places in that order; an owner keeps whatever else per point in the same order.
///
/// `Scalar` is how coordinates are stored: `Double` for the map's annotations,
/// `Float` for the clusterer, which must hold them as supercluster does (KDBush
/// over a `Float32Array`); queries and distances are computed in `Double` either way.
struct KDTree<Scalar: BinaryFloatingPoint & Sendable>: Sendable {
    static var nodeSize: Int { 64 }

    /// x, y interleaved, in the tree's order.
    private(set) var coords: [Scalar]

    var count: Int { coords.count / 2 }

    /// Sorts `interleaved` into a tree; `order[place]` is which input point went to each place.
    /// (Given the only reference to `interleaved`, it sorts that storage without a copy.) With
    /// `sharing`, a thread that calls its `help()` meanwhile sorts parts of it too.
    init(interleaved: consuming [Scalar], order: inout [Int32], sharing: SortSharing? = nil) {
        precondition(interleaved.count % 2 == 0 && interleaved.count / 2 < Int(Int32.max))
        coords = consume interleaved
        order = (0..<Int32(coords.count / 2)).map { $0 }
        sort(&order, sharing: sharing)
    }

    init() { coords = [] }

    func point(at place: Int) -> WorldPoint {
        WorldPoint(x: Double(coords[2 * place]), y: Double(coords[2 * place + 1]))
    }

    /// Places of the points inside [minX, maxX] × [minY, maxY] (inclusive). Rectangles may
    /// extend past the world's east or west edge: the part beyond wraps around.
    func range(minX: Double, minY: Double, maxX: Double, maxY: Double, _ body: (Int) -> Void) {
        if maxX - minX >= 1 { return collect(minX: 0, minY: minY, maxX: 1, maxY: maxY, body) }
        let shift = minX.rounded(.down)
        let a = minX - shift, b = maxX - shift
        collect(minX: a, minY: minY, maxX: min(b, 1), maxY: maxY, body)
        if b > 1 { collect(minX: 0, minY: minY, maxX: b - 1, maxY: maxY, body) }
    }

    private func collect(minX: Double, minY: Double, maxX: Double, maxY: Double, _ body: (Int) -> Void) {
        guard count > 0 else { return }
        coords.withUnsafeBufferPointer { coords in
            var stack: [(Int, Int, Int)] = [(0, coords.count / 2 - 1, 0)]
            while let (left, right, axis) = stack.popLast() {
                if right - left <= Self.nodeSize {
                    for i in left...right {
                        let x = Double(coords[2 * i]), y = Double(coords[2 * i + 1])
                        if x >= minX && x <= maxX && y >= minY && y <= maxY { body(i) }
                    }
                    continue
                }
                let m = (left + right) >> 1
                let x = Double(coords[2 * m]), y = Double(coords[2 * m + 1])
                if x >= minX && x <= maxX && y >= minY && y <= maxY { body(m) }
                if axis == 0 ? minX <= x : minY <= y { stack.append((left, m - 1, 1 - axis)) }
                if axis == 0 ? maxX >= x : maxY >= y { stack.append((m + 1, right, 1 - axis)) }
            }
        }
    }

    /// Places of the points within `radius` of (x, y), boundary included (no wrap-around),
    /// in KDBush's order (a node, then the half above it, then the half below).
    func within(x qx: Double, y qy: Double, radius r: Double, _ body: (Int) -> Void) {
        guard count > 0 else { return }
        let r2 = r * r
        coords.withUnsafeBufferPointer { coords in
            var stack: [(Int, Int, Int)] = [(0, coords.count / 2 - 1, 0)]
            while let (left, right, axis) = stack.popLast() {
                if right - left <= Self.nodeSize {
                    for i in left...right {
                        let dx = Double(coords[2 * i]) - qx, dy = Double(coords[2 * i + 1]) - qy
                        if dx * dx + dy * dy <= r2 { body(i) }
                    }
                    continue
                }
                let m = (left + right) >> 1
                let x = Double(coords[2 * m]), y = Double(coords[2 * m + 1])
                let dx = x - qx, dy = y - qy
                if dx * dx + dy * dy <= r2 { body(m) }
                if axis == 0 ? qx - r <= x : qy - r <= y { stack.append((left, m - 1, 1 - axis)) }
                if axis == 0 ? qx + r >= x : qy + r >= y { stack.append((m + 1, right, 1 - axis)) }
            }
        }
    }

    /// When `within` reports each point relative to the others (lower first): the tree walked
    /// whole in that order. Sorting any answer by it gives KDBush's order. The rank of the point
    /// at place p goes to `ranks[slot[p]]` (an owner's own order, without a list by place between).
    func visitingRanks(bySlot slot: [Int32]) -> [Int32] {
        var ranks = [Int32](repeating: 0, count: count)
        guard count > 0 else { return ranks }
        var stack: [(left: Int, right: Int, first: Int)] = [(0, count - 1, 0)]
        while let (left, right, first) = stack.popLast() {
            if right - left <= Self.nodeSize {
                for i in left...right { ranks[Int(slot[i])] = Int32(first + i - left) }
                continue
            }
            let m = (left + right) >> 1
            ranks[Int(slot[m])] = Int32(first)
            stack.append((m + 1, right, first + 1))  // the upper half is visited first
            stack.append((left, m - 1, first + 1 + right - m))
        }
        return ranks
    }

    /// When `within` reports the point at a place relative to the others (lower first): its
    /// place in a walk of the whole tree in that order. Sorting any answer by it gives KDBush's order.
    func visitingRank(of place: Int) -> Int {
        var left = 0, right = count - 1, first = 0
        while right - left > Self.nodeSize {
            let m = (left + right) >> 1
            if place == m { return first }
            if place > m {  // the upper half is visited first
                left = m + 1
                first += 1
            } else {
                first += 1 + right - m
                right = m - 1
            }
        }
        return first + place - left
    }

    // MARK: Building (Floyd–Rivest selection, as KDBush)

    private mutating func sort(_ order: inout [Int32], sharing: SortSharing?) {
        let range = Sorter.Range(left: 0, right: count - 1, axis: 0)
        order.withUnsafeMutableBufferPointer { ids in
            coords.withUnsafeMutableBufferPointer { coords in
                let tree = Sorter(ids: ids, coords: coords)
                if let sharing {
                    sharing.sort(range, with: tree)
                } else {
                    tree.sort(range) { _ in false }
                }
            }
        }
    }

    /// The selection over the arrays' storage: no copy-on-write or bounds checks in the inner loops.
    struct Sorter: @unchecked Sendable {
        let ids: UnsafeMutableBufferPointer<Int32>
        let coords: UnsafeMutableBufferPointer<Scalar>

        /// Points `left...right`, split across `axis` first.
        struct Range {
            var left: Int, right: Int, axis: Int
            var count: Int { right - left + 1 }
        }

        /// Sorts a range into its subtree: its median by the axis in the middle, the halves each
        /// sorted by the other axis. A half `handOff` takes is left to it (another thread sorts it).
        func sort(_ range: Range, handOff: (Range) -> Bool) {
            var stack = [range]
            while let r = stack.popLast() {
                if r.right - r.left <= KDTree.nodeSize { continue }
                let m = (r.left + r.right) >> 1
                select(m, r.left, r.right, r.axis)
                let low = Range(left: r.left, right: m - 1, axis: 1 - r.axis), high = Range(left: m + 1, right: r.right, axis: 1 - r.axis)
                if !handOff(low) { stack.append(low) }
                if !handOff(high) { stack.append(high) }
            }
        }

        func select(_ k: Int, _ left: Int, _ right: Int, _ axis: Int) {
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
