import CalloutMapCore
@testable import CalloutMapWidget
import XCTest

/// The map image moved while panning must look like a map drawn afresh,
/// and be drawn again whenever what it shows changes.
final class MapRasterTests: XCTestCase {
    private static let center = Coordinate(latitude: 37.77, longitude: -122.42)
    private static let size = Size(width: 640, height: 400)

    @MainActor
    private static func pricedLayer() -> (AnnotationLayer, [PointAnnotation]) {
        let layer = AnnotationLayer()
        layer.register(PriceAnnotationView.self, forReuseIdentifier: "price")
        layer.viewProvider = { [unowned layer] in layer.dequeueView(withIdentifier: "price", for: $0) }
        let viewport = Viewport(center: Self.center, zoom: 12, size: Self.size)
        var pins: [PointAnnotation] = []
        for i in 0..<300 {  // a grid reaching past every edge
            let p = Point(x: -200 + Double(i % 20) * 52, y: -150 + Double(i / 20) * 47)
            pins.append(PointAnnotation(coordinate: viewport.coordinate(at: p), title: "P\(i)", properties: ["price": "\(i)"]))
        }
        layer.add(pins)
        return (layer, pins)
    }

    @MainActor
    private static func render(_ layer: AnnotationLayer, _ viewport: Viewport, scale: Int = 1) -> RenderedMap {
        var scene = MapScene(viewport: viewport, style: .light, scale: scale, tiles: TileCache(renderer: TileRenderer(basemap: RenderedMap.basemap)))
        scene.annotationLayer = layer
        return RenderedMap(scene: scene)
    }

    /// The share of pixels that differ between two renders.
    private static func differingShare(_ a: RenderedMap, _ b: RenderedMap) -> Double {
        var n = 0
        for i in stride(from: 0, to: min(a.pixels.count, b.pixels.count), by: 4) where a.pixels[i..<i + 4] != b.pixels[i..<i + 4] {
            n += 1
        }
        return Double(n) / Double(a.width * a.height)
    }

    func testPanningMovesTheImageAndMatchesAFreshDrawing() {
        MainActor.assumeIsolated {
            for scale in [1, 2] {
                let (layer, pins) = Self.pricedLayer()
                var viewport = Viewport(center: Self.center, zoom: 12, size: Self.size)
                _ = Self.render(layer, viewport, scale: scale)
                _ = Self.render(layer, viewport, scale: scale)  // the zoom has settled: the image is made
                let made = layer.rasterRedraws
                XCTAssertEqual(made, 1)
                // 100 px, within the margin; at scale 2 half pixels are whole device pixels.
                for step in [Point(x: -40, y: 0), Point(x: -35, y: 25), Point(x: 20, y: scale == 2 ? -60.5 : -60)] {
                    viewport.pan(by: step)
                    _ = Self.render(layer, viewport, scale: scale)
                }
                XCTAssertEqual(layer.rasterRedraws, made, "pans within the margin only move the image")
                let moved = Self.render(layer, viewport, scale: scale)
                // The same map drawn by a fresh layer at the final viewport: straight into GTK's node
                // (the first frame, whose zoom has not settled), then into a fresh image.
                let (freshLayer, _) = Self.pricedLayer()
                let direct = Self.render(freshLayer, viewport, scale: scale)
                let fresh = Self.render(freshLayer, viewport, scale: scale)
                // Pixel for pixel but for tags whose edge falls on a half pixel (rounded either way: one pixel).
                XCTAssertLessThan(Self.differingShare(moved, fresh), 0.005, "a moved image looks like a fresh one (×\(scale))")
                XCTAssertLessThan(Self.differingShare(moved, direct), 0.005, "and like a map drawn without one (×\(scale))")
                for pin in pins[100..<200] {
                    let p = viewport.screenPoint(for: pin.coordinate)
                    let body = Point(x: p.x.rounded(), y: p.y - 17)
                    XCTAssertLessThan(moved.color(at: body).distance(to: fresh.color(at: body)), 2, "\(pin.title ?? "") ×\(scale)")
                }
                viewport.pan(by: Point(x: -200, y: 0))  // past the margin
                _ = Self.render(layer, viewport, scale: scale)
                XCTAssertEqual(layer.rasterRedraws, made + 1, "a pan past the margin draws the image again")
            }
        }
    }

    func testSelectingAPinOrMovingItRedrawsTheImage() {
        MainActor.assumeIsolated {
            let (layer, pins) = Self.pricedLayer()
            let viewport = Viewport(center: Self.center, zoom: 12, size: Self.size)
            _ = Self.render(layer, viewport)
            let before = Self.render(layer, viewport)
            let redraws = layer.rasterRedraws
            let pin = pins[20 * 5 + 8]  // well inside the view
            let view = layer.view(for: pin)!
            let inside = Point(x: view.frame.center.x, y: view.frame.minY + 6)
            view.isSelected = true
            layer.restack(view)
            let selected = Self.render(layer, viewport)
            XCTAssertEqual(layer.rasterRedraws, redraws + 1)
            XCTAssertGreaterThan(selected.color(at: inside).distance(to: before.color(at: inside)), 60, "the tag turned blue")
            view.centerOffset = Point(x: 0, y: -60)  // a view moving on its own
            _ = Self.render(layer, viewport)
            XCTAssertEqual(layer.rasterRedraws, redraws + 2)
        }
    }

