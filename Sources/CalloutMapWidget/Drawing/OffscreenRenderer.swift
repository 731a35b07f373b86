import CCalloutMapGtk
import CalloutMapCore
import CalloutMapGtk

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

    package func writePNG(of scene: MapScene, to path: String) throws {
        let texture = texture(of: scene)
        guard gdk_texture_save_to_png(texture.opaque, path) != 0 else {
            throw RenderError(message: "cannot write \(path)")
        }
    }
}

package struct RenderError: Error, CustomStringConvertible {
    package var message: String
    package init(message: String) { self.message = message }
    package var description: String { message }
}
