import CalloutMapCore

/// Which of the laid-out views are hidden because they yield to others by display priority
/// (`PriorityCollisions` over their collision shapes). Keeps every laid-out view in stacking
/// order, hidden ones too, so a view that comes back needs no new view or sort.
@MainActor
final class PinYielding {
    /// Every view laid out, bottom first, hidden ones included.
    private(set) var ordered: [AnnotationView] = []
    /// The views hidden at the last resolve.
    private(set) var hiddenViews: [AnnotationView] = []
    /// The `AnnotationView.collisionGeneration` last resolved.
    private var generation = -1
    private var isStale = true

    /// Takes the views laid out, in stacking order.
    func set(_ sorted: [AnnotationView]) {
        ordered = sorted
        isStale = true
    }

    /// The views moved relative to each other (a zoom): resolve again.
    func invalidate() { isStale = true }

    /// A view was selected or deselected: resolve again if that can change anything (a click
    /// among pins that never yield costs no pass over them).
    func selectionChanged() { if anyMayYield || !hiddenViews.isEmpty { isStale = true } }

    /// Passes over the views made (for tests: a click among pins that never yield makes none).
    private(set) var passes = 0

    /// Whether a view laid out could yield (not required, taking room), as of the last resolve.
    private var anyMayYield = false

    /// Drops views (their annotations are gone), keeping the order.
    func removeAll(where gone: (AnnotationView) -> Bool) {
        ordered.removeAll(where: gone)
        isStale = true
    }

    /// A pure pan: the hidden views move with the map too (the stack moves the shown ones).
    func translate(by shift: Point) {
        for view in hiddenViews where view.dragState == .none {
            view.anchor.x += shift.x
            view.anchor.y += shift.y
        }
    }

    /// Works out which views are hidden, if anything changed since the last time: returns the
    /// views shown, in stacking order, and whether a view already resolved changed between shown
    /// and hidden (a newcomer's state is news to nobody: it was never drawn). Nil when nothing changed.
    func resolve(area: Rect) -> (shown: [AnnotationView], flipped: Bool)? {
        guard isStale || generation != AnnotationView.collisionGeneration else { return nil }
        passes += 1
        isStale = false
        generation = AnnotationView.collisionGeneration
        // The default (every view required) asks for no shapes at all. Plain loops: a closure in
        // this main-actor class would check the executor on every view (a click's layout with
        // 1,000 pins cost 250 µs that way).
        var mayYield = !hiddenViews.isEmpty
        for view in ordered where !mayYield && !view.displayPriority.isRequired && view.collisionMode != .none { mayYield = true }
        anyMayYield = mayYield
        guard mayYield else {
            for view in ordered { view.isCollisionResolved = true }
            return (ordered, false)
        }
        // A plain loop: a closure here would check for the main actor on every view.
        var claims: [CollisionClaim] = []
        claims.reserveCapacity(ordered.count)
        for view in ordered {
            claims.append(CollisionClaim(shape: view.collisionShape, priority: view.displayPriority,
                                         isPinned: view.isSelected || view.dragState != .none))
        }
        let hidden = PriorityCollisions.hidden(claims, area: area)
        var shown: [AnnotationView] = []
        shown.reserveCapacity(ordered.count)
        hiddenViews = []
        var flipped = false
        for (view, isHidden) in zip(ordered, hidden) {
            if view.isCollisionResolved, view.isHiddenByCollision != isHidden { flipped = true }
            view.isHiddenByCollision = isHidden
            view.isCollisionResolved = true
            if isHidden { hiddenViews.append(view) } else { shown.append(view) }
        }
        return (shown, flipped)
    }
}
