import CalloutMapCore
import XCTest

final class CalloutArrangerTests: XCTestCase {
    let bounds = Rect(x: 0, y: 0, width: 800, height: 600)
    let size = Size(width: 200, height: 60)
    let arranger = CalloutArranger()

    /// A 30×40 marker whose tip is at `p`; the callout anchors at its top centre.
    func request(_ p: Point, size: Size? = nil, previous: CalloutSpot? = nil) -> CalloutRequest {
        let pin = Rect(x: p.x - 15, y: p.y - 40, width: 30, height: 40)
        return CalloutRequest(size: size ?? self.size, pin: pin, anchor: Point(x: p.x, y: pin.minY), previous: previous)
    }

    /// No two frames overlap, none covers a pin, all are inside the map less its padding.
    func assertArranged(_ placements: [CalloutPlacement], _ requests: [CalloutRequest], obstacles: [Rect] = [],
                        file: StaticString = #filePath, line: UInt = #line) {
        let area = bounds.insetBy(dx: 10, dy: 10)
        for (i, p) in placements.enumerated() {
            let f = p.frame
            XCTAssertTrue(f.minX >= area.minX && f.maxX <= area.maxX && f.minY >= area.minY && f.maxY <= area.maxY,
                          "callout \(i) at \(f) leaves the map", file: file, line: line)
            for (j, q) in placements.enumerated() where j > i {
                XCTAssertFalse(f.intersects(q.frame), "callouts \(i) and \(j) overlap: \(f) \(q.frame)", file: file, line: line)
            }
            for (j, r) in requests.enumerated() {
                XCTAssertFalse(p.body.intersects(r.pin.insetBy(dx: 1, dy: 1)), "callout \(i) covers pin \(j)", file: file, line: line)
            }
            for o in obstacles {
                XCTAssertFalse(f.intersects(o), "callout \(i) covers \(o)", file: file, line: line)
            }
        }
    }

    func testALoneCalloutIsPlacedAsThePlacerPlacesIt() {
        let r = request(Point(x: 400, y: 300))
        let placed = arranger.arrange([r], in: bounds)
        XCTAssertEqual(placed, [CalloutPlacer().place(size: size, pin: r.pin, anchor: r.anchor, in: bounds)])
        XCTAssertEqual(placed[0].edge, .above)
        XCTAssertEqual(placed[0].body, Rect(x: 300, y: 190, width: 200, height: 60))
    }

    func testTwoNeighboursTakeTheFirstSideWhereItIsFree() {
        // Two pins 60 px apart: the first callout sits above its pin, the second cannot sit above
        // its own (it would overlap), so it slides along the top side until it is clear, or goes below.
        let requests = [request(Point(x: 400, y: 300)), request(Point(x: 460, y: 300))]
        let placed = arranger.arrange(requests, in: bounds)
        assertArranged(placed, requests)
        XCTAssertEqual(placed[0].body, Rect(x: 300, y: 190, width: 200, height: 60))
        XCTAssertEqual(placed[1].edge, .below, "no point along the top side of the second pin is clear of the first callout")
        XCTAssertEqual(placed[1].tip, Point(x: 460, y: 300))
        XCTAssertEqual(placed[1].body, Rect(x: 360, y: 310, width: 200, height: 60))
        XCTAssertFalse(placed[1].isDetached)
    }

    func testASideIsSearchedAlongBeforeTheNextSide() {
        // Pins 200 px apart on a row: centred callouts would overlap by the spacing; the second slides right.
        let requests = [request(Point(x: 300, y: 300)), request(Point(x: 490, y: 300))]
        let placed = arranger.arrange(requests, in: bounds)
        assertArranged(placed, requests)
        XCTAssertEqual(placed[1].edge, .above)
        XCTAssertGreaterThan(placed[1].body.minX, placed[0].body.maxX + 5.9)
        XCTAssertGreaterThanOrEqual(placed[1].tip.x - placed[1].body.minX, 22, "the arrow keeps off the corner")
    }

    func testACalloutNeverCoversAnotherSelectedPin() {
        // The second pin stands right where the first callout would go.
        let requests = [request(Point(x: 400, y: 300)), request(Point(x: 400, y: 250))]
        let placed = arranger.arrange(requests, in: bounds)
        assertArranged(placed, requests)
        XCTAssertNotEqual(placed[0].edge, .above)
    }

    func testObstaclesAreAvoided() {
        // A scale bar where the callout of a pin near the bottom-left would go.
        let scale = Rect(x: 10, y: 540, width: 120, height: 50)
        let requests = [request(Point(x: 60, y: 530))]
        let placed = arranger.arrange(requests, avoiding: [scale], in: bounds)
        assertArranged(placed, requests, obstacles: [scale.insetBy(dx: -5.9, dy: -5.9)])
        XCTAssertEqual(placed[0].edge, .above)
        // Near the top nothing fits above; below would cover the plate: right of the pin.
        let low = [request(Point(x: 60, y: 560))]
        let obstacle = Rect(x: 10, y: 500, width: 400, height: 90)
        let placedLow = arranger.arrange(low, avoiding: [obstacle], in: Rect(x: 0, y: 0, width: 800, height: 600))
        assertArranged(placedLow, low, obstacles: [obstacle])
    }

