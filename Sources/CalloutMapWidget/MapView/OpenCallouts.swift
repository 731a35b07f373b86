import CCalloutMapGtk
import CalloutMapCore
import CalloutMapGtk

/// The map's side of callouts: one presentation per open callout, made for the map's
/// current `CalloutMode` when the selection asks (`Callouts/`, one type per approach);
/// one arrangement of all of them in each allocation (`CalloutArranger`: none overlaps
/// another, a selected pin or the scale bar and attribution), leader lines to those set
/// apart, and what outlives a presentation (bubbles fading out). Presentations reach the
/// map only through this host, and this reaches it only as `CalloutsMap`; what the selection
/// does, the map decides.
@MainActor
final class OpenCallouts: CalloutHost {
    private unowned let map: any CalloutsMap
    /// Places a callout that is a surface of its own (a popover), alone.
    private let placer = CalloutPlacer()
    private var arranger = CalloutArranger()

    /// One open callout and where the last arrangement put it.
    private final class Entry {
        let view: AnnotationView
        let presentation: CalloutPresentation
        var placement: CalloutPlacement?
        /// The place relative to the pin and the body size it was chosen for.
        var placed: (spot: CalloutSpot, size: Size)?
        /// A popover that stays open after its pin is deselected (`popoverKeepsSelection` false).
        var outlivesSelection = false
        /// Whether the map may pan to show it: not for a callout shown again the new way after a
        /// change of approach.
        let pansToShow: Bool
        /// The body size the map last panned (or would have panned) for.
        var pannedFor: Size?

        init(view: AnnotationView, presentation: CalloutPresentation, pansToShow: Bool) {
            self.view = view
            self.presentation = presentation
            self.pansToShow = pansToShow
        }
    }

    /// Open callouts in the order they opened (earlier ones keep their places).
    private var entries: [Entry] = []
    /// Custom mode: selected views whose callout a second click hid.
    private var hiddenCustom: Set<ObjectIdentifier> = []
    /// The viewport of the last arrangement: a callout that moves while it stays the same moved
    /// other than with the map, and the delegate hears of it.
    private var arrangedViewport: Viewport?
    /// Each callout's pin, place and size as last arranged (`bodiesRevision`).
    private var arrangedBodies: [(ObjectIdentifier, CalloutSpot?, Size?)] = []

    /// How a selected pin shows its information unless its view says otherwise (the map's `calloutMode`).
    var mode = CalloutMode.standard
    /// Popover mode: whether the pin stays selected while its popover is open.
    var popoverKeepsSelection = true
    /// Standard mode: a title shown for about a second before the real content.
    var temporaryTitle: String?

    init(map: any CalloutsMap) { self.map = map }

    /// How a view's callout is shown: its own approach, else the map's.
    func mode(for view: AnnotationView) -> CalloutMode { view.calloutMode ?? mode }

    var isShowing: Bool { !entries.isEmpty }
    func isShowing(for view: AnnotationView) -> Bool { entry(for: view) != nil }
    /// The views whose callouts are open, in the order they opened.
    var views: [AnnotationView] { entries.map(\.view) }
    /// The last opened bubble or popover widget on screen (for tests and assistive checks).
    var bubbleWidget: UnsafeMutablePointer<GtkWidget>? {
        entries.last { $0.presentation is BubbleCalloutPresentation }?.presentation.widget
    }
    /// The last opened bubble (for tests).
    var bubble: CalloutBubble? {
        (entries.last { $0.presentation is BubbleCalloutPresentation }?.presentation as? BubbleCalloutPresentation)?.bubble
    }
    var popoverWidget: UnsafeMutablePointer<GtkWidget>? {
        entries.last { $0.presentation is PopoverCalloutPresentation }?.presentation.widget
    }
    /// The callout annotation on the map now (the annotation approach; the first opened).
    var calloutAnnotation: CalloutAnnotation? { map.annotationLayer.attached.first { $0 is CalloutAnnotation } as? CalloutAnnotation }

    private func entry(for view: AnnotationView) -> Entry? { entries.first { $0.view === view } }

    // MARK: Presenting (the map's selection asks)

    /// Opens a selected view's callout, unless it is open; in popover mode it replaces any other.
    /// `pansToShow` false: shown again after a change of approach, it never moves the map.
    func present(for view: AnnotationView, pansToShow: Bool = true) {
        guard map.calloutParent != nil, entry(for: view) == nil else { return }
        hiddenCustom.remove(ObjectIdentifier(view))
        let mode = mode(for: view)
        if mode == .popover {  // one popover: the primary's
            while let i = entries.lastIndex(where: { $0.presentation is PopoverCalloutPresentation }) { remove(at: i, animated: false) }
        }
        let setting = CalloutSetting(viewport: map.viewport, isDark: map.isDark, temporaryTitle: temporaryTitle,
                                     animationsEnabled: map.animationsEnabled,
                                     members: map.annotationLayer.clusters.calloutMembers(of: view.annotation))
        let presentation: CalloutPresentation = switch mode {
        case .standard: StandardCalloutPresentation(host: self, view: view, setting: setting)
        case .custom: CustomCalloutPresentation(host: self, view: view, setting: setting)
        case .annotation: AnnotationCalloutPresentation(host: self, view: view, layer: map.annotationLayer, setting: setting)
        case .popover: PopoverCalloutPresentation(host: self, view: view, setting: setting)
        }
        guard presentation.present(for: view) else { return }
        let entry = Entry(view: view, presentation: presentation, pansToShow: pansToShow)
        entries.append(entry)
        if let size = presentation.surfaceSize { presentation.layout(surfacePlacement(entry, size: size)) }  // a popover pops up at once
        map.report(.shown(view))
        map.queueAllocate()
    }

