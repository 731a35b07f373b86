/// Rectangles bucketed on a uniform grid, so a point finds the few that may hold it
/// without scanning them all: with 10,000 pins in view a click tests a few dozen.
/// Built once per layout; a pan moves the grid, not the rectangles in it.
package struct HitGrid: Sendable {
    /// Cells at most this many per side, however far apart the rectangles are.
    static let maxCells = 256

    private var origin = Point.zero
    private var cell = Size(width: 1, height: 1)
    private var columns = 0, rows = 0
    /// Per cell, where its rectangle indices start in `items` (one more entry than cells).
    private var starts: [Int32] = [0]
    private var items: [Int32] = []

    package init() {}

    /// Buckets `rects` (by index) on cells of about `cellSize` points.
    package init(rects: [Rect], cellSize: Double = 64) {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for r in rects where r.minX.isFinite && r.minY.isFinite && r.maxX.isFinite && r.maxY.isFinite {
            minX = min(minX, r.minX); minY = min(minY, r.minY)
            maxX = max(maxX, r.maxX); maxY = max(maxY, r.maxY)
        }
        guard minX < maxX, minY < maxY else { return }
        origin = Point(x: minX, y: minY)
        columns = Self.cellIndex(((maxX - minX) / cellSize).rounded(.up), count: Self.maxCells + 1)
        rows = Self.cellIndex(((maxY - minY) / cellSize).rounded(.up), count: Self.maxCells + 1)
        guard columns > 0, rows > 0 else { columns = 0; rows = 0; return }
        cell = Size(width: (maxX - minX) / Double(columns), height: (maxY - minY) / Double(rows))
        // Two passes (count, then fill) into one flat array: no array per cell.
        var counts = [Int32](repeating: 0, count: columns * rows + 1)
        forEachCell(of: rects) { c, _ in counts[c + 1] += 1 }
        for c in 1..<counts.count { counts[c] += counts[c - 1] }
        starts = counts
        items = [Int32](repeating: 0, count: Int(counts.last!))
        var next = counts
        forEachCell(of: rects) { c, i in
            items[Int(next[c])] = Int32(i)
            next[c] += 1
        }
    }

    private func forEachCell(of rects: [Rect], _ body: (Int, Int) -> Void) {
        for (i, r) in rects.enumerated() where r.minX.isFinite && r.minY.isFinite && r.maxX.isFinite && r.maxY.isFinite {
            let c0 = column(r.minX), c1 = column(r.maxX), r0 = row(r.minY), r1 = row(r.maxY)
            for y in r0...r1 {
                for x in c0...c1 { body(y * columns + x, i) }
            }
        }
    }

    private func column(_ x: Double) -> Int { Self.cellIndex((x - origin.x) / cell.width, count: columns) }
    private func row(_ y: Double) -> Int { Self.cellIndex((y - origin.y) / cell.height, count: rows) }

    /// `v` as an index in 0..<count, clamped as a Double so rectangles spanning more than a
    /// Double can hold (their extent overflows to infinity, or NaN) convert without trapping.
    private static func cellIndex(_ v: Double, count: Int) -> Int {
        v.isNaN ? 0 : Int(min(max(v, 0), Double(count - 1)))
    }

    /// Moves every rectangle by `shift` (a pan) without rebuilding.
    package mutating func translate(by shift: Point) {
        origin.x += shift.x
        origin.y += shift.y
    }

    /// Indices, ascending, of the rectangles that may contain `point` (test each one).
    package func candidates(at point: Point) -> ArraySlice<Int32> {
        let x = (point.x - origin.x) / cell.width, y = (point.y - origin.y) / cell.height
        guard columns > 0, x >= 0, y >= 0, x < Double(columns), y < Double(rows) else { return [] }
        let c = Int(y) * columns + Int(x)
        return items[Int(starts[c])..<Int(starts[c + 1])]
    }
}
