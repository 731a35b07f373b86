import CCalloutMapGtk
import CalloutMapCore
import CalloutMapGtk
import CalloutMapPNG
import Glibc

/// Renders a MapScene to pixels with GSK's cairo renderer: no window and no
/// display needed (only `gtk_init_check()`, which registers the node types).
@MainActor
package final class OffscreenRenderer {
    private let renderer: ObjectRef

    package init() throws {
        RenderingEnvironment.prepare()  // before GTK starts, as every other start does
        _ = gtk_init_check()
        let r = gsk_cairo_renderer_new()!
        var error: UnsafeMutablePointer<GError>?
        guard gsk_renderer_realize(r, nil, &error) != 0 else {
            let message = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
            g_error_free(error)
            throw RenderError(message: "cannot start the cairo renderer: \(message)")
        }
        renderer = ObjectRef(adopting: UnsafeMutableRawPointer(r))
    }

    deinit {
        MainActor.assumeIsolated { gsk_renderer_unrealize(OpaquePointer(renderer.pointer)) }
    }

    /// Renders the scene to a texture of (size × scale) device pixels; the caller owns it.
    package func texture(of scene: MapScene) -> ObjectRef {
        let snapshot = gtk_snapshot_new()!
        let s = Float(scene.scale)
        gtk_snapshot_scale(snapshot, s, s)
        scene.append(to: snapshot)
        let node = gtk_snapshot_free_to_node(snapshot)!
        defer { gsk_render_node_unref(node) }
        var area = graphene_rect_t()
        graphene_rect_init(&area, 0, 0, Float(scene.viewport.size.width) * s, Float(scene.viewport.size.height) * s)
        let texture = gsk_renderer_render_texture(OpaquePointer(renderer.pointer), node, &area)!
        return ObjectRef(adopting: UnsafeMutableRawPointer(texture))
    }

    /// Writes the scene to `path` as a PNG: an opaque picture (a map always is) as RGB through
    /// libpng at the settings a map wants (`cm_png_write_opaque`: a third of the time GdkTexture's
    /// writer took, and smaller), one with see-through pixels through GdkTexture's.
    package func writePNG(of scene: MapScene, to path: String) throws {
        let ref = texture(of: scene)
        let written = withExtendedLifetime(ref) {  // the texture lives while C reads it
            let texture = ref.opaque
            let width = Int(gdk_texture_get_width(texture)), height = Int(gdk_texture_get_height(texture))
            var pixels = [UInt32](repeating: 0, count: width * height)  // cairo's ARGB32: alpha in the top byte
            pixels.withUnsafeMutableBytes { gdk_texture_download(texture, $0.baseAddress, gsize(width * 4)) }
            // Every alpha byte 0xff: one AND over the pixels (`allSatisfy`'s closure, checked for
            // its actor each call, took 7 ms of an 800 × 600 picture).
            let opaque = pixels.withUnsafeBufferPointer { all in all.reduce(UInt32.max, &) } >> 24 == 0xff
            errno = 0
            return opaque
                ? pixels.withUnsafeBytes { cm_png_write_opaque(path, $0.baseAddress, Int32(width), Int32(height), width * 4) == 0 }
                : gdk_texture_save_to_png(texture, path) != 0
        }
        guard written else {
            throw RenderError(message: "cannot write \(path)" + (errno == 0 ? "" : ": \(String(cString: strerror(errno)))"))
        }
    }
}

package struct RenderError: Error, CustomStringConvertible {
    package var message: String
    package init(message: String) { self.message = message }
    package var description: String { message }
}
