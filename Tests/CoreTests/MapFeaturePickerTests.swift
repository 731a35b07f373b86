@testable import CalloutMapCore
import Foundation
import XCTest

/// What of a vector tile a click selects, rule by rule (`MapFeaturePicker`), the words a
/// feature's subtitle is in (`MapFeatureWords`), and a café of the shipped Helsinki tiles.
final class MapFeaturePickerTests: XCTestCase {
    static let tileID = TileID(zoom: 14, x: 9330, y: 4742)

    /// A café and a bus stop, a main road across, a park with a hole, an unnamed building in the park.
    static let tile: VectorTile = {
        func p(_ x: Int32, _ y: Int32) -> TilePoint { TilePoint(x: x, y: y) }
        let poi = VectorTile.Layer(name: "poi", keys: ["name", "class", "subclass"],
                                   values: [.string("Café Aalto"), .string("cafe"), .string("cafe"),
                                            .string("Kolmikulma"), .string("bus"), .string("bus_stop")],
                                   features: [.init(id: 7, tags: [0, 0, 1, 1, 2, 2], geometry: .points([p(1000, 1000)])),
                                              .init(tags: [0, 3, 1, 4, 2, 5], geometry: .points([p(1200, 1000)]))])
        let road = VectorTile.Layer(name: "transportation", keys: ["name", "class"], values: [.string("Mannerheimintie"), .string("primary")],
                                    features: [.init(tags: [0, 0, 1, 1], geometry: .lines([[p(0, 2000), p(4096, 2000)]]))])
        let park = VectorTile.Layer(name: "park", keys: ["name", "class", "area"], values: [.string("Esplanadi"), .string("park"), .double(4.5)],
                                    features: [.init(tags: [0, 0, 1, 1, 2, 2], geometry: .polygons([[
                                        [p(500, 500), p(3500, 500), p(3500, 3500), p(500, 3500)],
                                        [p(2500, 2500), p(2500, 3000), p(3000, 3000), p(3000, 2500)],  // a hole, wound the other way
                                    ]]))])
        let building = VectorTile.Layer(name: "building", features: [
            .init(geometry: .polygons([[[p(1500, 2500), p(2000, 2500), p(2000, 3000), p(1500, 3000)]]])),
        ])
        // As the OpenMapTiles schema keeps them: a street's name on a line of its own, for a symbol layer.
        let names = VectorTile.Layer(name: "transportation_name", keys: ["name", "class"], values: [.string("Bulevardi"), .string("minor")],
                                     features: [.init(tags: [0, 0, 1, 1], geometry: .lines([[p(0, 3800), p(4096, 3800)]]))])
        return VectorTile(layers: [poi, road, park, building, names])
    }()

