import CalloutMapCore
import Foundation
import XCTest

/// `--dark` gives the dark map and GTK's dark theme around it; `--light` libadwaita's light one.
final class StyleEndToEndTests: XCTestCase {
    /// The app starts GTK without the theme libadwaita replaces (`ThemeStart`): libadwaita's own
    /// styles must still be there: the header bar in Adwaita's light grey, not unstyled black.
    func testLightStyleIsLibadwaitas() throws {
        let (shot, m) = try screenshot(style: "--light")
        XCTAssertEqual(shot.pixel(Int(m["x"]! + 300), Int(m["y"]!) - 3), 0xEBEBEB, "the header bar, Adwaita's light grey")
    }

    func testDarkStyle() throws {
        let (shot, m) = try screenshot(style: "--dark")
        let viewport = Viewport(center: Coordinate(latitude: 37.7749, longitude: -122.4194), zoom: 12,
                                size: Size(width: m["width"]!, height: m["height"]!))
        let downtown = viewport.screenPoint(for: Coordinate(latitude: 37.789, longitude: -122.401))
        let bay = viewport.screenPoint(for: Coordinate(latitude: 37.815, longitude: -122.405))
        XCTAssertEqual(shot.pixel(Int(m["x"]! + downtown.x), Int(m["y"]! + downtown.y)), 0x35353A, "dark land")
        XCTAssertEqual(shot.pixel(Int(m["x"]! + bay.x), Int(m["y"]! + bay.y)), 0x1B2838, "dark water")
        // The header bar above the map is dark too (Adwaita dark), not a light bar over a dark map.
        // (Sampled below the buttons: the checked mode button is lighter by design.)
        let header = try XCTUnwrap(shot.pixel(Int(m["x"]! + 300), Int(m["y"]!) - 3))
        let luminance = Double((header >> 16) & 0xFF) * 0.3 + Double((header >> 8) & 0xFF) * 0.59 + Double(header & 0xFF) * 0.11
        XCTAssertLessThan(luminance, 90, String(header, radix: 16))
    }

    /// The app in `style` (no demo places, 800 × 600) once drawn, and the map's frame in it.
    func screenshot(style: String) throws -> (Screenshot, [String: Double]) {
        try XCTSkipUnless(ProcessInfo.processInfo.environment["DISPLAY"] != nil, "needs an X display")
        try XCTSkipUnless(hasTool("import"), "needs ImageMagick")
        let app = try AppProcess(["--log-events", "--no-demo", style, "--size", "800x600"])
        let ready = try XCTUnwrap(app.next("ready"))
        let map = try XCTUnwrap(ready["map"] as? [String: Double])
        usleep(300_000)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("cm\(style)-\(getpid()).png").path
        return (try XCTUnwrap(Screenshot(path: path)), map)
    }
}
