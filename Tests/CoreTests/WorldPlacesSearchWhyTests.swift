import CalloutMapCore
import XCTest

/// A place found by another of its names says which (issue 42's first list: "paris" listed Warsaw,
/// New Orleans, Lahore… with nothing saying why).
final class WorldPlacesSearchWhyTests: XCTestCase {
    func testAPlaceFoundByAnotherNameSaysWhich() throws {
        let world = try WorldPlaces.bundled()
        let found = world.search("paris", limit: 20)
        func why(_ name: String) -> String?? { found.first { $0.place.name == name }.map(\.alternateName) }
        XCTAssertEqual(found.prefix(2).map(\.place.name), ["Paris", "Paris"], "the Parises first, by their names")
        XCTAssertEqual(why("Paris"), .some(nil), "found by its own name: nothing to explain")
        XCTAssertEqual(why("Warsaw"), "Paris of the North")
        XCTAssertEqual(why("Annapolis"), "The Paris of America")
        XCTAssertEqual(why("New Orleans"), "Orleans Parish")
        XCTAssertEqual(why("Villeparisis"), .some(nil), "inside its own name")
        // One letter off ("pakis…"): Pakistan, and its towns by "name country", come after every
        // match of the words; their rows say "… in Pakistan".
        let firstTypo = try XCTUnwrap(found.firstIndex { $0.match.tier == .typo })
        XCTAssertTrue(found[..<firstTypo].allSatisfy { $0.match.tier != .typo })
        XCTAssertEqual(found[firstTypo].place.name, "Pakistan")
        XCTAssertEqual(found[firstTypo].alternateName, nil)
    }
}
