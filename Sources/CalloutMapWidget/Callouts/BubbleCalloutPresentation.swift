import CCalloutMapGtk
import CalloutMapCore
import CalloutMapGtk

/// What the standard and custom approaches share (as Leaflet's `DivOverlay`
/// under `Popup` and `Tooltip`): a `CalloutBubble` child of the map, glued to the
/// pin's callout anchor, on the side the solver picks — kept while the map moves
/// and re-solved when the content changes size — and a pan of only what is
/// needed to show it. Subclasses say what goes inside.
@MainActor
class BubbleCalloutPresentation: CalloutPresentation {
    unowned let map: MapView
    let controls: CalloutControls
    private(set) var view: AnnotationView?
    private(set) var bubble: CalloutBubble?
    /// The side chosen at presentation and the body size it was chosen for.
    private var edge: CalloutEdge?
    private var solvedSize: Size?
    private var needsAutoPan = false

    init(map: MapView, view: AnnotationView) {
        self.map = map
        controls = CalloutControls(map: map, view: view)
    }

    func present(for view: AnnotationView) -> Bool { false }

    /// Puts a bubble with this content on the map, fading in.
    func show(_ content: CalloutContent, appearance: CalloutAppearance, for view: AnnotationView) {
        self.view = view
        let bubble = CalloutBubble(content: content.root, appearance: appearance)
        self.bubble = bubble
        gtk_widget_set_parent(bubble.widget, map.widget)
        controls.connect(content)
        needsAutoPan = true
        if map.animationsEnabled { map.callouts.fadeIn(bubble.widget) }
    }

    /// Swaps what the shown bubble holds (the temporary title's real content).
    func replace(with content: CalloutContent) {
        guard let bubble else { return }
        bubble.setContent(content.root)
        controls.connect(content)
    }

    func layout() {
        guard let bubble, let view else { return }
        let size = bubble.bodySize
        let placement = currentPlacement(for: bubble, size: size, view: view)
        if solvedSize != size {  // first time, or the content changed size: re-solve, pan the remainder
            edge = placement.edge
            solvedSize = size
            if !placement.fits { needsAutoPan = true }
        }
        let f = bubble.place(placement)
        var rect = GtkAllocation(x: Int32(f.minX.rounded()), y: Int32(f.minY.rounded()),
                                 width: Int32(f.width.rounded()), height: Int32(f.height.rounded()))
        gtk_widget_size_allocate(bubble.widget, &rect, -1)
        if needsAutoPan {
            needsAutoPan = false
            if !placement.fits { map.animatePan(by: placement.pan) }
        }
    }

    /// Where the bubble goes for the current viewport: on its chosen side while its size stays the same.
    private func currentPlacement(for bubble: CalloutBubble, size: Size, view: AnnotationView) -> CalloutPlacement {
        var placer = map.callouts.placer
        if let edge, solvedSize == size { placer.preferences = [edge] }  // keep its side while the map moves
        return placer.place(size: size, pin: view.frame, anchor: view.calloutAnchor, in: map.viewport.bounds)
    }

    var frame: Rect? {
        guard let bubble, let view, bubble.widget != nil else { return nil }
        // Computed for the viewport as it is now, not read from the last allocation,
        // which trails the map by a frame until the next layout pass.
        map.annotationLayer.layout(map.viewport)
        let f = CalloutBubble.frame(for: currentPlacement(for: bubble, size: bubble.bodySize, view: view))
        return Rect(x: f.minX.rounded(), y: f.minY.rounded(), width: f.width.rounded(), height: f.height.rounded())
    }

    func contains(_ p: Point) -> Bool {
        guard let b = bubble?.widget, gtk_widget_get_visible(b) != 0 else { return false }
        var local = graphene_point_t(), point = graphene_point_t(x: Float(p.x), y: Float(p.y))
        guard gtk_widget_compute_point(map.widget, b, &point, &local) != 0 else { return false }
        return gtk_widget_contains(b, Double(local.x), Double(local.y)) != 0
    }

    func dismiss(animated: Bool) {
        controls.disconnectAll()
        guard let b = bubble else { return }
        bubble = nil
        view = nil
        if animated && map.animationsEnabled { map.callouts.fadeOut(b) } else { gtk_widget_unparent(b.widget) }
    }

    var widget: UnsafeMutablePointer<GtkWidget>? { bubble?.widget }
}
