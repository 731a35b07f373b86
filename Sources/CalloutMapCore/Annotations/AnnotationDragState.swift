/// The states a dragged annotation view moves through, as MapKit's
/// `MKAnnotationView.DragState`: starting → dragging → ending (or canceling) → none.
public enum AnnotationDragState: String, Sendable {
    /// Not being dragged; a drag is starting, under way, being cancelled (Escape) or ending.
    case none, starting, dragging, canceling, ending
}
