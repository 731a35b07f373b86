import CalloutMapCore
@testable import CalloutMapWidget
import Foundation
import XCTest

/// Shapes as drawn: over the tiles and under the pins, in their styles, holes as holes, each
/// part of a MultiPolygon filled on its own, the selected one highlighted, a continent-sized
/// shape seen at street level filling the view.
final class ShapeRenderTests: XCTestCase {
    static let center = Coordinate(latitude: 0, longitude: 0)
    static func c(_ lat: Double, _ lon: Double) -> Coordinate { Coordinate(latitude: lat, longitude: lon) }

    @MainActor
    static func render(_ overlays: [any Overlay], zoom: Double = 9, center: Coordinate? = nil, selected: (any Overlay)? = nil,
                pins: [PointAnnotation] = [], style: BasemapStyle = .light) -> RenderedMap {
        var scene = MapScene(viewport: Viewport(center: center ?? Self.center, zoom: zoom, size: Size(width: 400, height: 300)),
                             style: style, scale: 1, tiles: TileCache(renderer: TileRenderer(basemap: RenderedMap.basemap)))
        let layer = OverlayLayer()
        layer.isDark = style.isDark
        layer.add(overlays)
        if let selected { layer.selected = [ObjectIdentifier(selected)] }
        scene.overlayLayer = layer
        if !pins.isEmpty {
            let annotations = AnnotationLayer()
            annotations.add(pins)
            scene.annotationLayer = annotations
        }
        return RenderedMap(scene: scene)
    }

    func testALineIsDrawnInItsStyleOverTheMap() {
        MainActor.assumeIsolated {
            let red = OverlayStyle(strokeColor: RGBA(0xFF0000), lineWidth: 6)
            let line = Polyline(coordinates: [Self.c(0, -0.3), Self.c(0, 0.3)], style: red)
            let map = Self.render([line])
            XCTAssertLessThan(map.color(at: Self.c(0, 0)).distance(to: RGBA(0xFF0000)), 2)
            XCTAssertLessThan(map.color(at: Point(x: 200, y: 150 - 2)).distance(to: RGBA(0xFF0000)), 2, "6 points wide")
            XCTAssertGreaterThan(map.color(at: Point(x: 200, y: 150 - 6)).distance(to: RGBA(0xFF0000)), 100)
            let beyond = map.viewport.screenPoint(for: Self.c(0, 0.3)).x + 10
            XCTAssertGreaterThan(map.color(at: Point(x: beyond, y: 150)).distance(to: RGBA(0xFF0000)), 100, "ends where it ends")
        }
    }

    /// A dashed line 5 points wide with `[8, 4]` shows 8-point dashes and 4-point gaps (the
    /// round caps used to fill the gaps: it drew solid).
    func testAWideDashedLineShowsItsGaps() {
        MainActor.assumeIsolated {
            let dashed = OverlayStyle(strokeColor: RGBA(0xFF0000), lineWidth: 5, lineDash: [8, 4])
            let line = Polyline(coordinates: [Self.c(0, -0.3), Self.c(0, 0.3)], style: dashed)
            let map = Self.render([line])
            let start = map.viewport.screenPoint(for: Self.c(0, -0.3)).x
            var red = 0, gaps = 0
            for i in 0..<96 {  // eight periods of 12 points, along the line's middle
                let isRed = map.color(at: Point(x: start + Double(i) + 0.5, y: 150)).distance(to: RGBA(0xFF0000)) < 60
                if isRed { red += 1 } else if i > 0 { gaps += 1 }
            }
            XCTAssertEqual(Double(red), 64, accuracy: 8, "about 8 of every 12 points red")
            XCTAssertEqual(Double(gaps), 32, accuracy: 8, "about 4 of every 12 points the map")
        }
    }

