import CCalloutMapGtk
import CalloutMapCore
import CalloutMapWidget
import XCTest

/// A frame that runs out of time for new tiles shows a cached ancestor, scaled, instead of a
/// hole, and has them drawn on another core.
final class TileBudgetTests: XCTestCase {
    /// Tiles drawn together on every core are the tiles drawn one by one, byte for byte; a
    /// tile already held is not drawn again.
    func testTilesPreparedTogetherAreTheTilesDrawnOneByOne() {
        MainActor.assumeIsolated {
            let together = TileCache(renderer: TileRenderer(basemap: RenderedMap.basemap))
            let oneByOne = TileCache(renderer: TileRenderer(basemap: RenderedMap.basemap))
            let placements = Viewport(center: downtown, zoom: 12, size: Size(width: 800, height: 600)).visibleTiles(deviceScale: 2)
            let ids = placements.map(\.tile)
            XCTAssertGreaterThan(ids.count, 6)
            together.prepare(ids, style: .light, scale: 2)
            XCTAssertEqual(together.rendered, ids.count)
            together.prepare(ids, style: .light, scale: 2)
            XCTAssertEqual(together.rendered, ids.count, "held tiles are not drawn again")
            for id in ids {
                let a = together.cachedSurface(for: id, style: .light, scale: 2)!
                let b = oneByOne.surface(for: id, style: .light, scale: 2)
                let bytes = Int(cairo_image_surface_get_stride(a)) * Int(cairo_image_surface_get_height(a))
                XCTAssertEqual(cairo_image_surface_get_width(a), cairo_image_surface_get_width(b))
                XCTAssertEqual(memcmp(cairo_image_surface_get_data(a), cairo_image_surface_get_data(b), bytes), 0, "\(id)")
            }
        }
    }

    /// Tiles started on another core and taken by the next `prepare` are the tiles drawn one by
    /// one, each drawn once; tiles the batch did not cover are drawn then too.
    func testTilesStartedOnAnotherCoreAreTakenByTheNextPrepare() {
        MainActor.assumeIsolated {
            let started = TileCache(renderer: TileRenderer(basemap: RenderedMap.basemap))
            let oneByOne = TileCache(renderer: TileRenderer(basemap: RenderedMap.basemap))
            let ids = Viewport(center: downtown, zoom: 12, size: Size(width: 800, height: 600)).visibleTiles(deviceScale: 1).map(\.tile)
            let wider = Viewport(center: downtown, zoom: 12, size: Size(width: 1300, height: 900)).visibleTiles(deviceScale: 1).map(\.tile)
            XCTAssertGreaterThan(Set(wider).subtracting(ids).count, 2)
            started.startPreparing(ids, style: .light, scale: 1)
            started.startPreparing(wider, style: .light, scale: 1)  // one batch at a time: ignored
            XCTAssertEqual(started.rendered, 0, "nothing is kept before prepare takes the batch")
            started.prepare(wider, style: .light, scale: 1)
            XCTAssertEqual(started.rendered, Set(wider).count, "the batch's tiles and the rest, each drawn once")
            started.startPreparing(wider, style: .light, scale: 1)  // all held: no batch
            started.prepare(wider, style: .light, scale: 1)
            XCTAssertEqual(started.rendered, Set(wider).count)
            for id in wider {
                let a = started.cachedSurface(for: id, style: .light, scale: 1)!
                let b = oneByOne.surface(for: id, style: .light, scale: 1)
                let bytes = Int(cairo_image_surface_get_stride(a)) * Int(cairo_image_surface_get_height(a))
                XCTAssertEqual(memcmp(cairo_image_surface_get_data(a), cairo_image_surface_get_data(b), bytes), 0, "\(id)")
            }
        }
    }

    /// A first frame starts its tiles before laying out the pins and ends with every tile held
    /// once, as drawing them in place did: the tiles started are the tiles the frame draws.
    func testAFirstFrameTakesItsTilesFromTheBatch() {
        MainActor.assumeIsolated {
            let tiles = TileCache(renderer: TileRenderer(basemap: RenderedMap.basemap))
            let size = Size(width: 640, height: 480)
            var scene = MapScene(viewport: Viewport(center: downtown, zoom: 13, size: size), style: .light, scale: 1, tiles: tiles)
            scene.annotationLayer = AnnotationLayer()
            scene.rendersTilesAhead = true
            XCTAssertTrue(append(scene))
            XCTAssertEqual(tiles.rendered, scene.viewport.visibleTiles(deviceScale: 1).count)
        }
    }

