import CCalloutMapGtk
import CalloutMapCore
import CalloutMapGtk

/// Shows the selected pin's callout in the map's current mode, keeps it glued
/// to the pin (placed in the same allocation pass that moves the pins, every
/// frame the map moves), re-solves its placement when its size changes, and
/// pans the map by only what is needed to show it on presentation.
@MainActor
final class CalloutPresenter {
    private unowned let map: MapView
    let placer = CalloutPlacer()
    private(set) var view: AnnotationView?
    private var bubble: CalloutBubble?
    private var popover: UnsafeMutablePointer<GtkWidget>?
    private(set) var calloutAnnotation: CalloutAnnotation?
    /// The side chosen at presentation and the body size it was chosen for.
    private var edge: CalloutEdge?
    private var solvedSize: Size?
    private var needsAutoPan = false
    private var fadeTick: UInt32 = 0
    /// Custom mode: a second click on the selected pin hides its callout, a third shows it again.
    private(set) var customHidden = false
    /// Popover mode with `popoverKeepsSelection == false`: the popover outlives the selection.
    private(set) var popoverDetached = false

    init(map: MapView) { self.map = map }

    var isShowing: Bool { bubble != nil || popover != nil || calloutAnnotation != nil }
    /// The bubble or popover widget on screen now (for tests and assistive checks).
    var bubbleWidget: UnsafeMutablePointer<GtkWidget>? { bubble?.widget }
    var popoverWidget: UnsafeMutablePointer<GtkWidget>? { popover }

    // MARK: Presenting

    func present(for view: AnnotationView) {
        dismiss(animated: false)
        guard !map.isDisposed else { return }  // a map whose widget is gone shows nothing
        self.view = view
        customHidden = false
        let title = view.annotation?.title
        var members: [String] = [], more = 0
        if let cluster = view.annotation as? ClusterAnnotation {
            members = map.annotationLayer.members(of: cluster, limit: 5).map { $0.title ?? "Untitled" }
            more = max(0, cluster.count - members.count)
        }
        switch map.calloutMode {
        case .standard:
            guard view.canShowCallout, title?.isEmpty == false || view.detailCalloutAccessoryView != nil else { return done() }
            let appearance: CalloutAppearance = map.style.isDark ? .dark : .light
            if let temporary = map.temporaryCalloutTitle {
                // Seed 004: a temporary title for about a second, then the real content.
                let bubble = CalloutBubble(content: CalloutContent.label(temporary, classes: ["heading"]), appearance: appearance)
                show(bubble: bubble)
                Timer.after(milliseconds: 1000) { [weak self, weak bubble] in
                    guard let self, let bubble, self.bubble === bubble, self.view === view else { return }
                    bubble.setContent(CalloutContent.standard(for: view, title: title, members: members, more: more))
                    self.connectButtons(in: bubble.content)
                }
            } else {
                show(bubble: CalloutBubble(content: CalloutContent.standard(for: view, title: title, members: members, more: more),
                                           appearance: appearance))
            }
        case .custom:
            guard let custom = view.makeCustomCallout() else { return done() }
            show(bubble: CalloutBubble(content: custom.content, appearance: custom.appearance))
        case .annotation:
            guard let pin = view.annotation, title?.isEmpty == false else { return done() }
            let callout = CalloutAnnotation(pin: pin)
            calloutAnnotation = callout
            map.annotationLayer.add([callout])
            map.annotationLayer.keep(callout)
            map.annotationLayer.layout(map.viewport)
            needsAutoPan = true
        case .popover:
            guard title?.isEmpty == false || view.detailCalloutAccessoryView != nil else { return done() }
            showPopover(content: CalloutContent.standard(for: view, title: title, members: members, more: more))
        }
        map.delegate?.mapView(map, didShowCalloutFor: view)
        map.queueAllocate()
        if popover != nil, !map.popoverKeepsSelection, let annotation = view.annotation {
            popoverDetached = true  // seed 000 §4: the pin is deselected once the popover shows
            map.deselectAnnotation(annotation)
        }

        func done() { self.view = nil }
    }

    private func show(bubble: CalloutBubble) {
        self.bubble = bubble
        gtk_widget_set_parent(bubble.widget, map.widget)
        connectButtons(in: bubble.content)
        needsAutoPan = true
        if map.animationsEnabled { fadeIn(bubble.widget) }
    }

    private func showPopover(content: UnsafeMutablePointer<GtkWidget>) {
        let p = gtk_popover_new()!
        gtk_popover_set_child(cast(p), content)
        gtk_widget_set_parent(p, map.widget)
        gtk_widget_add_css_class(p, "callout-popover")
        connectButtons(in: content)
        Signal.connect(p, "closed") { [weak self] in self?.popoverClosed(p) }
        // A popover is a surface of its own: keys it does not use go on to the window (e.g. the app's shortcuts).
        let keys = gtk_event_controller_key_new()!
        Signal.connect(keys, "key-pressed") { [weak self] (_: UInt32, _: UInt32, _: UInt32) -> Bool in
            guard let root = self?.map.widget.flatMap({ gtk_widget_get_root($0) }) else { return false }
            return gtk_event_controller_key_forward(keys, cm_widget(root.rawObject)) != 0
        }
        gtk_widget_add_controller(p, cm_controller(keys.rawObject))
        popover = p
        placePopover()
        gtk_popover_popup(cast(p))
    }

