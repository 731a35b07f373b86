/// The states a dragged annotation view moves through, as MapKit's
/// `MKAnnotationView.DragState`: starting → dragging → ending (or canceling) → none.
public enum AnnotationDragState: String, Sendable {
    case none, starting, dragging, canceling, ending
}
