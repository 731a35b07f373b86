import CalloutMapCore

extension MapView {
    /// Finds, as a person types, the map's annotations and shapes (by title, subtitle and data
    /// values), the world's places (`worldPlaces`, by name and alternate name) and typed
    /// coordinates: best tier first (see `SearchIndex`); within a tier the map's own items,
    /// then the closer matches (a name the query begins first), then bigger places, then those
    /// nearer the view's centre. A typed position comes first.
    /// Indexes are built off the main thread as items are added; items added a moment ago may
    /// not be found yet (`isIndexingSearch`).
    public func search(_ text: String, limit: Int = 20) -> [MapSearchResult] {
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
        if let world = worldPlaces {
            for f in world.search(text, limit: limit, near: near) {
                found.append((MapSearchResult(item: .worldPlace(f.place), title: f.place.name, tier: f.match.tier,
                                              coordinate: f.place.coordinate), false, f.match))
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

    /// Whether items added lately are still being indexed for `search(_:limit:)`.
    public var isIndexingSearch: Bool { searchStore.pending > 0 }
}
