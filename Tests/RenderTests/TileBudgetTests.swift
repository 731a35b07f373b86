import CCalloutMapGtk
import CalloutMapCore
import CalloutMapWidget
import XCTest

/// A frame that runs out of time for new tiles shows a cached ancestor, scaled,
/// instead of a hole — and says it needs another frame.
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

    func testStandInsFromAncestorsThenComplete() {
        MainActor.assumeIsolated {
            let tiles = TileCache(renderer: TileRenderer(basemap: RenderedMap.basemap))
            let size = Size(width: 512, height: 512)
            // Zoom 11 tiles are cached first, as after zooming in from there.
            let parent = MapScene(viewport: Viewport(center: downtown, zoom: 11, size: size), style: .light, scale: 1, tiles: tiles)
            XCTAssertTrue(append(parent))
            let cachedBefore = tiles.count

            var scene = MapScene(viewport: Viewport(center: downtown, zoom: 12, size: size), style: .light, scale: 1, tiles: tiles)
            scene.tileBudget = 0
            XCTAssertFalse(append(scene), "no time for new tiles: incomplete")
            XCTAssertEqual(tiles.count, cachedBefore + 1, "one tile made (every frame makes progress), none past the budget")
            let standIn = RenderedMap(scene: scene)
            XCTAssertLessThan(standIn.color(at: scene.viewport.screenPoint(for: downtown)).distance(to: BasemapStyle.light.land), 3,
                              "downtown shows as land from the zoom-11 tile, not as a hole")

            scene.tileBudget = 1000
            XCTAssertTrue(append(scene), "with time, every tile is its own")
            XCTAssertGreaterThan(tiles.count, cachedBefore)
        }
    }

    /// However slow the frame (here no time at all, as a busy machine at a fractional zoom
    /// gave: painting the cached tiles alone took the budget), the map completes: before,
    /// such frames made no tile and asked for another frame for ever (100% CPU).
    func testEveryFrameMakesProgressUntilComplete() {
        MainActor.assumeIsolated {
            let tiles = TileCache(renderer: TileRenderer(basemap: RenderedMap.basemap))
            var scene = MapScene(viewport: Viewport(center: downtown, zoom: 13.58, size: Size(width: 700, height: 500)),
                                 style: .light, scale: 1, tiles: tiles)
            let needed = scene.viewport.visibleTiles().count
            scene.tileBudget = 0
            var frames = 0
            while !append(scene) && frames <= needed { frames += 1 }
            XCTAssertEqual(frames, needed - 1, "one new tile a frame, then complete")
            XCTAssertTrue(append(scene))
        }
    }
}

/// Appends a scene to a throw-away snapshot; returns whether it was complete.
@MainActor private func append(_ scene: MapScene) -> Bool {
    _ = RenderedMap.renderer  // starts GTK, which registers the render-node types (these tests alone crashed without it)
    let snapshot = gtk_snapshot_new()!
    let complete = scene.append(to: snapshot)
    if let node = gtk_snapshot_free_to_node(snapshot) { gsk_render_node_unref(node) }
    return complete
}
