import CalloutMapCore
import XCTest

/// Reference values from mercantile (spherical Web Mercator, R = 6378137).
final class WebMercatorTests: XCTestCase {
    let sanFrancisco = Coordinate(latitude: 37.7749, longitude: -122.4194)

    func testSanFranciscoProjectsToMercantileMetres() {
        let m = WebMercator.metres(for: sanFrancisco)
        XCTAssertEqual(m.x, -13_627_665.2712, accuracy: 0.001)
        XCTAssertEqual(m.y, 4_547_675.3543, accuracy: 0.001)
    }

    func testSanFranciscoTileAndQuadkey() {
        XCTAssertEqual(TileID(containing: sanFrancisco, zoom: 12), TileID(zoom: 12, x: 655, y: 1583))
        XCTAssertEqual(TileID(containing: sanFrancisco, zoom: 10).quadkey, "0230102033")
        XCTAssertEqual(TileID(containing: Coordinate(latitude: -33.8688, longitude: 151.2093), zoom: 15),
                       TileID(zoom: 15, x: 30147, y: 19663))
    }

    func testTileBoundsMatchMercantile() {
        let b = TileID(zoom: 12, x: 655, y: 1583).bounds
        XCTAssertEqual(b.west, -122.431640625, accuracy: 1e-9)
        XCTAssertEqual(b.south, 37.718590325588146, accuracy: 1e-9)
        XCTAssertEqual(b.east, -122.34375, accuracy: 1e-9)
        XCTAssertEqual(b.north, 37.78808138412046, accuracy: 1e-9)
    }

    func testRoundTripAndPoleClamp() {
        for c in [sanFrancisco, Coordinate(latitude: -54.8, longitude: -68.3), Coordinate(latitude: 0, longitude: 179.9)] {
            let back = WebMercator.coordinate(for: WebMercator.worldPoint(for: c))
            XCTAssertEqual(back.latitude, c.latitude, accuracy: 1e-9)
            XCTAssertEqual(back.longitude, c.longitude, accuracy: 1e-9)
        }
        XCTAssertEqual(WebMercator.worldPoint(for: Coordinate(latitude: 90, longitude: 0)).y, 0, accuracy: 1e-12)
        XCTAssertEqual(WebMercator.worldPoint(for: Coordinate(latitude: -90, longitude: 0)).y, 1, accuracy: 1e-12)
        XCTAssertEqual(TileID(containing: Coordinate(latitude: 89, longitude: 180), zoom: 3), TileID(zoom: 3, x: 7, y: 0))
    }

    func testGroundResolutionAtEquatorAndSanFrancisco() {
        XCTAssertEqual(WebMercator.groundResolution(latitude: 0, zoom: 0), 156_543.034, accuracy: 0.001)
        XCTAssertEqual(WebMercator.groundResolution(latitude: 37.7749, zoom: 12), 30.2088, accuracy: 0.0001)
    }

    func testTileWrapAndParent() {
        XCTAssertEqual(TileID(zoom: 2, x: -1, y: 1).wrapped, TileID(zoom: 2, x: 3, y: 1))
        XCTAssertEqual(TileID(zoom: 2, x: 4, y: 1).wrapped, TileID(zoom: 2, x: 0, y: 1))
        XCTAssertEqual(TileID(zoom: 12, x: 655, y: 1583).parent, TileID(zoom: 11, x: 327, y: 791))
        XCTAssertNil(TileID(zoom: 0, x: 0, y: 0).parent)
    }

    func testCoordinateParsingRejectsBadInput() {
        XCTAssertEqual(Coordinate(parsing: "37.5,-122.25"), Coordinate(latitude: 37.5, longitude: -122.25))
        for bad in ["", "37.5", "91,0", "0,181", "nan,0", "1,2,3", "a,b", "0,inf"] {
            XCTAssertNil(Coordinate(parsing: bad), bad)
        }
        XCTAssertEqual(Size(parsing: "1280x800"), Size(width: 1280, height: 800))
        for bad in ["", "0x10", "10x", "-5x5", "axb", "100000x5"] { XCTAssertNil(Size(parsing: bad), bad) }
    }
}
