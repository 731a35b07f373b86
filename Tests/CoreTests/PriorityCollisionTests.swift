@testable import CalloutMapCore
import XCTest

/// Pins yielding by display priority: who is hidden where shapes overlap, and the shapes' tests.
final class PriorityCollisionTests: XCTestCase {
    private let area = Rect(x: 0, y: 0, width: 400, height: 300)

    private func square(_ x: Double, _ y: Double, _ side: Double = 20) -> CollisionShape {
        .rectangle(Rect(x: x, y: y, width: side, height: side))
    }

    func testShapesOverlapExactly() {
        let box = Rect(x: 0, y: 0, width: 10, height: 10)
        XCTAssertTrue(CollisionShape.rectangle(box).overlaps(.rectangle(Rect(x: 9, y: 9, width: 5, height: 5))))
        XCTAssertFalse(CollisionShape.rectangle(box).overlaps(.rectangle(Rect(x: 10, y: 0, width: 5, height: 5))), "edges touching")
        // Circles inscribed in two squares that meet corner to corner do not touch; the squares do.
        let a = CollisionShape(.circle, frame: box)!, b = CollisionShape(.circle, frame: Rect(x: 8, y: 8, width: 10, height: 10))!
        XCTAssertFalse(a.overlaps(b))
        XCTAssertTrue(CollisionShape(.rectangle, frame: box)!.overlaps(CollisionShape(.rectangle, frame: Rect(x: 8, y: 8, width: 10, height: 10))!))
        XCTAssertTrue(a.overlaps(.circle(center: Point(x: 14, y: 5), radius: 4.5)))
        XCTAssertFalse(a.overlaps(.circle(center: Point(x: 14, y: 5), radius: 4)), "centres 9 apart, radii 5 + 4")
        // A circle and the corner of a rectangle.
        XCTAssertFalse(a.overlaps(.rectangle(Rect(x: 9, y: 9, width: 5, height: 5))))
        XCTAssertTrue(b.overlaps(.rectangle(Rect(x: 9, y: 9, width: 5, height: 5))))
        XCTAssertNil(CollisionShape(.none, frame: box))
        XCTAssertEqual(a.bounds, box)
        XCTAssertEqual(a.offsetBy(dx: 3, dy: -2).bounds, Rect(x: 3, y: -2, width: 10, height: 10))
    }

    func testPrioritiesAreClampedAndOrdered() {
        XCTAssertEqual(DisplayPriority(2000), .required)
        XCTAssertEqual(DisplayPriority(-5).rawValue, 0)
        XCTAssertEqual(DisplayPriority(.nan).rawValue, 0)
        XCTAssertLessThan(DisplayPriority.low, .high)
        XCTAssertLessThan(DisplayPriority.high, .required)
        XCTAssertTrue(DisplayPriority.required.isRequired)
        XCTAssertFalse(DisplayPriority(999.9).isRequired)
    }

    func testTheLowerPriorityYieldsAndEqualsYieldToTheOneStackedAbove() {
        let claims = [
            CollisionClaim(shape: square(0, 0), priority: .high),      // 0: under 1, which is lower
            CollisionClaim(shape: square(10, 10), priority: .low),     // 1
            CollisionClaim(shape: square(100, 0), priority: .low),     // 2: under 3, same priority
            CollisionClaim(shape: square(110, 0), priority: .low),     // 3: stacked above: stays
            CollisionClaim(shape: square(200, 0), priority: DisplayPriority(500)),  // 4: alone
        ]
        XCTAssertEqual(PriorityCollisions.hidden(claims, area: area), [false, true, true, false, false])
    }

    func testRequiredAndPinnedClaimsAreAlwaysShown() {
        let claims = [
            CollisionClaim(shape: square(0, 0), priority: .required),
            CollisionClaim(shape: square(5, 5), priority: .required),   // overlaps a required one: still shown
            CollisionClaim(shape: square(10, 10), priority: .high),     // under both: hidden
            CollisionClaim(shape: square(100, 0), priority: .high),
            CollisionClaim(shape: square(105, 5), priority: .low, isPinned: true),  // selected: shown, and the high one yields
            CollisionClaim(shape: nil, priority: .low),                 // takes no room: shown
            CollisionClaim(shape: square(200, 0), priority: .low),
            CollisionClaim(shape: nil, priority: .required),            // hides nothing
        ]
        XCTAssertEqual(PriorityCollisions.hidden(claims, area: area), [false, false, true, true, false, false, false, false])
    }

    func testAChainResolvesFromTheTop() {
        // a hides b; b would have hidden c, but b is hidden, so c shows.
        let claims = [
            CollisionClaim(shape: square(0, 0), priority: DisplayPriority(300)),   // c
            CollisionClaim(shape: square(15, 0), priority: DisplayPriority(400)),  // b
            CollisionClaim(shape: square(30, 0), priority: DisplayPriority(500)),  // a
        ]
        XCTAssertEqual(PriorityCollisions.hidden(claims, area: area), [false, true, false])
    }

    func testCirclesComeCloserThanRectangles() {
        let frames = [Rect(x: 0, y: 0, width: 20, height: 20), Rect(x: 16, y: 16, width: 20, height: 20)]
        let rectangles = frames.map { CollisionClaim(shape: CollisionShape(.rectangle, frame: $0), priority: .low) }
        let circles = frames.map { CollisionClaim(shape: CollisionShape(.circle, frame: $0), priority: .low) }
        XCTAssertEqual(PriorityCollisions.hidden(rectangles, area: area), [true, false])
        XCTAssertEqual(PriorityCollisions.hidden(circles, area: area), [false, false])
    }

    func testManyClaimsNeverOverlapAndTheSameClaimsGiveTheSameAnswer() {
        var rng = SplitMix(seed: 7)
        let claims = (0..<10_000).map { i in
            CollisionClaim(shape: i % 3 == 0 ? .circle(center: Point(x: rng.next() * 1200, y: rng.next() * 800), radius: 9)
                                             : .rectangle(Rect(x: rng.next() * 1200, y: rng.next() * 800, width: 24, height: 30)),
                           priority: DisplayPriority(Float(i % 4) * 250))
        }
        let hidden = PriorityCollisions.hidden(claims, area: Rect(x: 0, y: 0, width: 1200, height: 800))
        XCTAssertEqual(hidden.filter { !$0 }.count, 985)
        XCTAssertEqual(PriorityCollisions.hidden(claims, area: Rect(x: 0, y: 0, width: 1200, height: 800)), hidden)
        let shown = claims.indices.filter { !hidden[$0] }
        // No shown claim that could yield overlaps another shown one (required ones may overlap each other).
        for (n, i) in shown.enumerated() {
            for j in shown[(n + 1)...] where !(claims[i].priority.isRequired && claims[j].priority.isRequired) {
                XCTAssertFalse(claims[i].shape!.overlaps(claims[j].shape!), "\(i) overlaps \(j)")
            }
        }
        // Every hidden one overlaps a shown one of its priority or higher.
        for i in claims.indices where hidden[i] {
            XCTAssertTrue(shown.contains { claims[$0].priority >= claims[i].priority && claims[$0].shape!.overlaps(claims[i].shape!) }, "\(i)")
        }
    }
}