    /// A deselected view's callout goes (a popover that outlives its selection stays).
    func dismiss(for view: AnnotationView, animated: Bool) {
        hiddenCustom.remove(ObjectIdentifier(view))
        guard let i = entries.firstIndex(where: { $0.view === view }), !entries[i].outlivesSelection else { return }
        remove(at: i, animated: animated)
    }

    /// Every callout goes (popovers that outlived their selection too); the delegate hears of each.
    func dismissAll(animated: Bool) {
        while let last = entries.indices.last { remove(at: last, animated: animated) }
    }

    /// The callouts of the views that match go, as `dismissAll` takes them.
    func dismissAll(where matches: (AnnotationView) -> Bool, animated: Bool) {
        while let i = entries.lastIndex(where: { matches($0.view) }) { remove(at: i, animated: animated) }
    }

    private func remove(at i: Int, animated: Bool) {
        let e = entries.remove(at: i)
        e.presentation.dismiss(animated: animated)
        map.report(.hidden(e.view))
        map.queueDraw()
    }

    /// Popover mode with `popoverKeepsSelection == false`: the view's popover stays open when
    /// the map deselects it.
    func keepAfterDeselection(_ view: AnnotationView) { entry(for: view)?.outlivesSelection = true }

    /// Custom mode's toggle: clicking a selected pin again hides its callout, once more shows it.
    func toggleCustom(for view: AnnotationView) {
        guard mode(for: view) == .custom else { return }
        let id = ObjectIdentifier(view)
        if hiddenCustom.contains(id) {
            present(for: view)
        } else if let i = entries.firstIndex(where: { $0.view === view }) {
            remove(at: i, animated: true)
            hiddenCustom.insert(id)
        }
    }

    /// Where a view's callout is now, in map coordinates, for the viewport as it is now (the
    /// last allocation trails the map by a frame); nil when none is open or it is a popover.
    func frame(for view: AnnotationView) -> Rect? {
        guard let i = entries.firstIndex(where: { $0.view === view }) else { return nil }
        map.annotationLayer.layout(map.viewport)
        guard let f = entries[i].presentation.frame(for: arrangement()[i]) else { return nil }
        return Rect(x: f.minX.rounded(), y: f.minY.rounded(), width: f.width.rounded(), height: f.height.rounded())
    }

    // MARK: CalloutHost (what presentations may ask)

    var parentWidget: UnsafeMutablePointer<GtkWidget>? { map.calloutParent }

    func controlTapped(_ control: CalloutControl, on view: AnnotationView) {
        map.report(.controlTapped(control, view))
    }

    /// GTK closed a popover itself (Escape, a click outside): it goes, and the map's selection
    /// takes note.
    func calloutClosedByUser(for view: AnnotationView) {
        map.report(.popoverClosing(view))
        if let i = entries.firstIndex(where: { $0.view === view }) { remove(at: i, animated: false) }
        map.report(.closedByUser(view))
    }

    // MARK: Hit-testing

    /// Whether a point (map coordinates) is on an open callout: then it is the callout's, not the map's.
    func contains(_ p: Point) -> Bool { entries.contains { $0.presentation.contains(p) } }

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

    /// Every open callout placed at once, in the order they opened, for the pins as they are now.
    private func arrangement() -> [CalloutPlacement?] {
        var requests: [CalloutRequest] = [], indices: [Int] = []
        for (i, e) in entries.enumerated() {
            guard let size = e.presentation.bodySize else { continue }
            let previous = e.placed.flatMap { $0.size == size ? $0.spot : nil }
            requests.append(CalloutRequest(size: size, pin: e.view.frame, anchor: e.view.calloutAnchor, previous: previous))
            indices.append(i)
        }
        var result = [CalloutPlacement?](repeating: nil, count: entries.count)
        guard !requests.isEmpty else { return result }
        let selectedPins = map.annotationLayer.selectedViews.filter { view in !indices.contains { entries[$0].view === view } }
        let obstacles = map.calloutObstacles(selectedPins: selectedPins.map(\.frame))
        let placed = arranger.arrange(requests, avoiding: obstacles, in: map.viewport.bounds)
        for (k, i) in indices.enumerated() { result[i] = placed[k] }
        return result
    }

