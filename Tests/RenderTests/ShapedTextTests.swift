import CCalloutMapGtk
import CalloutMapCore
@testable import CalloutMapWidget
import XCTest

/// A label measured on the main thread is drawn with the layout it was measured with; the
/// pixels must be those of a layout made afresh for the surface, at every device scale, and a
/// surface drawn otherwise (transformed) must get a fresh layout.
final class ShapedTextTests: XCTestCase {
    func testATextDrawnWithItsMeasuredLayoutHasTheFreshPixels() {
        MainActor.assumeIsolated {
            let font = "Cantarell Bold 11px"
            for (i, scale) in [1.0, 2.0].enumerated() {
                let text = "$\(731 + i) ¶ shaped"
                let fresh = pixels(scale: scale) { Text.drawCentered($0, text, font: font, at: Point(x: 60, y: 12)) }
                let before = Text.Shaped.count
                _ = Text.size(text, font: font)
                XCTAssertEqual(Text.Shaped.count, before + 1, "measured: held until drawn")
                let held = pixels(scale: scale) { Text.drawCentered($0, text, font: font, at: Point(x: 60, y: 12)) }
                XCTAssertEqual(Text.Shaped.count, before, "drawn: let go")
                XCTAssertTrue(held == fresh, "scale \(scale): \(differing(held, fresh)) bytes differ")
                XCTAssertTrue(fresh.contains { $0 != 0 }, "something was drawn")
            }
        }
    }

    func testLayoutsMeasuredAndNotDrawnAreLetGoWhenAsked() {
        MainActor.assumeIsolated {
            _ = Text.size("$ never drawn 1", font: "Cantarell 11px")
            _ = Text.size("$ never drawn 2", font: "Cantarell 11px")
            XCTAssertGreaterThanOrEqual(Text.Shaped.count, 2)
            Text.forgetShaped()
            XCTAssertEqual(Text.Shaped.count, 0)
        }
    }

    func testATransformedSurfaceGetsAFreshLayout() {
        MainActor.assumeIsolated {
            let font = "Cantarell 13px", text = "Scaled ¶ 42"
            let fresh = pixels(scale: 1) { cr in
                cairo_scale(cr, 1.5, 1.5)
                Text.drawCentered(cr, text, font: font, at: Point(x: 40, y: 8))
            }
            _ = Text.size(text, font: font)
            let before = Text.Shaped.count
            let drawn = pixels(scale: 1) { cr in
                cairo_scale(cr, 1.5, 1.5)
                Text.drawCentered(cr, text, font: font, at: Point(x: 40, y: 8))
            }
            XCTAssertEqual(Text.Shaped.count, before, "the held layout is not taken for a transformed drawing")
            XCTAssertTrue(drawn == fresh, "\(differing(drawn, fresh)) bytes differ")
        }
    }
}

@MainActor
private func pixels(scale: Double, _ draw: (OpaquePointer) -> Void) -> [UInt8] {
    let w = Int32(120 * scale), h = Int32(24 * scale)
    let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, w, h)!
    defer { cairo_surface_destroy(surface) }
    cairo_surface_set_device_scale(surface, scale, scale)
    let cr = cairo_create(surface)!
    cairo_set_source_rgb(cr, 0, 0, 0)
    draw(cr)
    cairo_destroy(cr)
    cairo_surface_flush(surface)
    let bytes = Int(cairo_image_surface_get_stride(surface)) * Int(h)
    return Array(UnsafeBufferPointer(start: cairo_image_surface_get_data(surface), count: bytes))
}

private func differing(_ a: [UInt8], _ b: [UInt8]) -> Int { zip(a, b).filter { $0 != $1 }.count + abs(a.count - b.count) }
