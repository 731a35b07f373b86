import CalloutMapCore
@testable import CalloutMapWidget
import XCTest

/// A 30 px square, filled with its annotation's colour, whose priority is its annotation's.
@MainActor
private final class SquarePin: AnnotationView {
    required init(annotation: (any Annotation)?, reuseIdentifier: String?) {
        super.init(annotation: annotation, reuseIdentifier: reuseIdentifier)
        size = Size(width: 30, height: 30)
    }

    override func prepareForDisplay() {
        super.prepareForDisplay()
        let properties = (annotation as? PointAnnotation)?.properties ?? [:]
        displayPriority = properties["priority"].flatMap { Float($0) }.map { DisplayPriority($0) } ?? .required
        collisionMode = properties["round"] == nil ? .rectangle : .circle
    }

    override func draw(in context: DrawingContext) {
        let red = (annotation as? PointAnnotation)?.properties["colour"] == "red"
        context.addRect(Rect(x: 0, y: 0, width: size.width, height: size.height))
        context.fill(red ? RGBA(0xE01B24) : RGBA(0x1C71D8))
    }

    override func contains(_ point: Point) -> Bool { point.x >= 0 && point.y >= 0 && point.x < 30 && point.y < 30 }
}

/// Pins that yield by display priority: hidden ones are not drawn, hit or listed, come back
/// when there is room, and a selected pin never yields.
final class DisplayPriorityTests: XCTestCase {
    private static let center = Coordinate(latitude: 37.78, longitude: -122.42)
    private static let size = Size(width: 640, height: 400)

    @MainActor
    private static func layer() -> AnnotationLayer {
        let layer = AnnotationLayer()
        layer.register(SquarePin.self, forReuseIdentifier: "square")
        layer.viewProvider = { [unowned layer] in layer.dequeueView(withIdentifier: "square", for: $0) }
        return layer
    }

    @MainActor
    private static func pin(_ viewport: Viewport, _ x: Double, _ y: Double, _ title: String,
                            priority: Float? = nil, colour: String = "blue", round: Bool = false) -> PointAnnotation {
        var properties: AnnotationProperties = ["colour": colour]
        if let priority { properties["priority"] = String(priority) }
        if round { properties["round"] = "yes" }
        return PointAnnotation(coordinate: viewport.coordinate(at: Point(x: x, y: y)), title: title, properties: properties)
    }

    func testALowerPinIsHiddenNotDrawnNotHitAndComesBackWithRoom() {
        MainActor.assumeIsolated {
            let layer = Self.layer()
            var viewport = Viewport(center: Self.center, zoom: 14, size: Self.size)
            let high = Self.pin(viewport, 300, 200, "high", priority: 750)
            let low = Self.pin(viewport, 320, 200, "low", priority: 250, colour: "red")  // 20 px right: overlaps
            let alone = Self.pin(viewport, 500, 100, "alone", priority: 250)
            layer.add([high, low, alone])
            layer.layout(viewport)
            let lowView = layer.view(for: low)!
            XCTAssertTrue(lowView.isHiddenByCollision)
            XCTAssertFalse(layer.view(for: high)!.isHiddenByCollision)
            XCTAssertEqual(layer.sortedViews.compactMap(\.annotation?.title), ["alone", "high"])
            XCTAssertEqual(layer.view(at: Point(x: 330, y: 200))?.annotation?.title, nil, "the hidden pin's own part takes no click")
            XCTAssertEqual(layer.view(at: Point(x: 310, y: 200))?.annotation?.title, "high")
            var scene = MapScene(viewport: viewport, style: .light, scale: 1, tiles: TileCache(renderer: TileRenderer(basemap: RenderedMap.basemap)))
            scene.annotationLayer = layer
            let red = RGBA(0xE01B24)
            XCTAssertGreaterThan(RenderedMap(scene: scene).color(at: Point(x: 330, y: 200)).distance(to: red), 60, "not drawn")

            // Zoomed in, the two are 80 px apart: the low one is back, drawn and hit.
            viewport.setZoom(16)
            viewport.centerCoordinate = high.coordinate
            layer.layout(viewport)
            XCTAssertFalse(lowView.isHiddenByCollision)
            XCTAssertEqual(layer.sortedViews.compactMap(\.annotation?.title), ["high", "low"])
            let lowPoint = viewport.screenPoint(for: low.coordinate)
            XCTAssertEqual(layer.view(at: lowPoint)?.annotation?.title, "low")
            scene.viewport = viewport
            _ = RenderedMap(scene: scene)
            XCTAssertLessThan(RenderedMap(scene: scene).color(at: lowPoint).distance(to: red), 2, "drawn again")

            // Zoomed out again it yields again; panning moves it with the map while hidden.
            viewport.setZoom(14)
            layer.layout(viewport)
            XCTAssertTrue(lowView.isHiddenByCollision)
            for _ in 0..<5 {
                viewport.pan(by: Point(x: 7, y: -3))
                layer.layout(viewport)
            }
            XCTAssertEqual(lowView.anchor.x, viewport.screenPoint(for: low.coordinate).x, accuracy: 1e-6)
            XCTAssertEqual(lowView.anchor.y, viewport.screenPoint(for: low.coordinate).y, accuracy: 1e-6)
        }
    }

