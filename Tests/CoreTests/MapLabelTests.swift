@testable import CalloutMapCore
import Foundation
import XCTest

/// The labels a style's symbol layers give a vector tile (`MapLabel.labels`), their placement
/// rule by rule (`MapLabelPlacer`), and the names of the shipped Helsinki tiles placed clear of
/// each other.
final class MapLabelTests: XCTestCase {
    static let tileID = TileID(zoom: 14, x: 9330, y: 4742)

    static func p(_ x: Int32, _ y: Int32) -> TilePoint { TilePoint(x: x, y: y) }

    /// A café and an unnamed bench, a street, a lake with an island.
    static let tile: VectorTile = {
        let poi = VectorTile.Layer(name: "poi", keys: ["name", "class", "rank"],
                                   values: [.string("Café Aalto"), .string("cafe"), .int(3), .string("  "), .string("bench")],
                                   features: [.init(tags: [0, 0, 1, 1, 2, 2], geometry: .points([p(1000, 1000)])),
                                              .init(tags: [0, 3, 1, 4], geometry: .points([p(1100, 1000)]))])
        let names = VectorTile.Layer(name: "transportation_name", keys: ["name"], values: [.string("Bulevardi")],
                                     features: [.init(tags: [0, 0], geometry: .lines([[p(0, 2000), p(2048, 2000), p(4096, 2000)]]))])
        let water = VectorTile.Layer(name: "water", keys: ["name"], values: [.string("Töölönlahti")],
                                     features: [.init(tags: [0, 0], geometry: .polygons([[
                                         [p(0, 0), p(400, 0), p(400, 400), p(0, 400)],
                                         [p(150, 150), p(150, 250), p(250, 250), p(250, 150)],
                                     ]]))])
        return VectorTile(layers: [poi, names, water])
    }()