    /// Issue 42: the 6-point clearance around obstacles (the scale bar, the credits) was pinned
    /// by no test. An obstacle 3 points right of where a lone callout would go pushes it along
    /// its side until 6 points are clear.
    func testObstaclesKeepTheirClearance() {
        let r = request(Point(x: 400, y: 300))
        let lone = arranger.arrange([r], in: bounds)[0]
        XCTAssertEqual(lone.body, Rect(x: 300, y: 190, width: 200, height: 60))
        let plate = Rect(x: 503, y: 200, width: 50, height: 20)
        let placed = arranger.arrange([r], avoiding: [plate], in: bounds)[0]
        XCTAssertEqual(placed.edge, .above, "still above its pin")
        XCTAssertLessThanOrEqual(placed.body.maxX, plate.minX - arranger.spacing, "6 points clear of the plate")
        XCTAssertGreaterThanOrEqual(placed.tip.x - placed.body.minX, 22, "its arrow still on the pin, off the corner")
        XCTAssertEqual(placed.tip, r.anchor)
    }

    func testACrowdGetsLeaderLinesAndNothingOverlaps() {
        // Ten pins within 40 px: there is no room beside each; most sit apart with a leader line.
        let requests = (0..<10).map { request(Point(x: 380 + Double($0 % 5) * 10, y: 300 + Double($0 / 5) * 10)) }
        let placed = arranger.arrange(requests, in: bounds)
        assertArranged(placed, requests)
        XCTAssertFalse(placed[0].isDetached, "the first one still sits on its pin")
        let detached = placed.filter(\.isDetached)
        XCTAssertGreaterThanOrEqual(detached.count, 6)
        for (p, r) in zip(placed, requests) where p.isDetached {
            XCTAssertEqual(p.tip, r.anchor, "a leader line ends at the pin's anchor")
            XCTAssertTrue(p.fits)
        }
        XCTAssertFalse(placed.contains(where: \.isCrowded))
        // Leader lines pass under other callouts only when no place is left without that: the
        // callouts on the crowd's sides fence it in, so here four of eight do (and no two leader lines cross).
        let crossing = placed.filter { p in p.isDetached && placed.contains { q in q != p && crosses(p.leader, q.body) } }
        XCTAssertEqual(detached.count, 8)
        // Those placed without passing under a callout do not cross one another either.
        let clean = detached.filter { p in !crossing.contains(p) }
        for (i, p) in clean.enumerated() {
            for q in clean[(i + 1)...] {
                XCTAssertFalse(CalloutArranger.leadersCross(p.leader, q.leader), "\(p.leader) crosses \(q.leader)")
            }
        }
        XCTAssertEqual(crossing.count, 4)
    }

    func testFiftyCalloutsInARandomCrowdAllFindAFreePlace() {
        var rng = SplitMix(seed: 7)
        let small = Size(width: 90, height: 28)
        let requests = (0..<50).map { _ in
            request(Point(x: 60 + rng.next() * 680, y: 80 + rng.next() * 480), size: small)
        }
        let placed = arranger.arrange(requests, in: bounds)
        let free = placed.filter { !$0.isCrowded }
        // Those with a free place never overlap each other; the rest (no room at all) are marked.
        assertArranged(free, requests)
        XCTAssertTrue(placed.allSatisfy(\.fits))
        // Arranged again with nothing moved, every callout keeps its place exactly (what every
        // frame of a pan does, cheaply: no search).
        let again = arranger.arrange(zip(requests, placed).map { r, p in
            var kept = r
            kept.previous = p.spot
            return kept
        }, in: bounds)
        for (a, b) in zip(again, placed) {
            XCTAssertEqual(a.edge, b.edge)
            XCTAssertEqual(a.isDetached, b.isDetached)
            XCTAssertEqual(a.body.minX, b.body.minX, accuracy: 1e-9)
            XCTAssertEqual(a.body.minY, b.body.minY, accuracy: 1e-9)
        }
        XCTAssertEqual(free.count, 49, "\(placed.filter(\.isCrowded).count) crowded")
    }

    func testAKeptPlaceMovesWithThePinSoPanningDoesNotRearrange() {
        let requests = [request(Point(x: 300, y: 300)), request(Point(x: 490, y: 300))]
        let placed = arranger.arrange(requests, in: bounds)
        // The map pans 37 px left and 11 px down: every pin moves by that.
        let moved = zip(requests, placed).map { r, p in
            var m = request(Point(x: r.pin.center.x - 37, y: r.pin.maxY + 11), previous: p.spot)
            m.size = r.size
            return m
        }
        let again = arranger.arrange(moved, in: bounds)
        for (a, b) in zip(placed, again) {
            XCTAssertEqual(b.spot, a.spot)
            XCTAssertEqual(b.body.origin, a.body.origin + Point(x: -37, y: 11))
        }
    }

