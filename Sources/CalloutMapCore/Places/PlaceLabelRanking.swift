/// Which world places a zoom names, and which wins when two labels would overlap — the rules
/// of an atlas: at a continent's scale, countries, capitals and the biggest cities; closer in,
/// smaller towns as room allows.
package enum PlaceLabelRanking {
    /// The fewest inhabitants a town (not a capital) needs to be named at a zoom.
    package static func minimumPopulation(atZoom zoom: Double) -> Int {
        switch zoom {
        case ..<2: 10_000_000
        case ..<3: 5_000_000
        case ..<4: 2_000_000
        case ..<5: 700_000
        case ..<6: 250_000
        case ..<7: 100_000
        case ..<8: 50_000
        case ..<9: 25_000
        default: 0
        }
    }

    /// Countries are named from the zoom their area (km²) fills a few hundred pixels, until
    /// their towns have the room (from zoom 8 the towns speak for them).
    package static func countryZooms(area: Int) -> Range<Double> {
        let from: Double = switch area {
        case 2_000_000...: 1.5
        case 400_000...: 2.5
        case 80_000...: 3.5
        case 15_000...: 4.5
        default: 5.5
        }
        return from..<8
    }

    /// A capital is named as one — before bigger towns, from zoom 4 — when it has this many
    /// people, or from zoom 6; a smaller one (Vaduz, San Marino) waits for a region's scale,
    /// as atlases leave a microstate's capital to the country's name.
    static let capitalPopulation = 100_000

    /// Whether a place counts as a capital at a zoom.
    static func isCapital(_ place: WorldPlace, atZoom zoom: Double) -> Bool {
        place.kind == .capital && (place.population >= capitalPopulation || zoom >= 6)
    }

    /// Whether a place is named at a zoom (if its label finds room).
    package static func isNamed(_ place: WorldPlace, atZoom zoom: Double) -> Bool {
        if place.kind == .country { return countryZooms(area: place.population).contains(zoom) }
        if isCapital(place, atZoom: zoom), zoom >= 4 || (zoom >= 3 && place.population >= 1_000_000) { return true }
        return place.population >= minimumPopulation(atZoom: zoom)
    }

    /// Whether a place's dot and first label place are kept from the country names placed
    /// before it: a capital outranks the names of countries (its own sits where it would go).
    package static func isKeptClear(_ place: WorldPlace, atZoom zoom: Double) -> Bool {
        isCapital(place, atZoom: zoom)
    }

    /// Whether `a`'s label is placed before `b`'s (and so wins where they overlap): countries,
    /// then — while the map shows more than a region — capitals, then by rank (population).
    /// The rank settles every tie, so the same view always names the same places.
    package static func precedes(_ a: WorldPlace, _ b: WorldPlace, atZoom zoom: Double) -> Bool {
        let ta = tier(a, zoom), tb = tier(b, zoom)
        return ta != tb ? ta < tb : a.rank < b.rank
    }

    /// The order key of a place at a zoom: `precedes` as one integer (tier, then rank).
    package static func orderKey(_ p: WorldPlace, atZoom zoom: Double) -> Int { tier(p, zoom) << 40 | p.rank }

    private static func tier(_ p: WorldPlace, _ zoom: Double) -> Int {
        switch p.kind {
        case .country: 0
        case .capital, .town: isCapital(p, atZoom: zoom) && zoom < 7 ? 1 : 2
        }
    }

    /// Capitals and cities of a million or more are named in bold.
    package static func isMajor(_ place: WorldPlace) -> Bool {
        (place.kind == .capital && place.population >= capitalPopulation) || (place.kind == .town && place.population >= 1_000_000)
    }
}
