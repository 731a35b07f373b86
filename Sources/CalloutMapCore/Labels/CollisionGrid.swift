/// Rectangles already taken on a screen-sized area, bucketed on a uniform grid, so a new one
/// asks only its neighbours whether it fits: the collision test of labels and pins alike.
/// Rectangles that reach outside the area are kept in its edge cells.
package struct CollisionGrid {
    private let origin: Point
    private let cell: Double
    private let columns: Int, rows: Int
    private var cells: [[Int32]]
    package private(set) var rects: [Rect] = []

    /// An empty area; `cellSize` about the size of what goes in it.
    package init(area: Rect, cellSize: Double = 64) {
        origin = area.origin
        cell = max(8, cellSize)
        columns = max(1, min(512, Int((area.width / cell).rounded(.up))))
        rows = max(1, min(512, Int((area.height / cell).rounded(.up))))
        cells = Array(repeating: [], count: columns * rows)
    }

    /// Whether a rectangle overlaps one already taken.
    package func collides(_ r: Rect) -> Bool {
        guard let (x0, x1, y0, y1) = cellRange(r) else { return false }
        for y in y0...y1 {
            for x in x0...x1 where cells[y * columns + x].contains(where: { rects[Int($0)].intersects(r) }) { return true }
        }
        return false
    }

    /// Takes a rectangle.
    package mutating func insert(_ r: Rect) {
        guard let (x0, x1, y0, y1) = cellRange(r) else { return }
        let i = Int32(rects.count)
        rects.append(r)
        // Appended in place (a closure over `cells` would copy the whole grid on every insert).
        for y in y0...y1 { for x in x0...x1 { cells[y * columns + x].append(i) } }
    }

    /// The cells a rectangle touches (those at the edge for parts outside), nil when it is not finite.
    private func cellRange(_ r: Rect) -> (Int, Int, Int, Int)? {
        guard r.minX.isFinite, r.minY.isFinite, r.maxX.isFinite, r.maxY.isFinite else { return nil }
        func clamp(_ v: Double, _ n: Int) -> Int { v < 0 ? 0 : v >= Double(n) ? n - 1 : Int(v) }
        return (clamp((r.minX - origin.x) / cell, columns), clamp((r.maxX - origin.x) / cell, columns),
                clamp((r.minY - origin.y) / cell, rows), clamp((r.maxY - origin.y) / cell, rows))
    }
}
