import CalloutMapCore
import CalloutMapWidget
import XCTest

let goldenGateWest = Coordinate(latitude: 37.806, longitude: -122.54)   // Pacific, outside the strait
let downtown = Coordinate(latitude: 37.789, longitude: -122.401)        // Financial District
let alcatraz = Coordinate(latitude: 37.8267, longitude: -122.4229)
let angelIsland = Coordinate(latitude: 37.8609, longitude: -122.4326)
let bayBetween = Coordinate(latitude: 37.815, longitude: -122.405)      // water between the city and Alcatraz
let sf = Coordinate(latitude: 37.7749, longitude: -122.4194)

/// Pixels of the offscreen render: what a person would see where.
final class BasemapRenderTests: XCTestCase {
    func testSanFranciscoBayAtZoom12() {
        MainActor.assumeIsolated {
            let map = RenderedMap(center: sf, zoom: 12, size: Size(width: 1280, height: 800))
            XCTAssertEqual(map.width, 1280)
            XCTAssertLessThan(map.color(at: goldenGateWest).distance(to: BasemapStyle.light.water), 3, "ocean west of the Golden Gate")
            XCTAssertLessThan(map.color(at: downtown).distance(to: BasemapStyle.light.land), 3, "downtown is land")
            XCTAssertLessThan(map.color(at: angelIsland).distance(to: BasemapStyle.light.land), 3, "Angel Island")
            XCTAssertLessThan(map.color(at: bayBetween).distance(to: BasemapStyle.light.water), 3, "the bay")
        }
    }

    func testAlcatrazIsAnIslandAtZoom13() {
        MainActor.assumeIsolated {
            let map = RenderedMap(center: alcatraz, zoom: 13)
            XCTAssertLessThan(map.color(at: alcatraz).distance(to: BasemapStyle.light.land), 3)
            // Water on all four sides, 600 m away.
            for (dlat, dlon) in [(0.0055, 0.0), (-0.0055, 0.0), (0.0, 0.007), (0.0, -0.007)] {
                let c = Coordinate(latitude: alcatraz.latitude + dlat, longitude: alcatraz.longitude + dlon)
                XCTAssertLessThan(map.color(at: c).distance(to: BasemapStyle.light.water), 3, "\(c)")
            }
        }
    }

    func testDarkStyleAndHiDPI() {
        MainActor.assumeIsolated {
            let map = RenderedMap(center: sf, zoom: 12, size: Size(width: 800, height: 500), style: .dark, scale: 2)
            XCTAssertEqual(map.width, 1600, "800 logical pixels at scale 2")
            XCTAssertEqual(map.height, 1000)
            XCTAssertLessThan(map.color(at: downtown).distance(to: BasemapStyle.dark.land), 3)
            XCTAssertLessThan(map.color(at: goldenGateWest).distance(to: BasemapStyle.dark.water), 3)
        }
    }

    func testWorldAtLowZoomWrapsAndShowsContinents() {
        MainActor.assumeIsolated {
            // Centred on the antimeridian: Asia left, the Americas right.
            let map = RenderedMap(center: Coordinate(latitude: 20, longitude: 180), zoom: 2, size: Size(width: 1024, height: 600))
            let land = BasemapStyle.light.land, water = BasemapStyle.light.water
            XCTAssertLessThan(map.color(at: Coordinate(latitude: 40, longitude: 100)).distance(to: land), 3, "China")
            XCTAssertLessThan(map.color(at: Coordinate(latitude: 40, longitude: -100)).distance(to: land), 3, "USA")
            XCTAssertLessThan(map.color(at: Coordinate(latitude: 10, longitude: -160)).distance(to: water), 3, "Pacific")
        }
    }

    func testEveryZoomBandDrawsLandAndWater() {
        MainActor.assumeIsolated {
            for zoom in stride(from: 0.0, through: 19, by: 1) {
                let map = RenderedMap(center: downtown, zoom: zoom, size: Size(width: 256, height: 256))
                let inland = Coordinate(latitude: 39.5, longitude: -100)  // Kansas: land at any zoom
                let land = zoom >= 9 ? downtown : inland
                let water = zoom >= 9 ? bayBetween : Coordinate(latitude: 30, longitude: -140)
                let landMap = zoom >= 9 ? map : RenderedMap(center: inland, zoom: zoom, size: Size(width: 256, height: 256))
                let waterMap = RenderedMap(center: water, zoom: zoom, size: Size(width: 256, height: 256))
                XCTAssertLessThan(landMap.color(at: land).distance(to: BasemapStyle.light.land), 3, "land at zoom \(zoom)")
                XCTAssertLessThan(waterMap.color(at: water).distance(to: BasemapStyle.light.water), 3, "water at zoom \(zoom)")
            }
        }
    }

    /// The scale bar and the attribution are drawn once and copied while they stay the same: a
    /// kept plate must never show what another zoom or look would.
    func testPlatesFollowTheZoomAndTheLookThoughTheyAreKept() {
        MainActor.assumeIsolated {
            let center = Coordinate(latitude: 37.77, longitude: -122.42)
            func strip(_ map: RenderedMap) -> [UInt8] {  // the bottom 40 px, where the plates are
                Array(map.pixels[(map.height - 40 * map.scale) * map.width * 4..<map.pixels.count])
            }
            for scale in [1, 2] {
                let first = strip(RenderedMap(center: center, zoom: 12, scale: scale))
                XCTAssertEqual(strip(RenderedMap(center: center, zoom: 12, scale: scale)), first, "the same plates again (×\(scale))")
                XCTAssertNotEqual(strip(RenderedMap(center: center, zoom: 9, scale: scale)), first, "another scale bar (×\(scale))")
                XCTAssertNotEqual(strip(RenderedMap(center: center, zoom: 12, style: .dark, scale: scale)), first, "dark plates (×\(scale))")
            }
        }
    }
}