    static let style = try! MapStyle(json: Array(#"""
    {"version": 8, "sources": {"t": {"type": "vector"}}, "layers": [
      {"id": "lake", "type": "symbol", "source": "t", "source-layer": "water",
       "layout": {"text-field": "{name}", "text-transform": "uppercase", "text-font": ["Noto Sans Italic"]},
       "paint": {"text-color": "#00f", "text-opacity": 0.5}},
      {"id": "street", "type": "symbol", "source": "t", "source-layer": "transportation_name", "minzoom": 12,
       "layout": {"text-field": "{name}", "text-size": 12, "symbol-placement": "line", "text-font": ["Noto Sans Bold"]}},
      {"id": "cafe", "type": "symbol", "source": "t", "source-layer": "poi", "filter": ["==", "class", "cafe"],
       "layout": {"text-field": ["get", "name"], "text-size": 10, "text-anchor": "top", "text-offset": [0, 0.5],
                  "text-max-width": 8, "symbol-sort-key": ["get", "rank"]},
       "paint": {"text-halo-color": "#fff", "text-halo-width": 1.5}},
      {"id": "any-poi", "type": "symbol", "source": "t", "source-layer": "poi", "layout": {"text-field": "{name}"}}
    ]}
    """#.utf8))

    func world(_ x: Double, _ y: Double) -> WorldPoint {
        WorldPoint(x: (Double(Self.tileID.x) + x / 4096) / 16384, y: (Double(Self.tileID.y) + y / 4096) / 16384)
    }

    func assertNear(_ a: WorldPoint?, _ b: WorldPoint, file: StaticString = #filePath, line: UInt = #line) {
        guard let a else { return XCTFail("no point", file: file, line: line) }
        XCTAssertEqual(a.x, b.x, accuracy: 1e-12, file: file, line: line)
        XCTAssertEqual(a.y, b.y, accuracy: 1e-12, file: file, line: line)
    }

    func testEachSymbolLayerLabelsWhatItsZoomsAndFilterLetThrough() throws {
        let labels = MapLabel.labels(in: Self.tile, tileID: Self.tileID, style: Self.style, mapZoom: 15)
        // The style's order, each layer's features in the tile's; the bench's name is blank.
        XCTAssertEqual(labels.map(\.text), ["TÖÖLÖNLAHTI", "Bulevardi", "Café Aalto", "Café Aalto"])
        XCTAssertEqual(labels.map(\.layerIndex), [0, 1, 2, 3])

        let lake = labels[0]
        // The middle of the widest stretch across the lake at its box's middle height: west of the island.
        assertNear(lake.point, world(75, 200))
        XCTAssertTrue(lake.isItalic)
        XCTAssertFalse(lake.isBold)
        XCTAssertEqual(lake.color, StyleColor(red: 0, green: 0, blue: 1, alpha: 0.5))
        XCTAssertEqual(lake.size, 16)  // the spec's default
        XCTAssertEqual(lake.maxWidth, 160)  // 10 ems

        let street = labels[1]
        XCTAssertNil(street.point)
        XCTAssertEqual(street.line.count, 3)
        assertNear(street.line.last, world(4096, 2000))
        XCTAssertTrue(street.isBold)

        let cafe = labels[2]
        assertNear(cafe.point, world(1000, 1000))
        XCTAssertEqual(cafe.anchor, .top)
        XCTAssertEqual(cafe.offset, Point(x: 0, y: 5))  // 0.5 em of 10 points
        XCTAssertEqual(cafe.maxWidth, 80)
        XCTAssertEqual(cafe.sortKey, 3)
        XCTAssertEqual(cafe.haloColor, StyleColor(red: 1, green: 1, blue: 1))
        XCTAssertEqual(cafe.haloWidth, 1.5)
        XCTAssertEqual(labels[3].anchor, .center)

        // Map zoom 12 is the style's 11: the street's layer starts at 12.
        XCTAssertEqual(MapLabel.labels(in: Self.tile, tileID: Self.tileID, style: Self.style, mapZoom: 12).map(\.text),
                       ["TÖÖLÖNLAHTI", "Café Aalto", "Café Aalto"])
    }

    func testAPointLabelOnALineStandsHalfwayAlongIt() throws {
        let style = try MapStyle(json: Array(#"""
        {"version": 8, "sources": {}, "layers": [{"id": "n", "type": "symbol", "source-layer": "transportation_name",
         "layout": {"text-field": "{name}"}}]}
        """#.utf8))
        let tile = VectorTile(layers: [VectorTile.Layer(name: "transportation_name", keys: ["name"], values: [.string("Kuja")], features: [
            .init(tags: [0, 0], geometry: .lines([[Self.p(0, 0), Self.p(100, 0), Self.p(100, 300)]])),
        ])])
        let labels = MapLabel.labels(in: tile, tileID: Self.tileID, style: style, mapZoom: 15)
        XCTAssertEqual(labels.count, 1)
        assertNear(labels[0].point, world(100, 100))  // 200 of the 400 units
    }

    // MARK: Placement

    /// A label as the placer sees it; a screen 1 point a world unit.
    func label(_ text: String, layer: Int = 0, key: Double = 0, at: (Double, Double)? = nil, line: [(Double, Double)] = [],
               anchor: MapLabel.Anchor = .center, overlaps: Bool = false) -> MapLabel {
        MapLabel(text: text, layerIndex: layer, sortKey: key, point: at.map { WorldPoint(x: $0.0, y: $0.1) },
                 line: line.map { WorldPoint(x: $0.0, y: $0.1) }, size: 10, isBold: false, isItalic: false,
                 color: StyleColor(red: 0, green: 0, blue: 0), haloColor: nil, haloWidth: 0, anchor: anchor,
                 offset: Point(x: 0, y: 0), maxWidth: 100, allowsOverlap: overlaps)
    }

    func place(_ labels: [MapLabel], obstacles: [Rect] = [], size: Size = Size(width: 40, height: 10)) -> [PlacedMapLabel] {
        let area = Rect(x: 0, y: 0, width: 1000, height: 1000)
        var taken = CollisionGrid(area: area)
        obstacles.forEach { taken.insert($0) }
        return MapLabelPlacer.place(labels, screenPoint: { Point(x: $0.x, y: $0.y) }, area: area, taken: &taken) { _ in size }
    }

    func testLaterLayersThenLowerSortKeysWin() {
        let labels = [label("under", layer: 0, at: (100, 100)), label("second", layer: 1, key: 5, at: (110, 100)),
                      label("first", layer: 1, key: 1, at: (120, 102)), label("apart", layer: 0, at: (500, 500))]
        let placed = place(labels)
        XCTAssertEqual(placed.map(\.index), [2, 3])
        XCTAssertEqual(placed[0].center, Point(x: 120, y: 102))
        XCTAssertEqual(placed[0].shapes, [.rectangle(Rect(x: 98, y: 95, width: 44, height: 14))])  // 2 points of padding
    }

    func testAnchorsOffsetsObstaclesAndOverlap() {
        XCTAssertEqual(MapLabelPlacer.frame(of: Size(width: 40, height: 10), at: Point(x: 100, y: 100), anchor: .top, offset: Point(x: 0, y: 5)),
                       Rect(x: 80, y: 105, width: 40, height: 10))
        XCTAssertEqual(MapLabelPlacer.frame(of: Size(width: 40, height: 10), at: Point(x: 100, y: 100), anchor: .bottomRight, offset: Point(x: 0, y: 0)),
                       Rect(x: 60, y: 90, width: 40, height: 10))
        XCTAssertEqual(MapLabelPlacer.frame(of: Size(width: 40, height: 10), at: Point(x: 100, y: 100), anchor: .left, offset: Point(x: 0, y: 0)),
                       Rect(x: 100, y: 95, width: 40, height: 10))
        // A pin there: left out, unless it may overlap; a point outside the area never shows.
        let pin = Rect(x: 90, y: 90, width: 20, height: 20)
        XCTAssertEqual(place([label("a", at: (100, 100))], obstacles: [pin]).count, 0)
        XCTAssertEqual(place([label("a", at: (100, 100), overlaps: true), label("b", at: (100, 100), overlaps: true)], obstacles: [pin]).count, 2)
        XCTAssertEqual(place([label("a", at: (-5, 100))]).count, 0)
        // A point in two tiles' buffers: once, even where labels may overlap.
        XCTAssertEqual(place([label("a", at: (100, 100), overlaps: true), label("a", at: (100, 100), overlaps: true)]).count, 1)
    }

    func testALineLabelReadsLeftToRightAlongAStraightStretch() throws {
        // Drawn right to left, rising 45°: turned to read left to right, falling as seen.
        let placed = place([label("Bulevardi", line: [(300, 100), (200, 200), (100, 300)])])
        XCTAssertEqual(placed.count, 1)
        XCTAssertEqual(placed[0].center.x, 200, accuracy: 1e-9)
        XCTAssertEqual(placed[0].center.y, 200, accuracy: 1e-9)
        XCTAssertEqual(placed[0].angle, -Double.pi / 4, accuracy: 1e-9)
        // Its room: a chain of 4 circles along it (40 wide, 10 high), 7 points round.
        XCTAssertEqual(placed[0].shapes.count, 4)
        guard case .circle(let c, let r) = placed[0].shapes[0] else { return XCTFail() }
        XCTAssertEqual(r, 7)
        XCTAssertEqual(c.x, 200 - 15 * cos(.pi / 4), accuracy: 1e-9)
        XCTAssertEqual(c.y, 200 + 15 * sin(.pi / 4), accuracy: 1e-9)
    }

    func testABendLineTooShortOrTooCrookedIsNotNamed() {
        // A right angle with legs shorter than the 40-point text: it cannot lie straight on it.
        XCTAssertEqual(place([label("Kulma", line: [(100, 100), (130, 100), (130, 130)])]).count, 0)
        // With a leg long enough, on that leg, clear of the corner.
        let leg = place([label("Kulma", line: [(100, 100), (150, 100), (150, 120)])])
        XCTAssertEqual(leg.map(\.center), [Point(x: 125, y: 100)])  // 10 points from the middle, 35 along
        // A line shorter than the text and its padding.
        XCTAssertEqual(place([label("Lyhyt", line: [(100, 100), (143, 100)])]).count, 0)
        // A gentle bend within a quarter of the text's height of straight: named.
        XCTAssertEqual(place([label("Kaari", line: [(100, 100), (150, 102), (200, 100)])]).count, 1)
    }

    func testALongStreetIsNamedEverySpacingButNotRepeatedNearby() {
        // 1000 points long: the middle, then the first places 250 either side (tried 10 points apart).
        let long = place([label("Pitkä", line: [(0, 500), (1000, 500)])])
        XCTAssertEqual(long.map(\.center.x), [500, 250, 750])
        // Something at the middle: the nearest free stretch, and from there on 250 apart.
        XCTAssertEqual(place([label("Pitkä", line: [(0, 500), (1000, 500)])], obstacles: [Rect(x: 495, y: 495, width: 10, height: 10)])
            .map(\.center.x), [470, 720, 220, 970])
        // The same name cut at a tile edge: the second piece is within 250 points of the first label.
        let cut = place([label("Katu", line: [(100, 100), (200, 100)]), label("Katu", line: [(200, 100), (300, 100)])])
        XCTAssertEqual(cut.count, 1)
        // Another layer's same text is another label.
        XCTAssertEqual(place([label("Katu", line: [(100, 100), (200, 100)]), label("Katu", layer: 1, line: [(100, 300), (200, 300)])]).count, 2)
    }

    /// The names of the shipped Helsinki tiles at zoom 16, placed as the map places them: many,
    /// street names among them turned along their streets, none overlapping another.
    func testTheNamesOfHelsinkiDoNotOverlap() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..")
        let archive = try PMTilesArchive(contentsOf: root.appendingPathComponent("data/vector/helsinki.pmtiles"))
        let style = try MapStyle(json: Array(try Data(contentsOf: root.appendingPathComponent("data/styles/openmaptiles-light.json"))))
        var labels: [MapLabel] = []
        for tileID in [9326, 9327].flatMap({ x in [4741, 4742].map { TileID(zoom: 14, x: x, y: $0) } }) {
            guard let bytes = try archive.tileData(for: tileID) else { continue }
            labels += MapLabel.labels(in: try VectorTile(data: Data(bytes)), tileID: tileID, style: style, mapZoom: 16)
        }
        let viewport = Viewport(center: Coordinate(latitude: 60.1690, longitude: 24.9410), zoom: 16,
                                size: Size(width: 1200, height: 900))
        var taken = CollisionGrid(area: viewport.bounds)
        let placed = MapLabelPlacer.place(labels, screenPoint: viewport.screenPoint(for:), area: viewport.bounds, taken: &taken) { i in
            Size(width: Double(labels[i].text.count) * labels[i].size * 0.55, height: labels[i].size * 1.25)
        }
        XCTAssertGreaterThan(placed.count, 100)
        XCTAssertGreaterThan(placed.filter { $0.angle != 0 && labels[$0.index].line.count > 0 }.count, 5, "street names turned along streets")
        XCTAssertTrue(placed.contains { labels[$0.index].text == "Mannerheimintie" })
        for (i, a) in placed.enumerated() {
            for b in placed[(i + 1)...] where !labels[a.index].allowsOverlap && !labels[b.index].allowsOverlap {
                XCTAssertFalse(a.shapes.contains { s in b.shapes.contains { s.overlaps($0) } },
                               "\(labels[a.index].text) overlaps \(labels[b.index].text)")
            }
        }
    }
}
