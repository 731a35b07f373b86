import CCalloutMapGtk
import CalloutMapCore
@testable import CalloutMapWidget
import XCTest

/// A 30 px green square.
@MainActor
private final class GreenSquare: AnnotationView {
    required init(annotation: (any Annotation)?, reuseIdentifier: String?) {
        super.init(annotation: annotation, reuseIdentifier: reuseIdentifier)
        size = Size(width: 30, height: 30)
        centerOffset = .zero
    }

    override func draw(in context: DrawingContext) {
        context.addRect(Rect(x: 0, y: 0, width: size.width, height: size.height))
        context.fill(RGBA(0x26A269))
    }
}

/// A pin in the scale bar's corner is drawn again over the plate, in a node of its own size:
/// GTK draws a cairo node through an image as large as its bounds, and one the size of the view
/// made every pan frame with such a pin cost 3 ms.
final class PinsOverPlatesTests: XCTestCase {
    func testAPinOverAPlateIsDrawnWholeInANodeOfItsOwnSize() throws {
        try MainActor.assumeIsolated {
            let size = Size(width: 640, height: 400)
            let viewport = Viewport(center: Coordinate(latitude: 37.7749, longitude: -122.4194), zoom: 12, size: size)
            var scene = MapScene(viewport: viewport, style: .light, scale: 1, tiles: TileCache(renderer: TileRenderer(basemap: RenderedMap.basemap)))
            let scaleBar = try XCTUnwrap(scene.plates.min { $0.minX < $1.minX })
            let layer = AnnotationLayer()
            layer.register(GreenSquare.self, forReuseIdentifier: "square")
            layer.viewProvider = { [unowned layer] in layer.dequeueView(withIdentifier: "square", for: $0) }
            // Centred on the plate, off the pixel grid by 0.6: its image lands on whole pixels.
            let centre = Point(x: scaleBar.minX + 30.6, y: scaleBar.center.y + 0.6)
            layer.add([PointAnnotation(coordinate: viewport.coordinate(at: centre), title: "corner")])
            layer.layout(viewport)
            scene.annotationLayer = layer
            let frame = try XCTUnwrap(layer.sortedViews.first?.frame)
            XCTAssertTrue(frame.intersects(scaleBar))

            _ = RenderedMap.renderer  // starts GTK, which registers the render-node types
            let snapshot = gtk_snapshot_new()!
            scene.append(to: snapshot)
            let node = try XCTUnwrap(gtk_snapshot_free_to_node(snapshot))
            defer { gsk_render_node_unref(node) }
            let cairo = Self.cairoNodeBounds(node)
            XCTAssertEqual(cairo.first?.width, size.width, "the map")
            // Then the plates, then the pin again, last.
            let last = try XCTUnwrap(cairo.dropFirst().last, "the pin is drawn again")
            XCTAssertTrue(last.minX <= frame.minX && last.minY <= frame.minY && last.maxX >= frame.maxX && last.maxY >= frame.maxY,
                          "\(last) holds the pin at \(frame)")
            XCTAssertLessThanOrEqual(last.width * last.height, 33 * 33, "a node the pin's size, not \(last)")

            let picture = RenderedMap(scene: scene)
            let green = RGBA(0x26A269)
            // Every pixel the image covers: its edges too, not cut by the node.
            let left = Int(frame.minX.rounded()), top = Int(frame.minY.rounded())
            for (x, y) in [(left, top), (left + 29, top), (left, top + 29), (left + 29, top + 29), (left + 15, top + 15)] {
                XCTAssertLessThan(picture.color(at: Point(x: Double(x) + 0.5, y: Double(y) + 0.5)).distance(to: green), 2, "pixel \(x), \(y)")
            }
        }
    }

    /// The bounds of the cairo nodes under `node`, in drawing order (no transforms are expected).
    @MainActor private static func cairoNodeBounds(_ node: OpaquePointer) -> [Rect] {
        switch gsk_render_node_get_node_type(node) {
        case GSK_CAIRO_NODE:
            var b = graphene_rect_t()
            gsk_render_node_get_bounds(node, &b)
            return [Rect(x: Double(b.origin.x), y: Double(b.origin.y), width: Double(b.size.width), height: Double(b.size.height))]
        case GSK_CONTAINER_NODE:
            return (0..<gsk_container_node_get_n_children(node)).flatMap { cairoNodeBounds(gsk_container_node_get_child(node, $0)) }
        case GSK_CLIP_NODE: return cairoNodeBounds(gsk_clip_node_get_child(node))
        case GSK_ROUNDED_CLIP_NODE: return cairoNodeBounds(gsk_rounded_clip_node_get_child(node))
        case GSK_OPACITY_NODE: return cairoNodeBounds(gsk_opacity_node_get_child(node))
        case GSK_TRANSFORM_NODE: return cairoNodeBounds(gsk_transform_node_get_child(node))
        default: return []
        }
    }
}
