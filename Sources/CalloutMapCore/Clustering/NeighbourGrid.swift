/// For one clustering zoom, each point's neighbours: the points within the
/// zoom's radius of it, by the test KDBush makes (squared distance in doubles from
/// the points' floats to the query's exact position, boundary included).
///
/// The clusterer asks this once per point per zoom. A k-d tree answers each
/// question alone, with ~14 nodes and a 64-point leaf visited in random places of
/// memory; profiled at 1M points, those queries were half of the whole build, and a
/// hashed grid still paid a cache miss or two per point. Here all the answers are
/// found at once, in memory order: the points are sorted by square cells a radius
/// wide (radix sort), then one sweep over the cells compares each point with the
/// points of its own and the eight cells around it, three runs of the sorted array.
/// Most points have no neighbour at most zooms and cost no more than that sweep.
///
/// Answers are kept as lists while they stay small (4 entries a point in all); a
/// point in a crowd (more than `crowd` points near it, e.g. thousands of copies of one
/// place) is answered when asked, from the sorted cells, so memory stays bounded.
struct NeighbourGrid {
    /// More candidates than this near a point: it is answered when asked, not listed.
    static let crowd = 32

    private let radius: Double
    private let inverseCell: Double
    private let columnBits: Int
    /// Cells in order (key = row << columnBits | column) and where each one's points start.
    private var cellKeys: [UInt64] = []
    private var cellStarts: [Int32] = []
    /// Points in cell order: which point, and its coordinates as floats.
    private var sortedIDs: [Int32] = []
    private var sortedXY: [Float] = []
    /// Per point: where its list starts in `lists` and how long it is (0: no neighbours;
    /// -1: in a crowd, answered when asked).
    private var listStart: [Int32]
    private var listCount: [Int32]
    private var lists: [Int32] = []
    /// The query positions (exact), per point.
    private let exactXY: [Double]

    /// `floats`: the points as stored (interleaved x, y on the unit square); `exact`: where
    /// they are queried from (each within a float's rounding of its float).
    init(floats: [Float], exact: [Double], radius: Double) {
        let n = floats.count / 2
        self.radius = radius
        exactXY = exact
        listStart = [Int32](repeating: 0, count: n)
        listCount = [Int32](repeating: 0, count: n)
        // Cells a little wider than the radius: a point's neighbours then lie in the 3 × 3
        // cells around its float's cell even though queries start from the exact position.
        let cell = max(radius * (1 + 1e-6) + 1e-7, 1e-9)
        inverseCell = 1 / cell
        let columns = UInt64(max(1, (1 / cell).rounded(.up) + 2))
        columnBits = UInt64.bitWidth - columns.leadingZeroBitCount
        guard n > 0 else { return }
        sort(floats)
        sweep(budget: 4 * n)
    }

    /// Calls `body` with each neighbour of point `i` (itself perhaps included), in no set order.
    func forEachNeighbour(of i: Int, _ body: (Int) -> Void) {
        let count = Int(listCount[i])
        if count > 0 {
            let start = Int(listStart[i])
            lists.withUnsafeBufferPointer { lists in
                for k in start..<start + count { body(Int(lists[k])) }
            }
        } else if count < 0 {
            query(x: exactXY[2 * i], y: exactXY[2 * i + 1], body)
        }
    }

    // MARK: Building

    private func cellOf(_ v: Double) -> UInt64 {
        let c = (v * inverseCell).rounded(.down) + 1  // column 0 is left free, for the cells west of 0
        return c.isNaN ? 0 : UInt64(max(0, min(c, Double(UInt64(1) << UInt64(columnBits)) - 1)))
    }

    private func key(row: UInt64, column: UInt64) -> UInt64 { row << UInt64(columnBits) | column }

    /// Points by cell: an LSD radix sort on the cell keys, 11 bits a pass.
    private mutating func sort(_ floats: [Float]) {
        let n = floats.count / 2
        var keys = [UInt64](repeating: 0, count: n)
        var ids = [Int32](repeating: 0, count: n)
        for i in 0..<n {
            keys[i] = key(row: cellOf(Double(floats[2 * i + 1])), column: cellOf(Double(floats[2 * i])))
            ids[i] = Int32(i)
        }
        let bits = UInt64.bitWidth - (keys.max() ?? 0).leadingZeroBitCount
        var keys2 = keys, ids2 = ids
        var shift = 0
        while shift < bits {
            var histogram = [Int](repeating: 0, count: 2049)
            keys.withUnsafeBufferPointer { keys in
                for k in keys { histogram[Int((k >> UInt64(shift)) & 2047) + 1] += 1 }
            }
            for b in 1...2048 { histogram[b] += histogram[b - 1] }
            keys.withUnsafeBufferPointer { keys in
                ids.withUnsafeBufferPointer { ids in
                    keys2.withUnsafeMutableBufferPointer { keys2 in
                        ids2.withUnsafeMutableBufferPointer { ids2 in
                            for p in 0..<n {
                                let b = Int((keys[p] >> UInt64(shift)) & 2047)
                                let to = histogram[b]
                                histogram[b] = to + 1
                                keys2[to] = keys[p]
                                ids2[to] = ids[p]
                            }
                        }
                    }
                }
            }
            swap(&keys, &keys2)
            swap(&ids, &ids2)
            shift += 11
        }
        sortedIDs = ids
        sortedXY = [Float](repeating: 0, count: 2 * n)
        for p in 0..<n {
            let i = Int(ids[p])
            sortedXY[2 * p] = floats[2 * i]
            sortedXY[2 * p + 1] = floats[2 * i + 1]
        }
        for p in 0..<n where p == 0 || keys[p] != keys[p - 1] {
            cellKeys.append(keys[p])
            cellStarts.append(Int32(p))
        }
        cellStarts.append(Int32(n))
    }

