import CCalloutMapGtk
import CalloutMapCore
@testable import CalloutMapWidget
import XCTest

/// A diamond whose corners do not hit, with a badge outside its bounds that does.
@MainActor
final class BadgedDiamondView: AnnotationView {
    static var reused = 0

    required init(annotation: (any Annotation)?, reuseIdentifier: String?) {
        super.init(annotation: annotation, reuseIdentifier: reuseIdentifier)
        size = Size(width: 20, height: 20)
    }

    override func prepareForReuse() { Self.reused += 1 }
    override var hitBounds: Rect { Rect(x: 0, y: -12, width: 32, height: 32) }  // badge above-right
    override func contains(_ p: Point) -> Bool {
        if p.x >= 20, p.x < 32, p.y >= -12, p.y < 0 { return true }  // the badge
        return abs(p.x - 10) + abs(p.y - 10) <= 10
    }
}

private let size = Size(width: 800, height: 600)
private let center = Coordinate(latitude: 37.78, longitude: -122.42)

final class AnnotationViewTests: XCTestCase {
    func testFlagPoleRestsOnTheCoordinateAndItsEmptyCornerDoesNotHit() {
        MainActor.assumeIsolated {
            let view = ImageAnnotationView(annotation: nil, reuseIdentifier: nil)
            view.image = .flag
            let anchor = Point(x: 400, y: 300)
            let f = view.frame(anchoredAt: anchor)
            XCTAssertEqual(f.minX + PinImage.flag.hotspot.x, anchor.x, accuracy: 1e-9)
            XCTAssertEqual(f.minY + PinImage.flag.hotspot.y, anchor.y, accuracy: 1e-9)
            XCTAssertTrue(view.contains(Point(x: 20, y: 10)), "the cloth")
            XCTAssertTrue(view.contains(Point(x: 5, y: 30)), "the pole")
            XCTAssertFalse(view.contains(Point(x: 25, y: 33)), "the empty lower right")
            XCTAssertFalse(view.contains(Point(x: 40, y: 10)), "outside")
        }
    }

    func testMarkerTipIsOnTheCoordinateAndGrowsWhenSelected() {
        MainActor.assumeIsolated {
            let view = MarkerAnnotationView(annotation: nil, reuseIdentifier: nil)
            let anchor = Point(x: 100, y: 100)
            XCTAssertEqual(view.frame(anchoredAt: anchor).maxY, anchor.y)
            XCTAssertEqual(view.frame(anchoredAt: anchor).center.x, anchor.x)
            let small = view.size
            view.isSelected = true
            XCTAssertGreaterThan(view.size.height, small.height)
            XCTAssertEqual(view.frame(anchoredAt: anchor).maxY, anchor.y, "still on its tip")
            XCTAssertTrue(view.contains(Point(x: view.size.width / 2, y: 12)), "the body")
            XCTAssertFalse(view.contains(Point(x: 1, y: view.size.height - 2)), "beside the tip")
        }
    }

    func testPricePinSizesToItsText() {
        MainActor.assumeIsolated {
            let cheap = PriceAnnotationView(annotation: nil, reuseIdentifier: nil)
            cheap.annotation = PointAnnotation(coordinate: center, properties: ["price": "9"])
            cheap.prepareForDisplay()
            let dear = PriceAnnotationView(annotation: nil, reuseIdentifier: nil)
            dear.annotation = PointAnnotation(coordinate: center, properties: ["price": "12,345,678"])
            dear.prepareForDisplay()
            XCTAssertEqual(cheap.text, "$9")
            XCTAssertGreaterThan(dear.size.width, cheap.size.width + 30)
        }
    }

