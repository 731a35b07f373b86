@testable import CalloutMapCore
import XCTest

/// Which places a zoom names, and where their labels go.
final class PlaceLabelTests: XCTestCase {
    private func place(_ name: String, in world: WorldPlaces, country: String? = nil) throws -> WorldPlace {
        try XCTUnwrap(world.places.first { $0.name == name && (country == nil || $0.countryCode == country) }, name)
    }

    func testAZoomNamesWhatAnAtlasWould() throws {
        let world = try WorldPlaces.bundled()
        let paris = try place("Paris", in: world, country: "FR"), lyon = try place("Lyon", in: world)
        let vaduz = try place("Vaduz", in: world), bern = try place("Bern", in: world), zurich = try place("Zürich", in: world)
        let france = try place("France", in: world), liechtenstein = try place("Liechtenstein", in: world)
        func named(_ p: WorldPlace, _ z: Double) -> Bool { PlaceLabelRanking.isNamed(p, atZoom: z) }
        XCTAssertEqual((0...12).filter { named(paris, Double($0)) }.first, 3, "a capital of millions from zoom 3")
        XCTAssertEqual((0...12).filter { named(lyon, Double($0)) }.first, 5, "a city of half a million from zoom 5")
        XCTAssertEqual((0...12).filter { named(bern, Double($0)) }.first, 4, "a capital from zoom 4")
        XCTAssertEqual((0...12).filter { named(vaduz, Double($0)) }.first, 6, "a microstate's capital at a region's scale")
        XCTAssertEqual((0...12).filter { named(zurich, Double($0)) }.first, 5)
        XCTAssertEqual((0...12).filter { named(france, Double($0)) }, [3, 4, 5, 6, 7], "a country until its towns speak for it")
        XCTAssertEqual((0...12).filter { named(liechtenstein, Double($0)) }, [6, 7])
        // Capitals before bigger towns while the map shows more than a region; always countries first.
        XCTAssertTrue(PlaceLabelRanking.precedes(bern, zurich, atZoom: 5))
        XCTAssertFalse(PlaceLabelRanking.precedes(bern, zurich, atZoom: 9), "closer in, people decide")
        XCTAssertTrue(PlaceLabelRanking.precedes(liechtenstein, paris, atZoom: 6))
        XCTAssertFalse(PlaceLabelRanking.precedes(vaduz, zurich, atZoom: 5), "a small capital is a town at a country's scale")
        XCTAssertTrue(PlaceLabelRanking.isMajor(paris) && PlaceLabelRanking.isMajor(bern))
        XCTAssertFalse(PlaceLabelRanking.isMajor(zurich) || PlaceLabelRanking.isMajor(vaduz) || PlaceLabelRanking.isMajor(france))
    }

    func testLabelsTakeTheFirstFreeSideOfTheirDot() {
        let size = Size(width: 40, height: 14)
        let a = LabelCandidate(id: 1, anchor: Point(x: 100, y: 100), hasDot: true)
        // Alone: right of the dot, centred on it.
        var placed = LabelPlacer.place([a], area: Rect(x: 0, y: 0, width: 400, height: 300)) { _ in size }
        XCTAssertEqual(placed, [PlacedLabel(id: 1, textFrame: Rect(x: 105.5, y: 93, width: 40, height: 14), dot: Point(x: 100, y: 100))])
        // A pin on the right: the left; on both sides: above; a pin on the dot: not at all.
        placed = LabelPlacer.place([a], area: Rect(x: 0, y: 0, width: 400, height: 300),
                                   obstacles: [.rectangle(Rect(x: 110, y: 90, width: 20, height: 20))]) { _ in size }
        XCTAssertEqual(placed.first?.textFrame, Rect(x: 54.5, y: 93, width: 40, height: 14))
        placed = LabelPlacer.place([a], area: Rect(x: 0, y: 0, width: 400, height: 300),
                                   obstacles: [.rectangle(Rect(x: 106, y: 99, width: 20, height: 12)), .rectangle(Rect(x: 74, y: 99, width: 20, height: 12))]) { _ in size }
        XCTAssertEqual(placed.first?.textFrame, Rect(x: 80, y: 82.5, width: 40, height: 14))
        placed = LabelPlacer.place([a], area: Rect(x: 0, y: 0, width: 400, height: 300),
                                   obstacles: [.rectangle(Rect(x: 95, y: 95, width: 10, height: 10))]) { _ in size }
        XCTAssertEqual(placed, [], "no label under a pin")
        // A country's name is centred on its point, with no dot.
        let country = LabelCandidate(id: 2, anchor: Point(x: 200, y: 150), hasDot: false)
        placed = LabelPlacer.place([country], area: Rect(x: 0, y: 0, width: 400, height: 300)) { _ in size }
        XCTAssertEqual(placed, [PlacedLabel(id: 2, textFrame: Rect(x: 180, y: 143, width: 40, height: 14), dot: nil)])
    }

