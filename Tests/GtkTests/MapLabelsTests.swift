import CCalloutMapGtk
import CalloutMapCore
import CalloutMapGtk
@testable import CalloutMapWidget
import XCTest

/// A vector map's names on the map: its streets, places and points of interest named clear of
/// each other, the pins, the plates and an open callout; the world's names only beyond it; a
/// click on a name selects what it names.
final class MapLabelsTests: XCTestCase {
    override func setUpWithError() throws {
        try XCTSkipUnless(MainActor.assumeIsolated { GtkTestSupport.hasDisplay }, "needs a display")
    }

    @MainActor
    static func helsinki() throws -> RasterTileLayer {
        let url = DataDirectory.locate()!.appendingPathComponent("vector/helsinki.pmtiles")
        return RasterTileLayer(source: try VectorTileSource.withBuiltInStyles(try PMTilesArchive(contentsOf: url), location: url.path, scale: 1))
    }

    /// Whether any two of the labels' rooms overlap (those allowed to overlap aside).
    static func overlaps(_ placed: [(label: MapLabel, placement: PlacedMapLabel)]) -> String? {
        for (i, a) in placed.enumerated() {
            for b in placed[(i + 1)...] where a.placement.shapes.contains(where: { s in b.placement.shapes.contains { s.overlaps($0) } }) {
                return "\(a.label.text) and \(b.label.text)"
            }
        }
        return nil
    }

    func testTheVectorMapNamesItsStreetsClearOfPinsPlatesAndCallouts() throws {
        try MainActor.assumeIsolated {
            let (window, map) = GtkTestSupport.mapWindow(size: Size(width: 900, height: 640))
            defer { gtk_window_destroy(cm_window(window)) }
            let layer = try Self.helsinki()
            let labels = try XCTUnwrap(layer.labels, "the built-in style names things")
            map.tileLayers = [layer]
            map.setCenter(Coordinate(latitude: 60.1690, longitude: 24.9410), zoom: 16)
            XCTAssertTrue(MainLoop.iterate(until: { labels.placements(in: map.viewport).count > 50 }, timeout: 10))
            var placed = labels.placements(in: map.viewport)
            let streets = placed.filter { !$0.label.line.isEmpty }
            XCTAssertTrue(streets.contains { $0.label.text == "Mannerheimintie" }, "\(streets.map(\.label.text))")
            XCTAssertTrue(streets.contains { $0.placement.angle != 0 }, "street names follow their streets")
            XCTAssertTrue(placed.contains { $0.label.text == "Helsinki" }, "the city's own name, from the tiles")
            XCTAssertNil(Self.overlaps(placed))
            let plates = OverlayPainter(style: map.style, fontName: map.fontName, scaleUnits: map.scaleUnits, numberLocale: map.numberLocale,
                                        margins: map.layoutMargins).plates(viewport: map.viewport, attribution: map.attributionText)
            for (label, at) in placed {
                XCTAssertFalse(at.shapes.contains { s in plates.contains { s.overlaps(.rectangle($0)) } }, "\(label.text) under a plate")
            }
            // The world's names stay away from where the vector map names places itself.
            XCTAssertFalse(map.namedPlaces.contains { $0.name == "Helsinki" })

            // A pin where a street's name stood: the name moves along its street or yields.
            let street = try XCTUnwrap(streets.first { $0.label.text == "Mannerheimintie" && map.viewport.bounds.insetBy(dx: 150, dy: 150).contains($0.placement.center) }
                                       ?? streets.first { map.viewport.bounds.insetBy(dx: 150, dy: 150).contains($0.placement.center) })
            let pin = PointAnnotation(coordinate: map.viewport.coordinate(at: street.placement.center), title: "Kohtaamispaikka")
            map.addAnnotation(pin)
            XCTAssertTrue(MainLoop.iterate(until: {
                guard let frame = map.annotationLayer.view(for: pin)?.frame else { return false }
                let now = labels.placements(in: map.viewport)
                return !now.isEmpty && !now.contains { $0.placement.shapes.contains { $0.overlaps(.rectangle(frame)) } }
            }, timeout: 10), "no name under the pin")

            // Its callout open: no name under the bubble.
            map.selectAnnotation(pin, animated: false)
            XCTAssertTrue(MainLoop.iterate(until: { !map.callouts.bodies.isEmpty }, timeout: 5))
            XCTAssertTrue(MainLoop.iterate(until: {
                let bodies = map.callouts.bodies
                let now = labels.placements(in: map.viewport)
                return !now.isEmpty && !now.contains { l in l.placement.shapes.contains { s in bodies.contains { s.overlaps(.rectangle($0)) } } }
            }, timeout: 10), "no name under the callout \(map.callouts.bodies)")
            placed = labels.placements(in: map.viewport)
            XCTAssertNil(Self.overlaps(placed))
        }
    }

    /// A café's name sits under its dot: a click on the name selects the café.
    func testAClickOnANameSelectsWhatItNames() throws {
        try MainActor.assumeIsolated {
            let (window, map) = GtkTestSupport.mapWindow(size: Size(width: 900, height: 640))
            defer { gtk_window_destroy(cm_window(window)) }
            let layer = try Self.helsinki()
            let labels = try XCTUnwrap(layer.labels)
            map.tileLayers = [layer]
            map.selectableMapFeatures = .all
            map.setCenter(Coordinate(latitude: 60.1675, longitude: 24.9450), zoom: 18)
            XCTAssertTrue(MainLoop.iterate(until: { labels.placements(in: map.viewport).count > 10 }, timeout: 10))
            let poi = try XCTUnwrap(labels.placements(in: map.viewport).first {
                $0.label.point != nil && $0.label.anchor == .top && map.viewport.bounds.insetBy(dx: 40, dy: 40).contains($0.placement.center)
            })
            // The text's middle is 0.6 em and half a line below the point: away from the dot.
            let feature = try XCTUnwrap(map.mapFeature(at: poi.placement.center))
            XCTAssertEqual(feature.title, poi.label.text)
            XCTAssertEqual(feature.kind, .pointOfInterest)
            let below = Point(x: poi.placement.center.x, y: poi.placement.center.y + poi.placement.size.height * 2)
            XCTAssertNotEqual(map.mapFeature(at: below)?.title, poi.label.text, "below the text is not the name")
        }
    }

    /// Beyond the vector map's area the world's own names show, as over the offline map.
    func testTheWorldsNamesShowBeyondTheVectorMap() throws {
        try MainActor.assumeIsolated {
            let (window, map) = GtkTestSupport.mapWindow(size: Size(width: 900, height: 640))
            defer { gtk_window_destroy(cm_window(window)) }
            map.tileLayers = [try Self.helsinki()]
            map.setCenter(Coordinate(latitude: 61.4978, longitude: 23.7610), zoom: 10)  // Tampere
            XCTAssertTrue(MainLoop.iterate(until: { map.namedPlaces.contains { $0.name == "Tampere" } }, timeout: 10), "\(map.namedPlaces.map(\.name))")
        }
    }
}
