@testable import CalloutMapCore
import XCTest

/// Search: how text is folded, the tiers a query matches in and their order, typed positions.
final class SearchTests: XCTestCase {
    func testTextFoldsAsGLibFoldsIt() {
        XCTAssertEqual(SearchText.folded("Zürich"), "zurich")
        XCTAssertEqual(SearchText.folded("  San   Francisco, CA "), "san francisco ca")
        XCTAssertEqual(SearchText.folded("Straße"), "strasse")
        XCTAssertEqual(SearchText.folded("Łódź"), "lodz")
        XCTAssertEqual(SearchText.folded("Ærøskøbing"), "aeroskobing")
        XCTAssertEqual(SearchText.folded("Côte d’Ivoire"), "cote d ivoire")
        XCTAssertEqual(SearchText.folded("ＡＢＣ１２"), "abc12", "full-width letters are letters")
        XCTAssertEqual(SearchText.folded("İstanbul"), "istanbul")
        XCTAssertEqual(SearchText.folded("Москва"), "москва", "other scripts are kept, lower case")
        XCTAssertEqual(SearchText.folded("$175/night"), "175 night")
        XCTAssertEqual(SearchText.folded("—"), "")
    }

    private let entries = [
        SearchIndex.Entry(texts: ["San Francisco", "The City"], weight: 864_816, coordinate: Coordinate(latitude: 37.77, longitude: -122.42)),
        SearchIndex.Entry(texts: ["South San Francisco"], weight: 66_980, coordinate: Coordinate(latitude: 37.65, longitude: -122.41)),
        SearchIndex.Entry(texts: ["Zürich", "Zurigo"], weight: 415_367, coordinate: Coordinate(latitude: 47.37, longitude: 8.54)),
        SearchIndex.Entry(texts: ["München", "Munich"], weight: 1_505_005, coordinate: Coordinate(latitude: 48.14, longitude: 11.58)),
        SearchIndex.Entry(texts: ["Sanfrancisco Bakery"], weight: 0, coordinate: Coordinate(latitude: 37.76, longitude: -122.40)),
        SearchIndex.Entry(texts: ["Paris"], weight: 2_138_551, coordinate: Coordinate(latitude: 48.85, longitude: 2.35)),
        SearchIndex.Entry(texts: ["Paris"], weight: 24_782, coordinate: Coordinate(latitude: 33.66, longitude: -95.56)),
        SearchIndex.Entry(texts: ["Café Paris"], weight: 0, coordinate: nil),
    ]

    private func titles(_ index: SearchIndex, _ query: String, near: Coordinate? = nil) -> [String] {
        index.matches(for: query, near: near).map { "\(entries[$0.entry].texts[$0.text]) \($0.tier)" }
    }

    func testAQueryMatchesInTiersHeavierThenNearerFirst() {
        let index = SearchIndex(entries)
        XCTAssertEqual(index.count, 8)
        XCTAssertEqual(titles(index, "san fr"), ["San Francisco words", "South San Francisco words"])
        XCTAssertEqual(titles(index, "fr san"), ["San Francisco words", "South San Francisco words"], "words in any order")
        XCTAssertEqual(titles(index, "francisco"), ["San Francisco words", "South San Francisco words", "Sanfrancisco Bakery substring"])
        XCTAssertEqual(titles(index, "münchen"), ["München words"])
        XCTAssertEqual(titles(index, "MUNCHEN"), ["München words"])
        XCTAssertEqual(titles(index, "zurich"), ["Zürich words"])
        XCTAssertEqual(titles(index, "zurihc"), ["Zürich typo"], "two letters swapped")
        XCTAssertEqual(titles(index, "zurch"), ["Zürich typo"], "a letter missing")
        XCTAssertEqual(titles(index, "muenchen"), ["München typo"], "a letter added")
        XCTAssertEqual(titles(index, "the c"), ["The City words"], "other texts match too, and say which")
        // Paris: the bigger first; equals by distance from a point; data without a place last.
        XCTAssertEqual(titles(index, "paris"), ["Paris words", "Paris words", "Café Paris words"])
        XCTAssertEqual(index.matches(for: "paris").map(\.entry), [5, 6, 7])
        let equal = SearchIndex([SearchIndex.Entry(texts: ["Springfield"], coordinate: Coordinate(latitude: 39.8, longitude: -89.6)),
                                 SearchIndex.Entry(texts: ["Springfield"], coordinate: Coordinate(latitude: 42.1, longitude: -72.6)),
                                 SearchIndex.Entry(texts: ["Springfield"])])
        XCTAssertEqual(equal.matches(for: "spring", near: Coordinate(latitude: 42, longitude: -71)).map(\.entry), [1, 0, 2])
        XCTAssertEqual(equal.matches(for: "spring", near: Coordinate(latitude: 40, longitude: -90)).map(\.entry), [0, 1, 2])
        XCTAssertEqual(equal.matches(for: "spring").map(\.entry), [0, 1, 2], "no point: in order")
        // Nothing, and limits.
        XCTAssertEqual(titles(index, "xyzzy"), [])
        XCTAssertEqual(titles(index, "   "), [])
        XCTAssertEqual(titles(index, "zur"), ["Zürich words"], "no typo tier for short words")
        XCTAssertEqual(index.matches(for: "s", limit: 2).count, 2)
        XCTAssertEqual(titles(index, "ty"), [], "no substring tier under three letters")
        XCTAssertEqual(index.matches(for: "paris", limit: 0), [])
        XCTAssertEqual(SearchIndex([]).matches(for: "paris"), [])
        // A pasted run of letters is answered at once, with no typo tier.
        XCTAssertEqual(index.matches(for: String(repeating: "zurich", count: 30)), [])
        // So is a pasted line of many words: the typo tier is for a name's few.
        XCTAssertEqual(titles(index, "zurihc zur zur zur"), ["Zürich typo"], "four words: still a typo tier")
        XCTAssertEqual(titles(index, "zurihc zur zur zur zur"), [], "five: none")
    }

