import Foundation

/// Hierarchical greedy clustering of points in projected space, the algorithm
/// of Mapbox's supercluster: points are grouped at the deepest zoom, the
/// groups again one zoom up, and so on; each zoom keeps a k-d tree, so a
/// viewport asks only for what it shows. Built once per data set.
///
/// Given the same points in the same order and the same options it gives the
/// same clusters, counts, ids and expansion zooms as supercluster (coordinates
/// are rounded to Float32 as it does).
public final class PointClusterer: @unchecked Sendable {
    /// A point or a cluster at some zoom.
    public enum Item: Equatable, Sendable {
        /// The `index`-th input point.
        case point(index: Int, position: WorldPoint)
        case cluster(id: Int, count: Int, position: WorldPoint)

        public var position: WorldPoint {
            switch self {
            case .point(_, let p), .cluster(_, _, let p): return p
            }
        }
    }

    /// One zoom's items as columns; `zoom` and `parent` are written while the next zoom up is built.
    /// Lean, because every zoom keeps a copy of what is left (100,000 points make about a million
    /// items): 32-bit where 32 bits hold it, and positions kept once, in the index.
    struct Level {
        /// Positions while the level is being built; then they live in `index`.
        private var positions: [WorldPoint] = []
        var zoom: [Int32] = []         // last zoom this item was processed at
        var id: [Int32] = []           // input index for points, cluster id for clusters
        var parent: [Int32] = []
        var count: [Int32] = []
        var index = PointIndex(points: [])

        var itemCount: Int { id.count }

        func position(_ i: Int) -> WorldPoint { index.point(i) }

        mutating func append(_ p: WorldPoint, id: Int32, count: Int32) {
            positions.append(p); zoom.append(.max); self.id.append(id); parent.append(-1); self.count.append(count)
        }

        mutating func copy(_ i: Int, from other: Level) {
            append(other.position(i), id: other.id[i], count: other.count[i])
        }

        /// Indexes the items and gives back what the columns grew by and do not use.
        mutating func finish() {
            index = PointIndex(points: positions, locatable: true)
            positions = []
            zoom = Array(zoom[...]); id = Array(id[...]); parent = Array(parent[...]); count = Array(count[...])
        }
    }

    public let options: ClusterOptions
    /// How many input points (including skipped ones): cluster ids start above it.
    public let inputCount: Int
    private var levels: [Level]

    /// `points` in input order; nil (no geometry) is skipped but keeps its place in the numbering.
    public init(coordinates: [Coordinate?], options: ClusterOptions = ClusterOptions()) {
        // Cluster ids are (index << 5) + zoom + 1 + inputCount, kept in 32 bits.
        precondition(coordinates.count < Int(Int32.max) / 33, "too many points to cluster")
        self.options = options
        inputCount = coordinates.count
        levels = Array(repeating: Level(), count: options.maxZoom + 2)
        var leaves = Level()
        for (i, c) in coordinates.enumerated() {
            guard let c, c.latitude.isFinite, c.longitude.isFinite else { continue }
            leaves.append(WorldPoint(x: Double(Float(Self.lngX(c.longitude))), y: Double(Float(Self.latY(c.latitude)))),
                          id: Int32(i), count: 1)
        }
        leaves.finish()
        levels[options.maxZoom + 1] = leaves
        for z in stride(from: options.maxZoom, through: options.minZoom, by: -1) {
            var next = cluster(&levels[z + 1], zoom: z)
            next.finish()
            levels[z] = next
        }
        for z in levels.indices { levels[z].zoom = [] }  // only the build needs it
    }

    /// Items whose position lies in a rectangle of the unit world square at a zoom.
    public func items(minX: Double, minY: Double, maxX: Double, maxY: Double, zoom: Double) -> [Item] {
        let level = levels[limit(zoom)]
        return level.index.range(minX: minX, minY: minY, maxX: maxX, maxY: maxY).map { item($0, in: level) }
    }

    /// Clusters plus unclustered points covering the whole world (lat ±85) at a zoom, as supercluster's
    /// `getClusters([-180, -85, 180, 85], zoom).length`.
    public func itemCount(zoom: Int) -> Int {
        let level = levels[limit(Double(zoom))]
        return level.index.range(minX: Self.lngX(-180), minY: Self.latY(85), maxX: Self.lngX(180), maxY: Self.latY(-85)).count
    }

