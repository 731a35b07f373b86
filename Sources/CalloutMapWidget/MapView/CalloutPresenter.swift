import CCalloutMapGtk
import CalloutMapCore
import CalloutMapGtk

/// The map's side of callouts: makes the presentation for the map's current
/// `CalloutMode` when a pin is selected (`Callouts/`, one type per approach),
/// tells the delegate, lays it out in the map's allocation, and keeps what
/// outlives one presentation — bubbles still fading out, the custom approach's
/// hidden state, and a popover that outlived its selection.
@MainActor
final class CalloutPresenter {
    private unowned let map: MapView
    let placer = CalloutPlacer()
    private(set) var view: AnnotationView?
    private var current: CalloutPresentation?
    /// Custom mode: a second click on the selected pin hides its callout, a third shows it again.
    private(set) var customHidden = false
    /// Popover mode with `popoverKeepsSelection == false`: the popover outlives the selection.
    private(set) var popoverDetached = false

    init(map: MapView) { self.map = map }

    var isShowing: Bool { current != nil }
    /// The bubble or popover widget on screen now (for tests and assistive checks).
    var bubbleWidget: UnsafeMutablePointer<GtkWidget>? { current is BubbleCalloutPresentation ? current?.widget : nil }
    var popoverWidget: UnsafeMutablePointer<GtkWidget>? { current is PopoverCalloutPresentation ? current?.widget : nil }
    /// The callout annotation on the map now (the annotation approach).
    var calloutAnnotation: CalloutAnnotation? { map.annotationLayer.attached.first as? CalloutAnnotation }

    // MARK: Presenting

    func present(for view: AnnotationView) {
        dismiss(animated: false)
        guard !map.isDisposed else { return }  // a map whose widget is gone shows nothing
        customHidden = false
        let presentation: CalloutPresentation = switch map.calloutMode {
        case .standard: StandardCalloutPresentation(map: map, view: view)
        case .custom: CustomCalloutPresentation(map: map, view: view)
        case .annotation: AnnotationCalloutPresentation(map: map, view: view)
        case .popover: PopoverCalloutPresentation(map: map, view: view)
        }
        guard presentation.present(for: view) else { return }
        self.view = view
        current = presentation
        map.delegate?.mapView(map, didShowCalloutFor: view)
        map.queueAllocate()
        if map.calloutMode == .popover, !map.popoverKeepsSelection, let annotation = view.annotation {
            popoverDetached = true  // the pin is deselected once the popover shows
            map.deselectAnnotation(annotation)
        }
    }

    /// Takes the callout down; the delegate hears of it.
    func dismiss(animated: Bool) {
        guard let view, let current else { return }
        self.current = nil
        self.view = nil
        current.dismiss(animated: animated)
        popoverDetached = false
        map.delegate?.mapView(map, didHideCalloutFor: view)
        map.queueDraw()
    }

    /// Custom mode's toggle: clicking the selected pin again hides or shows its callout.
    func toggleCustom() {
        guard map.calloutMode == .custom, let view = view ?? (customHidden ? map.selectedView : nil) else { return }
        if customHidden {
            present(for: view)
        } else {
            dismiss(animated: true)
            customHidden = true
        }
    }

    /// GTK closed the popover itself (Escape, a click outside): the pin is deselected and
    /// focus returns to it.
    func popoverDidClose(for view: AnnotationView) {
        map.delegate?.mapView(map, didCloseCalloutPopoverFor: view)
        let annotation = view.annotation
        dismiss(animated: false)
        if let annotation, map.selectedAnnotation === annotation { map.deselectAnnotation(annotation) }
        map.pinProxies.focus(view)
    }

    /// Where the callout is now, in map coordinates; nil when none is shown or it is a popover.
    var frame: Rect? { current?.frame }

    /// The first members of a selected cluster, for its callout.
    func members(of view: AnnotationView) -> (names: [String], more: Int) {
        guard let cluster = view.annotation as? ClusterAnnotation else { return ([], 0) }
        let names = map.annotationLayer.clusters.members(of: cluster, limit: 5).map { $0.title ?? "Untitled" }
        return (names, max(0, cluster.count - names.count))
    }

    // MARK: Hit-testing

    /// Whether a point (map coordinates) is on the callout's shape: then it is the callout's, not the map's.
    func contains(_ p: Point) -> Bool { current?.contains(p) ?? false }

    /// A click on the callout annotation's view: its "ⓘ" reports a tap; true when handled.
    func handleClick(on view: AnnotationView, at p: Point) -> Bool {
        guard let calloutView = view as? CalloutAnnotationView else { return false }
        let f = calloutView.frame
        if calloutView.buttonFrame.insetBy(dx: -4, dy: -4).contains(Point(x: p.x - f.minX, y: p.y - f.minY)) {
            calloutView.onDetailsTapped?()
        }
        return true
    }

    // MARK: Layout (called from the map's size_allocate, every frame the map moves)

    func allocate() {
        // GTK wants every child allocated in each of its parent's passes, or it will not draw it:
        // bubbles fading out keep where they were.
        for b in fadingOut {
            var rect = GtkAllocation()
            gtk_widget_get_allocation(b.widget, &rect)
            gtk_widget_size_allocate(b.widget, &rect, -1)
        }
        guard let current else { return }
        map.annotationLayer.layout(map.viewport)  // this frame's pin positions, not the last frame's
        current.layout()
    }

    func snapshot(_ snapshot: OpaquePointer) {
        if let b = bubbleWidget { gtk_widget_snapshot_child(map.widget, b, snapshot) }
        for w in fadingOut { gtk_widget_snapshot_child(map.widget, w.widget, snapshot) }
    }

    // MARK: Animation (follows GTK's enable-animations setting)

    private var fadingOut: [CalloutBubble] = []

    func fadeIn(_ w: UnsafeMutablePointer<GtkWidget>) {
        gtk_widget_set_opacity(w, 0)
        var start: Double?
        Timer.tick(w) { now in
            let s = start ?? now
            start = s
            let p = min(1, (now - s) / 0.18)
            gtk_widget_set_opacity(w, p)
            return p < 1
        }
    }

    func fadeOut(_ b: CalloutBubble) {
        // One dismissed before it was ever allocated was never seen: it just goes.
        guard gtk_widget_get_width(b.widget) > 0 else { return gtk_widget_unparent(b.widget) }
        fadingOut.append(b)
        var start: Double?
        Timer.tick(b.widget) { [weak self] now in
            let s = start ?? now
            start = s
            let p = min(1, (now - s) / 0.15)
            gtk_widget_set_opacity(b.widget, 1 - p)
            if p >= 1 {
                self?.fadingOut.removeAll { $0 === b }
                gtk_widget_unparent(b.widget)
                return false
            }
            return true
        }
    }

    /// The map's widget is going: everything comes down at once, the delegate told nothing.
    func removeAll() {
        current?.dismiss(animated: false)
        current = nil
        view = nil
        for b in fadingOut { gtk_widget_unparent(b.widget) }
        fadingOut = []
    }
}
