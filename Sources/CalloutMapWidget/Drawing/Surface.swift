import CCalloutMapGtk

/// Owns one cairo surface and destroys it with itself.
final class Surface: @unchecked Sendable {
    let pointer: OpaquePointer

    init(adopting pointer: OpaquePointer) { self.pointer = pointer }

    deinit { cairo_surface_destroy(pointer) }

    var byteCount: Int { Int(cairo_image_surface_get_stride(pointer)) * Int(cairo_image_surface_get_height(pointer)) }
}
