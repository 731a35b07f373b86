import CalloutMapCore
import Dispatch

extension MapView {
    /// Finds, as a person types, the map's annotations and shapes (by title, subtitle and data
    /// values), the world's places (`worldPlaces`, by name and alternate name) and typed
    /// coordinates: best tier first (see `SearchIndex`); within a tier the map's own items,
    /// then the closer matches (a name the query begins first), then bigger places, then those
    /// nearer the view's centre. A typed position comes first.
    /// Indexes are built off the main thread, from the first search on, as items are added;
    /// items added a moment ago may not be found yet (`isIndexingSearch`).
    public func search(_ text: String, limit: Int = 20) -> [MapSearchResult] {
        prepareSearch()
        guard limit > 0 else { return [] }
        var results: [MapSearchResult] = []
        if let position = Coordinate(typed: text) {
            results.append(MapSearchResult(item: .coordinate(position), title: position.decimalText, tier: .words, coordinate: position))
        }
        let near = viewport.centerCoordinate
        var found: [(result: MapSearchResult, own: Bool, match: SearchIndex.Match)] = []
        for (item, match) in searchStore.matches(for: text, limit: limit, near: near) {
            switch item {
            case .annotation(let a):
                found.append((MapSearchResult(item: .annotation(a), title: a.title ?? "", tier: match.tier, coordinate: a.coordinate), true, match))
            case .overlay(let o):
                found.append((MapSearchResult(item: .overlay(o), title: o.title ?? "", tier: match.tier,
                                              coordinate: Self.middle(of: o)), true, match))
            }
        }
        if let world = worldPlaces, world.isSearchPrepared {
            for f in world.search(text, limit: limit, near: near) {
                found.append((MapSearchResult(item: .worldPlace(f.place), title: f.place.name, tier: f.match.tier,
                                              coordinate: f.place.coordinate, matchedName: f.alternateName), false, f.match))
            }
        }
        found.sort { a, b in
            if a.match.tier != b.match.tier { return a.match.tier < b.match.tier }
            if a.own != b.own { return a.own }
            if a.match.quality != b.match.quality { return a.match.quality > b.match.quality }
            if a.match.weight != b.match.weight { return a.match.weight > b.match.weight }
            return a.match.distance < b.match.distance
        }
        results += found.prefix(limit - results.count).map(\.result)
        return Array(results.prefix(limit))
    }

    /// Whether items added lately (or the world's names) are still being indexed for `search(_:limit:)`.
    public var isIndexingSearch: Bool {
        searchStore.pending > 0 || (searchStore.isActive && worldPlaces.map { !$0.isSearchPrepared } ?? false)
    }

    /// Starts indexing the map's items and the world's names for search, on workers, if not
    /// begun (the first `search` does too; an app calls this as its search opens). Until then
    /// nothing is indexed: a map never searched spends no time or memory on it.
    public func prepareSearch() {
        guard !searchStore.isActive else { return }
        searchStore.activate()
        prepareWorldSearch()
    }

    /// The world's names indexed on a worker (once search is wanted and the names are read).
    func prepareWorldSearch() {
        guard searchStore.isActive, let world = worldPlaces, !world.isSearchPrepared else { return }
        DispatchQueue.global(qos: .userInitiated).async { [weak self] in
            world.prepareSearch()
            DispatchQueue.main.async { MainActor.assumeIsolated { self?.searchStore.onIndexed() } }
        }
    }
}
