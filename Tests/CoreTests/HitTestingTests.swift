import CalloutMapCore
import XCTest

final class HitTestingTests: XCTestCase {
    func testSelectedThenPriorityThenLowerOnScreenThenLater() {
        let plain = StackingKey(isSelected: false, zPriority: 500, anchorY: 100, order: 0)
        var selected = plain
        selected.isSelected = true
        selected.zPriority = 0
        XCTAssertTrue(selected.isAbove(plain), "the selected pin is on top whatever its priority")
        var important = plain
        important.zPriority = 750
        important.anchorY = 10
        XCTAssertTrue(important.isAbove(plain))
        var lower = plain
        lower.anchorY = 101
        XCTAssertTrue(lower.isAbove(plain), "southern pins cover northern ones")
        var later = plain
        later.order = 1
        XCTAssertTrue(later.isAbove(plain))
        XCTAssertFalse(plain.isAbove(plain))
        XCTAssertFalse(selected.ignoringSelection.isAbove(plain))
    }

    func testClickingAgainCyclesThroughTheStack() {
        var cycler = ClickCycler<String>()
        let p = Point(x: 100, y: 100)
        XCTAssertEqual(cycler.pick(at: p, stack: ["top", "middle", "bottom"]), "top")
        XCTAssertEqual(cycler.pick(at: Point(x: 102, y: 101), stack: ["middle", "top", "bottom"]), "middle",
                       "the same stack in another order (selection moved one up) still cycles")
        XCTAssertEqual(cycler.pick(at: p, stack: ["top", "middle", "bottom"]), "bottom")
        XCTAssertEqual(cycler.pick(at: p, stack: ["top", "middle", "bottom"]), "top", "and wraps around")
        XCTAssertEqual(cycler.pick(at: Point(x: 300, y: 100), stack: ["x", "y"]), "x", "elsewhere starts afresh")
        XCTAssertNil(cycler.pick(at: p, stack: []))
        XCTAssertEqual(cycler.pick(at: p, stack: ["top", "middle"]), "top")
    }

    func testArrowKeysPickTheNearestPinThatWay() {
        let origin = Point(x: 100, y: 100)
        let pins = [Point(x: 200, y: 100), Point(x: 150, y: 160), Point(x: 40, y: 100), Point(x: 100, y: 20), Point(x: 130, y: 99)]
        XCTAssertEqual(SpatialNavigation.nearest(from: origin, toward: .right, among: pins), 4)
        XCTAssertEqual(SpatialNavigation.nearest(from: origin, toward: .left, among: pins), 2)
        XCTAssertEqual(SpatialNavigation.nearest(from: origin, toward: .up, among: pins), 3)
        XCTAssertEqual(SpatialNavigation.nearest(from: origin, toward: .down, among: pins), 1)
        XCTAssertNil(SpatialNavigation.nearest(from: origin, toward: .down, among: [Point(x: 300, y: 110)]),
                     "a pin far to the side is not 'below'")
        XCTAssertNil(SpatialNavigation.nearest(from: origin, toward: .left, among: [origin]))
    }

    func testAFirstClickTakesTheTopWithoutTestingTheStack() {
        var cycler = ClickCycler<String>()
        var asked = 0
        func stack() -> [String] { asked += 1; return ["top", "middle", "bottom"] }
        let p = Point(x: 50, y: 50)
        XCTAssertEqual(cycler.pick(at: p, top: "top", stack: stack), "top")
        XCTAssertEqual(asked, 0, "one pin needed, one pin tested")
        XCTAssertEqual(cycler.pick(at: Point(x: 51, y: 50), top: "top", stack: stack), "middle", "clicking again goes under")
        XCTAssertEqual(cycler.pick(at: p, top: "top", stack: stack), "bottom")
        XCTAssertEqual(cycler.pick(at: p, top: "top", stack: stack), "top", "and wraps around")
        XCTAssertEqual(cycler.pick(at: Point(x: 300, y: 50), top: "other", stack: stack), "other", "elsewhere starts again")
        XCTAssertEqual(asked, 3)
    }
}
