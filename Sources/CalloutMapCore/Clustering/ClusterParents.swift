/// Per item of a cluster level, the cluster one zoom up that took it in, or -1.
///
/// At the deepest zooms few items are taken in (of a million points, 2–4% at zoom 17), so a
/// level where fewer than half are keeps only those, by place: 8 bytes each instead of 4 for
/// every item, about 10 MB less for a million points.
struct ClusterParents: Sendable {
    /// Every item's parent, by place; empty when `places` is used instead.
    private var byPlace: [Int32] = []
    /// Otherwise: the places that have a parent, ascending, and their parents.
    private var places: [Int32] = []
    private var parents: [Int32] = []
    /// Whether only the items that have a parent are kept.
    var isSparse: Bool { byPlace.isEmpty }

    /// No item has a parent (the top level).
    init() {}

    /// From every item's parent, by place.
    init(_ all: [Int32]) {
        let taken = all.reduce(0) { $1 >= 0 ? $0 + 1 : $0 }
        guard 2 * taken < all.count else {
            byPlace = all
            return
        }
        places.reserveCapacity(taken)
        parents.reserveCapacity(taken)
        for (place, parent) in all.enumerated() where parent >= 0 {
            places.append(Int32(place))
            parents.append(parent)
        }
    }

    /// The same parents with the items moved: item i to place `newPlace[i]`.
    func moved(to newPlace: [Int32]) -> ClusterParents {
        var moved = ClusterParents()
        guard isSparse else {
            moved.byPlace = [Int32](repeating: -1, count: byPlace.count)
            for (i, parent) in byPlace.enumerated() { moved.byPlace[Int(newPlace[i])] = parent }
            return moved
        }
        // Spread out by new place, then gathered in place order (a sort of them took longer).
        var byNewPlace = [Int32](repeating: -1, count: newPlace.count)
        for (k, i) in places.enumerated() { byNewPlace[Int(newPlace[Int(i)])] = parents[k] }
        return ClusterParents(byNewPlace)
    }

    subscript(place: Int) -> Int32 {
        guard isSparse else { return byPlace[place] }
        return places.index(ofSorted: place).map { parents[$0] } ?? -1
    }
}