    func testADraggedPinFloatsOverTheImageWhichStaysAsItIs() {
        MainActor.assumeIsolated {
            let (layer, pins) = Self.pricedLayer()
            let viewport = Viewport(center: Self.center, zoom: 12, size: Self.size)
            var scene = MapScene(viewport: viewport, style: .light, scale: 1, tiles: TileCache(renderer: TileRenderer(basemap: RenderedMap.basemap)))
            scene.annotationLayer = layer
            _ = RenderedMap(scene: scene)
            let before = RenderedMap(scene: scene)
            let view = layer.view(for: pins[20 * 5 + 8])!
            let start = view.frame
            view.dragState = .dragging  // as the map does once a press on it moves
            scene.floatingPin = view
            var map = before
            for step in 1...5 {
                view.anchor.x += 9
                view.anchor.y += 4
                view.moved()
                map = RenderedMap(scene: scene)
                XCTAssertLessThanOrEqual(layer.rasterRedraws, 2, "drawn again once, without the pin, then left (step \(step))")
            }
            let body = Point(x: view.frame.center.x, y: view.frame.minY + 6)
            XCTAssertLessThan(map.color(at: body).distance(to: RGBA(0xFFFFFF)), 8, "the tag is where it was dragged")
            let old = Point(x: start.center.x, y: start.minY + 6)
            XCTAssertGreaterThan(map.color(at: old).distance(to: before.color(at: old)), 20, "and gone from where it was")
        }
    }

    func testAfterShortPansClicksStillFindThePinsWhereTheyAreDrawn() {
        MainActor.assumeIsolated {
            let (layer, pins) = Self.pricedLayer()
            var viewport = Viewport(center: Self.center, zoom: 12, size: Self.size)
            layer.layout(viewport)
            for _ in 0..<9 {  // 7 px steps: some frames only move the views, some query the index again
                viewport.pan(by: Point(x: 7, y: -3))
                layer.layout(viewport)
                for pin in pins[100..<110] {
                    let p = viewport.screenPoint(for: pin.coordinate)
                    let hit = layer.views(at: Point(x: p.x, y: p.y - 12)).first?.annotation as? PointAnnotation
                    XCTAssertTrue(hit === pin, "\(pin.title ?? "") at \(p)")
                }
            }
        }
    }

    /// A zoom that animates over a map slower to draw than a frame shows the last image scaled
    /// about the same place on Earth, with tiles where it no longer reaches; the settled zoom is
    /// drawn in full, the pins at their own size again.
    func testAMovingZoomShowsTheLastImageScaledUntilItSettles() {
        MainActor.assumeIsolated {
            let (layer, pins) = Self.pricedLayer()
            let start = Viewport(center: Self.center, zoom: 12, size: Self.size)
            var scene = MapScene(viewport: start, style: .light, scale: 1, tiles: TileCache(renderer: TileRenderer(basemap: RenderedMap.basemap)))
            scene.annotationLayer = layer
            _ = RenderedMap(scene: scene)
            _ = RenderedMap(scene: scene)  // settled: the kept image
            layer.raster.zoomFrameBudget = 0  // every map is slower to draw than this
            let redraws = layer.rasterRedraws
            let view = layer.view(for: pins[20 * 7 + 10])!  // near the middle
            let anchor = view.anchor
            let inside = Point(x: view.frame.center.x, y: view.frame.minY + 6)
            let middle = Point(x: Self.size.width / 2, y: Self.size.height / 2)

            scene.zoomIsMoving = true
            scene.viewport.setZoom(13, keeping: middle)
            let zoomedIn = RenderedMap(scene: scene)
            XCTAssertEqual(layer.rasterScaledFrames, 1)
            XCTAssertEqual(layer.rasterRedraws, redraws, "nothing drawn")
            XCTAssertEqual(view.anchor, anchor, "nor laid out")
            let twiceAsFar = middle + (inside - middle) * 2
            XCTAssertLessThan(zoomedIn.color(at: twiceAsFar).distance(to: RGBA(0xFFFFFF)), 8, "the tag, twice as big and as far out")

            scene.viewport.setZoom(11, keeping: middle)
            let zoomedOut = RenderedMap(scene: scene)
            XCTAssertEqual(layer.rasterScaledFrames, 2)
            let corner = Point(x: 5, y: 5)  // beyond the image (896 × 656 px at zoom 12: half that at 11)
            let tiles = RenderedMap(center: Self.center, zoom: 11, size: Self.size)
            XCTAssertLessThan(zoomedOut.color(at: corner).distance(to: tiles.color(at: corner)), 2, "the tiles where the image does not reach")

            scene.zoomIsMoving = false
            scene.viewport.setZoom(13, keeping: middle)
            _ = RenderedMap(scene: scene)  // the zoom's last frame, drawn in full
            let settled = RenderedMap(scene: scene)
            XCTAssertEqual(layer.rasterScaledFrames, 2)
            XCTAssertNotEqual(view.anchor, anchor, "laid out again")
            let (freshLayer, _) = Self.pricedLayer()
            var fresh = scene
            fresh.annotationLayer = freshLayer
            _ = RenderedMap(scene: fresh)
            XCTAssertLessThan(Self.differingShare(settled, RenderedMap(scene: fresh)), 0.005, "as a map drawn at that zoom")

            // A map quicker to draw than the budget is drawn in full at every step.
            layer.raster.zoomFrameBudget = .infinity
            scene.zoomIsMoving = true
            scene.viewport.setZoom(12.5, keeping: middle)
            _ = RenderedMap(scene: scene)
            XCTAssertEqual(layer.rasterScaledFrames, 2)
            XCTAssertEqual(view.anchor, scene.viewport.screenPoint(for: pins[20 * 7 + 10].coordinate))
        }
    }
}