    /// Takes the callout down; the delegate hears of it.
    func dismiss(animated: Bool) {
        guard let view else { return }
        disconnectButtons()
        if let b = bubble {
            bubble = nil
            if animated && map.animationsEnabled { fadeOut(b) } else { gtk_widget_unparent(b.widget) }
        }
        if let p = popover {
            popover = nil
            // Focus left inside a popover GTK has closed keeps the popover alive for good: it
            // goes back to the map first. The pin's accessories outlive the popover: taken out too.
            if let root = gtk_widget_get_root(p), let focus = gtk_root_get_focus(root),
               focus == p || gtk_widget_is_ancestor(focus, p) != 0, let mapWidget = map.widget {
                gtk_widget_grab_focus(mapWidget)
            }
            for accessory in [view.leftCalloutAccessoryView, view.rightCalloutAccessoryView, view.detailCalloutAccessoryView]
            where accessory.map({ gtk_widget_is_ancestor($0, p) != 0 }) == true {
                gtk_widget_unparent(accessory!)
            }
            close(popover: p)
        }
        if let c = calloutAnnotation {
            calloutAnnotation = nil
            map.annotationLayer.release(c)
            map.annotationLayer.remove([c])
        }
        popoverDetached = false
        edge = nil
        solvedSize = nil
        self.view = nil
        map.delegate?.mapView(map, didHideCalloutFor: view)
        map.queueDraw()
    }

    /// Custom mode's toggle: clicking the selected pin again hides or shows its callout.
    func toggleCustom() {
        guard map.calloutMode == .custom, let view else { return }
        if customHidden {
            self.view = nil
            present(for: view)
        } else {
            dismiss(animated: true)
            self.view = view
            customHidden = true
        }
    }

    /// Pops a popover down and unparents it. GTK 4.8's `gtk_popover_popdown` goes on using the
    /// popover after it emits "closed" (whose handler may be what called this): a reference kept
    /// until the main loop is idle again lets it finish; unparented while still shown, a popover
    /// would never be finalized.
    private func close(popover p: UnsafeMutablePointer<GtkWidget>) {
        let held = ObjectRef(retaining: p.rawObject)
        gtk_popover_popdown(cast(p))
        gtk_widget_unparent(p)
        Timer.after(milliseconds: 0) { _ = held }
    }

    /// GTK closed the popover (Escape, a click outside): handled once GTK is done closing it,
    /// since taking it apart from inside its own popdown leaves it alive for good.
    private func popoverClosed(_ p: UnsafeMutablePointer<GtkWidget>) {
        guard popover == p else { return }
        Timer.after(milliseconds: 0) { [weak self] in self?.popoverDidClose(p) }
    }

    private func popoverDidClose(_ p: UnsafeMutablePointer<GtkWidget>) {
        guard popover == p, let view else { return }
        map.delegate?.mapView(map, didCloseCalloutPopoverFor: view)
        let annotation = view.annotation
        dismiss(animated: false)
        if let annotation, map.selectedAnnotation === annotation { map.deselectAnnotation(annotation) }
        map.pinProxies.focus(view)  // focus returns to the pin
    }

    /// Where the callout is now, in map coordinates (its allocation, or the callout annotation's
    /// frame); nil when none is shown or it is a popover (a surface of its own).
    var frame: Rect? {
        if let bubble, let view, bubble.widget != nil {
            // Computed for the viewport as it is now, not read from the last allocation,
            // which trails the map by a frame until the next layout pass.
            map.annotationLayer.layout(map.viewport)
            let f = CalloutBubble.frame(for: currentPlacement(for: bubble, size: bubble.bodySize, view: view))
            return Rect(x: f.minX.rounded(), y: f.minY.rounded(), width: f.width.rounded(), height: f.height.rounded())
        }
        if let c = calloutAnnotation, let v = map.annotationLayer.view(for: c) { return v.frame }
        return nil
    }

    // MARK: Hit-testing

    /// Whether a point (map coordinates) is on the callout's shape: then it is the callout's, not the map's.
    func contains(_ p: Point) -> Bool {
        guard let b = bubble?.widget, gtk_widget_get_visible(b) != 0 else { return false }
        var local = graphene_point_t(), point = graphene_point_t(x: Float(p.x), y: Float(p.y))
        guard gtk_widget_compute_point(map.widget, b, &point, &local) != 0 else { return false }
        return gtk_widget_contains(b, Double(local.x), Double(local.y)) != 0
    }

