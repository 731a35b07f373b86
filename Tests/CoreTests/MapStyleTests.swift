@testable import CalloutMapCore
import Foundation
import XCTest

/// Reading a MapLibre style: its vector sources, the layers drawn, their properties compiled,
/// and one note for each kind of thing left out.
final class MapStyleTests: XCTestCase {
    static let style = #"""
    {
      "version": 8, "name": "Test",
      "sources": {
        "openmaptiles": {"type": "vector", "url": "pmtiles:///srv/helsinki.pmtiles", "maxzoom": 14, "attribution": "© OpenStreetMap contributors"},
        "local": {"type": "vector", "tiles": ["http://127.0.0.1:8080/{z}/{x}/{y}.pbf"], "minzoom": 2, "maxzoom": 12},
        "hillshade": {"type": "raster-dem", "url": "x"}
      },
      "glyphs": "https://example.org/{fontstack}/{range}.pbf",
      "layers": [
        {"id": "background", "type": "background", "paint": {"background-color": "#f8f4f0"}},
        {"id": "park", "type": "fill", "source": "openmaptiles", "source-layer": "park", "filter": ["==", "class", "park"],
         "paint": {"fill-color": {"stops": [[10, "#c8e6a0"], [16, "#a0d070"]]}, "fill-opacity": 0.8, "fill-pattern": "trees"}},
        {"id": "road", "type": "line", "source": "openmaptiles", "source-layer": "transportation", "minzoom": 12, "maxzoom": 18,
         "filter": ["all", ["==", ["geometry-type"], "LineString"], ["match", ["get", "class"], ["primary", "secondary"], true, false]],
         "layout": {"line-cap": "round", "line-join": "round"},
         "paint": {"line-width": ["interpolate", ["exponential", 1.5], ["zoom"], 12, 2, 18, 20], "line-color": "hsl(40, 90%, 70%)"}},
        {"id": "poi", "type": "symbol", "source": "openmaptiles", "source-layer": "poi",
         "layout": {"text-field": "{name:latin}\n{name:nonlatin}", "text-size": 12, "icon-image": "{class}_11", "visibility": "visible"},
         "paint": {"text-color": "#666", "text-halo-width": 1}},
        {"id": "hidden", "type": "circle", "source": "local", "source-layer": "points", "layout": {"visibility": "none"},
         "paint": {"circle-radius": ["get", "size"], "circle-color": ["number-format", 1, {}]}},
        {"id": "buildings-3d", "type": "fill-extrusion", "source": "openmaptiles", "source-layer": "building"},
        {"type": "line"}
      ]
    }
    """#

    func testAStyleIsReadAsFarAsItIsDrawn() throws {
        let style = try MapStyle(json: Array(Self.style.utf8))
        XCTAssertEqual(style.name, "Test")
        XCTAssertEqual(style.sources["openmaptiles"], MapStyle.Source(url: "pmtiles:///srv/helsinki.pmtiles", tiles: [], zoomRange: 0...14,
                                                                       attribution: "© OpenStreetMap contributors"))
        XCTAssertEqual(style.sources["local"]?.tiles, ["http://127.0.0.1:8080/{z}/{x}/{y}.pbf"])
        XCTAssertEqual(style.sources["local"]?.zoomRange, 2...12)
        XCTAssertEqual(style.layers.map(\.id), ["background", "park", "road", "poi", "hidden"])
        XCTAssertEqual(style.layers.map(\.type), [.background, .fill, .line, .symbol, .circle])
        XCTAssertEqual(style.notes, [
            "a layer without an id or a type is left out",
            "layers of type \"fill-extrusion\" are not drawn",
            "sources of type \"raster-dem\" are not drawn",
            "the expression \"number-format\" is not supported",
            "the layout property \"icon-image\" is not drawn",
            "the paint property \"fill-pattern\" is not drawn",
        ])
    }

    func testLayersDrawWhatTheirZoomsAndFiltersLetThrough() throws {
        let style = try MapStyle(json: Array(Self.style.utf8))
        let layers = Dictionary(uniqueKeysWithValues: style.layers.map { ($0.id, $0) })
        let park = StyleContext(zoom: 13, geometryType: "Polygon") { ["class": .string("park")][$0] }
        XCTAssertTrue(layers["park"]!.draws(park))
        XCTAssertEqual(layers["park"]!.value("fill-color", park), .color(StyleColor(css: "#c8e6a0")!.mixed(with: StyleColor(css: "#a0d070")!, 0.5)))
        XCTAssertEqual(layers["park"]!.value("fill-opacity", park), .number(0.8))
        XCTAssertNil(layers["park"]!.value("fill-outline-color", park))
        let primary = StyleContext(zoom: 13, geometryType: "LineString") { ["class": .string("primary")][$0] }
        let path = StyleContext(zoom: 13, geometryType: "LineString") { ["class": .string("path")][$0] }
        XCTAssertTrue(layers["road"]!.draws(primary))
        XCTAssertFalse(layers["road"]!.draws(path))
        XCTAssertFalse(layers["road"]!.draws(StyleContext(zoom: 11.9, geometryType: "LineString") { ["class": .string("primary")][$0] }))
        XCTAssertFalse(layers["road"]!.draws(StyleContext(zoom: 18, geometryType: "LineString") { ["class": .string("primary")][$0] }),
                       "maxzoom is not drawn")
        let t: Double = (pow(1.5, 1) - 1) / (pow(1.5, 6) - 1)  // zoom 13 of 12…18, base 1.5
        let width: Double = layers["road"]!.value("line-width", primary)?.number ?? 0
        XCTAssertEqual(width, 2 + 18 * t, accuracy: 1e-9)
        XCTAssertEqual(layers["road"]!.value("line-cap", primary), .string("round"))
        XCTAssertFalse(layers["hidden"]!.draws(primary), "visibility none")
        let kiasma = StyleContext(zoom: 15) { ["name:latin": .string("Kiasma")][$0] }
        XCTAssertEqual(layers["poi"]!.value("text-field", kiasma), .string("Kiasma\n"), "a token without a value is nothing")
    }

    func testADocumentThatIsNotAStyleIsRefusedWithTheReason() {
        func reason(_ text: String) -> String? {
            do { _ = try MapStyle(json: Array(text.utf8)); return nil } catch { return error.reason }
        }
        XCTAssertEqual(reason("[1]"), "is not a style (not a JSON object)")
        XCTAssertEqual(reason(#"{"version": 8}"#), "is not a style (it has no \"layers\")")
        XCTAssertTrue(reason(#"{"layers": [}"#)?.hasPrefix("is not JSON") ?? false)
        XCTAssertNil(reason(#"{"version": 8, "layers": []}"#))
    }
}
