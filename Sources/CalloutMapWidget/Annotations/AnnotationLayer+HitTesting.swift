import CalloutMapCore

/// Stacking and hit-testing: the stack's, over the views shown (not those yielding to others).
extension AnnotationLayer {
    /// Views bottom first, as of the last layout.
    package var sortedViews: [AnnotationView] { stack.sortedViews }
    /// The primary selected view (the last selected), drawn and hit first.
    package var topView: AnnotationView? { stack.topView }
    /// Every selected view, in the order selected (the primary last).
    package var selectedViews: [AnnotationView] { stack.selectedViews }
    /// Whether a view is drawn with the selected ones (above the others).
    package func isRaised(_ view: AnnotationView) -> Bool { stack.isRaised(view) }
    /// Views bottom first as drawn: the sorted views, with the selected ones last.
    package var drawingOrder: [AnnotationView] { stack.drawingOrder }

    /// Takes note of a view's selection changing: it goes to the top (or leaves the selected ones),
    /// and the views that yield are worked out again (a selected view never yields).
    package func restack(_ view: AnnotationView) {
        stack.restack(view)
        yielding.selectionChanged()
    }

    /// Views whose shape contains a screen point, topmost first.
    package func views(at point: Point) -> [AnnotationView] {
        var hits: [AnnotationView] = []
        stack.forEachView(at: point, isShown: isShown) { hits.append($0); return true }
        return hits
    }

    /// The topmost view whose shape contains a screen point: one shape test per pin down to
    /// it, where `views(at:)` tests every pin under the point (a dozen where 10,000 crowd).
    package func view(at point: Point) -> AnnotationView? {
        var hit: AnnotationView?
        stack.forEachView(at: point, isShown: isShown) { hit = $0; return false }
        return hit
    }

    /// Whether a selected view is still the one shown for its annotation.
    func isShown(_ view: AnnotationView) -> Bool {
        guard let a = view.annotation else { return false }
        return visible[ObjectIdentifier(a)] === view
    }
}
