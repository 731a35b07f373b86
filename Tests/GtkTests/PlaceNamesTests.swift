import CCalloutMapGtk
import CalloutMapCore
import CalloutMapGtk
@testable import CalloutMapWidget
import XCTest

/// The world's place names on a map: read in the background, drawn over the offline map and
/// over tiles without names of their own, never under a pin, credited.
final class PlaceNamesTests: XCTestCase {
    override func setUpWithError() throws {
        try XCTSkipUnless(MainActor.assumeIsolated { GtkTestSupport.hasDisplay }, "needs a display")
    }

    /// A tile source of one colour, with or without names of its own.
    final class PlainTiles: TileSource, @unchecked Sendable {
        let name = "plain", attribution: String? = "© Plain", zoomRange = 0...19, tileSize = 256, bounds: GeoBounds? = nil
        let hasLabels: Bool
        init(hasLabels: Bool) { self.hasLabels = hasLabels }
        func tileData(for tile: TileID) async throws -> [UInt8]? { nil }
    }

    func testTheMapNamesTheWorldOfflineAndYieldsToTilesThatNamePlaces() {
        MainActor.assumeIsolated {
            let (window, map) = GtkTestSupport.mapWindow(size: Size(width: 1000, height: 700))
            defer { gtk_window_destroy(cm_window(window)) }
            map.setCenter(Coordinate(latitude: 48.5, longitude: 8), zoom: 5)
            XCTAssertTrue(MainLoop.iterate(until: { map.namedPlaces.contains { $0.name == "Paris" } }, timeout: 10), "the bundled names are read and drawn")
            let named = Set(map.namedPlaces.map(\.name))
            for city in ["Paris", "Berlin", "Munich", "Vienna", "Rome", "France", "Germany"] {
                XCTAssertTrue(named.contains(city), "\(city) in \(named.sorted())")
            }
            XCTAssertFalse(named.contains("Vaduz"), "a microstate's capital waits for a region's scale")
            XCTAssertTrue(map.attributionText.contains("GeoNames"))
            // No two names overlap.
            let frames = map.shownPlaceLabels!.placed.map(\.frame)
            for (i, a) in frames.enumerated() {
                for b in frames[(i + 1)...] { XCTAssertFalse(a.intersects(b), "\(a) and \(b)") }
            }

            // OpenStreetMap-like tiles name places themselves; imagery does not.
            map.tileLayers = [RasterTileLayer(source: PlainTiles(hasLabels: true))]
            GtkTestSupport.spin(0.1)
            XCTAssertEqual(map.namedPlaces, [])
            XCTAssertFalse(map.attributionText.contains("GeoNames"))
            map.tileLayers = [RasterTileLayer(source: PlainTiles(hasLabels: false))]
            XCTAssertTrue(MainLoop.iterate(until: { !map.namedPlaces.isEmpty }, timeout: 5))
            XCTAssertTrue(map.attributionText.hasSuffix("GeoNames"), map.attributionText)
            map.tileLayers = []

            map.showsPlaceNames = false
            GtkTestSupport.spin(0.1)
            XCTAssertEqual(map.namedPlaces, [])
            XCTAssertFalse(map.attributionText.contains("GeoNames"))
            map.showsPlaceNames = true
            map.worldPlaces = nil
            GtkTestSupport.spin(0.1)
            XCTAssertEqual(map.namedPlaces, [], "an app may take the names away")
        }
    }

    func testNoNameIsDrawnUnderAPin() {
        MainActor.assumeIsolated {
            let (window, map) = GtkTestSupport.mapWindow(size: Size(width: 1000, height: 700))
            defer { gtk_window_destroy(cm_window(window)) }
            let paris = Coordinate(latitude: 48.85341, longitude: 2.3488)
            map.setCenter(paris, zoom: 5)
            XCTAssertTrue(MainLoop.iterate(until: { map.namedPlaces.contains { $0.name == "Paris" } }, timeout: 10))
            // A pin on Paris: its name and dot give way; the map's other names stay.
            map.addAnnotation(PointAnnotation(coordinate: paris, title: "Here"))
            XCTAssertTrue(MainLoop.iterate(until: { !map.namedPlaces.contains { $0.name == "Paris" } }, timeout: 5))
            XCTAssertTrue(map.namedPlaces.contains { $0.name == "Berlin" })
            let pin = map.view(for: map.annotations[0])!.frame
            for frame in map.shownPlaceLabels!.placed.map(\.frame) {
                // The image is the view plus its margin on every side: shift back to the view's coordinates.
                let shifted = Rect(x: frame.minX - MapRaster.margin, y: frame.minY - MapRaster.margin, width: frame.width, height: frame.height)
                XCTAssertFalse(shifted.intersects(pin), "\(shifted) under the pin at \(pin)")
            }
        }
    }
}
