import Foundation

/// Hierarchical greedy clustering of points in projected space, the algorithm
/// of Mapbox's supercluster: points are grouped at the deepest zoom, the
/// groups again one zoom up, and so on; each zoom keeps a k-d tree, so a
/// viewport asks only for what it shows. Built once per data set.
///
/// Given the same points in the same order and the same options it gives the
/// same clusters, counts, ids, centres and expansion zooms as supercluster: it
/// rounds to Float32 where supercluster does and adds in the order it does
/// (`ClusterBuilder`), so this holds at any size (checked against supercluster
/// itself on a million points by `bench/clusters.sh`).
///
/// The deepest zooms' levels, which the build itself does not need, are made after it: on the
/// first question about one of their zooms, or by `completeLevels()` (the map calls it on its
/// building thread once the clusters are shown).
public final class PointClusterer: Sendable {
    /// A point or a cluster at some zoom.
    public enum Item: Equatable, Sendable {
        /// The `index`-th input point.
        case point(index: Int, position: WorldPoint)
        /// A cluster: its id (for `children`, `leaves` and `expansionZoom`), how many points, and its centre.
        case cluster(id: Int, count: Int, position: WorldPoint)

        /// Where the item is on the unit world square.
        public var position: WorldPoint {
            switch self {
            case .point(_, let p), .cluster(_, _, let p): return p
            }
        }
    }

    /// One zoom's items, kept after the build. Lean, because every zoom keeps a copy of what is
    /// left (a million points make about eight million items): 12 bytes an item, plus a few per
    /// cluster. An item's place is its place in the tree's order; every column is in that order.
    struct Level: Sendable {
        /// Positions as supercluster's tree holds them (floats).
        var tree = KDTree<Float>()
        /// Input index for points, cluster id (above every input index) for clusters.
        var id: [Int32] = []
        /// The cluster one zoom up that took the item in, or -1.
        var parent = ClusterParents()
        /// Clusters by place, ascending: their counts and exact centres (x, y interleaved).
        var clusterPlaces: [Int32] = []
        var clusterCounts: [Int32] = []
        var clusterCentres: [Double] = []
        /// Items that gathered a cluster one zoom up: their index in the order the level was
        /// made in (the index cluster ids name), ascending, and their places.
        var seedIndices: [Int32] = []
        var seedPlaces: [Int32] = []

        var itemCount: Int { id.count }

        /// Where in the cluster columns the item at a place is, if it is a cluster.
        func clusterSlot(_ place: Int) -> Int? { clusterPlaces.index(ofSorted: place) }

        /// The place of the item that gathered a cluster, from the index its id names.
        func place(ofSeed index: Int) -> Int? { seedIndices.index(ofSorted: index).map { Int(seedPlaces[$0]) } }

        /// Where supercluster holds an item: a point as its float, a cluster at its exact centre.
        func position(_ place: Int) -> WorldPoint {
            guard let slot = clusterSlot(place) else { return tree.point(at: place) }
            return WorldPoint(x: clusterCentres[2 * slot], y: clusterCentres[2 * slot + 1])
        }
    }

    /// The options it was built with.
    public let options: ClusterOptions
    /// How many input points (including skipped ones): cluster ids start above it.
    public let inputCount: Int
    /// Per zoom; a level the build did not need may still be in the making (`LaterValue`): asked
    /// for, it is waited for or made on the asking thread.
    private let levels: [LaterValue<Level>]

    private func level(_ zoom: Int) -> Level { levels[zoom].value() }

    /// Makes, on this thread, the levels the build left for later (the deepest zooms', whose trees
    /// it did not need: a million points leave ~0.5 s of work), coarsest first; a level another
    /// thread is making meanwhile is waited for. Until then each is made when first asked for.
    public func completeLevels() {
        for level in levels { _ = level.value() }
    }

    deinit {
        for level in levels { level.abandon() }  // levels still waiting to be made are not made
    }

    /// `points` in input order; nil (no geometry) is skipped but keeps its place in the numbering.
    public convenience init(coordinates: consuming [Coordinate?], options: ClusterOptions = ClusterOptions()) {
        self.init(coordinates: coordinates, options: options, cancellation: nil, progress: nil)!
    }

