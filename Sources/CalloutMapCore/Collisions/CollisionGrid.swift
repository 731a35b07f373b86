/// Shapes already taken on a screen-sized area, bucketed on a uniform grid by their bounds, so
/// a new one asks only its neighbours whether it fits: the collision test of labels and pins
/// alike. Shapes that reach outside the area are kept in its edge cells.
package struct CollisionGrid {
    private let origin: Point
    private let cell: Double
    private let columns: Int, rows: Int
    private var cells: [[Int32]]
    /// Each shape's bounds (the whole test for rectangles, the first for circles).
    package private(set) var rects: [Rect] = []
    /// The shapes that are circles, by index (most are rectangles: labels, square pins).
    private var circles: [Int32: CollisionShape] = [:]

    /// An empty area; `cellSize` about the size of what goes in it.
    package init(area: Rect, cellSize: Double = 64) {
        origin = area.origin
        cell = max(8, cellSize)
        columns = max(1, min(512, Int((area.width / cell).rounded(.up))))
        rows = max(1, min(512, Int((area.height / cell).rounded(.up))))
        cells = Array(repeating: [], count: columns * rows)
    }

    /// Whether a rectangle overlaps a shape already taken.
    package func collides(_ r: Rect) -> Bool { collides(.rectangle(r)) }

    /// Whether a shape overlaps one already taken.
    package func collides(_ shape: CollisionShape) -> Bool {
        let r = shape.bounds
        guard let (x0, x1, y0, y1) = cellRange(r) else { return false }
        for y in y0...y1 {
            for x in x0...x1 {
                for i in cells[y * columns + x] where rects[Int(i)].intersects(r) {
                    if case .rectangle = shape, circles.isEmpty { return true }
                    if (circles[i] ?? .rectangle(rects[Int(i)])).overlaps(shape) { return true }
                }
            }
        }
        return false
    }

    /// Takes a rectangle.
    package mutating func insert(_ r: Rect) { insert(.rectangle(r)) }

    /// Takes a shape.
    package mutating func insert(_ shape: CollisionShape) {
        let r = shape.bounds
        guard let (x0, x1, y0, y1) = cellRange(r) else { return }
        let i = Int32(rects.count)
        rects.append(r)
        if case .circle = shape { circles[i] = shape }
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