    static let style = try! MapStyle(json: Array(#"""
    {"version": 8, "sources": {"t": {"type": "vector"}}, "layers": [
      {"id": "park", "type": "fill", "source": "t", "source-layer": "park", "paint": {"fill-color": "#0f0"}},
      {"id": "building", "type": "fill", "source": "t", "source-layer": "building", "paint": {"fill-color": "#ccc"}},
      {"id": "road", "type": "line", "source": "t", "source-layer": "transportation", "paint": {"line-width": 6}},
      {"id": "poi-dot", "type": "circle", "source": "t", "source-layer": "poi", "minzoom": 13, "filter": ["!=", "class", "bus"],
       "paint": {"circle-radius": 3, "circle-stroke-width": 1}},
      {"id": "street-name", "type": "symbol", "source": "t", "source-layer": "transportation_name",
       "layout": {"text-field": "{name}", "text-size": 12, "symbol-placement": "line"}}
    ]}
    """#.utf8))

    /// The click at a point of the tile (tile units), as a point of the world square.
    func world(_ x: Double, _ y: Double) -> WorldPoint {
        WorldPoint(x: (Double(Self.tileID.x) + x / 4096) / 16384, y: (Double(Self.tileID.y) + y / 4096) / 16384)
    }

    func pick(_ x: Double, _ y: Double, zoom: Double = 14, kinds: MapFeature.Kinds = .all) -> MapFeature? {
        MapFeaturePicker(style: Self.style, kinds: kinds).feature(in: Self.tile, tileID: Self.tileID, at: world(x, y), mapZoom: zoom)
    }

    func testAPointIsHitWithinItsCircleAndSlopAndTellsWhatItIs() throws {
        // Zoom 14: 16 tile units a point; radius 3 + the stroke 1 + 4 of slop = 8 points = 128 units.
        let cafe = try XCTUnwrap(pick(1050, 1000))
        XCTAssertEqual(cafe.title, "Café Aalto")
        XCTAssertEqual(cafe.subtitle, "Café")
        XCTAssertEqual(cafe.kind, .pointOfInterest)
        XCTAssertEqual(cafe.layer, "poi")
        XCTAssertEqual(cafe.styleLayer, "poi-dot")
        XCTAssertEqual(cafe.id, 7)
        XCTAssertEqual(cafe.properties, ["name": "Café Aalto", "class": "cafe", "subclass": "cafe"])
        let at = WebMercator.coordinate(for: world(1000, 1000))
        XCTAssertEqual(cafe.coordinate.latitude, at.latitude, accuracy: 1e-12, "the point's own place, not the click")
        XCTAssertEqual(cafe.coordinate.longitude, at.longitude, accuracy: 1e-12)
        XCTAssertEqual(pick(1000, 1127)?.title, "Café Aalto", "127 units: within 8 points")
        XCTAssertEqual(pick(1000, 1129)?.title, "Esplanadi", "129 units: past them, the park under it")
    }

    func testOnlyWhatTheStyleDrawsIsHit() {
        XCTAssertEqual(pick(1200, 1000)?.title, "Esplanadi", "the bus stop is filtered out of the circles")
        // The style's minzoom 13 is MapLibre's (512-pixel tiles): the map's 14.
        XCTAssertEqual(pick(1000, 1000, zoom: 13.9)?.title, "Esplanadi", "below the circles' minzoom")
        XCTAssertEqual(pick(1000, 1000, kinds: [.roads, .areas])?.title, "Esplanadi", "points of interest not asked for")
        XCTAssertNil(pick(1000, 1000, kinds: [.places]))
    }

    func testALineIsHitWithinHalfItsWidthAndSlopAtItsNearestPoint() throws {
        // Width 6: 3 + 4 points = 112 units either side.
        let road = try XCTUnwrap(pick(2000, 2110))
        XCTAssertEqual(road.title, "Mannerheimintie")
        XCTAssertEqual(road.subtitle, "Main road")
        XCTAssertEqual(road.kind, .road)
        let nearest = WebMercator.coordinate(for: world(2000, 2000))
        XCTAssertEqual(road.coordinate.latitude, nearest.latitude, accuracy: 1e-12)
        XCTAssertEqual(road.coordinate.longitude, nearest.longitude, accuracy: 1e-12)
        XCTAssertEqual(pick(2000, 2114)?.title, "Esplanadi")
    }

    /// A street named only by its label's line is hit along it, within half the text size and the slop.
    func testASymbolLayersLineNamesTheStreetUnderIt() throws {
        // Text size 12: 6 + 4 points = 160 units either side.
        let street = try XCTUnwrap(pick(2000, 3950))
        XCTAssertEqual(street.title, "Bulevardi")
        XCTAssertEqual(street.subtitle, "Street")
        XCTAssertEqual(street.layer, "transportation_name")
        XCTAssertEqual(street.styleLayer, "street-name")
        XCTAssertNil(pick(2000, 3970), "past its reach, outside the park: nothing")
    }

    /// What the keyboard lists: every named thing drawn in the area, a street once.
    func testTheListHoldsEveryNamedThingDrawnInTheArea() {
        let picker = MapFeaturePicker(style: Self.style, kinds: .all)
        let all = picker.features(in: Self.tile, tileID: Self.tileID, mapZoom: 14, area: (0, 0, 1, 1), near: world(2048, 2048))
        XCTAssertEqual(all.map(\.title), ["Esplanadi", "Mannerheimintie", "Café Aalto", "Bulevardi"], "in the style's order, the bus stop filtered")
        let west = picker.features(in: Self.tile, tileID: Self.tileID, mapZoom: 14,
                                   area: (0, 0, world(1100, 0).x, 1), near: world(0, 0))
        XCTAssertEqual(west.map(\.title), ["Esplanadi", "Mannerheimintie", "Café Aalto", "Bulevardi"])
        let road = west.first { $0.title == "Mannerheimintie" }!
        XCTAssertEqual(road.coordinate.longitude, WebMercator.coordinate(for: world(0, 2000)).longitude, accuracy: 1e-9,
                       "a line at its corner nearest the focus")
        let east = picker.features(in: Self.tile, tileID: Self.tileID, mapZoom: 14, area: (world(3600, 0).x, 0, 1, 1), near: world(4096, 0))
        XCTAssertEqual(east.map(\.title), ["Mannerheimintie", "Bulevardi"], "the park and the café lie west of it")
    }

    func testAnAreaIsHitInsideNotInAHoleAndAnUnnamedThingLetsThroughToWhatIsUnder() throws {
        let park = try XCTUnwrap(pick(800, 3000))
        XCTAssertEqual(park.title, "Esplanadi")
        XCTAssertEqual(park.subtitle, "Park")
        XCTAssertEqual(park.kind, .area)
        XCTAssertEqual(park.properties["area"], "4.5")
        let click = WebMercator.coordinate(for: world(800, 3000))
        XCTAssertEqual(park.coordinate.latitude, click.latitude, accuracy: 1e-12, "an area's callout points at the click")
        XCTAssertEqual(pick(1700, 2700)?.title, "Esplanadi", "the unnamed building lets the click through")
        XCTAssertNil(pick(2700, 2700), "the park's hole")
        XCTAssertNil(pick(4000, 4000), "outside everything")
    }

    func testSmallerThingsWinWhateverIsDrawnOnTop() {
        // The road crosses the park and is drawn over it; the café sits in the park.
        XCTAssertEqual(pick(1000, 2000)?.title, "Mannerheimintie")
        XCTAssertEqual(pick(1000, 1000)?.title, "Café Aalto")
    }

    func testTheTolerancesShrinkWithTheTileEnlarged() {
        // Zoom 16 draws the zoom-14 tile four times larger: 4 units a point, 8 points = 32 units.
        XCTAssertEqual(pick(1000, 1031, zoom: 16)?.title, "Café Aalto")
        XCTAssertEqual(pick(1000, 1033, zoom: 16)?.title, "Esplanadi")
    }

    func testSubtitlesAreInWords() {
        func words(_ p: [String: String], _ layer: String = "poi") -> String? { MapFeatureWords.subtitle(properties: p, layer: layer) }
        XCTAssertEqual(words(["class": "clothing_store", "subclass": "clothes"]), "Clothes", "the subclass, more exact")
        XCTAssertEqual(words(["class": "clothing_store", "subclass": "yes"]), "Clothing store", "a subclass that says nothing")
        XCTAssertEqual(words(["class": "shop", "subclass": "hairdresser"]), "Hairdresser")
        XCTAssertEqual(words(["class": "amenity"]), "Amenity", "vague, but all there is")
        XCTAssertEqual(words(["class": "beer", "subclass": "pub"]), "Pub")
        XCTAssertEqual(words(["class": "minor"], "transportation"), "Street")
        XCTAssertEqual(words([:], "building"), "Building", "the layer names it")
        XCTAssertNil(words([:], "housenumber"))
        XCTAssertEqual(MapFeature.title(of: ["name:latin": "Helsinki", "name_en": "x"]), "Helsinki")
        XCTAssertEqual(MapFeature.title(of: ["name": "  ", "name_en": "Senate Square"]), "Senate Square")
        XCTAssertNil(MapFeature.title(of: ["class": "cafe"]))
    }

    /// Every named café of the shipped Helsinki tiles is picked at its own place with the
    /// built-in style at zoom 17, unless another point of interest stands within the slop.
    func testTheCafesOfHelsinkiArePickedWhereTheyStand() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..")
        let archive = try PMTilesArchive(contentsOf: root.appendingPathComponent("data/vector/helsinki.pmtiles"))
        let style = try MapStyle(json: Array(try Data(contentsOf: root.appendingPathComponent("data/styles/openmaptiles-light.json"))))
        let picker = MapFeaturePicker(style: style, kinds: .all)
        var picked = 0, crowded = 0
        for tileID in [9326, 9327].flatMap({ x in [4741, 4742].map { TileID(zoom: 14, x: x, y: $0) } }) {
            guard let bytes = try archive.tileData(for: tileID) else { continue }
            let tile = try VectorTile(data: Data(bytes))
            let poi = try XCTUnwrap(tile.layer(named: "poi"))
            let points = poi.features.compactMap { f -> (TilePoint, [String: VectorTile.Value])? in
                guard case .points(let p) = f.geometry, let first = p.first else { return nil }
                return (first, poi.properties(of: f))
            }
            for (point, properties) in points where properties["class"] == .string("cafe") {
                guard case .string(let name)? = properties["name:latin"] else { continue }  // tilemaker's name
                // Zoom 17: 2 units a point; slop and circle 8 points = 16 units.
                if points.contains(where: { $0.0 != point && abs(Int($0.0.x) - Int(point.x)) <= 16 && abs(Int($0.0.y) - Int(point.y)) <= 16 }) {
                    crowded += 1
                    continue
                }
                let n = 16384.0
                let click = WorldPoint(x: (Double(tileID.x) + Double(point.x) / 4096) / n, y: (Double(tileID.y) + Double(point.y) / 4096) / n)
                let hit = picker.feature(in: tile, tileID: tileID, at: click, mapZoom: 17)
                XCTAssertEqual(hit?.title, name)
                XCTAssertEqual(hit?.subtitle, "Café")
                picked += 1
            }
        }
        XCTAssertGreaterThan(picked, 10, "cafés picked (\(crowded) left out for a neighbour within reach)")
    }
}
