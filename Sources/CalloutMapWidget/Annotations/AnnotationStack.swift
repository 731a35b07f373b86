import CalloutMapCore

/// The views on screen in stacking order, and hit-testing against them: each
/// view's hit area kept as a plain rectangle in a grid, so a click tests the
/// few near it and asks only the views under it for their shape. The selected
/// views are on top whatever their place in the order (selecting re-sorts nothing).
@MainActor
final class AnnotationStack {
    /// Views bottom first, as of the last layout.
    private(set) var sortedViews: [AnnotationView] = []
    /// Each sorted view's hit area on screen.
    private var hitAreas: [Rect] = []
    /// The hit areas bucketed (moved, not rebuilt, by a pan).
    private var grid = HitGrid()
    /// The sorted views' identities: found without touching (retaining) the views themselves.
    private var sortedIDs: [ObjectIdentifier] = []
    /// Bumped when the selected views change (the map's image is drawn again).
    private(set) var revision = 0

    /// The selected views in the order selected: drawn above the others, the last (the primary)
    /// on top of all, and hit first, the primary first.
    private(set) var selectedViews: [AnnotationView] = [] {
        didSet { revision += 1 }
    }
    private var selectedIDs: Set<ObjectIdentifier> = []

    /// The primary selection (the last selected), drawn and hit first.
    var topView: AnnotationView? { selectedViews.last }

    /// Views in stacking order, bottom first: keys computed once, sorted with an index (moving
    /// them costs no reference counting).
    static func sorted(_ views: [AnnotationView]) -> [AnnotationView] {
        var keyed = [(StackingKey, Int)]()
        keyed.reserveCapacity(views.count)
        for (i, view) in views.enumerated() { keyed.append((view.stackingKey.ignoringSelection, i)) }
        keyed.sort(by: Self.drawnBelow)
        return keyed.map { views[$0.1] }
    }

    /// Takes the views shown, already in stacking order, and measures their hit areas.
    func set(_ sorted: [AnnotationView]) {
        sortedViews = sorted
        sortedIDs = sortedViews.map(ObjectIdentifier.init)
        measure()
    }

    /// A plain function, not a closure in this main-actor class: a closure would check the
    /// executor on every one of a sort's comparisons.
    private nonisolated static func drawnBelow(_ a: (StackingKey, Int), _ b: (StackingKey, Int)) -> Bool {
        b.0.isAbove(a.0)
    }

    /// Hit areas from the views' places now.
    func measure() {
        hitAreas = sortedViews.map(Self.hitArea)
        grid = HitGrid(rects: hitAreas)
    }

    /// Drops views whose annotation is gone (keeping the order).
    func removeAll(where gone: (AnnotationView) -> Bool) {
        sortedViews.removeAll(where: gone)
        sortedIDs = sortedViews.map(ObjectIdentifier.init)
        measure()
    }

    /// A pure pan: every view (but one being dragged) moves with the map; nothing comes or goes.
    func translate(by shift: Point) {
        hitAreas.withUnsafeMutableBufferPointer { areas in
            for (i, view) in sortedViews.enumerated() {
                if view.dragState == .none {
                    view.anchor.x += shift.x
                    view.anchor.y += shift.y
                    areas[i].origin.x += shift.x
                    areas[i].origin.y += shift.y
                } else {
                    areas[i] = Self.hitArea(view)  // a dragged pin's area: the grid finds it by its old place
                }
            }
        }
        grid.translate(by: shift)
    }

    private static func hitArea(_ view: AnnotationView) -> Rect {
        let f = view.frame, h = view.hitBounds
        return Rect(x: f.minX + h.minX, y: f.minY + h.minY, width: h.width, height: h.height)
    }

    /// Takes note of a view's selection changing: a selected view goes to the top (it becomes
    /// the primary); a deselected one leaves the selected views.
    func restack(_ view: AnnotationView) {
        let id = ObjectIdentifier(view)
        if view.isSelected {
            if selectedViews.last === view { return }
            if selectedIDs.contains(id) { selectedViews.removeAll { $0 === view } }
            selectedViews.append(view)
            selectedIDs.insert(id)
        } else {
            forget(view)
        }
    }

    /// A view going back to its pool is no longer selected.
    func forget(_ view: AnnotationView) {
        guard selectedIDs.remove(ObjectIdentifier(view)) != nil else { return }
        selectedViews.removeAll { $0 === view }
    }

    /// Calls `body` with each view under a point, topmost first, while it returns true.
    /// `isShown` says whether a selected view is still the one shown for its annotation.
    func forEachView(at point: Point, isShown: (AnnotationView) -> Bool, _ body: (AnnotationView) -> Bool) {
        for view in selectedViews.reversed() where isShown(view) {
            let f = view.frame  // its own frame: selection may have resized it
            let local = Point(x: point.x - f.minX, y: point.y - f.minY)
            if view.hitBounds.contains(local) && view.contains(local) && !body(view) { return }
        }
        for c in grid.candidates(at: point).reversed() {
            let i = Int(c)
            guard hitAreas[i].contains(point), selectedIDs.isEmpty || !selectedIDs.contains(sortedIDs[i]) else { continue }
            let view = sortedViews[i], f = view.frame
            if view.contains(Point(x: point.x - f.minX, y: point.y - f.minY)) && !body(view) { return }
        }
    }

    /// Whether a view is drawn with the selected ones (above the others).
    func isRaised(_ view: AnnotationView) -> Bool { !selectedIDs.isEmpty && selectedIDs.contains(ObjectIdentifier(view)) }

    /// Views bottom first as drawn: the sorted views, with the selected ones last, the primary last of all.
    var drawingOrder: [AnnotationView] {
        guard !selectedViews.isEmpty else { return sortedViews }
        return sortedViews.filter { !isRaised($0) } + selectedViews.filter { v in sortedIDs.contains(ObjectIdentifier(v)) }
    }
}
