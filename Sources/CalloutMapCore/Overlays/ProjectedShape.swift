import Foundation

/// An overlay's geometry on the Web Mercator plane, made once when it is added: its lines or
/// rings as world points (each kept continuous across the antimeridian, so a line from 179° E
/// to 179° W is 2° long, not 358°), their boxes, and per zoom the points a screen can show
/// (simplified to half a pixel). Drawing and hit-testing read only this.
package final class ProjectedShape {
    package let isArea: Bool
    /// Every line or ring, in order; a ring's last point is not its first repeated.
    package let rings: [[WorldPoint]]
    /// For areas, which rings make each polygon: the first its exterior, the rest its holes.
    /// For lines, one entry per line.
    package let groups: [Range<Int>]
    /// Each ring's box in world units.
    package let ringBounds: [Rect]
    /// The box of all of it; x may pass 1 (it starts within the first world copy).
    package let bounds: Rect
    private var simplified: [Int: [[WorldPoint]]] = [:]
    /// For each simplified ring, the box of each run of `chunk` segments: a hit-test skips runs
    /// whose box is away from the point (a 100,000-point line is tested in a few hundred boxes).
    private var chunkBounds: [Int: [[Rect]]] = [:]
    private static let chunk = 32

    package init(_ geometry: OverlayGeometry) {
        var rings: [[WorldPoint]] = []
        var groups: [Range<Int>] = []
        var reference: Double?  // every part is put on the world copy nearest the first's
        func add(_ coordinates: [Coordinate], closed: Bool) {
            var ring = Self.continuous(coordinates, near: reference)
            if closed, ring.count > 1, ring.first == ring.last { ring.removeLast() }
            if reference == nil, let first = ring.first { reference = first.x }
            rings.append(ring)
        }
        switch geometry {
        case .lines(let parts):
            isArea = false
            for part in parts {
                groups.append(rings.count..<rings.count + 1)
                add(part, closed: false)
            }
        case .areas(let polygons):
            isArea = true
            for polygon in polygons {
                let start = rings.count
                add(polygon.exterior, closed: true)
                for hole in polygon.holes { add(hole, closed: true) }
                groups.append(start..<rings.count)
            }
        }
        self.rings = rings
        self.groups = groups
        ringBounds = rings.map(Self.box)
        var all: Rect?
        for b in ringBounds where b.width.isFinite { all = all.map { $0.union(b) } ?? b }
        bounds = all ?? Rect(x: 0.5, y: 0.5, width: 0, height: 0)
    }

    /// World points with no jump of more than half the world between neighbours, starting on the
    /// copy nearest `reference` (when given) or in [0, 1).
    private static func continuous(_ coordinates: [Coordinate], near reference: Double?) -> [WorldPoint] {
        var out: [WorldPoint] = []
        out.reserveCapacity(coordinates.count)
        var shift = 0.0
        for c in coordinates {
            var p = WebMercator.worldPoint(for: c)
            if let last = out.last {
                p.x += shift
                let jump = p.x - last.x
                if abs(jump) > 0.5 {
                    let k = jump.rounded()
                    shift -= k
                    p.x -= k
                }
            } else if let reference {
                shift = (reference - p.x).rounded()
                p.x += shift
            }
            out.append(p)
        }
        return out
    }

    private static func box(_ ring: [WorldPoint]) -> Rect {
        guard let first = ring.first else { return Rect(x: .infinity, y: .infinity, width: -.infinity, height: -.infinity) }
        var minX = first.x, maxX = first.x, minY = first.y, maxY = first.y
        for p in ring {
            minX = min(minX, p.x); maxX = max(maxX, p.x)
            minY = min(minY, p.y); maxY = max(maxY, p.y)
        }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// How many points it has in all.
    package var vertexCount: Int { rings.reduce(0) { $0 + $1.count } }

    // MARK: Per zoom

    /// The rings at a zoom, simplified so no point strays more than half a pixel (at the next
    /// whole zoom, so a fractional zoom never shows fewer points than it needs). A ring that would
    /// fall below 3 points (a line below 2) keeps its own. The last three zooms asked are kept.
    package func rings(atZoom zoom: Double) -> [[WorldPoint]] {
        let level = Int(max(0, min(24, zoom.rounded(.up))))
        if let cached = simplified[level] { return cached }
        let tolerance = 0.5 / (Viewport.tileSize * pow(2, Double(level)))
        let minimum = isArea ? 3 : 2
        let result = rings.map { ring -> [WorldPoint] in
            let s = LineSimplifier.simplify(ring[...], tolerance: tolerance)
            return s.count >= minimum ? s : ring
        }
        if simplified.count >= 3, let oldest = simplified.keys.min(by: { abs($0 - level) > abs($1 - level) }) {
            simplified[oldest] = nil
            chunkBounds[oldest] = nil
        }
        simplified[level] = result
        return result
    }

    /// The chunk boxes of the rings at a zoom (see `chunkBounds`); chunk k holds points
    /// k·chunk through (k+1)·chunk, so every segment lies wholly in one chunk's box.
    private func chunks(atZoom zoom: Double) -> [[Rect]] {
        let level = Int(max(0, min(24, zoom.rounded(.up))))
        if let cached = chunkBounds[level] { return cached }
        let boxes = rings(atZoom: zoom).map { ring -> [Rect] in
            guard ring.count >= 2 else { return [] }  // no segment (a lone point is tested on its own)
            return stride(from: 0, to: ring.count - 1, by: Self.chunk).map { start in
                Self.box(Array(ring[start...min(ring.count - 1, start + Self.chunk)]))
            }
        }
        chunkBounds[level] = boxes
        return boxes
    }

    /// The world copies (offsets of whole worlds) of it that meet a box of world x from `minX` to `maxX`.
    package func copies(meetingX minX: Double, _ maxX: Double) -> ClosedRange<Int>? {
        let first = Int((minX - bounds.maxX).rounded(.up)), last = Int((maxX - bounds.minX).rounded(.down))
        return first <= last ? first...last : nil
    }

    /// What to draw in `viewport`: for each line or polygon a list of screen paths (a line's runs
    /// across `clip`, or a polygon's rings cut to `clip`), every world copy in view included.
    package func screenPaths(in viewport: Viewport, clip: Rect) -> [[[Point]]] {
        let k = viewport.worldSize
        let originX = viewport.center.x - viewport.size.width / 2 / k, originY = viewport.center.y - viewport.size.height / 2 / k
        let worldClip = Rect(x: originX + clip.minX / k, y: originY + clip.minY / k, width: clip.width / k, height: clip.height / k)
        guard bounds.maxY >= worldClip.minY, bounds.minY <= worldClip.maxY,
              let copies = copies(meetingX: worldClip.minX, worldClip.maxX) else { return [] }
        let rings = rings(atZoom: viewport.zoom)
        var out: [[[Point]]] = []
        for copy in copies {
            let dx = Double(copy)
            for group in groups {
                let b = ringBounds[group.lowerBound]
                guard b.maxX + dx >= worldClip.minX, b.minX + dx <= worldClip.maxX,
                      b.maxY >= worldClip.minY, b.minY <= worldClip.maxY else { continue }
                var paths: [[Point]] = []
                for i in group {
                    let screen = rings[i].map { Point(x: ($0.x + dx - originX) * k, y: ($0.y - originY) * k) }
                    if isArea {
                        let ring = ShapeClipper.clipRing(screen, to: clip)
                        if !ring.isEmpty { paths.append(ring) } else if i == group.lowerBound { break }
                    } else {
                        paths += ShapeClipper.clipLine(screen, to: clip)
                    }
                }
                if !paths.isEmpty { out.append(paths) }
            }
        }
        return out
    }

    /// Where a callout points when no click says: a line's middle position (of its longest
    /// part), or for an area its first polygon's `InteriorPoint`.
    package var labelPoint: WorldPoint {
        guard isArea else {
            let line = rings.max { $0.count < $1.count } ?? []
            return line.isEmpty ? WorldPoint(x: 0.5, y: 0.5) : line[line.count / 2]
        }
        guard let group = groups.first, let exterior = rings[group.lowerBound].first else { return WorldPoint(x: 0.5, y: 0.5) }
        let polygon = group.map { rings[$0].map { (x: $0.x, y: $0.y) } }
        return InteriorPoint.of(polygon).map { WorldPoint(x: $0.x, y: $0.y) } ?? exterior
    }

    // MARK: Hit-testing

    /// Whether a world point hits it: within `strokeTolerance` (world units) of a line or an
    /// area's outline, or inside an area's polygon and outside its holes (each polygon on its own).
    /// Any world copy counts. Uses the points drawn at `zoom`.
    package func hit(_ point: WorldPoint, strokeTolerance: Double, zoom: Double) -> Bool {
        guard let copies = copies(meetingX: point.x - strokeTolerance, point.x + strokeTolerance),
              point.y >= bounds.minY - strokeTolerance, point.y <= bounds.maxY + strokeTolerance else { return false }
        let rings = rings(atZoom: zoom), boxes = chunks(atZoom: zoom)
        let t2 = strokeTolerance * strokeTolerance
        for copy in copies {
            let p = WorldPoint(x: point.x - Double(copy), y: point.y)
            for group in groups {
                let b = ringBounds[group.lowerBound]
                guard p.x >= b.minX - strokeTolerance, p.x <= b.maxX + strokeTolerance,
                      p.y >= b.minY - strokeTolerance, p.y <= b.maxY + strokeTolerance else { continue }
                var inside = false
                for i in group {
                    if Self.near(p, rings[i], boxes[i], closed: isArea, t2, strokeTolerance) { return true }
                    if isArea && Self.encloses(rings[i], boxes[i], p) { inside.toggle() }
                }
                if inside { return true }
            }
        }
        return false
    }

    private static func near(_ p: WorldPoint, _ ring: [WorldPoint], _ boxes: [Rect], closed: Bool, _ t2: Double, _ t: Double) -> Bool {
        guard let first = ring.first else { return false }
        if ring.count == 1 {
            let dx = p.x - first.x, dy = p.y - first.y
            return dx * dx + dy * dy <= t2
        }
        for (k, box) in boxes.enumerated()
        where p.x >= box.minX - t && p.x <= box.maxX + t && p.y >= box.minY - t && p.y <= box.maxY + t {
            let start = k * chunk
            for i in start..<min(ring.count - 1, start + chunk)
            where LineSimplifier.squaredDistance(p, toSegment: ring[i], ring[i + 1]) <= t2 { return true }
        }
        // A ring's closing segment, last point to first.
        return closed && LineSimplifier.squaredDistance(p, toSegment: ring[ring.count - 1], first) <= t2
    }

    /// Even–odd: whether a ray from `p` eastwards crosses the closed ring an odd number of times.
    /// Chunks wholly west of the point or wholly above or below it cannot cross the ray.
    private static func encloses(_ ring: [WorldPoint], _ boxes: [Rect], _ p: WorldPoint) -> Bool {
        guard ring.count >= 3 else { return false }
        var inside = false
        func cross(_ a: WorldPoint, _ b: WorldPoint) {
            if (a.y > p.y) != (b.y > p.y), p.x < (b.x - a.x) * (p.y - a.y) / (b.y - a.y) + a.x { inside.toggle() }
        }
        for (k, box) in boxes.enumerated() where box.maxX >= p.x && box.minY <= p.y && box.maxY >= p.y {
            let start = k * chunk
            for i in start..<min(ring.count - 1, start + chunk) { cross(ring[i], ring[i + 1]) }
        }
        cross(ring[ring.count - 1], ring[0])  // closing the ring
        return inside
    }
}
