import CCalloutMapGtk
import CalloutMapCore
import CalloutMapGtk
@testable import CalloutMapWidget
import XCTest

/// Tile layers in the widget: tiles land and are drawn, a source that fails or hands out
/// bytes that are not images leaves the basemap showing, and switching sources keeps the
/// pins, the selection and its callout.
final class TileLayerTests: XCTestCase {
    override func setUpWithError() throws {
        try XCTSkipUnless(MainActor.assumeIsolated { GtkTestSupport.hasDisplay }, "needs a display")
    }

    /// A source made in memory: a solid PNG per tile, or a failure or garbage for chosen tiles.
    final class MemorySource: TileSource, @unchecked Sendable {
        let name = "memory"
        let attribution: String? = "© Memory"
        let zoomRange = 0...19
        let tileSize = 256
        let png: [UInt8]
        let garbage: Set<Int>  // tiles whose x is here get bytes that are not an image
        let failing: Set<Int>  // tiles whose x is here fail
        let bounds: GeoBounds?
        private let lock = NSLock()
        private var asked: [TileID] = []
        var requested: [TileID] { lock.withLock { asked } }
        init(png: [UInt8], garbage: Set<Int> = [], failing: Set<Int> = [], bounds: GeoBounds? = nil) {
            self.png = png
            self.garbage = garbage
            self.failing = failing
            self.bounds = bounds
        }
        func tileData(for tile: TileID) async throws -> [UInt8]? {
            lock.withLock { asked.append(tile) }
            if failing.contains(tile.x % 4) { throw TileSourceError(source: name, reason: "tile \(tile) failed") }
            if garbage.contains(tile.x % 4) { return Array("<html>not found</html>".utf8) }
            return png
        }
    }

