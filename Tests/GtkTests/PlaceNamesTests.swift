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

    /// Issue 42: at (50, 10) zoom 5 each country's name sat where its capital's would go, so
    /// Warsaw, Prague, Budapest, Amsterdam, Brussels, Bern and Zagreb went unnamed while Poznań,
    /// Brno and Graz were; at zoom 6 still no Amsterdam, Brussels, Bern, Zagreb, Luxembourg or
    /// Bratislava, and Lisbon under the scale bar. A capital outranks its country's name (the
    /// name moves or yields), and no name sits under the scale bar or the credits.
    func testCapitalsOutrankTheirCountriesNamesAndNoNameSitsUnderThePlates() {
        MainActor.assumeIsolated {
            let (window, map) = GtkTestSupport.mapWindow(size: Size(width: 969, height: 743))
            defer { gtk_window_destroy(cm_window(window)) }
            let views: [(Coordinate, Double, [String])] = [
                (Coordinate(latitude: 50, longitude: 10), 5, ["Warsaw", "Prague", "Budapest", "Amsterdam", "Brussels", "Bern", "Zagreb",
                                                              "Berlin", "Vienna", "Paris", "Poland", "Germany", "Czechia"]),
                (Coordinate(latitude: 50, longitude: 10), 6, ["Amsterdam", "Brussels", "Bern", "Luxembourg", "Prague", "Vienna"]),
                (Coordinate(latitude: 48, longitude: 14), 6, ["Zagreb", "Bratislava", "Budapest", "Ljubljana"]),
                (Coordinate(latitude: 42, longitude: -2), 5, ["Lisbon", "Madrid"]),
            ]
            for (center, zoom, capitals) in views {
                map.setCenter(center, zoom: zoom)
                // Frames while the zoom changes re-check only the names shown before; a frame after
                // it settles names afresh — later under a sanitizer than 0.2 s: waited for.
                XCTAssertTrue(MainLoop.iterate(until: { !map.namedPlaces.isEmpty }, timeout: 10))
                _ = MainLoop.iterate(until: { Set(map.namedPlaces.map(\.name)).isSuperset(of: capitals) }, timeout: 10)
                GtkTestSupport.spin(0.2)
                let named = Set(map.namedPlaces.map(\.name))
                for capital in capitals { XCTAssertTrue(named.contains(capital), "\(capital) at \(center) zoom \(zoom): \(named.sorted())") }
                let plates = OverlayPainter(style: map.style, fontName: map.fontName, scaleUnits: map.scaleUnits, numberLocale: map.numberLocale,
                                            margins: map.layoutMargins).plates(viewport: map.viewport, attribution: map.attributionText)
                for (place, frame) in map.shownPlaceLabels!.placedFrames(in: map.viewport) {
                    for plate in plates { XCTAssertFalse(frame.intersects(plate), "\(place.name) \(frame) under \(plate) at \(center) zoom \(zoom)") }
                }
            }
        }
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
            for frame in map.shownPlaceLabels!.placedFrames(in: map.viewport).map(\.frame) {
                XCTAssertFalse(frame.intersects(pin), "\(frame) under the pin at \(pin)")
            }
            // A pin that yields takes no room from the names: the one on Paris yields to one just
            // above it (clear of Paris's dot and name), and Paris is named again.
            map.view(for: map.annotations[0])!.displayPriority = .low
            let above = map.point(for: map.annotations[0])
            map.addAnnotation(PointAnnotation(coordinate: map.viewport.coordinate(at: Point(x: above.x, y: above.y - 22)), title: "Above"))
            XCTAssertTrue(MainLoop.iterate(until: { map.namedPlaces.contains { $0.name == "Paris" } }, timeout: 5))
            XCTAssertTrue(map.view(for: map.annotations[0])!.isHiddenByCollision)
        }
    }

    final class Chooser: MapViewDelegate {
        var chosen: [String] = []
        func mapView(_ mapView: MapView, didChoose place: WorldPlace) { chosen.append(place.name) }
    }

    func testScreenReadersHearThePlaceNamesAndCanChooseOne() {
        MainActor.assumeIsolated {
            let (window, map) = GtkTestSupport.mapWindow(size: Size(width: 1000, height: 700))
            defer { gtk_window_destroy(cm_window(window)) }
            let chooser = Chooser()
            map.delegate = chooser
            map.setCenter(Coordinate(latitude: 48.5, longitude: 8), zoom: 5)
            XCTAssertTrue(MainLoop.iterate(until: { map.placeNameProxies.names.contains("Paris, Capital of France") }, timeout: 10),
                          "\(map.placeNameProxies.names.prefix(10))")
            XCTAssertTrue(map.placeNameProxies.names.contains("Germany, Country"))
            XCTAssertTrue(map.placeNameProxies.names.contains { $0.hasPrefix("Lyon, Town in France") }, "\(map.placeNameProxies.names)")
            XCTAssertEqual(map.placeNameProxies.count, map.shownPlaceLabels!.placedFrames(in: map.viewport)
                .filter { $0.frame.intersects(map.viewport.bounds) }.count)
            // Not in the Tab order: Tab from the map goes to the zoom buttons or out, never a town.
            let paris = try! XCTUnwrap(map.placeNameProxies.widget(forPlaceNamed: "Paris"))
            XCTAssertEqual(gtk_widget_get_focusable(paris), 0)
            XCTAssertNotEqual(gtk_widget_activate(paris), 0)  // a button clicks once its press has shown
            XCTAssertTrue(MainLoop.iterate(until: { !chooser.chosen.isEmpty }, timeout: 5))
            XCTAssertEqual(chooser.chosen, ["Paris"])
            // Panned: the names follow; without names shown, there are none to hear.
            map.setCenter(Coordinate(latitude: 40.4, longitude: -3.7), zoom: 5)
            XCTAssertTrue(MainLoop.iterate(until: { map.placeNameProxies.names.contains("Madrid, Capital of Spain") }, timeout: 10))
            map.showsPlaceNames = false
            XCTAssertTrue(MainLoop.iterate(until: { map.placeNameProxies.count == 0 }, timeout: 5))
        }
    }
}
