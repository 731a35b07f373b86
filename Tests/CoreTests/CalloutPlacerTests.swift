import CalloutMapCore
import XCTest

final class CalloutPlacerTests: XCTestCase {
    let bounds = Rect(x: 0, y: 0, width: 800, height: 600)
    let size = Size(width: 200, height: 60)
    let placer = CalloutPlacer()

    /// A 30×40 marker whose tip is at `p`; the callout anchors at its top centre.
    func place(_ p: Point, size: Size? = nil, placer: CalloutPlacer? = nil) -> CalloutPlacement {
        let pin = Rect(x: p.x - 15, y: p.y - 40, width: 30, height: 40)
        return (placer ?? self.placer).place(size: size ?? self.size, pin: pin, anchor: Point(x: p.x, y: pin.minY), in: bounds)
    }

    func assertInside(_ c: CalloutPlacement, file: StaticString = #filePath, line: UInt = #line) {
        let area = bounds.insetBy(dx: placer.padding, dy: placer.padding)
        XCTAssertTrue(c.body.minX >= area.minX - 1e-9 && c.body.maxX <= area.maxX + 1e-9
                      && c.body.minY >= area.minY - 1e-9 && c.body.maxY <= area.maxY + 1e-9, "\(c.body)", file: file, line: line)
    }

    func testCentredAboveThePinWhenThereIsRoom() {
        let c = place(Point(x: 400, y: 300))
        XCTAssertEqual(c.edge, .above)
        XCTAssertTrue(c.fits)
        XCTAssertEqual(c.tip, Point(x: 400, y: 260))
        XCTAssertEqual(c.body.center.x, 400)
        XCTAssertEqual(c.body.maxY, 260 - placer.arrowLength)
    }

    func testSlidesAlongTheEdgeWithTheArrowStillOnThePin() {
        let c = place(Point(x: 40, y: 300))
        XCTAssertEqual(c.edge, .above)
        XCTAssertTrue(c.fits)
        assertInside(c)
        XCTAssertEqual(c.tip.x, 40)
        XCTAssertGreaterThanOrEqual(c.tip.x - c.body.minX, placer.arrowInset, "the arrow keeps off the corner")
        let right = place(Point(x: 760, y: 300))
        XCTAssertEqual(right.edge, .above)
        XCTAssertEqual(right.body.maxX, 790)
        XCTAssertEqual(right.tip.x, 760)
        // 10 px further the arrow would come within its inset of the corner: it goes to the side instead.
        let tooClose = place(Point(x: 770, y: 300))
        XCTAssertEqual(tooClose.edge, .left)
        XCTAssertTrue(tooClose.fits)
    }

    func testFlipsBelowNearTheTopAndSidewaysWhenNeither() {
        let top = place(Point(x: 400, y: 70))
        XCTAssertEqual(top.edge, .below, "no room above")
        XCTAssertTrue(top.fits)
        assertInside(top)
        XCTAssertEqual(top.tip.y, 70)
        // A map too short for above or below: right of the pin.
        let short = CalloutPlacer().place(size: Size(width: 200, height: 120), pin: Rect(x: 100, y: 60, width: 30, height: 40),
                                          anchor: Point(x: 115, y: 60), in: Rect(x: 0, y: 0, width: 800, height: 160))
        XCTAssertEqual(short.edge, .right)
        XCTAssertTrue(short.fits)
        XCTAssertEqual(short.tip, Point(x: 130, y: 80))
        // A custom order is honoured.
        var leftFirst = CalloutPlacer()
        leftFirst.preferences = [.left, .above]
        XCTAssertEqual(place(Point(x: 600, y: 300), placer: leftFirst).edge, .left)
    }

    func testInACornerItPansOnlyTheRemainder() {
        // Pin at the very corner: the arrow cannot come closer than its inset to the body's corner.
        let c = place(Point(x: 12, y: 30))
        XCTAssertFalse(c.fits)
        let area = bounds.insetBy(dx: placer.padding, dy: placer.padding)
        // After panning, everything (arrow tip included) is inside, and the pan is no larger than that.
        let shiftedMinX = min(c.body.minX, c.tip.x) + c.pan.x
        let shiftedMinY = min(c.body.minY, c.tip.y) + c.pan.y
        XCTAssertEqual(shiftedMinX, area.minX, accuracy: 1e-9)
        XCTAssertGreaterThanOrEqual(shiftedMinY, area.minY - 1e-9)
        XCTAssertTrue(c.pan.x > 0, "the map moves right to show it")
    }

    func testTooBigContentShowsItsTopLeft() {
        let c = place(Point(x: 400, y: 300), size: Size(width: 1000, height: 700))
        XCTAssertFalse(c.fits)
        XCTAssertEqual(c.edge, .above, "the first preference when nothing fits")
        let area = bounds.insetBy(dx: placer.padding, dy: placer.padding)
        XCTAssertEqual(c.body.minX + c.pan.x, area.minX, accuracy: 1e-9, "top-left wins")
        XCTAssertEqual(min(c.body.minY, c.tip.y) + c.pan.y, area.minY, accuracy: 1e-9)
    }

    func testResolvingAfterAResizeMovesOnlyWhatMust() {
        let small = place(Point(x: 400, y: 120))
        XCTAssertEqual(small.edge, .above)
        let tall = place(Point(x: 400, y: 120), size: Size(width: 200, height: 140))
        XCTAssertEqual(tall.edge, .below, "grown content that no longer fits above flips")
        XCTAssertTrue(tall.fits)
        XCTAssertEqual(tall.tip.x, small.tip.x)
    }
}