    @MainActor static func solidPNG(_ r: Double, _ g: Double, _ b: Double) -> [UInt8] {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 256, 256)!
        defer { cairo_surface_destroy(surface) }
        let cr = cairo_create(surface)!
        cairo_set_source_rgb(cr, r, g, b)
        cairo_paint(cr)
        cairo_destroy(cr)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("cm-solid-\(getpid()).png").path
        cairo_surface_write_to_png(surface, path)
        defer { try? FileManager.default.removeItem(atPath: path) }
        return [UInt8]((try? Data(contentsOf: URL(fileURLWithPath: path))) ?? Data())
    }

    func testTilesLandFailuresLeaveTheBasemapAndSwitchingKeepsTheCallout() {
        MainActor.assumeIsolated {
            let (window, map, log, pin) = calloutMap(.standard)
            defer { gtk_window_destroy(cm_window(window)) }
            map.selectAnnotation(pin, animated: false)
            GtkTestSupport.spin(0.2)
            let bubble = map.callouts.bubbleWidget

            let red = RasterTileLayer(source: MemorySource(png: Self.solidPNG(1, 0, 0), garbage: [1], failing: [2]))
            map.tileLayers = [red]
            XCTAssertTrue(MainLoop.iterate(until: { red.cachedTileCount > 0 && red.loadingTileCount == 0 }, timeout: 5), "tiles land")
            GtkTestSupport.spin(0.2)
            XCTAssertGreaterThan(red.failures, 0, "garbage and failures are counted")
            XCTAssertNotNil(red.firstError)
            let shown = map.viewport.visibleTiles().map(\.tile)
            func tile(_ column: Int) -> TileID { shown.first { $0.x % 4 == column }! }
            XCTAssertNil(red.image(for: tile(1)), "bytes that are not an image: the basemap shows")
            XCTAssertNil(red.image(for: tile(2)), "a failed tile: the basemap shows")
            XCTAssertNotNil(red.image(for: tile(0)))

            let blue = RasterTileLayer(source: MemorySource(png: Self.solidPNG(0, 0, 1)))
            map.tileLayers = [blue]
            XCTAssertTrue(MainLoop.iterate(until: { blue.cachedTileCount > 0 && blue.loadingTileCount == 0 }, timeout: 5))
            GtkTestSupport.spin(0.2)
            XCTAssertTrue(map.selectedAnnotation === pin, "the selection stays")
            XCTAssertTrue(map.callouts.bubbleWidget == bubble, "the same callout stays")
            XCTAssertEqual(map.annotations.count, 1, "the pins stay")
            XCTAssertEqual(log.lines, ["select", "shown"])
            map.tileLayers = []
            GtkTestSupport.spin(0.1)
            XCTAssertTrue(map.callouts.bubbleWidget == bubble)
        }
    }

    /// A source with bounds (MBTiles' metadata) is asked only for tiles that touch them.
    func testTilesOutsideASourcesBoundsAreNotAskedFor() {
        MainActor.assumeIsolated {
            let bay = GeoBounds(west: -123, south: 37, east: -121.5, north: 38.5)!
            let source = MemorySource(png: Self.solidPNG(0, 0.5, 0), bounds: bay)
            let layer = RasterTileLayer(source: source)
            let world = Viewport(center: Coordinate(latitude: 20, longitude: -20), zoom: 3, size: Size(width: 1024, height: 768))
            layer.loadAll(covering: world, scale: 1, timeout: 10)
            XCTAssertEqual(source.requested.map(\.description), ["3/1/3"], "of the whole world in view, only the tile holding the Bay")
            XCTAssertFalse(bay.intersects(TileID(zoom: 3, x: 4, y: 3)))
            XCTAssertTrue(GeoBounds(west: 170, south: -50, east: -170, north: -10)!.intersects(TileID(zoom: 2, x: 0, y: 2)),
                          "bounds across the antimeridian")
            XCTAssertNil(GeoBounds(west: 0, south: 10, east: 1, north: 5), "south of north is no box")
        }
    }

    func testTheMemoryBudgetHoldsWhilePanningFarAndTheLayerIsReleased() {
        MainActor.assumeIsolated {
            let (window, map) = GtkTestSupport.mapWindow()
            defer { gtk_window_destroy(cm_window(window)) }
            weak var weakLayer: RasterTileLayer?
            do {
                let layer = RasterTileLayer(source: MemorySource(png: Self.solidPNG(0, 1, 0)), byteBudget: 4 << 20)
                weakLayer = layer
                map.tileLayers = [layer]
                for _ in 0..<40 {
                    map.pan(by: Point(x: 400, y: 0))
                    GtkTestSupport.spin(0.05)
                }
                XCTAssertLessThanOrEqual(layer.cachedTileCount * 256 * 256 * 4, 5 << 20, "within the budget (one tile over at most)")
                map.tileLayers = []
            }
            GtkTestSupport.spin(0.3)
            XCTAssertNil(weakLayer, "a layer taken off the map is freed, its loads with it")
        }
    }

    /// A window's frame over a vector map loads its tiles a margin ahead of the view, quietly:
    /// their landing does not draw the map again (the revision counts only the tiles shown), and
    /// a frame panned there finds them held, loading none.
    /// Central Helsinki's vector map at zoom 15 in a 300 × 200 view (3 by 2 of its tiles), its
    /// layer keeping `tiles` of them at most.
    @MainActor private static func helsinkiScene(holding tiles: Int? = nil) throws -> (MapScene, RasterTileLayer) {
        let url = DataDirectory.locate()!.appendingPathComponent("vector/helsinki.pmtiles")
        let source = try VectorTileSource.withBuiltInStyles(try PMTilesArchive(contentsOf: url), location: url.path, scale: 1)
        let layer = tiles.map { RasterTileLayer(source: source, byteBudget: $0 * source.tileSize * source.tileSize * 4) }
            ?? RasterTileLayer(source: source)
        var scene = MapScene(viewport: Viewport(center: Coordinate(latitude: 60.1700, longitude: 24.9445), zoom: 15, size: Size(width: 300, height: 200)),
                             style: .light, scale: 1, tiles: TileCache(renderer: TileRenderer(basemap: GtkTestSupport.basemap)))
        scene.tileLayers = [layer]
        scene.tileBudget = 1000
        return (scene, layer)
    }

    @MainActor private static func frame(_ scene: MapScene) {
        let snapshot = gtk_snapshot_new()!
        scene.append(to: snapshot)
        if let node = gtk_snapshot_free_to_node(snapshot) { gsk_render_node_unref(node) }
    }

    /// Tiles ahead would push out those shown: none is loaded ahead (counted in the source's tiles).
    func testAVectorMapLoadsNothingAheadThatItsCacheCouldNotHoldBesideTheView() throws {
        try MainActor.assumeIsolated {
            let (scene, layer) = try Self.helsinkiScene(holding: 8)
            Self.frame(scene)
            XCTAssertTrue(MainLoop.iterate(until: { layer.loadingTileCount == 0 }, timeout: 10))
            XCTAssertEqual(layer.cachedTileCount, 6, "the view's 3 by 2 tiles; 9 with the margin would not fit in 8")
        }
    }

    func testAVectorMapLoadsItsTilesAMarginAheadQuietly() throws {
        try MainActor.assumeIsolated {
            var (scene, layer) = try Self.helsinkiScene()
            @MainActor func frame() { Self.frame(scene) }
            frame()
            XCTAssertTrue(MainLoop.iterate(until: { layer.loadingTileCount == 0 }, timeout: 10))
            let shown = layer.sourceTiles(for: scene.viewport.visibleTiles().map(\.tile))
            let reach = layer.sourceTiles(for: scene.viewport.growing(by: 128).visibleTiles().map(\.tile))
            XCTAssertEqual([shown.count, reach.count], [6, 9], "3 by 2 tiles in view, 3 by 3 a margin round it")
            XCTAssertEqual(layer.cachedTileCount, reach.count, "the view's tiles and those a margin ahead")
            XCTAssertEqual(layer.revision, shown.count, "only the tiles shown drew the map again")
            scene.viewport.pan(by: Point(x: 120, y: 100))
            frame()
            XCTAssertEqual(layer.loadingTileCount, layer.sourceTiles(for: scene.viewport.growing(by: 128).visibleTiles().map(\.tile)).count - reach.count,
                           "only the new margin loads")
        }
    }
}
