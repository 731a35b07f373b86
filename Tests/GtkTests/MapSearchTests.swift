import CCalloutMapGtk
import CalloutMapCore
import CalloutMapGtk
@testable import CalloutMapWidget
import XCTest

/// `MapView.search`: the map's own places and shapes, the world's places and typed positions,
/// indexed off the main thread and kept current as items come and go.
final class MapSearchTests: XCTestCase {
    override func setUpWithError() throws {
        try XCTSkipUnless(MainActor.assumeIsolated { GtkTestSupport.hasDisplay }, "needs a display")
    }

    private static func titles(_ results: [MapSearchResult]) -> [String] {
        results.map { result in
            switch result.item {
            case .annotation: "pin \(result.title) \(result.tier)"
            case .overlay: "shape \(result.title) \(result.tier)"
            case .worldPlace(let p): "world \(p.name), \(p.countryCode ?? "-") \(result.tier)"
            case .coordinate: "position \(result.title)"
            }
        }
    }

    func testTheMapFindsItsOwnItemsFirstThenTheWorldsAndTypedPositions() {
        MainActor.assumeIsolated {
            let (window, map) = GtkTestSupport.mapWindow(size: Size(width: 800, height: 600))
            defer { gtk_window_destroy(cm_window(window)) }
            let bakery = PointAnnotation(coordinate: Coordinate(latitude: 37.76, longitude: -122.42), title: "Tartine Bakery",
                                         subtitle: "600 Guerrero St", properties: ["cuisine": "French pastry"])
            let paris = PointAnnotation(coordinate: Coordinate(latitude: 37.79, longitude: -122.40), title: "Café de Paris")
            map.addAnnotations([bakery, paris])
            let walk = Polyline(coordinates: [Coordinate(latitude: 37.79, longitude: -122.39), Coordinate(latitude: 37.80, longitude: -122.40)],
                                    title: "Embarcadero walk")
            map.addOverlay(walk)
            XCTAssertFalse(map.isIndexingSearch, "nothing is indexed before search is wanted")
            map.prepareSearch()
            XCTAssertTrue(map.isIndexingSearch, "indexed off the main thread")
            XCTAssertTrue(MainLoop.iterate(until: { !map.isIndexingSearch && map.worldPlaces != nil }, timeout: 10))
            XCTAssertTrue(MainLoop.iterate(until: { !map.search("munich").isEmpty }, timeout: 10), "the world's names are searchable")

            XCTAssertEqual(Self.titles(map.search("tartine")).first, "pin Tartine Bakery words")
            XCTAssertEqual(Self.titles(map.search("pastry")).first, "pin Tartine Bakery words", "by a data value")
            XCTAssertEqual(Self.titles(map.search("guerrero")).first, "pin Tartine Bakery words", "by the subtitle, before the world's")
            XCTAssertEqual(Self.titles(map.search("embarc")), ["shape Embarcadero walk words", "world Embarcación, AR words"])
            XCTAssertEqual(Self.titles(map.search("tartnie")).first, "pin Tartine Bakery typo")
            // The map's own before the world's in a tier; the world's by size.
            XCTAssertEqual(Array(Self.titles(map.search("paris")).prefix(2)), ["pin Café de Paris words", "world Paris, FR words"])
            XCTAssertEqual(Self.titles(map.search("münchen", limit: 1)), ["world Munich, DE words"])
            XCTAssertEqual(Self.titles(map.search("37°48′N 122°24′W", limit: 1)), ["position 37.80000, -122.40000"])
            XCTAssertEqual(Self.titles(map.search("geo:48.8566,2.3522")).first, "position 48.85660, 2.35220")
            XCTAssertEqual(map.search("paris", limit: 2).count, 2)
            XCTAssertEqual(map.search("", limit: 5).count, 0)

            // Gone from the map, gone from the results.
            map.removeAnnotation(paris)
            XCTAssertEqual(Self.titles(map.search("paris")).first, "world Paris, FR words")
            map.removeOverlay(walk)
            XCTAssertEqual(Self.titles(map.search("embarc")), ["world Embarcación, AR words"])
            map.removeAnnotations(map.annotations)
            XCTAssertFalse(Self.titles(map.search("tartine")).contains { $0.hasPrefix("pin") })
        }
    }

    func testAMillionPlacesNeverHoldTheMainThread() {
        MainActor.assumeIsolated {
            let (window, map) = GtkTestSupport.mapWindow(size: Size(width: 400, height: 300))
            defer { gtk_window_destroy(cm_window(window)) }
            let places = (0..<100_000).map { i in
                PointAnnotation(coordinate: Coordinate(latitude: Double(i % 1000) / 20, longitude: Double(i / 1000) / 20),
                                title: "Place \(i)")
            }
            map.prepareSearch()
            let t0 = DispatchTime.now().uptimeNanoseconds
            map.addAnnotations(places)
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e9
            XCTAssertTrue(map.isIndexingSearch, "adding does not wait for the index: it is made on workers")
            if !GtkTestSupport.underSanitizer { XCTAssertLessThan(seconds, 2, "adding does no indexing of its own") }
            XCTAssertTrue(MainLoop.iterate(until: { !map.isIndexingSearch }, timeout: 60))
            XCTAssertEqual(Self.titles(map.search("place 99999")).first, "pin Place 99999 words")
            XCTAssertEqual(Self.titles(map.search("place 9999")).prefix(2), ["pin Place 9999 words", "pin Place 99990 words"])
            XCTAssertEqual(map.search("place", limit: 20).count, 20)
        }
    }
}
