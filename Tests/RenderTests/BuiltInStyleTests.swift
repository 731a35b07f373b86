import CCalloutMapGtk
import CalloutMapCore
@testable import CalloutMapWidget
import Foundation
import XCTest

/// The built-in OpenMapTiles styles (`data/styles/`, from `tools/vector/make-styles.py`) over the
/// shipped Helsinki tiles: read whole, and each of their main colours covering part of the city.
final class BuiltInStyleTests: XCTestCase {
    /// Tile 14/9326/4742 drawn at zoom 16, 1,024 points a side; the pixels of each colour.
    static func colours(_ mode: String) throws -> (notes: [String], counts: [UInt32: Int]) {
        let data = DataDirectory.locate()!
        let style = try MapStyle(json: Array(Data(contentsOf: data.appendingPathComponent("styles/openmaptiles-\(mode).json"))))
        let archive = try PMTilesArchive(contentsOf: data.appendingPathComponent("vector/helsinki.pmtiles"))
        let tile = try VectorTile(data: Data(XCTUnwrap(archive.tileData(for: TileID(zoom: 14, x: 9326, y: 4742)))))
        let surface = VectorTilePainterTests.painted(tile, style: style, zoom: 16, side: 1024)
        defer { cairo_surface_destroy(surface) }
        let pixels = UnsafeBufferPointer(start: cairo_image_surface_get_data(surface)!.withMemoryRebound(to: UInt32.self, capacity: 1024 * 1024) { $0 },
                                         count: 1024 * 1024)
        var counts: [UInt32: Int] = [:]
        for p in pixels { counts[p & 0xff_ffff, default: 0] += 1 }
        return (style.notes, counts)
    }

    func testBothStylesAreReadWholeAndDrawTheCity() throws {
        // Background, buildings, major roads, grass, water, points of interest.
        let palettes: [String: [UInt32]] = ["light": [0xf6f5f4, 0xdeddda, 0xf9f06b, 0xe1efd6, 0x99c1f1, 0xe66100],
                                            "dark": [0x242424, 0x3d3846, 0x8a7f2e, 0x2a382b, 0x1c3b5e, 0xffa348]]
        for (mode, colours) in palettes {
            let (notes, counts) = try Self.colours(mode)
            XCTAssertEqual(notes, [], mode)
            for colour in colours {
                XCTAssertGreaterThan(counts[colour] ?? 0, 200, "\(mode): #\(String(colour, radix: 16)) covers part of the city")
            }
        }
    }
}
