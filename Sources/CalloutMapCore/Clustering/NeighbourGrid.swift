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
    private var listCount: [Int8]  // at most `crowd`
    private var lists: [Int32] = []
    /// Whether keys and indices were sorted as one number.
    private(set) var sortedAsOneNumber = false
    /// The query positions (exact), per point.
    private let exactXY: [Double]

    /// `exact`: where the points are queried from (interleaved x, y on the unit square); they
    /// are stored, and so compared, as these rounded to floats, as the k-d tree holds them.
    /// `oneNumberBits`: the most bits a key and an index may take to be sorted as one number
    /// (tests lower it to sort the other way).
    init(exact: [Double], radius: Double, oneNumberBits: Int = UInt64.bitWidth) {
        let n = exact.count / 2
        self.radius = radius
        exactXY = exact
        listStart = [Int32](repeating: 0, count: n)
        listCount = [Int8](repeating: 0, count: n)
        // Cells a little wider than the radius: a point's neighbours then lie in the 3 × 3
        // cells around its float's cell even though queries start from the exact position.
        let cell = max(radius * (1 + 1e-6) + 1e-7, 1e-9)
        inverseCell = 1 / cell
        let columns = UInt64(max(1, (1 / cell).rounded(.up) + 2))
        columnBits = UInt64.bitWidth - columns.leadingZeroBitCount
        guard n > 0 else { return }
        let sortedExact = sort(exact, oneNumberBits: oneNumberBits)
        sweep(budget: 4 * n, exact: sortedExact)
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

    /// Points by cell: an LSD radix sort on the cell keys, 11 bits a pass, stable (a cell's
    /// points stay in their order). When a key and a point's index fit in 64 bits together (a
    /// million points at the default radius do up to zoom 19) they are sorted as one number:
    /// one array moved instead of two, a third quicker and 8 MB less a million. Returns the exact
    /// positions in cell order, for the sweep: read there by point, they were a cache miss each,
    /// 40% of the sweep.
    private mutating func sort(_ exact: [Double], oneNumberBits: Int) -> [Double] {
        let n = exact.count / 2
        var keys = [UInt64](repeating: 0, count: n)
        exact.withUnsafeBufferPointer { exact in
            keys.withUnsafeMutableBufferPointer { keys in
                for i in 0..<n {
                    let x = Double(Float(exact[2 * i])), y = Double(Float(exact[2 * i + 1]))
                    keys[i] = key(row: cellOf(y), column: cellOf(x))
                }
            }
        }
        let keyBits = UInt64.bitWidth - (keys.max() ?? 0).leadingZeroBitCount
        let idBits = Int.bitWidth - max(n - 1, 1).leadingZeroBitCount
        var ids: [Int32]
        sortedAsOneNumber = keyBits + idBits <= oneNumberBits
        if sortedAsOneNumber {
            for i in 0..<n { keys[i] = keys[i] << UInt64(idBits) | UInt64(i) }
            Self.radixSort(&keys, bits: idBits..<idBits + keyBits)
            let mask = UInt64(1) << UInt64(idBits) - 1
            ids = keys.map { Int32(truncatingIfNeeded: $0 & mask) }
            for p in 0..<n { keys[p] >>= UInt64(idBits) }
        } else {
            ids = Array(0..<Int32(n))
            Self.radixSort(&keys, bits: 0..<keyBits, carrying: &ids)
        }
        sortedIDs = ids
        sortedXY = [Float](repeating: 0, count: 2 * n)
        var sortedExact = [Double](repeating: 0, count: 2 * n)
        sortedXY.withUnsafeMutableBufferPointer { xy in
        sortedExact.withUnsafeMutableBufferPointer { sortedExact in
            exact.withUnsafeBufferPointer { exact in
                for p in 0..<n {
                    let i = Int(ids[p])
                    let x = exact[2 * i], y = exact[2 * i + 1]
                    xy[2 * p] = Float(x)
                    xy[2 * p + 1] = Float(y)
                    sortedExact[2 * p] = x
                    sortedExact[2 * p + 1] = y
                }
            }
        }}
        var cells = 0
        for p in 0..<n where p == 0 || keys[p] != keys[p - 1] { cells += 1 }
        cellKeys.reserveCapacity(cells)
        cellStarts.reserveCapacity(cells + 1)
        for p in 0..<n where p == 0 || keys[p] != keys[p - 1] {
            cellKeys.append(keys[p])
            cellStarts.append(Int32(p))
        }
        cellStarts.append(Int32(n))
        return sortedExact
    }

    /// Sorts numbers by some of their bits, stably, 11 bits a pass; `carried` moves with them.
    private static func radixSort(_ keys: inout [UInt64], bits: Range<Int>, carrying carried: inout [Int32]) {
        var from = keys, fromCarried = carried
        keys = []  // the only reference left: passes write into it without a copy
        carried = []
        var to = [UInt64](repeating: 0, count: from.count), toCarried = [Int32](repeating: 0, count: from.count)
        var histogram = [Int](repeating: 0, count: 2049)
        for shift in stride(from: bits.lowerBound, to: bits.upperBound, by: 11) {
            let s = UInt64(shift)
            from.withUnsafeBufferPointer { from in
            fromCarried.withUnsafeBufferPointer { fromCarried in
            to.withUnsafeMutableBufferPointer { to in
            toCarried.withUnsafeMutableBufferPointer { toCarried in
            histogram.withUnsafeMutableBufferPointer { histogram in
                Self.count(from, shift: s, into: histogram)
                for p in 0..<from.count {
                    let b = Int((from[p] >> s) & 2047)
                    let at = histogram[b]
                    histogram[b] = at + 1
                    to[at] = from[p]
                    toCarried[at] = fromCarried[p]
                }
            }}}}}
            swap(&from, &to)
            swap(&fromCarried, &toCarried)
        }
        keys = from
        carried = fromCarried
    }

    /// As above, with nothing carried along.
    private static func radixSort(_ keys: inout [UInt64], bits: Range<Int>) {
        var from = keys, to = [UInt64](repeating: 0, count: keys.count)
        keys = []  // the only reference left: passes write into it without a copy
        var histogram = [Int](repeating: 0, count: 2049)
        for shift in stride(from: bits.lowerBound, to: bits.upperBound, by: 11) {
            let s = UInt64(shift)
            from.withUnsafeBufferPointer { from in
            to.withUnsafeMutableBufferPointer { to in
            histogram.withUnsafeMutableBufferPointer { histogram in
                Self.count(from, shift: s, into: histogram)
                for k in from {
                    let b = Int((k >> s) & 2047)
                    to[histogram[b]] = k
                    histogram[b] += 1
                }
            }}}
            swap(&from, &to)
        }
        keys = from
    }

    /// Where each 11-bit digit's run starts in the sorted order.
    private static func count(_ keys: UnsafeBufferPointer<UInt64>, shift: UInt64, into histogram: UnsafeMutableBufferPointer<Int>) {
        for b in 0..<histogram.count { histogram[b] = 0 }
        for k in keys { histogram[Int((k >> shift) & 2047) + 1] += 1 }
        for b in 1..<histogram.count { histogram[b] += histogram[b - 1] }
    }

    /// One pass over the cells: each point against the points of the 3 × 3 cells around it;
    /// `sortedExact`: the points' exact positions in cell order.
    private mutating func sweep(budget: Int, exact sortedExact: [Double]) {
        let columnMask = (UInt64(1) << UInt64(columnBits)) - 1
        let r2 = radius * radius, shift = UInt64(columnBits)
        var lists: [Int32] = []
        lists.reserveCapacity(min(budget, 1 << 16))
        cellKeys.withUnsafeBufferPointer { keys in
        cellStarts.withUnsafeBufferPointer { starts in
        sortedIDs.withUnsafeBufferPointer { ids in
        sortedXY.withUnsafeBufferPointer { xy in
        sortedExact.withUnsafeBufferPointer { exact in
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
                    let x = exact[2 * p], y = exact[2 * p + 1]
                    let start = lists.count
                    for run in [here, above, below] {
                        for q in run.0..<run.1 where q != p {
                            let dx = Double(xy[2 * q]) - x, dy = Double(xy[2 * q + 1]) - y
                            if dx * dx + dy * dy <= r2 { lists.append(ids[q]) }
                        }
                    }
                    listStart[i] = Int32(start)
                    listCount[i] = Int8(lists.count - start)
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
