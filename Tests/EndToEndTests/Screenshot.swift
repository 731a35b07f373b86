import CCalloutMapGtk
import Foundation

/// A screenshot of the whole X screen (ImageMagick's `import`), read with cairo.
struct Screenshot {
    let width: Int
    let height: Int
    private let pixels: [UInt32]  // 0xAARRGGBB

    /// Takes a screenshot of the whole X screen into `path` and reads it.
    init?(path: String) {
        guard runTool("import", ["-window", "root", path]) == 0 else { return nil }
        self.init(png: path)
    }

    /// Reads a PNG file.
    init?(png path: String) {
        guard let surface = cairo_image_surface_create_from_png(path),
              cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else { return nil }
        defer { cairo_surface_destroy(surface) }
        let converted = cairo_image_surface_create(CAIRO_FORMAT_RGB24, cairo_image_surface_get_width(surface),
                                                   cairo_image_surface_get_height(surface))!
        defer { cairo_surface_destroy(converted) }
        let cr = cairo_create(converted)!
        cairo_set_source_surface(cr, surface, 0, 0)
        cairo_paint(cr)
        cairo_destroy(cr)
        cairo_surface_flush(converted)
        width = Int(cairo_image_surface_get_width(converted))
        height = Int(cairo_image_surface_get_height(converted))
        let stride = Int(cairo_image_surface_get_stride(converted)) / 4
        let data = cairo_image_surface_get_data(converted)!.withMemoryRebound(to: UInt32.self, capacity: stride * height) { $0 }
        var px = [UInt32](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width { px[y * width + x] = data[y * stride + x] & 0xFFFFFF }
        }
        pixels = px
    }

    func pixel(_ x: Int, _ y: Int) -> UInt32? {
        guard (0..<width).contains(x), (0..<height).contains(y) else { return nil }
        return pixels[y * width + x]
    }

    /// Share of pixels in `rect` of `self` that reappear at `rect + shift` in `other`.
    func matchRatio(of rect: (x: Int, y: Int, w: Int, h: Int), shiftedBy dx: Int, _ dy: Int, in other: Screenshot) -> Double {
        var same = 0, total = 0
        for y in stride(from: rect.y, to: rect.y + rect.h, by: 2) {
            for x in stride(from: rect.x, to: rect.x + rect.w, by: 2) {
                total += 1
                if pixel(x, y) == other.pixel(x + dx, y + dy) { same += 1 }
            }
        }
        return total == 0 ? 0 : Double(same) / Double(total)
    }

    /// How many distinct colours a rectangle holds (a blank map has two or three).
    func distinctColors(in rect: (x: Int, y: Int, w: Int, h: Int)) -> Int {
        var seen = Set<UInt32>()
        for y in rect.y..<(rect.y + rect.h) {
            for x in rect.x..<(rect.x + rect.w) { if let p = pixel(x, y) { seen.insert(p) } }
        }
        return seen.count
    }
}