    /// One pass over the cells: each point against the points of the 3 × 3 cells around it.
    private mutating func sweep(budget: Int) {
        let columnMask = (UInt64(1) << UInt64(columnBits)) - 1
        let r2 = radius * radius, shift = UInt64(columnBits)
        var lists: [Int32] = []
        lists.reserveCapacity(min(budget, 1 << 16))
        cellKeys.withUnsafeBufferPointer { keys in
        cellStarts.withUnsafeBufferPointer { starts in
        sortedIDs.withUnsafeBufferPointer { ids in
        sortedXY.withUnsafeBufferPointer { xy in
        exactXY.withUnsafeBufferPointer { exact in
        listStart.withUnsafeMutableBufferPointer { listStart in
        listCount.withUnsafeMutableBufferPointer { listCount in
            let cellCount = keys.count
            var up = 0, down = 0  // first cells of the rows above and below worth looking at
            for c in 0..<cellCount {
                let row = keys[c] >> shift, column = keys[c] & columnMask
                let west = column > 0 ? column - 1 : 0, east = column + 1
                // This row: the cells just before and after, when they are the next columns.
                var first = c, last = c
                if column > 0 && c > 0 && keys[c - 1] == row << shift | west { first = c - 1 }
                if c + 1 < cellCount && keys[c + 1] == row << shift | east { last = c + 1 }
                let here = (Int(starts[first]), Int(starts[last + 1]))
                var above = (0, 0), below = (0, 0)
                if row > 0 {
                    let from = (row - 1) << shift | west, to = (row - 1) << shift | east
                    while up < cellCount && keys[up] < from { up += 1 }
                    var end = up
                    while end < cellCount && keys[end] <= to { end += 1 }
                    above = (Int(starts[up]), Int(starts[end]))
                }
                let from = (row + 1) << shift | west, to = (row + 1) << shift | east
                while down < cellCount && keys[down] < from { down += 1 }
                var end = down
                while end < cellCount && keys[end] <= to { end += 1 }
                below = (Int(starts[down]), Int(starts[end]))

                let candidates = (here.1 - here.0) + (above.1 - above.0) + (below.1 - below.0)
                guard candidates > 1 else { continue }  // the point alone: no neighbours
                for p in Int(starts[c])..<Int(starts[c + 1]) {
                    let i = Int(ids[p])
                    if candidates > Self.crowd || lists.count + candidates > budget {
                        listCount[i] = -1
                        continue
                    }
                    let x = exact[2 * i], y = exact[2 * i + 1]
                    let start = lists.count
                    for run in [here, above, below] {
                        for q in run.0..<run.1 where q != p {
                            let dx = Double(xy[2 * q]) - x, dy = Double(xy[2 * q + 1]) - y
                            if dx * dx + dy * dy <= r2 { lists.append(ids[q]) }
                        }
                    }
                    listStart[i] = Int32(start)
                    listCount[i] = Int32(lists.count - start)
                }
            }
        }}}}}}}
        self.lists = lists
    }

    /// A crowded point's neighbours, from the sorted cells around its exact position.
    private func query(x: Double, y: Double, _ body: (Int) -> Void) {
        let r2 = radius * radius
        let x0 = cellOf(x - radius), x1 = cellOf(x + radius)
        let y0 = cellOf(y - radius), y1 = cellOf(y + radius)
        guard x0 <= x1, y0 <= y1 else { return }
        for row in y0...y1 {
            let from = key(row: row, column: x0), to = key(row: row, column: x1)
            var low = 0, high = cellKeys.count  // first cell at or after `from`
            while low < high {
                let mid = (low + high) / 2
                if cellKeys[mid] < from { low = mid + 1 } else { high = mid }
            }
            var c = low
            while c < cellKeys.count && cellKeys[c] <= to {
                for q in Int(cellStarts[c])..<Int(cellStarts[c + 1]) {
                    let dx = Double(sortedXY[2 * q]) - x, dy = Double(sortedXY[2 * q + 1]) - y
                    if dx * dx + dy * dy <= r2 { body(Int(sortedIDs[q])) }
                }
                c += 1
            }
        }
    }
}