    /// The callouts' bodies in the map's coordinates, as last arranged: names on the map keep
    /// out from under them.
    var bodies: [Rect] { entries.compactMap { $0.placement?.body } }  // (a key path through the optional tripped ASan in the Swift runtime)
    /// Changes when a callout opens, closes, or moves or grows relative to its pin (not when it
    /// moves with the map): the map's names are placed again then.
    private(set) var bodiesRevision = 0

    func allocate() {
        // GTK wants every child allocated in each of its parent's passes, or it will not draw it:
        // bubbles fading out keep where they were.
        for b in fadingOut {
            var rect = GtkAllocation()
            gtk_widget_get_allocation(b.widget, &rect)
            gtk_widget_size_allocate(b.widget, &rect, -1)
        }
        defer {
            let now = entries.map { (ObjectIdentifier($0.view), $0.placed?.spot, $0.placed?.size) }
            if now.count != arrangedBodies.count || !zip(now, arrangedBodies).allSatisfy({ $0.0 == $1.0 && $0.1 == $1.1 && $0.2 == $1.2 }) {
                arrangedBodies = now
                bodiesRevision += 1
            }
        }
        guard !entries.isEmpty else { return }
        map.annotationLayer.layout(map.viewport)  // this frame's pin positions, not the last frame's
        let mapStill = arrangedViewport == map.viewport
        arrangedViewport = map.viewport
        var moved: [AnnotationView] = []
        for (e, placement) in zip(entries, arrangement()) {
            if let placement {
                let now = (spot: placement.spot, size: placement.body.size)
                if mapStill, let before = e.placed, before.spot != now.spot || before.size != now.size { moved.append(e.view) }
                e.placed = now
            }
            e.placement = placement
            if let size = e.presentation.surfaceSize { e.presentation.layout(surfacePlacement(e, size: size)) } else { e.presentation.layout(placement) }
            if let placement { panToShow(e, placement) }
        }
        guard !moved.isEmpty else { return }
        // Told once layout is over, with the frame as it is then.
        Timer.after(milliseconds: 0) { [weak self] in
            guard let self, self.map.calloutParent != nil else { return }
            for view in moved {
                guard let frame = self.frame(for: view) else { continue }
                self.map.report(.placed(view, frame: frame))
            }
        }
    }

    /// Where a callout that is a surface of its own goes, alone, by its natural size; nil once
    /// its pin has left the view.
    private func surfacePlacement(_ e: Entry, size: Size) -> CalloutPlacement? {
        guard map.viewport.bounds.contains(e.view.anchor) else { return nil }
        return placer.place(size: size, pin: e.view.frame, anchor: e.view.calloutAnchor, in: map.viewport.bounds)
    }

    /// The map pans to show a callout cut off by its edge once, when the callout opens, and
    /// again only when its content grows. Never while the person moves the map (and not later
    /// for that: once they pan, the map is theirs), never for a pin out of view (a selection out
    /// of view stays there until they go to it), and never for a callout shown again the new way
    /// after a change of approach.
    private func panToShow(_ e: Entry, _ placement: CalloutPlacement) {
        guard e.pansToShow else { return }
        let size = placement.body.size
        if let last = e.pannedFor, size.width <= last.width, size.height <= last.height { return }
        e.pannedFor = size
        guard !placement.fits, !map.isHeld, e.view.frame.intersects(map.viewport.bounds) else { return }
        map.animatePan(by: placement.pan)
    }

    func snapshot(_ snapshot: OpaquePointer) {
        guard let parent = map.calloutParent else { return }
        drawLeaderLines(snapshot)
        for e in entries where e.presentation is BubbleCalloutPresentation {
            if let b = e.presentation.widget { gtk_widget_snapshot_child(parent, b, snapshot) }
        }
        for e in entries {
            if let c = (e.presentation as? AnnotationCalloutPresentation)?.controlWidget { gtk_widget_snapshot_child(parent, c, snapshot) }
        }
        for w in fadingOut { gtk_widget_snapshot_child(parent, w.widget, snapshot) }
    }

    /// Leader lines from the callouts set apart to their pins, under the callouts.
    private func drawLeaderLines(_ snapshot: OpaquePointer) {
        let detached = entries.compactMap { $0.placement?.isDetached == true ? $0.placement : nil }
        guard !detached.isEmpty else { return }
        var bounds = graphene_rect_t()
        graphene_rect_init(&bounds, 0, 0, Float(map.viewport.size.width), Float(map.viewport.size.height))
        guard let cr = gtk_snapshot_append_cairo(snapshot, &bounds) else { return }
        LeaderLine.paint(cr, detached, isDark: map.isDark)
        cairo_destroy(cr)
    }

    // MARK: Animation (follows GTK's enable-animations setting)

    private var fadingOut: [CalloutBubble] = []

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
        for e in entries { e.presentation.dismiss(animated: false) }
        entries = []
        hiddenCustom = []
        for b in fadingOut { gtk_widget_unparent(b.widget) }
        fadingOut = []
    }
}