    func testAHoleIsAHoleAndOverlappingPartsNeverCutEachOther() {
        MainActor.assumeIsolated {
            let green = OverlayStyle(strokeColor: RGBA(0x00AA00), lineWidth: 0, fillColor: RGBA(0x00AA00), fillOpacity: 1)
            let park = Polygon(exterior: [Self.c(-0.3, -0.3), Self.c(-0.3, 0.3), Self.c(0.3, 0.3), Self.c(0.3, -0.3)],
                               holes: [[Self.c(-0.1, -0.1), Self.c(-0.1, 0.1), Self.c(0.1, 0.1), Self.c(0.1, -0.1)]], style: green)
            let bare = Self.render([])
            let map = Self.render([park])
            XCTAssertLessThan(map.color(at: Self.c(0.2, 0.2)).distance(to: RGBA(0x00AA00)), 2, "filled")
            XCTAssertLessThan(map.color(at: Self.c(0, 0)).distance(to: bare.color(at: Self.c(0, 0))), 2, "the lake shows the map under it")
            let overlapping = MultiPolygon(polygons: [PolygonRings(exterior: [Self.c(-0.3, -0.3), Self.c(-0.3, 0.1), Self.c(0.1, 0.1), Self.c(0.1, -0.3)]),
                                                      PolygonRings(exterior: [Self.c(-0.1, -0.1), Self.c(-0.1, 0.3), Self.c(0.3, 0.3), Self.c(0.3, -0.1)])],
                                           style: green)
            XCTAssertLessThan(Self.render([overlapping]).color(at: Self.c(0, 0)).distance(to: RGBA(0x00AA00)), 2, "inside both parts is filled")
        }
    }

    func testShapesLieUnderThePins() {
        MainActor.assumeIsolated {
            let blue = OverlayStyle(strokeColor: RGBA(0x0000FF), lineWidth: 0, fillColor: RGBA(0x0000FF), fillOpacity: 1)
            let area = Polygon(exterior: [Self.c(-0.3, -0.3), Self.c(-0.3, 0.3), Self.c(0.3, 0.3), Self.c(0.3, -0.3)], style: blue)
            let map = Self.render([area], pins: [PointAnnotation(coordinate: Self.c(0, 0), title: "Pin")])
            // The default marker's body is drawn over the blue area.
            XCTAssertGreaterThan(map.color(at: Point(x: 200, y: 140)).distance(to: RGBA(0x0000FF)), 60)
            XCTAssertLessThan(map.color(at: Point(x: 250, y: 140)).distance(to: RGBA(0x0000FF)), 2)
        }
    }

    func testTheSelectedShapeIsHighlighted() {
        MainActor.assumeIsolated {
            let line = Polyline(coordinates: [Self.c(0, -0.3), Self.c(0, 0.3)], style: OverlayStyle(strokeColor: RGBA(0xFF0000), lineWidth: 4))
            let plain = Self.render([line]), selected = Self.render([line], selected: line)
            // A halo of the map's paper beside the (wider) stroke.
            XCTAssertLessThan(plain.color(at: Point(x: 200, y: 146)).distance(to: selected.color(at: Point(x: 200, y: 146))), 200)
            XCTAssertLessThan(selected.color(at: Point(x: 200, y: 147)).distance(to: RGBA(0xFF0000)), 2, "wider")
            XCTAssertGreaterThan(plain.color(at: Point(x: 200, y: 147)).distance(to: RGBA(0xFF0000)), 60)
            XCTAssertLessThan(selected.color(at: Point(x: 200, y: 144)).distance(to: RGBA(0xFFFFFF)), 40, "the halo")
        }
    }

    func testAContinentAtStreetLevelFillsTheView() {
        MainActor.assumeIsolated {
            // A box of 120° by 120° seen at zoom 19 from inside: its corners are tens of millions
            // of pixels away; clipped to the view, it is drawn as the view's rectangle.
            let fill = OverlayStyle(strokeColor: RGBA(0x00AA00), lineWidth: 2, fillColor: RGBA(0x00AA00), fillOpacity: 1)
            let continent = Polygon(exterior: [Self.c(-60, -60), Self.c(-60, 60), Self.c(60, 60), Self.c(60, -60)], style: fill)
            let map = Self.render([continent], zoom: 19, center: Self.c(1, 1))
            for p in [Point(x: 1, y: 1), Point(x: 200, y: 150), Point(x: 398, y: 298)] {
                XCTAssertLessThan(map.color(at: p).distance(to: RGBA(0x00AA00)), 2, "\(p)")
            }
        }
    }
}
