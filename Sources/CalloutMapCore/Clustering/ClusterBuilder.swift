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
    /// Whether levels whose trees the build does not need are left for later (false: every tree is
    /// waited for and every sum made in its order, as before; for tests to hold the two alike).
    var leavesLevelsForLater = true

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

    /// Takes the coordinates (a million make 24 MB, let go once read). Levels whose trees the build
    /// did not need are left to be made when first asked for (`LaterValue`), or by `PointClusterer.completeLevels()`.
    ///
    /// A level's tree is needed by the zoom above only when some cluster's centre depends on the
    /// order of its members (`needsTreeOrder`); at the deepest zooms none does, and sorting their
    /// trees (a million points: ~140 ms each) kept the other core from the zooms that need theirs.
    /// So a tree is sorted during its zoom's clustering only when the zoom below needed its own, or
    /// nearly (the best guess of whether this one will); a tree needed but not guessed is sorted
    /// then, on both cores; a tree not needed is sorted after the build. (Made after it on the thread
    /// that built, its memory is what the build's was: made on another, it raised the peak by 70 MB.)
    func build(_ coordinates: consuming [Coordinate?]) -> [LaterValue<PointClusterer.Level>]? {
        var stage = Self.projected(coordinates)
        _ = consume coordinates
        var levels = (0..<options.maxZoom + 2).map { _ in LaterValue(made: PointClusterer.Level()) }
        let worker = LaterQueue()
        func abandon() { for level in levels { level.abandon() } }
        var expectTreeNeeded = false
        let zooms = max(0, options.maxZoom - options.minZoom + 1)
        for z in stride(from: options.maxZoom, through: options.minZoom, by: -1) {
            if cancellation?.isCancelled == true {
                abandon()
                return nil
            }
            // The tree's floats (and its order, for `finish`) are made on the thread that sorts it.
            let positions = stage.xy, sharing = KDTree<Float>.SortSharing()
            let sorting = LaterValue { Sorted(positions.map { Float($0) }, sharing: sharing, ranked: true) }
            // The other core sorts it, or lends a hand to whichever thread started first.
            let sort: @Sendable () -> Void = { sorting.runOrHelp(sharing.help) }
            if expectTreeNeeded { worker.add(sort) }
            guard let (next, pending, members, parent) = cluster(stage, zoom: z) else {
                sorting.abandon()
                abandon()
                return nil
            }
            let seeds = pending.filter(\.isCluster).map(\.seed)
            let order = needsTreeOrder(pending, members: members, below: stage)
            expectTreeNeeded = order.nearly
            if order.needs, !sorting.isMade { worker.add(sort) }  // not guessed: both cores sort it now
            let tree = order.needs ? sorting.value(whileWaiting: sharing.help) : nil
            stage = Self.finish(next, pending: pending, members: members, below: stage, ranks: tree?.ranks) { below in
                let columns = LevelColumns(below, parent: parent, seeds: seeds, inputCount: inputCount)
                if let tree {
                    levels[z + 1] = LaterValue(made: columns.level(sorted: tree))
                    return
                }
                // A sort not started yet is left for later with the floats alone (half the memory
                // of the positions it would hold, and no order to work out).
                var later = sorting
                if sorting.abandonUnlessStarted() {
                    let floats = below.floats
                    later = LaterValue { Sorted(floats, ranked: false) }
                }
                levels[z + 1] = LaterValue { [later] in columns.level(sorted: later.value(whileWaiting: sharing.help)) }
            }
            progress?(Double(options.maxZoom - z + 1) / Double(zooms + 1))
        }
        if options.minZoom <= options.maxZoom {
            let columns = LevelColumns(stage, parent: nil, seeds: [], inputCount: inputCount)
            levels[options.minZoom] = LaterValue(made: columns.level(sorted: Sorted(stage.floats, ranked: false)))
        }
        progress?(1)
        return levels
    }

    /// Whether finishing a zoom needs the order of the tree below: to put a cluster's members in it
    /// before adding up its centre (unless the sum is the same in any order), or to place the single
    /// items left after an item too few to cluster (`minPoints` above 2).
    /// `nearly`: it did not, but some sum was found the same in every order only by trying them,
    /// a sign that the zoom above will.
    private func needsTreeOrder(_ pending: [Pending], members: [Int32], below: Stage) -> (needs: Bool, nearly: Bool) {
        guard leavesLevelsForLater else { return (true, true) }
        var nearly = false, terms: [Double] = []
        for p in pending where p.members.count > 1 {
            guard p.isCluster else { return (true, true) }
            for axis in 0...1 {
                func term(_ i: Int) -> Double { below.xy[2 * i + axis] * Double(below.count[i]) }
                terms.emptyKeepingCapacity()
                terms.append(term(p.seed))
                for k in members[p.members] { terms.append(term(Int(k))) }
                guard !Self.sumIsOrderFree(terms) else { continue }
                guard Self.sumIsTheSameInEveryOrder(terms) else { return (true, true) }
                nearly = true
            }
        }
        return (false, nearly)
    }

    /// Whether adding `terms` from the first gives the same sum in any order of the rest: every term
    /// (all at least 0) is a whole multiple of the smallest last bit among them, and the total is
    /// below 2^52 of those, so no partial sum is ever rounded. At the deepest zooms clusters gather
    /// floats (24 significant bits) and centres of a few of them: their sums are exact.
    static func sumIsOrderFree(_ terms: [Double]) -> Bool {
        var lowest = Double.infinity, total = 0.0
        for term in terms {
            guard term.isFinite, term >= 0 else { return false }
            guard term > 0 else { continue }
            guard term.isNormal else { return false }
            let significand = UInt64(1) << 52 | term.significandBitPattern
            lowest = min(lowest, Double(sign: .plus, exponent: term.exponent - 52 + significand.trailingZeroBitCount, significand: 1))
            total += term
        }
        return total <= lowest * 0x1p52
    }

    /// For up to `orderedByTrial` terms after the first: whether adding them to it gives the same
    /// sum in every order (each tried, stopping at the first that differs). Past the deepest zooms
    /// most clusters that need an order have few members, and many give the same sum in any order.
    static func sumIsTheSameInEveryOrder(_ terms: [Double]) -> Bool {
        guard terms.count - 1 <= orderedByTrial, terms.count > 2 else { return terms.count <= 2 }
        var rest = Array(terms.dropFirst())
        func sum() -> Double { rest.reduce(terms[0], +) }
        let first = sum()
        // Heap's algorithm: every order of the rest, each one swap from the one before.
        var c = [Int](repeating: 0, count: rest.count), i = 1
        while i < rest.count {
            if c[i] < i {
                rest.swapAt(i % 2 == 0 ? 0 : c[i], i)
                guard sum() == first else { return false }
                c[i] += 1
                i = 1
            } else {
                c[i] = 0
                i += 1
            }
        }
        return true
    }

    /// The most members whose orders `sumIsTheSameInEveryOrder` tries (6! = 720 sums).
    static let orderedByTrial = 6

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
    /// the build needs from it: which item went to each place, and (`ranked`) the order the tree
    /// visits them.
    private struct Sorted: Sendable {
        let tree: KDTree<Float>
        let order: [Int32]   // per place, the item's index in the level
        let ranks: [Int32]?  // per index, when the tree visits it

        init(_ floats: consuming [Float], sharing: KDTree<Float>.SortSharing? = nil, ranked: Bool) {
            var order: [Int32] = []
            tree = KDTree(interleaved: consume floats, order: &order, sharing: sharing)
            self.order = order
            ranks = ranked ? tree.visitingRanks(bySlot: order) : nil
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

    /// Fills in what waited for the tree: members in its visiting order (`ranks`: per item below,
    /// when the tree visits it; nil when no order matters), then centres summed in it. `keep` makes
    /// the level below from it, before it is let go.
    private static func finish(_ next: consuming Stage, pending: [Pending], members: [Int32], below: Stage, ranks: [Int32]?,
                               keep: (Stage) -> Void) -> Stage {
        var ordered: [Int32] = []
        for p in pending {
            ordered.emptyKeepingCapacity()
            ordered.append(contentsOf: members[p.members])
            if let ranks { Self.sort(&ordered, by: ranks) }
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

    /// What a level keeps of a stage, in the stage's order, until its tree is sorted: item ids, their
    /// parents, and the clusters' counts and exact centres (points' positions are the tree's floats).
    private struct LevelColumns: Sendable {
        let id: [Int32]
        let parent: ClusterParents?  // by index (few at the deepest zooms: kept sparse while it waits)
        let clusterIndices: [Int32]   // ascending
        let clusterCounts: [Int32]
        let clusterCentres: [Double]
        let seeds: [Int]
        /// Ids from here on are clusters'; below, input points'.
        let firstClusterID: Int32

        init(_ stage: Stage, parent: [Int32]?, seeds: [Int], inputCount: Int) {
            id = stage.id
            self.parent = parent.map(ClusterParents.init)
            self.seeds = seeds
            firstClusterID = Int32(inputCount)
            var indices: [Int32] = [], counts: [Int32] = [], centres: [Double] = []
            for i in 0..<stage.itemCount where stage.count[i] > 1 {
                indices.append(Int32(i))
                counts.append(stage.count[i])
                centres.append(stage.xy[2 * i])
                centres.append(stage.xy[2 * i + 1])
            }
            clusterIndices = indices
            clusterCounts = counts
            clusterCentres = centres
        }

        /// The level: every column in the tree's order, clusters and seeds aside.
        func level(sorted: Sorted) -> PointClusterer.Level {
            var level = PointClusterer.Level()
            let order = sorted.order
            level.tree = sorted.tree
            level.id = order.map { id[Int($0)] }
            for (place, id) in level.id.enumerated() where id >= firstClusterID {
                let slot = clusterIndices.index(ofSorted: Int(order[place]))!
                level.clusterPlaces.append(Int32(place))
                level.clusterCounts.append(clusterCounts[slot])
                level.clusterCentres.append(clusterCentres[2 * slot])
                level.clusterCentres.append(clusterCentres[2 * slot + 1])
            }
            guard parent != nil || !seeds.isEmpty else { return level }
            var places = [Int32](repeating: 0, count: order.count)  // per index, its place
            for (place, i) in order.enumerated() { places[Int(i)] = Int32(place) }
            if let parent { level.parent = parent.moved(to: places) }
            if !seeds.isEmpty {
                level.seedIndices = seeds.map { Int32($0) }
                level.seedPlaces = seeds.map { places[$0] }
            }
            return level
        }
    }
}