    /// A click on the callout-annotation's view: its button reports an accessory tap; true when handled.
    func handleClick(on view: AnnotationView, at p: Point) -> Bool {
        guard let calloutView = view as? CalloutAnnotationView, let pinView = calloutView.pinView else { return false }
        let f = calloutView.frame
        if calloutView.buttonFrame.insetBy(dx: -4, dy: -4).contains(Point(x: p.x - f.minX, y: p.y - f.minY)) {
            map.delegate?.mapView(map, annotationView: pinView, calloutAccessoryControlTapped: nil)
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
        guard let view else { return }
        map.annotationLayer.layout(map.viewport)  // this frame's pin positions, not the last frame's
        let bounds = Rect(x: 0, y: 0, width: map.viewport.size.width, height: map.viewport.size.height)
        if let bubble {
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
        if popover != nil { placePopover() }
        if calloutAnnotation != nil, needsAutoPan, let cv = calloutAnnotation.flatMap({ map.annotationLayer.view(for: $0) }) {
            needsAutoPan = false
            let pan = placer.panToShow(cv.frame, in: bounds)
            if pan != .zero { map.animatePan(by: pan) }
        }
    }

    /// Where the bubble goes for the current viewport: on its chosen side while its size stays the same.
    private func currentPlacement(for bubble: CalloutBubble, size: Size, view: AnnotationView) -> CalloutPlacement {
        let bounds = Rect(x: 0, y: 0, width: map.viewport.size.width, height: map.viewport.size.height)
        var placer = self.placer
        if let edge, solvedSize == size { placer.preferences = [edge] }  // keep its side while the map moves
        return placer.place(size: size, pin: view.frame, anchor: view.calloutAnchor, in: bounds)
    }

    /// Points the popover at the pin (a rectangle centred over it), on the side the solver picks;
    /// closes it when the pin leaves the view.
    private func placePopover() {
        guard let p = popover, let view else { return }
        let bounds = Rect(x: 0, y: 0, width: map.viewport.size.width, height: map.viewport.size.height)
        guard bounds.contains(view.anchor) else {
            // The pin left the view: close, after this layout pass (closing re-enters the map).
            Timer.after(milliseconds: 0) { if gtk_widget_get_visible(p) != 0 { gtk_popover_popdown(cast(p)) } }
            return
        }
        var minimum = GtkRequisition(), natural = GtkRequisition()
        gtk_widget_get_preferred_size(p, &minimum, &natural)
        let f = view.frame
        let placement = placer.place(size: Size(width: Double(natural.width), height: Double(natural.height)),
                                     pin: f, anchor: view.calloutAnchor, in: bounds)
        let positions: [CalloutEdge: GtkPositionType] = [.above: GTK_POS_TOP, .below: GTK_POS_BOTTOM, .right: GTK_POS_RIGHT, .left: GTK_POS_LEFT]
        gtk_popover_set_position(cast(p), positions[placement.edge]!)
        var rect = GdkRectangle(x: Int32(f.minX.rounded()), y: Int32(f.minY.rounded()),
                                width: Int32(max(1, f.width.rounded())), height: Int32(max(1, f.height.rounded())))
        gtk_popover_set_pointing_to(cast(p), &rect)
        gtk_popover_present(cast(p))
    }

    func snapshot(_ snapshot: OpaquePointer) {
        if let b = bubble?.widget { gtk_widget_snapshot_child(map.widget, b, snapshot) }
        for w in fadingOut { gtk_widget_snapshot_child(map.widget, w.widget, snapshot) }
    }

    // MARK: Accessories

    /// The click handlers on the shown callout's buttons. Accessory buttons belong to their pin's
    /// view and outlive each callout, so every handler is disconnected when its callout goes (or
    /// each showing would add one more, and one click would report as many taps); the reference
    /// held on each button makes that safe whoever else lets go of it.
    private var buttonHandlers: [(button: ObjectRef, id: UInt)] = []

    private func connectButtons(in content: UnsafeMutablePointer<GtkWidget>) {
        for button in CalloutContent.buttons(in: content) {
            let id = Signal.connect(button, "clicked") { [weak self] in
                guard let self, let map = Optional(self.map), let view = self.view else { return }
                map.delegate?.mapView(map, annotationView: view, calloutAccessoryControlTapped: button)
            }
            buttonHandlers.append((ObjectRef(retaining: button.rawObject), id))
        }
    }

    private func disconnectButtons() {
        for (button, id) in buttonHandlers { Signal.disconnect(button.pointer, id) }
        buttonHandlers = []
    }

    // MARK: Animation (follows GTK's enable-animations setting)

    private var fadingOut: [CalloutBubble] = []

    private func fadeIn(_ w: UnsafeMutablePointer<GtkWidget>) {
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

    private func fadeOut(_ b: CalloutBubble) {
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

    func removeAll() {
        disconnectButtons()
        if let b = bubble { gtk_widget_unparent(b.widget) }
        if let p = popover {
            popover = nil
            close(popover: p)
        }
        for b in fadingOut { gtk_widget_unparent(b.widget) }
        bubble = nil
        popover = nil
        fadingOut = []
    }
}
