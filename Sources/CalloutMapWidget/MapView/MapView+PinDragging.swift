import CalloutMapCore

/// Dragging a pin (a draggable view of a `MovableAnnotation`): it floats over the map while
/// the press moves, and the delegate hears each state, as MapKit reports them.
extension MapView {
    /// Moves a dragged pin's anchor, reporting starting then dragging the first time.
    func movePin(_ view: AnnotationView, to anchor: Point) {
        if view.dragState == .none {
            guard !input.pinDragCancelled else { return }
            annotationLayer.keep(view.annotation!)
            setDragState(view, .starting)
            setDragState(view, .dragging)
        }
        guard view.dragState == .dragging else { return }
        view.anchor = anchor
        view.moved()
        queueDraw()
    }

    /// Ends a pin drag: the model moves to where the pin was dropped, or stays where it was if cancelled.
    func endPinDrag(cancelled: Bool) {
        guard let pin = input.draggedPin, pin.view.dragState == .dragging,
              let annotation = pin.view.annotation as? MovableAnnotation else { return }
        if cancelled {
            setDragState(pin.view, .canceling)
            annotation.coordinate = pin.original
        } else {
            setDragState(pin.view, .ending)
            annotation.coordinate = viewport.coordinate(at: pin.view.anchor)
        }
        annotationLayer.update(annotation)
        if !pin.view.isSelected { annotationLayer.release(annotation) }
        setDragState(pin.view, .none)
        input.pinDragCancelled = cancelled
        queueDraw()
    }

    private func setDragState(_ view: AnnotationView, _ state: AnnotationDragState) {
        let old = view.dragState
        view.dragState = state
        delegate?.mapView(self, annotationView: view, didChange: state, fromOldState: old)
    }
}
