extension WorldPlaces {
    /// A place found, and how.
    public struct Found: Sendable {
        /// The place.
        public var place: WorldPlace
        /// How it matched.
        public var match: SearchIndex.Match
        /// The other name it was found by ("Varsovie" for Warsaw), when neither its name nor
        /// "name country" matched: a list of results says why a place is in it.
        public var alternateName: String?
    }

    /// Finds places by name, alternate name ("Muenchen", "MUC") or "name, country", as
    /// `SearchIndex` matches: best tier first, a match in the name before one in an alternate
    /// name, then the bigger place, then the nearer to `near`.
    /// The first search builds the index (about a third of a second for the bundled names):
    /// call `prepareSearch()` off the main thread first where that matters.
    public func search(_ query: String, limit: Int = 20, near: Coordinate? = nil) -> [Found] {
        searchIndex.matches(for: query, limit: limit, near: near).map { match in
            let place = places[match.entry]
            // The texts indexed: the name, "name country" (not for a country), then the alternate names.
            let own = place.kind == .country ? 1 : 2
            let alternates = match.text >= own ? alternateNames(of: place) : []
            let alternate = match.text - own < alternates.count && match.text >= own ? alternates[match.text - own] : nil
            return Found(place: place, match: match, alternateName: alternate)
        }
    }

    /// Builds the search index now, if it is not built yet (any thread).
    public func prepareSearch() { _ = searchIndex }

    /// Whether the search index is built (`search` then answers at once).
    public var isSearchPrepared: Bool { searchIndexCache.isMade }

    /// Names, "name country" and alternate names of every place; countries before any town of
    /// the same tier (their weight is above every population).
    var searchIndex: SearchIndex {
        searchIndexCache.index {
            let entries = places.map { place in
                var texts = [place.name]
                if let country = place.countryName, place.kind != .country { texts.append(place.name + " " + country) }
                texts += alternateNames(of: place)
                return SearchIndex.Entry(texts: texts, weight: place.kind == .country ? 1 << 40 + place.population : place.population,
                                         coordinate: place.coordinate, nameTexts: place.kind == .country ? 1 : 2)
            }
            return SearchIndex(entries)
        }
    }
}