    func testAPanKeepsTheSideAndANewSizeChoosesAgain() {
        // Above the pin; the map pans the pin near the top: the callout stays above, going off
        // screen with its pin rather than jumping below (as a lone callout always did).
        let first = arranger.arrange([request(Point(x: 400, y: 300))], in: bounds)[0]
        let near = arranger.arrange([request(Point(x: 400, y: 90), previous: first.spot)], in: bounds)[0]
        XCTAssertEqual(near.edge, .above)
        XCTAssertFalse(near.fits)
        // Near the left edge it slides along its side, as a lone callout does.
        let left = arranger.arrange([request(Point(x: 40, y: 300), previous: first.spot)], in: bounds)[0]
        XCTAssertEqual(left.body.minX, 10)
        // Its content changed size (no previous place): placed afresh, below.
        let resized = arranger.arrange([request(Point(x: 400, y: 90), size: Size(width: 220, height: 60))], in: bounds)[0]
        XCTAssertEqual(resized.edge, .below)
        XCTAssertTrue(resized.fits)
    }

    func testAKeptPlaceIsKeptWhenTheLoneOneIsTaken() {
        // The second callout sits right of centre because of the first; after a pan it stays so.
        let requests = [request(Point(x: 300, y: 300)), request(Point(x: 490, y: 300))]
        let placed = arranger.arrange(requests, in: bounds)
        let again = arranger.arrange([request(Point(x: 300, y: 320), previous: placed[0].spot),
                                      request(Point(x: 490, y: 320), previous: placed[1].spot)], in: bounds)
        XCTAssertEqual(again[1].spot, placed[1].spot)
        // A pin that left the map keeps its detached callout's place: it goes off screen with it.
        let spot = CalloutSpot(edge: .above, offset: Point(x: -100, y: -150), isDetached: true)
        let gone = arranger.arrange([request(Point(x: 400, y: -100), previous: spot)], in: bounds)[0]
        XCTAssertEqual(gone.spot, spot)
    }

    func testANewCalloutWorksAroundTheOnesAlreadyOpen() {
        // The second callout was placed first (it was open before); the new one, listed first, does not push it.
        let old = arranger.arrange([request(Point(x: 460, y: 300))], in: bounds)[0]
        let requests = [request(Point(x: 400, y: 300)), request(Point(x: 460, y: 300), previous: old.spot)]
        let placed = arranger.arrange(requests, in: bounds)
        assertArranged(placed, requests)
        XCTAssertEqual(placed[1].spot, old.spot)
        XCTAssertEqual(placed[0].edge, .below)
    }

    func testACrowdedCalloutKeepsItsPlaceWhileTheMapMoves() {
        // A map with room for one callout: the second has nowhere free and overlaps (crowded);
        // while the map moves it stays where it was rather than searching again.
        let small = Rect(x: 0, y: 0, width: 260, height: 160)
        let requests = [request(Point(x: 130, y: 120)), request(Point(x: 140, y: 120))]
        let placed = arranger.arrange(requests, in: small)
        XCTAssertFalse(placed[0].isCrowded)
        XCTAssertTrue(placed[1].isCrowded)
        XCTAssertTrue(placed[1].spot.isCrowded)
        let moved = arranger.arrange([request(Point(x: 131, y: 121), previous: placed[0].spot),
                                      request(Point(x: 141, y: 121), previous: placed[1].spot)], in: small)
        XCTAssertEqual(moved[1].spot, placed[1].spot)
        XCTAssertEqual(moved[1].body.origin, placed[1].body.origin + Point(x: 1, y: 1))
    }

    func testWhenNothingFitsTheFirstSideIsKeptWithAPan() {
        // A pin in the corner: no side fits the map; the callout behaves as a lone one (pan to show it).
        let r = request(Point(x: 12, y: 30))
        let placed = arranger.arrange([r], in: bounds)[0]
        XCTAssertFalse(placed.fits)
        XCTAssertFalse(placed.isDetached)
        XCTAssertEqual(placed, CalloutPlacer().place(size: size, pin: r.pin, anchor: r.anchor, in: bounds))
    }
}

/// Whether a segment passes through a rectangle (sampled finely: a test's own independent check).
func crosses(_ line: (from: Point, to: Point), _ r: Rect) -> Bool {
    let inner = r.insetBy(dx: 0.5, dy: 0.5)
    return (0...1000).contains { i in
        let t = Double(i) / 1000
        return inner.contains(line.from + (line.to - line.from) * t)
    }
}

/// A small deterministic generator, so the crowd is the same on every run.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    /// A number in [0, 1).
    mutating func next() -> Double {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE5_E9B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        return Double(z >> 11) / Double(1 << 53)
    }
}
