import CCalloutMapGtk
import CalloutMapCore
@testable import CalloutMapWidget
import Foundation
import XCTest

/// Pixels of a vector tile drawn with a style: the GDAL-made Helsinki fixture (a café, streets,
/// a park with a hole) at 256 points, where a tile coordinate is 1/16 of a point.
final class VectorTilePainterTests: XCTestCase {
    static let tile = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../CoreTests/Fixtures/vector/helsinki-14-9326-4742.pbf")

    static let style = #"""
    {"version": 8, "sources": {"t": {"type": "vector", "url": "mbtiles:///x"}}, "layers": [
      {"id": "bg", "type": "background", "paint": {"background-color": "#ffffff"}},
      {"id": "park", "type": "fill", "source": "t", "source-layer": "places", "filter": ["==", "class", "park"],
       "paint": {"fill-color": "#00ff00"}},
      {"id": "blocks", "type": "fill", "source": "t", "source-layer": "places", "filter": ["==", "class", "building"],
       "paint": {"fill-color": "#000000", "fill-opacity": 0}},
      {"id": "street", "type": "line", "source": "t", "source-layer": "places", "filter": ["==", ["get", "class"], "secondary"],
       "paint": {"line-color": "#ff0000", "line-width": 4}},
      {"id": "cafe", "type": "circle", "source": "t", "source-layer": "places", "filter": ["==", ["get", "name"], "Café Ekberg"],
       "paint": {"circle-color": "#0000ff", "circle-radius": 6}},
      {"id": "hidden", "type": "line", "source": "t", "source-layer": "places", "minzoom": 15, "paint": {"line-color": "#000", "line-width": 30}}
    ]}
    """#

    /// A new image of `side` pixels with the tile painted over its whole; the caller destroys it.
    static func painted(_ tile: VectorTile, style: MapStyle, zoom: Double, side: Int) -> OpaquePointer {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(side), Int32(side))!
        let cr = cairo_create(surface)!
        VectorTilePainter(style: style).paint(tile, mapZoom: zoom, into: cr, side: Double(side))
        cairo_destroy(cr)
        cairo_surface_flush(surface)
        return surface
    }

    func testATileIsDrawnAsItsStyleSays() throws {
        let tile = try VectorTile(data: Data(contentsOf: Self.tile))
        let style = try MapStyle(json: Array(Self.style.utf8))
        XCTAssertEqual(style.notes, [])
        let surface = Self.painted(tile, style: style, zoom: 14, side: 256)
        defer { cairo_surface_destroy(surface) }
        let data = cairo_image_surface_get_data(surface)!, stride = Int(cairo_image_surface_get_stride(surface))
        func rgb(_ x: Int, _ y: Int) -> [UInt8] {
            let p = data + y * stride + x * 4  // BGRA in memory (little-endian ARGB32)
            return [p[2], p[1], p[0]]
        }
        let white: [UInt8] = [255, 255, 255], green: [UInt8] = [0, 255, 0], red: [UInt8] = [255, 0, 0], blue: [UInt8] = [0, 0, 255]
        XCTAssertEqual(rgb(128, 128), blue, "the café's circle at the tile's centre (2048, 2048)")
        XCTAssertEqual(rgb(128, 136), white, "past its radius of 6")
        XCTAssertEqual(rgb(160, 160), green, "inside the park")
        XCTAssertEqual(rgb(186, 183), white, "the park's hole stays a hole")
        XCTAssertEqual(rgb(52, 195), red, "on Bulevardi, halfway along its first stretch")
        XCTAssertEqual(rgb(52, 200), white, "beside it: the line is 4 points wide")
        XCTAssertEqual(rgb(45, 115), white, "the blocks' fill is fully transparent")
        XCTAssertEqual(rgb(35, 101), white, "the benches: no layer draws them")
        XCTAssertEqual(rgb(5, 5), white, "the layer from zoom 15 is not drawn at 14")
    }

    /// Inside its area, a vector map's tile with an opaque background hides the offline map (it
    /// is not drawn under it); at the area's edge, without a background, or before the tile has
    /// landed, it does not.
    func testATileInsideTheMapsAreaHidesWhatIsUnder() throws { try MainActor.assumeIsolated {
        let url = DataDirectory.locate()!.appendingPathComponent("vector/helsinki.pmtiles")
        let archive = try PMTilesArchive(contentsOf: url)
        let source = try VectorTileSource.withBuiltInStyles(archive, location: url.path, scale: 1)
        let bounds = try XCTUnwrap(source.bounds)
        func tile(_ latitude: Double, _ longitude: Double, zoom: Int) -> TileID {
            let p = WebMercator.worldPoint(for: Coordinate(latitude: latitude, longitude: longitude)), n = Double(1 << zoom)
            return TileID(zoom: zoom, x: Int(p.x * n), y: Int(p.y * n))
        }
        let inside = tile(60.1686, 24.9446, zoom: 17)
        XCTAssertTrue(source.coversWholly(inside, dark: false))
        XCTAssertTrue(source.coversWholly(inside, dark: true))
        XCTAssertFalse(source.coversWholly(tile(bounds.north, bounds.west, zoom: 17), dark: false), "the area's corner")
        XCTAssertFalse(source.coversWholly(tile(60.1686, 24.9446, zoom: 10), dark: false), "a tile larger than the area")
        // Only what of a tile is in view counts: the corner tile with the view inside the area
        // hides what is under; with the view reaching past the area, it does not.
        let corner = tile(bounds.north, bounds.west, zoom: 17)
        let cornerBox = GeoBounds(corner)
        let viewInside = try XCTUnwrap(GeoBounds(west: bounds.west + 1e-5, south: cornerBox.south, east: cornerBox.east + 0.01, north: bounds.north - 1e-5))
        XCTAssertTrue(source.coversWholly(corner, within: viewInside, dark: false))
        let viewPast = try XCTUnwrap(GeoBounds(west: bounds.west - 0.001, south: cornerBox.south, east: cornerBox.east, north: bounds.north))
        XCTAssertFalse(source.coversWholly(corner, within: viewPast, dark: false))
        XCTAssertTrue(source.coversWholly(tile(60.1686, 24.9446, zoom: 10), within: viewInside, dark: false), "a large tile, seen inside")
        let bare = VectorTileSource(archive: archive, style: try MapStyle(json: Array(#"{"version": 8, "sources": {}, "layers": []}"#.utf8)))
        XCTAssertFalse(bare.coversWholly(inside, dark: false), "no background")

        let layer = RasterTileLayer(source: source)
        XCTAssertFalse(layer.coversWholly(inside), "not landed yet")
        XCTAssertTrue(layer.willCoverWholly(inside), "once it lands")
        XCTAssertFalse(layer.willCoverWholly(tile(bounds.north, bounds.west, zoom: 17)), "the area's corner")
        XCTAssertEqual(layer.preload([inside], timeout: 10), 0)
        XCTAssertTrue(layer.coversWholly(inside))
        layer.opacity = 0.5
        XCTAssertFalse(layer.coversWholly(inside), "half see-through")
        XCTAssertFalse(layer.willCoverWholly(inside))
    } }

    /// A window's frame (a tile budget) inside the vector map's area makes no offline-map tile,
    /// neither for the view nor ahead of a pan: the vector map hides them all. Past its east
    /// edge, the tiles there and a margin ahead are made (on another core).
    func testNoOfflineMapIsMadeAheadUnderTheVectorMap() throws { try MainActor.assumeIsolated {
        let url = DataDirectory.locate()!.appendingPathComponent("vector/helsinki.pmtiles")
        let layer = RasterTileLayer(source: try VectorTileSource.withBuiltInStyles(try PMTilesArchive(contentsOf: url), location: url.path, scale: 1))
        let tiles = TileCache(renderer: TileRenderer(basemap: RenderedMap.basemap))
        var scene = MapScene(viewport: Viewport(center: Coordinate(latitude: 60.1700, longitude: 24.9445), zoom: 16, size: Size(width: 200, height: 200)),
                             style: .light, scale: 1, tiles: tiles)
        scene.tileLayers = [layer]
        scene.tileBudget = 1000
        layer.loadAll(covering: scene.viewport.growing(by: 400), scale: 1, timeout: 20)
        _ = RenderedMap(scene: scene)
        XCTAssertFalse(tiles.hasTilesComing, "nothing to draw ahead")
        XCTAssertEqual(tiles.rendered, 0)

        scene.viewport = Viewport(center: Coordinate(latitude: 60.1700, longitude: 24.9545), zoom: 16, size: Size(width: 200, height: 200))
        layer.loadAll(covering: scene.viewport.growing(by: 400), scale: 1, timeout: 20)
        _ = RenderedMap(scene: scene)
        let deadline = Date().addingTimeInterval(20)
        while tiles.hasTilesComing, Date() < deadline { usleep(2_000); tiles.takeArrivals() }
        // The view (200 points, 50 past the edge) shows 2 tiles of a column east of the edge; a
        // margin of 128 ahead reaches 3 columns of 3: the western one lies under the vector map.
        XCTAssertEqual(scene.viewport.visibleTiles().count, 2)
        XCTAssertEqual(scene.viewport.growing(by: 128).visibleTiles().count, 9)
        XCTAssertEqual(tiles.rendered, 6, "the offline map past the vector map's edge, not under it")
    } }
}
