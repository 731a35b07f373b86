import CalloutMapCore

/// Which annotations of a set cluster, by clustering identifier, and which stay loose, with an
/// index of the loose ones' positions: worked out once per change of the annotations, not per
/// layout (a million clustered annotations made every layout walk them all).
struct ClusterPartition {
    /// Per identifier, its annotations as places in the set, in the set's order.
    private(set) var groups: [String: [Int32]] = [:]
    /// The annotations no identifier claims, as places in the set.
    private(set) var loose: [Int32] = []
    /// The loose annotations' positions (indices into `loose`).
    private(set) var index = PointIndex<Double>(points: [])

    /// Nothing clusters and nothing is loose: the partition of a map that does not cluster.
    init() {}

    /// Sorts `annotations` by `identifier` (nil: loose); `worldPoint` gives a place's position.
    init(_ annotations: [any Annotation], identifier: (any Annotation) -> String?, worldPoint: (Int) -> WorldPoint) {
        // Places come in runs of one identifier (a file's): a run is gathered apart and filed
        // under its identifier when it ends, not looked up by it place by place (a million
        // string hashes). Each member's coordinate is read on the way, while its annotation is
        // at hand: read again by place for the build, they took 30 ms more a million.
        var run: (identifier: String, members: [Int32], coordinates: [Coordinate?])?
        func file(_ run: (identifier: String, members: [Int32], coordinates: [Coordinate?])) {
            if groups[run.identifier] == nil {  // the first run of its identifier: kept, not copied
                groups[run.identifier] = run.members
                coordinates[run.identifier] = run.coordinates
            } else {
                groups[run.identifier]! += run.members
                coordinates[run.identifier]! += run.coordinates
            }
        }
        for (i, a) in annotations.enumerated() {
            let id = identifier(a)
            if let current = run?.identifier, current != id {
                file(run!)
                run = nil
            }
            guard let id else {
                loose.append(Int32(i))
                continue
            }
            if run == nil { run = (id, [], []) }
            run!.members.append(Int32(i))
            run!.coordinates.append(a.coordinate)
        }
        if let run { file(run) }
        reindex(worldPoint)
    }

    /// Per identifier, its members' coordinates in the same order as `groups`, until taken.
    private var coordinates: [String: [Coordinate?]] = [:]

    /// The members' coordinates, for the clusterers' build, handed over once (they take 24 MB a
    /// million places); nil once taken.
    mutating func takeCoordinates() -> [String: [Coordinate?]]? {
        guard !coordinates.isEmpty || groups.isEmpty else { return nil }
        defer { coordinates = [:] }
        return coordinates
    }

    /// The loose annotations' index made again (the same annotations; one of them moved).
    mutating func reindex(_ worldPoint: (Int) -> WorldPoint) {
        index = PointIndex(points: loose.map { worldPoint(Int($0)) })
    }
}
