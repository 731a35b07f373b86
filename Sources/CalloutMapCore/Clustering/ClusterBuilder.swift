import Dispatch
import Foundation

/// Builds `PointClusterer`'s levels: supercluster's `load`, zoom by zoom from the
/// deepest, giving the same items, ids and centres, with the same arithmetic.
///
/// Per zoom, the level below is clustered greedily in its order: an item not yet
/// taken gathers the untaken items within the radius. Two things make it fast
/// (profiled at 1M points: k-d queries were half the build, k-d sorting a seventh):
/// neighbours come from a `NeighbourGrid` instead of the k-d tree, and the k-d tree
/// (needed to answer viewports) is sorted on the other core meanwhile. The tree is
/// still needed here, for one thing: a cluster's centre is a sum whose rounding
/// depends on the order of its terms, and supercluster adds them in the order its
/// tree finds them, so each cluster's members are put in that order before adding.
struct ClusterBuilder {
    let options: ClusterOptions
    let inputCount: Int
    let cancellation: Cancellation?
    let progress: (@Sendable (Double) -> Void)?

    /// One level while the next one up is made from it, as supercluster's `data`:
    /// positions exact (points rounded to floats, clusters at their computed centres).
    private struct Stage {
        var xy: [Double] = []
        var id: [Int32] = []
        var count: [Int32] = []

        var itemCount: Int { id.count }

        mutating func reserve(_ n: Int) {
            xy.reserveCapacity(2 * n)
            id.reserveCapacity(n)
            count.reserveCapacity(n)
        }

        mutating func append(x: Double, y: Double, id: Int32, count: Int32) {
            xy.append(x)
            xy.append(y)
            self.id.append(id)
            self.count.append(count)
        }

        mutating func copy(_ i: Int, from other: Stage) {
            append(x: other.xy[2 * i], y: other.xy[2 * i + 1], id: other.id[i], count: other.count[i])
        }

        /// The positions as the tree holds them.
        var floats: [Float] { xy.map { Float($0) } }
    }

    /// An item of the level being made whose content waits for the tree's order: a cluster's
    /// centre, or (with `minPoints` above 2) the neighbours left single, which follow their seed.
    private struct Pending {
        var slot: Int         // where it is in the new level
        var seed: Int         // in the level below
        var members: Range<Int>  // in `members`
        var isCluster: Bool
    }

    /// Takes the coordinates (a million make 24 MB, let go once read).
    func build(_ coordinates: consuming [Coordinate?]) -> [PointClusterer.Level]? {
        var stage = Self.projected(coordinates)
        _ = consume coordinates
        var levels = [PointClusterer.Level](repeating: .init(), count: options.maxZoom + 2)
        let zooms = max(0, options.maxZoom - options.minZoom + 1)
        for z in stride(from: options.maxZoom, through: options.minZoom, by: -1) {
            if cancellation?.isCancelled == true { return nil }
            // The tree's floats are made on its thread, and are its own to sort without a copy.
            let positions = stage.xy
            let sharing = KDTree<Float>.SortSharing()
            let sorting = Handoff { Sorted(positions.map { Float($0) }, sharing: sharing) }
            guard let (next, pending, members, parent) = cluster(stage, zoom: z) else {
                _ = sorting.value
                return nil
            }
            sharing.help()  // the deepest levels' trees take longer to sort than to cluster
            let tree = sorting.value
            let seeds = pending.filter(\.isCluster).map(\.seed)
            stage = Self.finish(next, pending: pending, members: members, below: stage, ranks: tree.ranks) { below in
                levels[z + 1] = Self.level(below, sorted: tree, parent: parent, seeds: seeds)
            }
            progress?(Double(options.maxZoom - z + 1) / Double(zooms + 1))
        }
        if options.minZoom <= options.maxZoom {
            levels[options.minZoom] = Self.level(stage, sorted: Sorted(stage.floats), parent: nil, seeds: [])
        }
        progress?(1)
        return levels
    }