    func testASelectedPinNeverYieldsAndTiesGoToThePinOnTop() {
        MainActor.assumeIsolated {
            let layer = Self.layer()
            let viewport = Viewport(center: Self.center, zoom: 14, size: Self.size)
            // Equal priorities: the pin lower on screen is stacked above and stays.
            let upper = Self.pin(viewport, 300, 190, "upper", priority: 500)
            let lower = Self.pin(viewport, 310, 200, "lower", priority: 500)
            layer.add([upper, lower])
            layer.layout(viewport)
            XCTAssertEqual(layer.sortedViews.compactMap(\.annotation?.title), ["lower"])
            // Added the other way round, the same pin wins.
            let again = Self.layer()
            again.add([lower, upper])
            again.layout(viewport)
            XCTAssertEqual(again.sortedViews.compactMap(\.annotation?.title), ["lower"])

            // Selecting the hidden one shows it, and the other yields to it.
            let upperView = layer.view(for: upper)!
            upperView.isSelected = true
            layer.keep(upper)
            layer.restack(upperView)
            layer.layout(viewport)
            XCTAssertFalse(upperView.isHiddenByCollision)
            XCTAssertTrue(layer.view(for: lower)!.isHiddenByCollision)
            XCTAssertEqual(layer.view(at: Point(x: 305, y: 195))?.annotation?.title, "upper")
            upperView.isSelected = false
            layer.restack(upperView)
            layer.release(upper)
            layer.layout(viewport)
            XCTAssertEqual(layer.sortedViews.compactMap(\.annotation?.title), ["lower"], "back as it was")
        }
    }

    func testChangingAPriorityOrShapeTakesEffectAtTheNextLayout() {
        MainActor.assumeIsolated {
            let layer = Self.layer()
            let viewport = Viewport(center: Self.center, zoom: 14, size: Self.size)
            // Corner to corner: the squares overlap, the circles inscribed in them do not.
            let a = Self.pin(viewport, 300, 200, "a", priority: 250)
            let b = Self.pin(viewport, 326, 226, "b", priority: 250)
            layer.add([a, b])
            layer.layout(viewport)
            XCTAssertEqual(layer.sortedViews.compactMap(\.annotation?.title), ["b"])
            let redraws = layer.drawRevision
            layer.view(for: a)!.displayPriority = .high
            layer.layout(viewport)
            XCTAssertEqual(layer.sortedViews.compactMap(\.annotation?.title), ["a"])
            XCTAssertNotEqual(layer.drawRevision, redraws, "the map's image is drawn again")
            for view in [layer.view(for: a)!, layer.view(for: b)!] { view.collisionMode = .circle }
            layer.layout(viewport)
            XCTAssertEqual(layer.sortedViews.compactMap(\.annotation?.title), ["a", "b"])
            layer.view(for: a)!.collisionMode = .rectangle
            layer.view(for: b)!.displayPriority = .required
            layer.layout(viewport)
            XCTAssertEqual(layer.sortedViews.compactMap(\.annotation?.title), ["a", "b"], "required never yields")
            layer.view(for: b)!.displayPriority = .low
            layer.view(for: a)!.collisionMode = .none
            layer.layout(viewport)
            XCTAssertEqual(layer.sortedViews.compactMap(\.annotation?.title), ["a", "b"], "a takes no room")
        }
    }

    func testSelectingAmongPinsThatNeverYieldDecidesNothing() {
        MainActor.assumeIsolated {
            let layer = Self.layer()
            let viewport = Viewport(center: Self.center, zoom: 14, size: Self.size)
            var pins: [PointAnnotation] = []
            for i in 0..<200 {
                let x = 20.0 + Double(i % 20) * 30, y = 20.0 + Double(i / 20) * 36
                pins.append(Self.pin(viewport, x, y, "P\(i)"))
            }
            layer.add(pins)
            layer.layout(viewport)
            let passes = layer.yielding.passes
            for pin in pins.prefix(10) {
                let view = layer.view(for: pin)!
                view.isSelected = true
                layer.restack(view)
                layer.layout(viewport)
                view.isSelected = false
                layer.restack(view)
                layer.layout(viewport)
            }
            XCTAssertEqual(layer.yielding.passes, passes, "every pin is required: a selection changes nothing")
            // One that may yield: each selection is worked out again.
            layer.view(for: pins[0])!.displayPriority = .low
            layer.layout(viewport)
            let after = layer.yielding.passes
            let view = layer.view(for: pins[1])!
            view.isSelected = true
            layer.restack(view)
            layer.layout(viewport)
            XCTAssertEqual(layer.yielding.passes, after + 1)
        }
    }
}
