@testable import CalloutMapWidget
import CalloutMapCore
import XCTest

/// Each numbered rule of `PressHandler`, on a stand-in for the map: what a press becomes.
final class PressHandlerTests: XCTestCase {
    @MainActor final class Map: PressTarget {
        var input = PointerInput()
        var motion = CameraMotion()
        var viewport = Viewport(center: Coordinate(latitude: 37.8, longitude: -122.4), zoom: 12, size: Size(width: 800, height: 600))
        var callout: Rect?
        var pin: AnnotationView?
        var said: [String] = []

        func isOnCallout(_ point: Point) -> Bool { callout?.contains(point) ?? false }
        func annotationView(at point: Point) -> AnnotationView? { pin.flatMap { $0.frame.contains(point) ? $0 : nil } }
        func movePin(_ view: AnnotationView, to anchor: Point) { said.append("pin to \(Int(anchor.x)),\(Int(anchor.y))") }
        func endPinDrag(cancelled: Bool) { said.append(cancelled ? "pin put back" : "pin dropped") }
        func clicked(at point: Point, adding: Bool) { said.append("click at \(Int(point.x)),\(Int(point.y))\(adding ? " adding" : "")") }
        func regionChanged(settled: Bool, animated: Bool) { if said.last != "moving" { said.append(settled ? "settled" : "moving") } }
        func settleSoon() { said.append("settles") }

        func press(at p: Point, moving offsets: [Point] = [], primary: Bool = true, ctrl: Bool = false) {
            input.beginPress(isTouch: false, addsToSelection: ctrl, isPrimary: primary)
            PressHandler.began(self, at: p)
            for o in offsets { PressHandler.moved(self, by: o) }
            PressHandler.ended(self, at: offsets.last ?? .zero)
        }
    }

    func testAPressOnACalloutIsTheCallouts() {  // 1
        MainActor.assumeIsolated {
            let map = Map()
            map.callout = Rect(x: 100, y: 100, width: 200, height: 80)
            let center = map.viewport.center
            map.press(at: Point(x: 150, y: 120), moving: [Point(x: 60, y: 0)])
            map.press(at: Point(x: 150, y: 120))
            XCTAssertEqual(map.said, [], "no pan, no click")
            XCTAssertEqual(map.viewport.center, center)
        }
    }

    func testAPressOnADraggablePinMovesThePinNotTheMap() {  // 2
        MainActor.assumeIsolated {
            let map = Map()
            let view = AnnotationView(annotation: PointAnnotation(coordinate: map.viewport.centerCoordinate), reuseIdentifier: nil)
            view.size = Size(width: 20, height: 30)
            view.anchor = Point(x: 400, y: 300)
            view.isDraggable = true
            map.pin = view
            let center = map.viewport.center
            map.press(at: Point(x: 400, y: 290), moving: [Point(x: 40, y: 0), Point(x: 50, y: 10)])
            XCTAssertEqual(map.said, ["pin to 440,300", "pin to 450,310", "pin to 450,310", "pin dropped"])
            XCTAssertEqual(map.viewport.center, center, "the map stayed")
            XCTAssertNil(map.input.draggedPin)
        }
    }

    func testAPressThatMovesPansTheMapAndSettles() {  // 3, 5
        MainActor.assumeIsolated {
            let map = Map()
            let before = map.viewport.screenPoint(for: map.viewport.centerCoordinate)
            let place = map.viewport.centerCoordinate
            map.press(at: Point(x: 300, y: 300), moving: [Point(x: 2, y: 0), Point(x: 60, y: -20)])
            XCTAssertEqual(map.said, ["moving", "settles"], "a 2-point move is no drag yet; no click")
            let after = map.viewport.screenPoint(for: place)
            XCTAssertEqual(after.x - before.x, 60, accuracy: 1e-6, "the map followed the press")
            XCTAssertEqual(after.y - before.y, -20, accuracy: 1e-6)
        }
    }

    func testAReleaseWithoutMovingIsAPrimaryClick() {  // 4
        MainActor.assumeIsolated {
            let map = Map()
            map.press(at: Point(x: 10, y: 20))
            map.press(at: Point(x: 30, y: 40), ctrl: true)
            map.press(at: Point(x: 50, y: 60), primary: false)
            map.input.beginPress(isTouch: true, addsToSelection: false, isPrimary: true)
            PressHandler.began(map, at: Point(x: 70, y: 80))
            map.input.openedMenu = true  // a long press
            PressHandler.ended(map, at: .zero)
            XCTAssertEqual(map.said, ["click at 10,20", "click at 30,40 adding"], "not the secondary button's, nor a long press's")
        }
    }
}