    /// As above; nil when `cancellation` is cancelled before the build ends (checked often).
    /// `progress` is called on the building thread with the share of zooms done (0…1).
    public convenience init?(coordinates: consuming [Coordinate?], options: ClusterOptions = ClusterOptions(),
                             cancellation: Cancellation?, progress: (@Sendable (Double) -> Void)?) {
        self.init(coordinates: coordinates, options: options, cancellation: cancellation, progress: progress,
                  leavingLevelsForLater: true)
    }

    /// As above; `leavingLevelsForLater` false makes every level during the build (tests compare the two).
    init?(coordinates: consuming [Coordinate?], options: ClusterOptions, cancellation: Cancellation?,
          progress: (@Sendable (Double) -> Void)?, leavingLevelsForLater: Bool) {
        // Cluster ids are (index << 5) + zoom + 1 + inputCount, kept in 32 bits.
        precondition(coordinates.count < Int(Int32.max) / 33, "too many points to cluster")
        self.options = options
        inputCount = coordinates.count
        var builder = ClusterBuilder(options: options, inputCount: coordinates.count,
                                     cancellation: cancellation, progress: progress)
        builder.leavesLevelsForLater = leavingLevelsForLater
        guard let levels = builder.build(consume coordinates) else { return nil }
        self.levels = levels
    }

    /// Whether the level of a zoom is made (levels the build did not need are made later).
    func isLevelMade(zoom: Int) -> Bool { levels[zoom].isMade }

    /// Items whose position lies in a rectangle of the unit world square at a zoom.
    public func items(minX: Double, minY: Double, maxX: Double, maxY: Double, zoom: Double) -> [Item] {
        let level = level(limit(zoom))
        var out: [Item] = []
        level.tree.range(minX: minX, minY: minY, maxX: maxX, maxY: maxY) { out.append(item($0, in: level)) }
        return out
    }

    /// Clusters plus unclustered points covering the whole world (lat ±85) at a zoom, as supercluster's
    /// `getClusters([-180, -85, 180, 85], zoom).length`.
    public func itemCount(zoom: Int) -> Int {
        let level = level(limit(Double(zoom)))
        var count = 0
        level.tree.range(minX: Self.lngX(-180), minY: Self.latY(85), maxX: Self.lngX(180), maxY: Self.latY(-85)) { _ in count += 1 }
        return count
    }

    /// The items one zoom down that a cluster is made of.
    public func children(of clusterId: Int) -> [Item] {
        let originId = (clusterId - inputCount) >> 5, originZoom = (clusterId - inputCount) % 32
        guard clusterId > inputCount, originZoom < levels.count else { return [] }
        let level = level(originZoom)
        guard let place = level.place(ofSeed: originId) else { return [] }
        let r = options.radius / (options.extent * pow(2, Double(originZoom - 1)))
        let origin = level.position(place)
        var out: [Item] = []
        level.tree.within(x: origin.x, y: origin.y, radius: r) { p in
            if Int(level.parent[p]) == clusterId { out.append(item(p, in: level)) }
        }
        return out
    }

    /// Where an item at a zoom stands for its members when badges must not overlap: the item
    /// one zoom down that gathered it (whose position is a point's, or a deeper cluster's
    /// centre); an item carried up unchanged stands where it is. Every member lies within the
    /// radius of it, and at one zoom anchors are more than the radius apart (with `minPoints`
    /// 2): greedy clustering lets an item gather others only where no earlier one reached.
    /// Centres have no such bound (they move toward their members, and two may come close),
    /// so badges no wider than the radius, drawn at anchors, never overlap.
    public func anchor(of item: Item, zoom: Double) -> WorldPoint {
        guard case .cluster(let id, _, let centre) = item else { return item.position }
        let originId = (id - inputCount) >> 5, originZoom = (id - inputCount) % 32
        guard id > inputCount, originZoom == limit(zoom) + 1, originZoom < levels.count else { return centre }
        let level = level(originZoom)
        guard let place = level.place(ofSeed: originId) else { return centre }
        return level.position(place)
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

    private func item(_ place: Int, in level: Level) -> Item {
        let id = Int(level.id[place])
        guard let slot = level.clusterSlot(place) else { return .point(index: id, position: level.tree.point(at: place)) }
        let centre = WorldPoint(x: level.clusterCentres[2 * slot], y: level.clusterCentres[2 * slot + 1])
        return .cluster(id: id, count: Int(level.clusterCounts[slot]), position: centre)
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