    /// Price tags copy their text-less tag from a kept image: byte for byte what drawing the
    /// tag's paths gives (here through a recording surface, which the copy is refused for), at
    /// both scales, selected or not, for tags sharing a width and for a new width.
    func testPriceTagsFromAKeptTagAreTheTagsDrawnAsPaths() {
        MainActor.assumeIsolated {
            for scale in [1, 2] {
                for (price, selected) in [("120", false), ("340", false), ("120", true), ("12,345", false)] {
                    let view = PriceAnnotationView(annotation: nil, reuseIdentifier: nil)
                    view.annotation = PointAnnotation(coordinate: center, properties: ["price": price])
                    view.prepareForDisplay()
                    view.isSelected = selected
                    let copied = view.surface(scale: scale)
                    let w = cairo_image_surface_get_width(copied), h = cairo_image_surface_get_height(copied)
                    // The same drawing recorded, then played back onto an image of the same size.
                    let recording = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, nil)!
                    cairo_surface_set_device_scale(recording, Double(scale), Double(scale))
                    let rc = cairo_create(recording)!
                    view.draw(in: DrawingContext(cairoContext: rc))
                    cairo_destroy(rc)
                    let drawn = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, w, h)!
                    cairo_surface_set_device_scale(drawn, Double(scale), Double(scale))
                    let dc = cairo_create(drawn)!
                    cairo_set_source_surface(dc, recording, 0, 0)
                    cairo_paint(dc)
                    cairo_destroy(dc)
                    cairo_surface_flush(drawn)
                    let bytes = Int(cairo_image_surface_get_stride(drawn)) * Int(h)
                    var differing = 0
                    let a = cairo_image_surface_get_data(copied)!, b = cairo_image_surface_get_data(drawn)!
                    for i in 0..<bytes where a[i] != b[i] { differing += 1 }
                    XCTAssertEqual(differing, 0, "$\(price) selected \(selected) at scale \(scale)")
                    XCTAssertGreaterThan((0..<bytes).filter { b[$0] != 0 }.count, bytes / 3, "a tag was drawn")
                    cairo_surface_destroy(drawn)
                    cairo_surface_destroy(recording)
                }
            }
        }
    }

    func testHitTestingUsesShapesStackingAndExtendedBounds() {
        MainActor.assumeIsolated {
            let layer = AnnotationLayer()
            layer.register(BadgedDiamondView.self, forReuseIdentifier: "diamond")
            layer.viewProvider = { [unowned layer] in layer.dequeueView(withIdentifier: "diamond", for: $0) }
            let north = PointAnnotation(coordinate: center, title: "north")
            let viewport = Viewport(center: center, zoom: 14, size: size)
            // Further south on screen: drawn above `north` where they overlap.
            let south = PointAnnotation(coordinate: viewport.coordinate(at: Point(x: 405, y: 306)), title: "south")
            layer.add([north, south])
            layer.layout(viewport)
            let anchor = Point(x: 400, y: 300)
            XCTAssertEqual(layer.views(at: Point(x: 400, y: 302)).compactMap { $0.annotation?.title }, ["south", "north"])
            XCTAssertEqual(layer.views(at: Point(x: 391, y: 291)).count, 0, "a diamond's corner")
            // The badge lies outside the view's bounds (above its top-right) and still hits.
            let badge = Point(x: anchor.x - 10 + 22, y: anchor.y - 10 - 10)
            XCTAssertEqual(layer.views(at: badge).first?.annotation?.title, "north")
            // Selection puts a pin on top whatever its place.
            layer.view(for: north)!.isSelected = true
            layer.restack(layer.view(for: north)!)
            XCTAssertEqual(layer.views(at: Point(x: 400, y: 302)).first?.annotation?.title, "north")
            XCTAssertTrue(layer.drawingOrder.last === layer.view(for: north), "drawn last")
        }
    }

    func testOnlyOnScreenAnnotationsHaveViewsAndViewsAreReused() {
        MainActor.assumeIsolated {
            let layer = AnnotationLayer()
            layer.register(BadgedDiamondView.self, forReuseIdentifier: "diamond")
            layer.viewProvider = { [unowned layer] in layer.dequeueView(withIdentifier: "diamond", for: $0) }
            // 100,000 annotations on a grid across the world; a zoom-12 view sees a few dozen.
            var grid: [PointAnnotation] = []
            for i in 0..<100_000 {
                grid.append(PointAnnotation(coordinate: Coordinate(latitude: -60 + Double(i / 400) * 0.5,
                                                                   longitude: -180 + Double(i % 400) * 0.9)))
            }
            layer.add(grid)
            var viewport = Viewport(center: Coordinate(latitude: 0, longitude: 0), zoom: 8, size: size)
            layer.layout(viewport)
            let first = layer.sortedViews.count
            XCTAssertGreaterThan(first, 20)
            XCTAssertLessThan(first, 160, "views only for what is on screen plus a margin (not 100,000)")
            BadgedDiamondView.reused = 0
            for _ in 0..<20 {
                viewport.pan(by: Point(x: -300, y: 0))
                layer.layout(viewport)
            }
            XCTAssertGreaterThan(BadgedDiamondView.reused, 100, "views that left went back to the pool")
            XCTAssertLessThan(layer.createdViewCount, first * 3, "and came back for new annotations")
        }
    }
}
