import CCalloutMapGtk
import CalloutMapCore
@testable import CalloutMapWidget
import Foundation
import XCTest

/// A picture written as PNG (`render`) holds the pixels drawn, exactly: an opaque map as 8-bit
/// RGB (libpng, no row filters), read back by GdkTexture's reader, byte for byte; a path that
/// cannot be written is refused with the reason.
final class PNGWriterTests: XCTestCase {
    func testAMapPictureIsWrittenAsRGBWithTheDrawnPixelsExactly() throws {
        try MainActor.assumeIsolated {
            let renderer = try OffscreenRenderer()
            var scene = MapScene(viewport: Viewport(center: Coordinate(latitude: 60.17, longitude: 24.94), zoom: 9, size: Size(width: 300, height: 200)),
                                 style: .dark, scale: 2, tiles: TileCache(renderer: TileRenderer(basemap: RenderedMap.basemap)))
            scene.placeLabels = PlaceLabelLayer(places: try WorldPlaces.bundled())  // antialiased text as well as flat colours
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("png-\(getpid()).png").path
            defer { try? FileManager.default.removeItem(atPath: path) }
            try renderer.writePNG(of: scene, to: path)

            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
            XCTAssertEqual(Array(bytes[12..<16]), Array("IHDR".utf8))
            XCTAssertEqual(Array(bytes[16..<24]), [0, 0, 2, 88, 0, 0, 1, 144], "600 × 400 device pixels")
            XCTAssertEqual(Array(bytes[24..<26]), [8, 2], "8-bit RGB: no alpha channel for an opaque map")

            let texture = renderer.texture(of: scene)
            let drawn = withExtendedLifetime(texture) { download(texture.opaque) }
            var error: UnsafeMutablePointer<GError>?
            let read = try XCTUnwrap(gdk_texture_new_from_filename(path, &error))
            defer { g_object_unref(UnsafeMutableRawPointer(read)) }
            let back = download(read)
            XCTAssertEqual(back.count, drawn.count)
            XCTAssertTrue(back == drawn, "the same pixels, byte for byte")
            XCTAssertGreaterThan(Set(drawn).count, 20, "a picture of many colours, not a blank one")

            XCTAssertThrowsError(try renderer.writePNG(of: scene, to: "/nonexistent-\(getpid())/map.png")) { error in
                XCTAssertEqual("\(error)", "cannot write /nonexistent-\(getpid())/map.png: No such file or directory")
            }
        }
    }
}

/// A texture's pixels as cairo's ARGB32 words.
@MainActor private func download(_ texture: OpaquePointer) -> [UInt32] {
    let width = Int(gdk_texture_get_width(texture)), height = Int(gdk_texture_get_height(texture))
    var pixels = [UInt32](repeating: 0, count: width * height)
    pixels.withUnsafeMutableBytes { gdk_texture_download(texture, $0.baseAddress, gsize(width * 4)) }
    return pixels
}
