import CalloutMapCore
@testable import CalloutMapWidget
import XCTest

/// A pan past the requery distance asks the index only for the strips it uncovered: after any
/// pans, the views must be those a layout from scratch makes, where it puts them, in its order.
final class PanLayoutTests: XCTestCase {
    private static let size = Size(width: 640, height: 400)

    @MainActor
    private static func layer(_ pins: [PointAnnotation], clustered: Bool = false) -> AnnotationLayer {
        let layer = AnnotationLayer()
        layer.add(pins)
        if clustered {
            layer.clusters.clusteringIdentifier = { _ in "all" }
            layer.clusters.waitUntilBuilt(timeout: 10)
        }
        return layer
    }

    /// Pins spread evenly (a low-discrepancy sequence) over `spread` px each way around `center` at `zoom`.
    @MainActor
    private static func pins(around center: Coordinate, zoom: Double, spread: Double, count: Int) -> [PointAnnotation] {
        let viewport = Viewport(center: center, zoom: zoom, size: size)
        return (0..<count).map { i in
            let u = (Double(i) * 0.618_033_988_75).truncatingRemainder(dividingBy: 1)
            let v = (Double(i) * 0.754_877_666_25).truncatingRemainder(dividingBy: 1)
            let p = Point(x: size.width / 2 + (u * 2 - 1) * spread, y: size.height / 2 + (v * 2 - 1) * spread)
            return PointAnnotation(coordinate: viewport.coordinate(at: p), title: "P\(i)")
        }
    }

    /// Checks the panned layer against one laid out afresh: within the area views are made for,
    /// less the pan a layer may make before it asks the index again (`requeryDistance`), the same
    /// views, at the same places, in the same order; nothing held farther out than that distance.
    @MainActor
    private static func assertSame(_ panned: AnnotationLayer, _ pins: [PointAnnotation], at viewport: Viewport, _ step: Int,
                                   clustered: Bool = false, file: StaticString = #filePath, line: UInt = #line) {
        let fresh = Self.layer(pins, clustered: clustered)
        fresh.layout(viewport)
        panned.layout(viewport)
        let m = AnnotationLayer.margin, slack = AnnotationLayer.requeryDistance + 1
        let area = Rect(x: -m, y: -m, width: viewport.size.width + 2 * m, height: viewport.size.height + 2 * m)
        let core = area.insetBy(dx: slack, dy: slack), reach = area.insetBy(dx: -slack, dy: -slack)
        let held = panned.sortedViews.filter { core.contains($0.anchor) }, wanted = fresh.sortedViews.filter { core.contains($0.anchor) }
        // Clusters are made anew by each store: matched by what they hold and where.
        func key(_ view: AnnotationView) -> String {
            guard let cluster = view.annotation as? ClusterAnnotation else { return "\(ObjectIdentifier(view.annotation!))" }
            return "\(cluster.memberAnnotations.count)@\(cluster.coordinate)"
        }
        let twins = Dictionary(fresh.sortedViews.map { (key($0), $0) }, uniquingKeysWith: { a, _ in a })
        let heldKeys = Set(panned.sortedViews.map(key))
        let missing = wanted.filter { !heldKeys.contains(key($0)) }
        XCTAssertEqual(missing.count, 0, "step \(step): views missing, e.g. \(missing.prefix(3).map { "\($0.annotation!.title ?? "") at \($0.anchor)" })",
                       file: file, line: line)
        for view in held {
            guard let twin = twins[key(view)] else {
                XCTFail("step \(step): \(view.annotation!.title ?? "") at \(view.anchor) has a view a fresh layout does not make", file: file, line: line)
                continue
            }
            XCTAssertEqual(view.anchor.x, twin.anchor.x, accuracy: 1e-6, "step \(step)", file: file, line: line)
            XCTAssertEqual(view.anchor.y, twin.anchor.y, accuracy: 1e-6, "step \(step)", file: file, line: line)
        }
        let order = held.map(key), freshOrder = wanted.map(key)
        let firstDifference = order.indices.first { $0 >= freshOrder.count || order[$0] != freshOrder[$0] }
        XCTAssertTrue(order.count == freshOrder.count && firstDifference == nil,
                      "step \(step): the fresh layout's order (\(order.count) vs \(freshOrder.count) views; first difference at \(firstDifference ?? -1))",
                      file: file, line: line)
        let far = panned.sortedViews.filter { !reach.contains($0.anchor) }
        XCTAssertEqual(far.count, 0, "step \(step): views held far past the area, e.g. \(far.first.map { "\($0.anchor)" } ?? "")", file: file, line: line)
        // A click finds the pin where it is.
        let inside = Rect(x: 0, y: 0, width: viewport.size.width, height: viewport.size.height)
        for view in held.prefix(40) where inside.contains(view.anchor) {
            XCTAssertTrue(panned.views(at: view.frame.center).contains { $0 === view }, "step \(step)", file: file, line: line)
        }
    }

    func testPansOfEverySizeGiveTheViewsAFreshLayoutGives() {
        MainActor.assumeIsolated {
            let center = Coordinate(latitude: 37.77, longitude: -122.42)
            let pins = Self.pins(around: center, zoom: 12, spread: 1400, count: 3000)
            let layer = Self.layer(pins)
            var viewport = Viewport(center: center, zoom: 12, size: Self.size)
            layer.layout(viewport)
            let steps = [Point(x: 7, y: -3), Point(x: 40, y: 0), Point(x: 0, y: -45), Point(x: -33, y: 33), Point(x: 150, y: 90),
                         Point(x: -300, y: 10), Point(x: 5, y: 5), Point(x: 31.9, y: -31.9), Point(x: -64, y: -64), Point(x: 500, y: -200)]
            for (i, step) in (steps + steps.reversed().map { Point(x: -$0.x, y: -$0.y) }).enumerated() {
                viewport.pan(by: step)
                Self.assertSame(layer, pins, at: viewport, i)
            }
            XCTAssertGreaterThan(layer.sortedViews.count, 300)
        }
    }

    func testPansOverClustersGiveTheClustersAFreshLayoutGives() {
        MainActor.assumeIsolated {
            let center = Coordinate(latitude: 37.77, longitude: -122.42)
            let pins = Self.pins(around: center, zoom: 12, spread: 1400, count: 3000)
            let layer = Self.layer(pins, clustered: true)
            var viewport = Viewport(center: center, zoom: 12, size: Self.size)
            layer.layout(viewport)
            XCTAssertTrue(layer.sortedViews.contains { $0.annotation is ClusterAnnotation })
            for (i, step) in [Point(x: 40, y: 0), Point(x: 0, y: -45), Point(x: -150, y: 90), Point(x: 300, y: 10), Point(x: 33, y: 33)].enumerated() {
                viewport.pan(by: step)
                Self.assertSame(layer, pins, at: viewport, i, clustered: true)
            }
        }
    }

    func testPansAcrossTheAntimeridianGiveTheViewsAFreshLayoutGives() {
        MainActor.assumeIsolated {
            let center = Coordinate(latitude: 0, longitude: 179.5)
            let pins = Self.pins(around: center, zoom: 6, spread: 900, count: 1500)
            let layer = Self.layer(pins)
            var viewport = Viewport(center: center, zoom: 6, size: Self.size)
            layer.layout(viewport)
            for i in 0..<12 {  // westward over the line, 45 px a frame, and back
                viewport.pan(by: Point(x: i < 6 ? -45 : 45, y: 0))
                Self.assertSame(layer, pins, at: viewport, i)
            }
        }
    }
}