    /// A frame out of time for new tiles makes one (every frame makes progress), shows the rest
    /// as a cached ancestor, scaled, not a hole, and has them drawn on another core; when they
    /// come (`arrivals` changes: the kept image is drawn again) the next frame draws them, making none.
    func testStandInsFromAncestorsThenTheTilesFromAnotherCore() {
        MainActor.assumeIsolated {
            let tiles = TileCache(renderer: TileRenderer(basemap: RenderedMap.basemap))
            let size = Size(width: 512, height: 512)
            // Zoom 11 tiles are cached first, as after zooming in from there.
            let parent = MapScene(viewport: Viewport(center: downtown, zoom: 11, size: size), style: .light, scale: 1, tiles: tiles)
            XCTAssertTrue(append(parent))
            let cachedBefore = tiles.count, renderedBefore = tiles.rendered

            var scene = MapScene(viewport: Viewport(center: downtown, zoom: 12, size: size), style: .light, scale: 1, tiles: tiles)
            scene.tileBudget = 0
            XCTAssertTrue(append(scene), "nothing left for another frame to do: the tiles come by themselves")
            XCTAssertEqual(tiles.count, cachedBefore + 1, "one tile made in the frame, none past the budget")
            let standIn = RenderedMap(scene: scene)
            XCTAssertLessThan(standIn.color(at: scene.viewport.screenPoint(for: downtown)).distance(to: BasemapStyle.light.land), 3,
                              "downtown shows as land from the zoom-11 tile, not as a hole")
            XCTAssertTrue(tiles.hasTilesComing)

            let arrivals = tiles.arrivals
            takeEverything(tiles)
            XCTAssertEqual(tiles.arrivals, arrivals + 1, "the tiles stood in for came: the map is drawn again")
            let needed = scene.viewport.visibleTiles().map(\.tile)
            XCTAssertTrue(needed.allSatisfy { tiles.cachedSurface(for: $0, style: .light, scale: 1) != nil })
            let made = tiles.rendered
            XCTAssertGreaterThan(made, renderedBefore + needed.count - 1)
            XCTAssertTrue(append(scene))
            XCTAssertEqual(tiles.rendered, made, "the frame after draws what came and makes no tile")
        }
    }

    /// A frame with a budget (the window's) has the tiles a margin beyond what it drew made on
    /// another core, where a pan goes next; their coming does not draw the map again. Each tile
    /// is the tile drawn in place, byte for byte.
    func testTilesAMarginAheadAreDrawnOnAnotherCoreWithoutDrawingTheMapAgain() {
        MainActor.assumeIsolated {
            let tiles = TileCache(renderer: TileRenderer(basemap: RenderedMap.basemap))
            let oneByOne = TileCache(renderer: TileRenderer(basemap: RenderedMap.basemap))
            var scene = MapScene(viewport: Viewport(center: downtown, zoom: 13, size: Size(width: 640, height: 480)),
                                 style: .light, scale: 1, tiles: tiles)
            scene.tileBudget = 1000
            XCTAssertTrue(append(scene))
            let shown = Set(scene.viewport.visibleTiles().map(\.tile))
            XCTAssertEqual(tiles.count, shown.count, "the frame drew its own tiles in place")
            let arrivals = tiles.arrivals
            takeEverything(tiles)
            XCTAssertEqual(tiles.arrivals, arrivals, "nothing shown was waiting: the map is not drawn again")
            let ahead = Set(scene.viewport.growing(by: 128).visibleTiles().map(\.tile)).subtracting(shown)
            XCTAssertGreaterThan(ahead.count, 6)
            XCTAssertEqual(tiles.count, shown.count + ahead.count)
            for id in ahead {
                let a = tiles.cachedSurface(for: id, style: .light, scale: 1)!
                let b = oneByOne.surface(for: id, style: .light, scale: 1)
                let bytes = Int(cairo_image_surface_get_stride(a)) * Int(cairo_image_surface_get_height(a))
                XCTAssertEqual(memcmp(cairo_image_surface_get_data(a), cairo_image_surface_get_data(b), bytes), 0, "\(id)")
            }
            // Panned by the margin, the frame finds every tile made: none is made in it.
            scene.viewport.pan(by: Point(x: 120, y: -120))
            let made = tiles.rendered
            XCTAssertTrue(append(scene))
            XCTAssertEqual(tiles.rendered, made)

            // A cache that could not hold the view's tiles and those ahead draws none ahead: they
            // would push out the tiles just drawn.
            let small = TileCache(renderer: TileRenderer(basemap: RenderedMap.basemap), byteBudget: (shown.count + ahead.count - 1) << 18)
            XCTAssertTrue(small.canHold(shown.count + ahead.count - 1, scale: 1))
            XCTAssertFalse(small.canHold(shown.count + ahead.count, scale: 1))
            XCTAssertFalse(small.canHold(shown.count, scale: 2))
            var tight = MapScene(viewport: scene.viewport, style: .light, scale: 1, tiles: small)
            tight.viewport.pan(by: Point(x: -120, y: 120))
            tight.tileBudget = 1000
            XCTAssertTrue(append(tight))
            XCTAssertFalse(small.hasTilesComing)

            // Nor while the zoom moves: the tiles of a passing zoom would not be shown.
            let moving = TileCache(renderer: TileRenderer(basemap: RenderedMap.basemap))
            var zooming = MapScene(viewport: scene.viewport, style: .light, scale: 1, tiles: moving)
            zooming.tileBudget = 1000
            zooming.zoomIsMoving = true
            XCTAssertTrue(append(zooming))
            XCTAssertFalse(moving.hasTilesComing)
            XCTAssertEqual(moving.count, Set(zooming.viewport.visibleTiles().map(\.tile)).count)
        }
    }