    /// The items one zoom down that a cluster is made of.
    public func children(of clusterId: Int) -> [Item] {
        let originId = (clusterId - inputCount) >> 5, originZoom = (clusterId - inputCount) % 32
        guard originZoom < levels.count, originId >= 0, originId < levels[originZoom].itemCount else { return [] }
        let level = levels[originZoom]
        let r = options.radius / (options.extent * pow(2, Double(originZoom - 1)))
        let origin = level.position(originId)
        return level.index.within(x: origin.x, y: origin.y, radius: r)
            .filter { Int(level.parent[$0]) == clusterId }
            .map { item($0, in: level) }
    }

    /// The zoom at which a cluster first splits apart (where clicking it should take the map).
    public func expansionZoom(of clusterId: Int) -> Int {
        var id = clusterId
        var zoom = (clusterId - inputCount) % 32 - 1
        while zoom <= options.maxZoom {
            let children = self.children(of: id)
            zoom += 1
            guard children.count == 1, case .cluster(let only, _, _) = children[0] else { break }
            id = only
        }
        return zoom
    }

    /// Input indices of a cluster's points, at most `limit` after skipping `offset`.
    public func leaves(of clusterId: Int, limit: Int = 10, offset: Int = 0) -> [Int] {
        var out: [Int] = []
        var skipped = 0
        func walk(_ id: Int) {
            for child in children(of: id) where out.count < limit {
                switch child {
                case .cluster(let cid, let count, _):
                    if skipped + count <= offset { skipped += count } else { walk(cid) }
                case .point(let index, _):
                    if skipped < offset { skipped += 1 } else { out.append(index) }
                }
            }
        }
        walk(clusterId)
        return out
    }

    // MARK: Building

    /// Groups the items of the zoom below (`below`, one deeper) into this zoom's items.
    private func cluster(_ below: inout Level, zoom: Int) -> Level {
        let r = options.radius / (options.extent * pow(2, Double(zoom)))
        var next = Level()
        let z = Int32(zoom)
        for i in 0..<below.itemCount {
            if below.zoom[i] <= z { continue }
            below.zoom[i] = z
            let p = below.position(i), x = p.x, y = p.y
            let neighbours = below.index.within(x: x, y: y, radius: r)
            let origin = Int(below.count[i])
            var total = origin
            for k in neighbours where below.zoom[k] > z { total += Int(below.count[k]) }

            if total > origin && total >= options.minPoints {
                var wx = x * Double(origin), wy = y * Double(origin)
                let id = Int32((i << 5) + (zoom + 1) + inputCount)
                for k in neighbours where below.zoom[k] > z {
                    below.zoom[k] = z
                    let q = below.position(k)
                    wx += q.x * Double(below.count[k])
                    wy += q.y * Double(below.count[k])
                    below.parent[k] = id
                }
                below.parent[i] = id
                next.append(WorldPoint(x: wx / Double(total), y: wy / Double(total)), id: id, count: Int32(total))
            } else {
                next.copy(i, from: below)
                if total > 1 {  // too few to cluster: the neighbours stay single too
                    for k in neighbours where below.zoom[k] > z {
                        below.zoom[k] = z
                        next.copy(k, from: below)
                    }
                }
            }
        }
        return next
    }

    private func item(_ i: Int, in level: Level) -> Item {
        let p = level.position(i)
        let id = Int(level.id[i]), count = Int(level.count[i])
        return count > 1 ? .cluster(id: id, count: count, position: p) : .point(index: id, position: p)
    }

    /// The level for a zoom, clamped as a Double first (NaN is the lowest): a caller's
    /// infinite or NaN zoom must not trap in the conversion.
    private func limit(_ zoom: Double) -> Int {
        let low = Double(options.minZoom), high = Double(options.maxZoom + 1)
        return zoom.isNaN ? options.minZoom : Int(max(low, min(zoom.rounded(.down), high)))
    }

    static func lngX(_ lng: Double) -> Double { lng / 360 + 0.5 }

    static func latY(_ lat: Double) -> Double {
        let s = sin(lat * .pi / 180)
        let y = 0.5 - 0.25 * log((1 + s) / (1 - s)) / .pi
        return min(max(y, 0), 1)
    }
}