    /// The deepest level: the points with a coordinate, rounded to floats as the tree holds them.
    /// Projected on both cores (a sine and a logarithm each: 50 ms a million on one), then the
    /// points without a position are left out.
    private static func projected(_ coordinates: [Coordinate?]) -> Stage {
        let n = coordinates.count, parts = n < 65_536 ? 1 : 2
        var xy = [Double](repeating: .nan, count: 2 * n)
        xy.withUnsafeMutableBufferPointer { xy in
            coordinates.withUnsafeBufferPointer { coordinates in
                // Each thread writes its own half; the arrays outlive the threads.
                nonisolated(unsafe) let xy = xy, coordinates = coordinates
                DispatchQueue.concurrentPerform(iterations: parts) { part in
                    for i in n * part / parts..<n * (part + 1) / parts {
                        guard let c = coordinates[i], c.latitude.isFinite, c.longitude.isFinite else { continue }
                        xy[2 * i] = Double(Float(PointClusterer.lngX(c.longitude)))
                        xy[2 * i + 1] = Double(Float(PointClusterer.latY(c.latitude)))
                    }
                }
            }
        }
        var stage = Stage()
        stage.reserve(n)
        for i in 0..<n where !xy[2 * i].isNaN {
            stage.append(x: xy[2 * i], y: xy[2 * i + 1], id: Int32(i), count: 1)
        }
        return stage
    }

    /// A level's tree, sorted (on the other core while the zoom above is clustered), with what
    /// the build needs from it: which item went to each place, and the order the tree visits them.
    private struct Sorted: Sendable {
        let tree: KDTree<Float>
        let order: [Int32]   // per place, the item's index in the level
        let ranks: [Int32]   // per index, when the tree visits it

        init(_ floats: consuming [Float], sharing: KDTree<Float>.SortSharing? = nil) {
            var order: [Int32] = []
            tree = KDTree(interleaved: consume floats, order: &order, sharing: sharing)
            self.order = order
            ranks = tree.visitingRanks(bySlot: order)
        }
    }

    /// One zoom of supercluster's `_cluster`: which items the new level has, in its order, and
    /// each item's parent below. Cluster centres and leftover neighbours wait for the tree.
    private func cluster(_ below: Stage, zoom: Int)
        -> (Stage, [Pending], [Int32], [Int32])? {
        let radius = options.radius / (options.extent * pow(2, Double(zoom)))
        let r = radius >= 0 ? radius : 0  // a negative or NaN option finds no neighbours
        let grid = NeighbourGrid(exact: below.xy, radius: r)
        let n = below.itemCount
        var taken = [Bool](repeating: false, count: n)
        var parent = [Int32](repeating: -1, count: n)
        var next = Stage()
        next.reserve(n)  // grown by doubling, it would hold up to twice that at the deepest zooms
        var pending: [Pending] = []
        var members: [Int32] = []
        var found: [Int] = []
        let minPoints = options.minPoints
        let cancelled = { () -> Bool in
            for i in 0..<n {
                if i & 0xFFFF == 0, cancellation?.isCancelled == true { return true }
                if taken[i] { continue }
                taken[i] = true
                found.emptyKeepingCapacity()
                grid.forEachNeighbour(of: i) { k in
                    if !taken[k] { found.append(k) }
                }
                let origin = Int(below.count[i])
                var total = origin
                for k in found { total += Int(below.count[k]) }
                if total > origin && total >= minPoints {
                    let id = Int32((i << 5) + (zoom + 1) + inputCount)
                    let start = members.count
                    for k in found {
                        taken[k] = true
                        parent[k] = id
                        members.append(Int32(k))
                    }
                    parent[i] = id
                    pending.append(Pending(slot: next.itemCount, seed: i, members: start..<members.count, isCluster: true))
                    next.append(x: 0, y: 0, id: id, count: Int32(total))
                } else if found.isEmpty {
                    next.copy(i, from: below)
                } else {  // too few to cluster: the neighbours stay single too, after it
                    let start = members.count
                    for k in found {
                        taken[k] = true
                        members.append(Int32(k))
                    }
                    pending.append(Pending(slot: next.itemCount, seed: i, members: start..<members.count, isCluster: false))
                    for _ in 0...found.count { next.copy(i, from: below) }  // places, filled in `finish`
                }
            }
            return false
        }()
        return cancelled ? nil : (next, pending, members, parent)
    }