    /// At most two batches are under way (frames of a moving zoom would start one each); tiles
    /// shown past that wait, and the batches under way then draw the map again when they come,
    /// so the frame after starts the rest.
    func testAtMostTwoBatchesAreUnderWay() {
        MainActor.assumeIsolated {
            let tiles = TileCache(renderer: TileRenderer(basemap: RenderedMap.basemap))
            func row(_ y: Int) -> [TileID] { (0..<3).map { TileID(zoom: 10, x: 163 + $0, y: y) } }
            let arrivals = tiles.arrivals
            tiles.drawAhead(row(395), shown: true, style: .light, scale: 1)
            tiles.drawAhead(row(396), shown: false, style: .light, scale: 1)
            tiles.drawAhead(row(397), shown: true, style: .light, scale: 1)  // a third: waits
            takeEverything(tiles)
            XCTAssertEqual(tiles.rendered, 6)
            XCTAssertEqual(tiles.arrivals, arrivals + 1, "the first batch, shown, draws the map again (once): the waiting tiles start then")
            XCTAssertTrue(row(397).allSatisfy { tiles.cachedSurface(for: $0, style: .light, scale: 1) == nil })
            tiles.drawAhead(row(397), shown: true, style: .light, scale: 1)
            takeEverything(tiles)
            XCTAssertEqual(tiles.rendered, 9)
        }
    }

    /// The widget is told, on the main thread, when tiles drawn on another core can be taken.
    func testTheCacheTellsWhenTilesHaveCome() {
        MainActor.assumeIsolated {
            let tiles = TileCache(renderer: TileRenderer(basemap: RenderedMap.basemap))
            var told = 0
            tiles.onArrival = { told += 1 }
            let ids = Viewport(center: downtown, zoom: 12, size: Size(width: 300, height: 300)).visibleTiles().map(\.tile)
            tiles.drawAhead(ids, shown: true, style: .light, scale: 1)
            tiles.drawAhead(ids, shown: true, style: .light, scale: 1)  // all coming already: no second batch
            let deadline = Date().addingTimeInterval(20)
            while told == 0, Date() < deadline { RunLoop.main.run(until: Date().addingTimeInterval(0.01)) }
            XCTAssertEqual(told, 1)
            tiles.takeArrivals()
            XCTAssertFalse(tiles.hasTilesComing)
            XCTAssertEqual(tiles.rendered, Set(ids).count, "each tile drawn once")
        }
    }
}

/// Waits (at most 20 s) until every tile being drawn on another core has come and is taken.
@MainActor private func takeEverything(_ tiles: TileCache) {
    let deadline = Date().addingTimeInterval(20)
    while tiles.hasTilesComing, Date() < deadline {
        usleep(2_000)
        tiles.takeArrivals()
    }
    XCTAssertFalse(tiles.hasTilesComing, "the tiles came within 20 s")
}

/// Appends a scene to a throw-away snapshot; returns whether it was complete.
@MainActor private func append(_ scene: MapScene) -> Bool {
    _ = RenderedMap.renderer  // starts GTK, which registers the render-node types (these tests alone crashed without it)
    let snapshot = gtk_snapshot_new()!
    let complete = scene.append(to: snapshot)
    if let node = gtk_snapshot_free_to_node(snapshot) { gsk_render_node_unref(node) }
    return complete
}
