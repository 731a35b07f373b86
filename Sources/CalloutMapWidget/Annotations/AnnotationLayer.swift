import CalloutMapCore

/// Annotations and their views: the annotations on screen (plus a margin) get
/// a view, dequeued per reuse identifier; views that leave go back to a pool.
/// Work per frame follows what is on screen, not the data set. Stacking and
/// hit-testing are the `stack`'s, clusters the `clusters`' store.
@MainActor
package final class AnnotationLayer {
    package static let defaultReuseIdentifier = "CalloutMap.default"
    package static let clusterReuseIdentifier = "CalloutMap.cluster"
    /// Views are made this far (logical px) beyond the visible edge, so pins slide in whole,
    /// also into the map raster's margin.
    package static let margin = MapRaster.margin + requeryDistance + 96

    /// The map's image (tiles and pins), moved while the map pans.
    let raster = MapRaster()
    /// Times the map's image was drawn again (not just moved), for tests and the benchmark.
    package var rasterRedraws: Int { raster.redraws }
    package var rasterScaledFrames: Int { raster.scaledFrames }
    /// Changes whenever what the pins look like may have changed other than by panning.
    var drawRevision: Int { ownRevision &+ stack.revision &+ clusters.revision }
    private var ownRevision = 0

    package let annotations = AnnotationSet()
    /// The views shown in stacking order, and hit-testing.
    let stack = AnnotationStack()
    /// Every laid-out view in stacking order, and which of them yield to others.
    let yielding = PinYielding()
    /// The clusters of the annotations.
    package private(set) lazy var clusters = ClusterStore(annotations: annotations) { [unowned self] in
        self.needsLayout = true
    }
    /// Asked for a view when an annotation comes on screen; nil gives the default marker.
    package var viewProvider: ((any Annotation) -> AnnotationView?)?

    private var registry: [String: AnnotationView.Type] = [defaultReuseIdentifier: MarkerAnnotationView.self,
                                                           clusterReuseIdentifier: ClusterAnnotationView.self]
    private var pools: [String: [AnnotationView]] = [:]
    /// The views laid out (shown or hidden by a collision), by annotation.
    private(set) var visible: [ObjectIdentifier: AnnotationView] = [:]
    /// Annotations shown with the others but not among them (a callout annotation), with their views.
    private(set) var attached: [any Annotation] = []
    private var attachedViews: [ObjectIdentifier: AnnotationView] = [:]
    /// Annotations whose views stay even off screen or inside a cluster (the selected ones, one
    /// being dragged).
    private(set) var kept: [ObjectIdentifier: any Annotation] = [:]
    /// The viewport of the last layout; the next one with the same viewport is skipped.
    private var laidOut: Viewport?
    private var needsLayout = true
    /// Views created since the layer was made (not reused), for tests and the benchmark.
    package private(set) var createdViewCount = 0

    package init() {}

    /// Every view's image is drawn again (the interface font changed): on screen, kept and pooled.
    func setNeedsDisplayAll() {
        for view in Array(visible.values) + Array(attachedViews.values) + pools.values.joined() { view.setNeedsDisplay() }
    }

    package func register(_ type: AnnotationView.Type, forReuseIdentifier identifier: String) {
        registry[identifier] = type
    }

    /// A view for `annotation`: from the pool for `identifier`, or a new one of the registered class.
    package func dequeueView(withIdentifier identifier: String, for annotation: any Annotation) -> AnnotationView {
        let view: AnnotationView
        // Popped in place: a copy of the pool out of the dictionary would copy every view in it.
        if let reused = pools[identifier]?.popLast() {
            view = reused
        } else {
            let type = registry[identifier] ?? MarkerAnnotationView.self
            view = type.init(annotation: annotation, reuseIdentifier: identifier)
            createdViewCount += 1
        }
        view.annotation = annotation
        view.prepareForDisplay()
        return view
    }

    package func add(_ new: [any Annotation]) {
        ownRevision += 1
        annotations.add(new)
        clusters.reset()
        needsLayout = true
    }

    package func remove(_ gone: [any Annotation]) {
        ownRevision += 1
        annotations.remove(gone)
        clusters.forget(gone)
        clusters.reset()  // members are kept by place
        needsLayout = true
        for a in gone {
            let id = ObjectIdentifier(a)
            kept.removeValue(forKey: id)
            if let view = visible.removeValue(forKey: id) { recycle(view) }
        }
        let isGone = { (view: AnnotationView) in view.annotation.map { !self.annotations.contains($0) && !self.isAttached($0) } ?? true }
        stack.removeAll(where: isGone)
        yielding.removeAll(where: isGone)
    }

    /// Shows an annotation with the others, with its own view, without making it one of them:
    /// never clustered, not in `annotations` (the callout-as-annotation approach).
    package func attach(_ annotation: any Annotation, view: AnnotationView) {
        ownRevision += 1
        attached.append(annotation)
        attachedViews[ObjectIdentifier(annotation)] = view
        view.annotation = annotation
        view.prepareForDisplay()
        needsLayout = true
    }

    func detach(_ annotation: any Annotation) {
        let id = ObjectIdentifier(annotation)
        guard let view = attachedViews.removeValue(forKey: id) else { return }
        ownRevision += 1
        attached.removeAll { $0 === annotation }
        visible.removeValue(forKey: id)
        stack.forget(view)
        view.annotation = nil
        stack.removeAll { $0 === view }
        yielding.removeAll { $0 === view }
        needsLayout = true
    }

    private func isAttached(_ annotation: any Annotation) -> Bool { attachedViews[ObjectIdentifier(annotation)] != nil }

    package func view(for annotation: any Annotation) -> AnnotationView? { visible[ObjectIdentifier(annotation)] }

    /// Re-reads an annotation's coordinate (after the model moved it).
    package func update(_ annotation: any Annotation) {
        ownRevision += 1
        annotations.update(annotation)
        clusters.moved(annotation)
        needsLayout = true
    }

    /// Brings the set of views up to date with the viewport and orders them for drawing.
    /// Cheap when nothing changed since the last call.
    package func layout(_ viewport: Viewport) {
        if !needsLayout, laidOut == viewport {
            resolveCollisions()
            return
        }
        if !needsLayout, let last = laidOut, let queried, let shift = Self.pan(from: last, to: viewport),
           let moved = Self.pan(from: queried, to: viewport) {
            // A pan moves the views with the map; past `requeryDistance`, the index is asked for
            // the strips the pan uncovered, not the whole area again. Not for clusters: one is
            // found by its centre but may stand at a member, so a strip cannot tell if it left.
            let requery = abs(moved.x) >= Self.requeryDistance || abs(moved.y) >= Self.requeryDistance
            if !requery || !clusters.isEnabled {
                stack.translate(by: shift)
                yielding.translate(by: shift)
                laidOut = viewport
                if requery {
                    self.queried = viewport
                    if slide(from: queried, to: viewport) { return }
                }
                resolveCollisions()
                return
            }
        }
        needsLayout = false
        laidOut = viewport
        queried = viewport
        var wanted = items(in: Self.queryArea(viewport), zoom: viewport.zoom)
        wanted += attached
        for (id, a) in kept where !wanted.contains(where: { ObjectIdentifier($0) == id }) { wanted.append(a) }
        var next: [ObjectIdentifier: AnnotationView] = [:]
        next.reserveCapacity(wanted.count)
        var membershipChanged = false
        for a in wanted {
            let id = ObjectIdentifier(a)
            let view: AnnotationView
            if let existing = visible[id] {
                view = existing
            } else {
                view = makeView(for: a)
                view.order = annotations.order(of: a) ?? (a as? ClusterAnnotation)?.order ?? 0
                membershipChanged = true
            }
            if view.dragState == .none { view.anchor = viewport.screenPoint(for: a.coordinate) }
            next[id] = view
        }
        for (id, view) in visible where next[id] == nil {
            recycle(view)
            membershipChanged = true
        }
        visible = next
        for view in next.values { view.layoutAttached() }
        // Only a clustering map has badges (asking 10,000 pins whether they are one costs a millisecond).
        if clusters.isEnabled { BadgeSeparation.separate(next.values.filter { $0.annotation is ClusterAnnotation }) }
        // Panning and zooming keep the order (screen y keeps its order under both): sort only
        // when views came or went.
        if membershipChanged || yielding.ordered.count != next.count { yielding.set(AnnotationStack.sorted(Array(next.values))) }
        yielding.invalidate()
        if !resolveCollisions() { stack.measure() }
    }

    /// The world (in world units, 0…1; may wrap east–west) whose annotations get views: the view
    /// and `margin` around it.
    private static func queryArea(_ viewport: Viewport) -> Rect {
        let pad = margin / viewport.worldSize
        let topLeft = viewport.worldPoint(at: .zero)
        let bottomRight = viewport.worldPoint(at: Point(x: viewport.size.width, y: viewport.size.height))
        return Rect(x: topLeft.x - pad, y: topLeft.y - pad, width: bottomRight.x - topLeft.x + 2 * pad,
                    height: bottomRight.y - topLeft.y + 2 * pad)
    }

    /// The annotations (or clusters) in an area of the world.
    private func items(in area: Rect, zoom: Double) -> [any Annotation] {
        clusters.isEnabled
            ? clusters.items(minX: area.minX, minY: area.minY, maxX: area.maxX, maxY: area.maxY, zoom: zoom)
            : annotations.annotations(minX: area.minX, minY: area.minY, maxX: area.maxX, maxY: area.maxY)
    }

    /// After a pan from `old` (the last viewport the index was asked for) to `new`, at the same
    /// zoom and size: views for what the pan brought into the area, back to their pools for what
    /// it took out, the index asked only for the uncovered strips. A view leaves once it is a
    /// pixel past the area, so one a strip may find again still has its view (never two).
    /// Returns whether views came or went (they are then ordered and measured).
    private func slide(from old: Viewport, to new: Viewport) -> Bool {
        let now = Self.queryArea(new)
        var dx = old.center.x - new.center.x
        dx -= dx.rounded()  // the nearer way round the world, as `pan(from:to:)` measures it
        let before = now.offsetBy(dx: dx, dy: old.center.y - new.center.y)
        var strips: [Rect] = []
        if now.minX < before.minX { strips.append(Rect(x: now.minX, y: now.minY, width: before.minX - now.minX, height: now.height)) }
        if now.maxX > before.maxX { strips.append(Rect(x: before.maxX, y: now.minY, width: now.maxX - before.maxX, height: now.height)) }
        let left = max(now.minX, before.minX), right = min(now.maxX, before.maxX)
        if now.minY < before.minY { strips.append(Rect(x: left, y: now.minY, width: right - left, height: before.minY - now.minY)) }
        if now.maxY > before.maxY { strips.append(Rect(x: left, y: before.maxY, width: right - left, height: now.maxY - before.maxY)) }
        var came: [AnnotationView] = []
        for strip in strips {
            for a in items(in: strip, zoom: new.zoom) where visible[ObjectIdentifier(a)] == nil {
                let view = makeView(for: a)
                view.order = annotations.order(of: a) ?? (a as? ClusterAnnotation)?.order ?? 0
                if view.dragState == .none { view.anchor = new.screenPoint(for: a.coordinate) }
                visible[ObjectIdentifier(a)] = view
                came.append(view)
            }
        }
        let m = Self.margin + 1
        let area = Rect(x: -m, y: -m, width: new.size.width + 2 * m, height: new.size.height + 2 * m)
        var went: [ObjectIdentifier] = []
        for (id, view) in visible where view.dragState == .none && kept[id] == nil && attachedViews[id] == nil && !area.contains(view.anchor) {
            went.append(id)
        }
        guard !came.isEmpty || !went.isEmpty else { return false }
        for id in went { recycle(visible.removeValue(forKey: id)!) }
        for view in came { view.layoutAttached() }
        if clusters.isEnabled { BadgeSeparation.separate(visible.values.filter { $0.annotation is ClusterAnnotation }) }
        yielding.set(AnnotationStack.sorted(Array(visible.values)))
        yielding.invalidate()
        if !resolveCollisions() { stack.measure() }
        return true
    }

    /// Measures the views' hit areas again (one moved on its own, not with the map), and which
    /// views yield (a dragged pin hides those it passes over).
    package func remeasure() {
        yielding.invalidate()
        if !resolveCollisions() { stack.measure() }
    }

    /// Hides the views that yield to others, when that may have changed; returns whether the
    /// stack took new views (and so measured them).
    @discardableResult
    private func resolveCollisions() -> Bool {
        guard let viewport = laidOut else { return false }
        let m = Self.margin
        let area = Rect(x: -m, y: -m, width: viewport.size.width + 2 * m, height: viewport.size.height + 2 * m)
        guard let (shown, flipped) = yielding.resolve(area: area) else { return false }
        // A view drawn or hidden in the map's image changed: it is drawn again.
        if flipped { ownRevision += 1 }
        if Self.same(shown, stack.sortedViews) { return false }
        stack.set(shown)
        return true
    }

    /// Whether two lists hold the same views in the same order (a loop, not a closure: see `PinYielding.resolve`).
    private static func same(_ a: [AnnotationView], _ b: [AnnotationView]) -> Bool {
        guard a.count == b.count else { return false }
        for i in a.indices where a[i] !== b[i] { return false }
        return true
    }

    /// The viewport of the last full layout (index queried, views made and recycled).
    private var queried: Viewport?
    /// A pan shorter than this (logical px) since the last full layout moves the views and
    /// asks the index nothing: the margin has room for what comes into view meanwhile.
    static let requeryDistance = 32.0

    /// How far the content moved between two viewports that differ only by a pan
    /// short of any world wrap; nil for anything else.
    private static func pan(from a: Viewport, to b: Viewport) -> Point? {
        guard a.zoom == b.zoom, a.size == b.size,
              a.worldSize > a.size.width + 2 * (margin + requeryDistance) else { return nil }
        var dx = a.center.x - b.center.x
        dx -= dx.rounded()
        return Point(x: dx * a.worldSize, y: (a.center.y - b.center.y) * a.worldSize)
    }

    /// Keeps an annotation's view even off screen (while selected or dragged).
    package func keep(_ annotation: any Annotation) {
        let id = ObjectIdentifier(annotation)
        kept[id] = annotation
        if visible[id] == nil { needsLayout = true }
    }

    package func release(_ annotation: any Annotation) {
        kept.removeValue(forKey: ObjectIdentifier(annotation))
        // Only a view now off screen or in a cluster needs a layout (to go back to its pool).
        if clusters.isEnabled { needsLayout = true }
        if let viewport = laidOut {
            let p = viewport.screenPoint(for: annotation.coordinate)
            if !viewport.bounds.insetBy(dx: -Self.margin, dy: -Self.margin).contains(p) { needsLayout = true }
        }
    }

    // MARK: Views

    private func makeView(for annotation: any Annotation) -> AnnotationView {
        if let view = attachedViews[ObjectIdentifier(annotation)] { return view }
        if annotation is ClusterAnnotation {
            // The delegate may give clusters views of its own (MapKit asks it too); nil: the badge.
            let view = viewProvider?(annotation) ?? dequeueView(withIdentifier: Self.clusterReuseIdentifier, for: annotation)
            view.annotation = annotation
            return view
        }
        let view = viewProvider?(annotation) ?? dequeueView(withIdentifier: Self.defaultReuseIdentifier, for: annotation)
        view.annotation = annotation
        clusters.note(view.clusteringIdentifier, for: annotation)
        return view
    }

    private func recycle(_ view: AnnotationView) {
        stack.forget(view)
        view.isInRaster = false  // its image is still in the raster, but off screen
        view.isHiddenByCollision = false
        view.isCollisionResolved = false
        if let a = view.annotation, isAttached(a) { return }  // an attached view is its owner's
        view.prepareForReuse()
        view.annotation = nil
        view.isSelected = false
        guard let id = view.reuseIdentifier else { return }
        pools[id, default: []].append(view)
    }
}