    /// Fills in what waited for the tree: members in its visiting order, then centres summed in it.
    /// `keep` makes the level below from it, before it is let go.
    private static func finish(_ next: consuming Stage, pending: [Pending], members: [Int32], below: Stage, ranks: [Int32],
                               keep: (Stage) -> Void) -> Stage {
        var ordered: [Int32] = []
        for p in pending {
            ordered.emptyKeepingCapacity()
            ordered.append(contentsOf: members[p.members])
            Self.sort(&ordered, by: ranks)
            if p.isCluster {
                let origin = Double(below.count[p.seed])
                var wx = below.xy[2 * p.seed] * origin, wy = below.xy[2 * p.seed + 1] * origin
                for k in ordered {
                    let k = Int(k), weight = Double(below.count[k])
                    wx += below.xy[2 * k] * weight
                    wy += below.xy[2 * k + 1] * weight
                }
                let total = Double(next.count[p.slot])
                next.xy[2 * p.slot] = wx / total
                next.xy[2 * p.slot + 1] = wy / total
            } else {
                for (offset, k) in ordered.enumerated() {
                    let slot = p.slot + 1 + offset, k = Int(k)
                    next.xy[2 * slot] = below.xy[2 * k]
                    next.xy[2 * slot + 1] = below.xy[2 * k + 1]
                    next.id[slot] = below.id[k]
                    next.count[slot] = below.count[k]
                }
            }
        }
        keep(below)
        return next
    }

    /// Items by their rank (all ranks differ). A cluster has few members as a rule: they are
    /// sorted by insertion, without the general sort's calls through a closure (a seventh of
    /// `finish` at a million points).
    private static func sort(_ items: inout [Int32], by ranks: [Int32]) {
        guard items.count > 1 else { return }
        guard items.count <= 32 else { return items.sort { ranks[Int($0)] < ranks[Int($1)] } }
        for j in 1..<items.count {
            let item = items[j], rank = ranks[Int(item)]
            var k = j
            while k > 0 && ranks[Int(items[k - 1])] > rank {
                items[k] = items[k - 1]
                k -= 1
            }
            items[k] = item
        }
    }

    /// The level kept for a stage: its columns in the tree's order, clusters and seeds aside.
    private static func level(_ stage: Stage, sorted: Sorted, parent: [Int32]?, seeds: [Int]) -> PointClusterer.Level {
        var level = PointClusterer.Level()
        let order = sorted.order
        level.tree = sorted.tree
        level.id = order.map { stage.id[Int($0)] }
        if let parent { level.parent = ClusterParents(order.map { parent[Int($0)] }) }
        for (place, i) in order.enumerated() where stage.count[Int(i)] > 1 {
            level.clusterPlaces.append(Int32(place))
            level.clusterCounts.append(stage.count[Int(i)])
            level.clusterCentres.append(stage.xy[2 * Int(i)])
            level.clusterCentres.append(stage.xy[2 * Int(i) + 1])
        }
        if !seeds.isEmpty {
            var places = [Int32](repeating: 0, count: order.count)
            for (place, i) in order.enumerated() { places[Int(i)] = Int32(place) }
            level.seedIndices = seeds.map { Int32($0) }
            level.seedPlaces = seeds.map { places[$0] }
        }
        return level
    }
}

/// Work started on another thread at once, its result waited for where it is needed.
final class Handoff<Value: Sendable>: @unchecked Sendable {
    private var result: Value?
    private let done = DispatchSemaphore(value: 0)
    /// Touched only by the thread that waits.
    private var waited = false

    init(_ work: @escaping @Sendable () -> Value) {
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            result = work()
            done.signal()
        }
    }

    /// Waits for the work (once; later calls return at once). Ask from one thread only.
    var value: Value {
        if !waited {
            done.wait()
            waited = true
        }
        return result!
    }
}