    /// Rule 3: a capital's dot and first place are kept from the country names before it in the
    /// order; rule 4: such a name moves down or up a line, or yields.
    func testACapitalIsKeptClearOfTheCountryNamesBeforeIt() {
        let size = Size(width: 60, height: 14)
        let area = Rect(x: 0, y: 0, width: 400, height: 300)
        let country = LabelCandidate(id: 1, anchor: Point(x: 110, y: 100), hasDot: false)
        let capital = LabelCandidate(id: 2, anchor: Point(x: 100, y: 100), hasDot: true, isKeptClear: true)
        var placed = LabelPlacer.place([country, capital], area: area) { _ in size }
        XCTAssertEqual(placed.map(\.id), [1, 2], "both named")
        XCTAssertEqual(placed[1].textFrame, Rect(x: 105.5, y: 93, width: 60, height: 14), "the capital right of its dot")
        XCTAssertEqual(placed[0].textFrame, Rect(x: 80, y: 111, width: 60, height: 14), "the country a line lower")
        // Not kept clear, the capital yields to the name over its dot (as before issue 42).
        placed = LabelPlacer.place([country, LabelCandidate(id: 2, anchor: Point(x: 100, y: 100), hasDot: true)], area: area) { _ in size }
        XCTAssertEqual(placed.map(\.id), [1])
        // With pins on every line it could move to, the country's name yields.
        let pins = [-2, -1, 1, 2].map { CollisionShape.rectangle(Rect(x: 105, y: 100 + Double($0) * 18 - 4, width: 10, height: 8)) }
        placed = LabelPlacer.place([country, capital], area: area, obstacles: pins) { _ in size }
        XCTAssertEqual(placed.map(\.id), [2])
        // Two capitals: the first in the order takes a place that leaves the second's dot free.
        let vienna = LabelCandidate(id: 3, anchor: Point(x: 100, y: 200), hasDot: true, isKeptClear: true)
        let bratislava = LabelCandidate(id: 4, anchor: Point(x: 133, y: 201), hasDot: true, isKeptClear: true)
        placed = LabelPlacer.place([vienna, bratislava], area: area) { _ in size }
        XCTAssertEqual(placed.map(\.id), [3, 4])
        XCTAssertEqual(placed[0].textFrame.maxX, 94.5, "the first to the left of its dot")
        XCTAssertEqual(placed[1].textFrame.minX, 138.5, "the second right of its own")
    }

    func testTheFirstCandidateWinsAndAHiddenDotIsNeverMeasured() {
        let size = Size(width: 60, height: 14)
        let candidates = [LabelCandidate(id: 1, anchor: Point(x: 100, y: 100), hasDot: true),
                          LabelCandidate(id: 2, anchor: Point(x: 110, y: 100), hasDot: true),  // under the first's text
                          LabelCandidate(id: 3, anchor: Point(x: 100, y: 140), hasDot: true)]
        var measured: [Int] = []
        let placed = LabelPlacer.place(candidates, area: Rect(x: 0, y: 0, width: 400, height: 300)) { measured.append($0); return size }
        XCTAssertEqual(placed.map(\.id), [1, 3])
        XCTAssertEqual(measured, [1, 3], "the second's dot was taken: it needs no measuring")
    }

    func testManyLabelsNeverOverlapAndTheSameInputGivesTheSameMap() {
        var rng = SplitMix(seed: 42)
        let candidates = (0..<2000).map { i in
            LabelCandidate(id: i, anchor: Point(x: (rng.next() * 1200).rounded(.down), y: (rng.next() * 800).rounded(.down)), hasDot: i % 10 != 0)
        }
        let measure = { (id: Int) in Size(width: Double(30 + id % 50), height: 14) }
        let pins = [Rect(x: 600, y: 400, width: 30, height: 40), Rect(x: 100, y: 100, width: 60, height: 60)]
        let placed = LabelPlacer.place(candidates, area: Rect(x: 0, y: 0, width: 1200, height: 800), obstacles: pins.map(CollisionShape.rectangle), measure: measure)
        XCTAssertEqual(placed.count, 481)  // 466 before names without a dot could move a line (rule 4)
        var boxes = pins
        for label in placed {
            let text = label.textFrame.insetBy(dx: -LabelPlacer.padding, dy: -LabelPlacer.padding)
            XCTAssertFalse(boxes.contains { $0.intersects(text) }, "label \(label.id) overlaps")
            boxes.append(text)
            if let dot = label.dot {
                let r = LabelPlacer.dotRadius
                let d = Rect(x: dot.x - r, y: dot.y - r, width: 2 * r, height: 2 * r)
                XCTAssertFalse(boxes.dropLast().contains { $0.intersects(d) }, "dot \(label.id) under a label or pin")
                boxes.append(d)
            }
        }
        XCTAssertEqual(LabelPlacer.place(candidates, area: Rect(x: 0, y: 0, width: 1200, height: 800), obstacles: pins.map(CollisionShape.rectangle), measure: measure), placed)
    }

    func testTheCollisionGridKeepsWhatReachesOutsideItsArea() {
        var grid = CollisionGrid(area: Rect(x: 0, y: 0, width: 200, height: 200), cellSize: 50)
        grid.insert(Rect(x: -100, y: -100, width: 120, height: 120))
        grid.insert(Rect(x: 190, y: 190, width: 500, height: 500))
        grid.insert(Rect(x: .nan, y: 0, width: 1, height: 1))
        XCTAssertTrue(grid.collides(Rect(x: 10, y: 10, width: 5, height: 5)))
        XCTAssertTrue(grid.collides(Rect(x: -90, y: -90, width: 5, height: 5)))
        XCTAssertTrue(grid.collides(Rect(x: 400, y: 400, width: 5, height: 5)))
        XCTAssertFalse(grid.collides(Rect(x: 100, y: 100, width: 50, height: 50)))
        XCTAssertFalse(grid.collides(Rect(x: .nan, y: 0, width: 1, height: 1)))
        XCTAssertEqual(grid.rects.count, 2)
    }
}
