import CalloutMapCore
import Foundation
import XCTest

/// Lines and polygons from GeoJSON: every valid file of geojsonhint's corpus, holes, parts,
/// simplestyle, and what is refused.
final class ShapeLoadingTests: XCTestCase {
    func load(_ text: String) -> LoadedPlaces {
        GeoJSONLoader.load(data: Data(text.utf8), file: "shapes.geojson")
    }

    func feature(_ geometry: String, _ properties: String = "{}") -> String {
        #"{"type":"Feature","geometry":\#(geometry),"properties":\#(properties)}"#
    }

    func collection(_ features: String...) -> String {
        #"{"type":"FeatureCollection","features":[\#(features.joined(separator: ","))]}"#
    }

    /// Every valid file of mapbox/geojsonhint's test corpus loads with no problem: its pins and
    /// its shapes, of the kind each geometry is.
    func testEveryValidFileOfGeojsonhintsCorpusLoadsSilently() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/geojsonhint")
        let expected: [String: (pins: Int, overlays: [String])] = [
            "good-feature-with-id.geojson": (1, []),
            "good-feature-with-string-id.geojson": (1, []),
            "good-feature.geojson": (1, []),
            "good-featurecollection-bbox.geojson": (2, []),
            "good-featurecollection-bbox3d.geojson": (2, []),
            "good-featurecollection-extensions.geojson": (1, ["Polyline", "Polygon"]),
            "good-featurecollection.geojson": (1, ["Polyline", "Polygon"]),
            "good-geometrycollection.geojson": (1, ["Polyline"]),
            "good-linestring.geojson": (0, ["Polyline"]),
            "good-multilinestring.geojson": (0, ["MultiPolyline"]),
            "good-multipoint.geojson": (1, []),
            "good-point-3d.geojson": (1, []),
            "good-point.geojson": (1, []),
            "good-polygon.geojson": (0, ["Polygon"]),
            "issue82.geojson": (0, ["MultiPolygon"]),
            "multipolygon.geojson": (0, ["MultiPolygon"]),
            "nullgeometry.geojson": (0, []),
            "nullproperties.geojson": (1, []),
        ]
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".geojson") }
        XCTAssertEqual(Set(files), Set(expected.keys), "the corpus's 18 valid files")
        for name in files {
            let r = GeoJSONLoader.load(contentsOf: folder.appendingPathComponent(name))
            XCTAssertEqual(r.problems, [], name)
            XCTAssertEqual(r.annotations.count, expected[name]?.pins, name)
            XCTAssertEqual(r.overlays.map { "\(type(of: $0))" }, expected[name]?.overlays, name)
        }
    }

    func testPolygonsKeepTheirHolesAndMultiPolygonsTheirParts() throws {
        let park = #"{"type":"Polygon","coordinates":[[[0,0],[4,0],[4,4],[0,4],[0,0]],[[1,1],[2,1],[2,2],[1,2],[1,1]]]}"#
        let islands = #"{"type":"MultiPolygon","coordinates":[[[[10,10],[12,10],[12,12],[10,10]]],[[[11,10],[13,10],[13,12],[11,10]]]]}"#
        let r = load(collection(feature(park, #"{"name":"Lakeside Park","kind":"park"}"#), feature(islands, #"{"title":"Islands"}"#)))
        XCTAssertEqual(r.problems, [])
        let polygon = try XCTUnwrap(r.overlays.first as? Polygon)
        XCTAssertEqual(polygon.title, "Lakeside Park")
        XCTAssertEqual(polygon.properties["kind"], "park")
        XCTAssertEqual(polygon.exterior.count, 5)
        XCTAssertEqual(polygon.holes.map(\.count), [5])
        let multi = try XCTUnwrap(r.overlays.last as? MultiPolygon)
        XCTAssertEqual(multi.polygons.count, 2)
        XCTAssertEqual(multi.boundingRegion, GeoBounds(west: 10, south: 10, east: 13, north: 12))
    }

    func testLinesAndMultiLinesWithTheirTitles() throws {
        let r = load(collection(feature(#"{"type":"LineString","coordinates":[[-122.4,37.8],[-122.3,37.8,12]]}"#, #"{"name":"Harbor Trail"}"#),
                                feature(#"{"type":"MultiLineString","coordinates":[[[0,0],[1,0]],[[0,1],[1,1],[2,1]]]}"#, #"{"name":"Route 7","operator":"Muni"}"#)))
        XCTAssertEqual(r.problems, [])
        XCTAssertEqual(r.overlays.map(\.title), ["Harbor Trail", "Route 7"])
        XCTAssertEqual((r.overlays.first as? Polyline)?.coordinates.count, 2, "altitude ignored")
        XCTAssertEqual((r.overlays.last as? MultiPolyline)?.lines.map(\.count), [2, 3])
        XCTAssertEqual(r.overlays.last?.subtitle, "operator: Muni")
    }

    func testSimplestyleStylesShapesAndABadValueIsANoteNamingTheFeature() throws {
        let r = load(collection(
            feature(#"{"type":"LineString","coordinates":[[0,0],[1,1]]}"#, ##"{"stroke":"#f00","stroke-width":6,"stroke-opacity":0.5}"##),
            feature(#"{"type":"Polygon","coordinates":[[[0,0],[1,0],[1,1],[0,0]]]}"#, ##"{"fill":"#00ff00","fill-opacity":"0.1","stroke-width":"wide"}"##),
            feature(#"{"type":"LineString","coordinates":[[0,0],[1,1]]}"#),
            feature(#"{"type":"Point","coordinates":[0,0]}"#, #"{"stroke":"red"}"#)))
        let line = try XCTUnwrap(r.overlays[0].style)
        XCTAssertEqual(line.strokeColor, RGBA(0xFF0000))
        XCTAssertEqual(line.lineWidth, 6)
        XCTAssertEqual(line.strokeOpacity, 0.5)
        let area = try XCTUnwrap(r.overlays[1].style)
        XCTAssertEqual(area.fillColor, RGBA(0x00FF00))
        XCTAssertEqual(area.fillOpacity, 0.1)
        XCTAssertEqual(area.lineWidth, OverlayStyle.areaDefault.lineWidth, "the bad width left at the default")
        XCTAssertNil(r.overlays[2].style, "no simplestyle: the map's default")
        XCTAssertEqual(r.problems.map(\.description), ["shapes.geojson: feature 1: has stroke-width \"wide\", not a number from 0 to 100; ignored"],
                       "a pin's stroke is not read (pins are not stroked)")
        XCTAssertEqual(r.problems.map(\.severity), [.adjusted])
        XCTAssertEqual(RGBA(cssHex: "#ABC"), RGBA(0xAABBCC))
        XCTAssertNil(RGBA(cssHex: "#abcd"))
        XCTAssertNil(RGBA(cssHex: "red"))
    }

    func testBadShapesAreSkippedByNameAndTheRestLoad() {
        let r = load(collection(
            feature(#"{"type":"LineString","coordinates":[[0,0]]}"#),
            feature(#"{"type":"Polygon","coordinates":[[[0,0],[1,1],[0,0]]]}"#),
            feature(#"{"type":"Polygon","coordinates":[[0,0],[1,1],[0,1]]}"#),
            feature(#"{"type":"MultiPolygon","coordinates":[]}"#),
            feature(#"{"type":"LineString","coordinates":[[0,0],[1,1]]}"#, #"{"name":"fine"}"#),
            feature(#"{"type":"GeometryCollection","geometries":[{"type":"Point","coordinates":[5,5]},{"type":"LineString","coordinates":[[0,0]]}]}"#),
            feature(#"{"type":"Circle","coordinates":[0,0]}"#)))
        XCTAssertEqual(r.overlays.map(\.title), ["fine"])
        XCTAssertEqual(r.annotations.count, 1, "the collection's point")
        XCTAssertEqual(r.problems.map(\.description), [
            "shapes.geojson: feature 0: is a LineString with a line of fewer than 2 positions; skipped",
            "shapes.geojson: feature 1: is a Polygon with a ring of fewer than 4 positions; skipped",
            "shapes.geojson: feature 2: is a Polygon without rings of positions; skipped",
            "shapes.geojson: feature 3: is a MultiPolygon with no polygons; skipped",
            "shapes.geojson: feature 5: has a member that is a LineString with a line of fewer than 2 positions; left out",
            "shapes.geojson: feature 6: is a Circle, not a GeoJSON geometry; skipped",
        ])
    }

    func testASequenceCarriesShapesToo() {
        let text = [feature(#"{"type":"LineString","coordinates":[[0,0],[1,1]]}"#, #"{"name":"a"}"#),
                    feature(#"{"type":"Point","coordinates":[0,0]}"#, #"{"name":"b"}"#)].joined(separator: "\n") + "\n"
        let r = load(text)
        XCTAssertEqual(r.overlays.map(\.title), ["a"])
        XCTAssertEqual(r.annotations.map(\.title), ["b"])
        XCTAssertEqual(r.problems, [])
    }
}
