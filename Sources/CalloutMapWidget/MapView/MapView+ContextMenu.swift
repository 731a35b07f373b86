import CCalloutMapGtk
import CalloutMapCore
import CalloutMapGtk

/// The context menu: what it is opened on, from the pointer, a finger or the keyboard.
extension MapView {
    /// Opens the menu for what is at a point (map coordinates): a pin (topmost), else a shape,
    /// else the map there.
    func openContextMenu(at point: Point) {
        if callouts.contains(point) { return }  // a callout's own text and buttons
        if let view = annotationView(at: point), let a = view.annotation, !(a is CalloutAnnotation) {
            let title = (a as? OverlayAnchor)?.overlay.title ?? (a is ClusterAnnotation ? nil : a.title)
            return openContextMenu(ContextTarget(point: point, coordinate: a.coordinate, title: title, isItem: title != nil))
        }
        let coordinate = viewport.coordinate(at: point)
        if let shape = overlays(at: point, slack: input.isTouch ? Self.touchSlack : Self.pointerSlack).first {
            return openContextMenu(ContextTarget(point: point, coordinate: coordinate, title: shape.title ?? "", isItem: true))
        }
        openContextMenu(ContextTarget(point: point, coordinate: coordinate, title: nil, isItem: false))
    }

    /// Shift+F10 or Menu: for the focused pin or shape, else for the middle of the map.
    func openContextMenuFromKeyboard() {
        if pinProxies.hasFocus, let view = pinProxies.current, let a = view.annotation {
            let p = view.calloutAnchor
            return openContextMenu(ContextTarget(point: p, coordinate: a.coordinate, title: a.title ?? "", isItem: true))
        }
        if let shape = shapeProxies.focused, let frame = overlayLayer.screenFrame(of: shape, in: viewport) {
            let p = Point(x: min(max(frame.center.x, 0), viewport.size.width), y: min(max(frame.center.y, 0), viewport.size.height))
            return openContextMenu(ContextTarget(point: p, coordinate: Self.middle(of: shape), title: shape.title ?? "", isItem: true))
        }
        let middle = Point(x: viewport.size.width / 2, y: viewport.size.height / 2)
        openContextMenu(ContextTarget(point: middle, coordinate: viewport.coordinate(at: middle), title: nil, isItem: false))
    }

    private func openContextMenu(_ target: ContextTarget) {
        guard let widget, !isDisposed else { return }
        contextMenu.show(for: target, in: widget)
        delegate?.mapView(self, didOpenContextMenuAt: target.coordinate, title: target.title)
    }
}