    func testEditsOfAWord() {
        let variants = SearchIndex.oneEditAway(Array("abc".utf8)).map { String(decoding: $0, as: UTF8.self) }
        XCTAssertTrue(variants.contains("ab") && variants.contains("bac") && variants.contains("abx") && variants.contains("abcd"))
        XCTAssertFalse(variants.contains("abc"))
        XCTAssertFalse(variants.contains("cab"), "two edits")
        XCTAssertEqual(variants.count, Set(variants).count)
    }

    func testTheWorldsPlacesAreFoundByAnyOfTheirNames() throws {
        let world = try WorldPlaces.bundled()
        func first(_ q: String) -> String? { world.search(q, limit: 1).first.map { "\($0.place.name), \($0.place.countryCode ?? "-")" } }
        XCTAssertEqual(first("münchen"), "Munich, DE")
        XCTAssertEqual(first("zurich"), "Zürich, CH")
        XCTAssertEqual(first("paris"), "Paris, FR", "the biggest Paris")
        XCTAssertEqual(first("paris united states"), "Paris, US", "a name and its country")
        XCTAssertEqual(first("SFO"), "San Francisco, US")
        XCTAssertEqual(first("france"), "France, FR", "the country before any town of its name")
        XCTAssertEqual(first("new yrok"), "New York City, US", "one typo")
        // Bigger before nearer: Springfield, Missouri (170,188) before Massachusetts' (154,341), even from Boston.
        let springfields = world.search("springfield", limit: 3, near: Coordinate(latitude: 42.36, longitude: -71.06))
        XCTAssertEqual(springfields.map(\.place.population), [170_188, 154_341, 114_394])
    }

    func testTypedPositions() {
        func typed(_ s: String) -> String? { Coordinate(typed: s).map { String(format: "%.4f, %.4f", $0.latitude, $0.longitude) } }
        XCTAssertEqual(typed("37.8, -122.4"), "37.8000, -122.4000")
        XCTAssertEqual(typed("37.8 -122.4"), "37.8000, -122.4000")
        XCTAssertEqual(typed(" 37.8;-122.4 "), "37.8000, -122.4000")
        XCTAssertEqual(typed("37°48′N 122°24′W"), "37.8000, -122.4000")
        XCTAssertEqual(typed("37°48'30\"N, 122°24'W"), "37.8083, -122.4000")
        XCTAssertEqual(typed("37 48 N 122 24 W"), "37.8000, -122.4000")
        XCTAssertEqual(typed("N 37° 48.5' W 122° 24'"), "37.8083, -122.4000")
        XCTAssertEqual(typed("122°24′W 37°48′N"), "37.8000, -122.4000", "hemispheres say which is which")
        XCTAssertEqual(typed("33°52′S 151°12′E"), "-33.8667, 151.2000")
        XCTAssertEqual(typed("geo:37.8,-122.4"), "37.8000, -122.4000")
        XCTAssertEqual(typed("GEO:37.8,-122.4,12;u=35"), "37.8000, -122.4000")
        XCTAssertEqual(typed("geo:37.8,-122.4?z=12"), "37.8000, -122.4000")
        for bad in ["", "paris", "37.8", "91, 0", "0, 181", "37°48′E 122°24′E", "-37 S, 10 E", "37 61 N 122 W", "geo:abc",
                    "1, 2, 3", "37.8, -122.4 x", "nan, 0", "37.5 30 N, 122 W"] {
            XCTAssertNil(Coordinate(typed: bad), bad)
        }
    }
}
