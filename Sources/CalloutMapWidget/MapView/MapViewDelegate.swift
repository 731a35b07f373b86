import CCalloutMapGtk
import CalloutMapCore

/// Told what happens on the map, in the shape of `MKMapViewDelegate`. Every
/// method has a default, so implement only what you need.
@MainActor
public protocol MapViewDelegate: AnyObject {
    /// The view for an annotation coming on screen; nil gives the default marker.
    /// Usually `mapView.dequeueReusableAnnotationView(withIdentifier:for:)` plus configuration.
    func mapView(_ mapView: MapView, viewFor annotation: any Annotation) -> AnnotationView?
    func mapView(_ mapView: MapView, didSelect view: AnnotationView)
    func mapView(_ mapView: MapView, didDeselect view: AnnotationView)
    func mapView(_ mapView: MapView, annotationView view: AnnotationView,
                 didChange newState: AnnotationDragState, fromOldState oldState: AnnotationDragState)
    /// A control in the annotation's callout was clicked (the view stays selected). `control`
    /// is the button, or nil for a control the map draws itself (the callout-annotation's ⓘ).
    func mapView(_ mapView: MapView, annotationView view: AnnotationView, calloutAccessoryControlTapped control: UnsafeMutablePointer<GtkWidget>?)
    /// A callout (or popover) appeared for a view, or went away.
    func mapView(_ mapView: MapView, didShowCalloutFor view: AnnotationView)
    func mapView(_ mapView: MapView, didHideCalloutFor view: AnnotationView)
    /// The popover closed itself (a click outside or Escape).
    func mapView(_ mapView: MapView, didCloseCalloutPopoverFor view: AnnotationView)
    /// The visible region settled after a pan, zoom, fling or programmatic move.
    func mapView(_ mapView: MapView, regionDidChangeAnimated animated: Bool)
    /// The first frame has been drawn.
    func mapViewDidFinishRenderingFirstFrame(_ mapView: MapView)
    /// A large set's clusters started (true) or finished (false) building in the background.
    func mapView(_ mapView: MapView, clusteringInProgress inProgress: Bool)
    /// How far a background cluster build has come (0…1, a step per zoom level done).
    func mapView(_ mapView: MapView, clusteringProgress done: Double)
}

extension MapViewDelegate {
    public func mapView(_ mapView: MapView, viewFor annotation: any Annotation) -> AnnotationView? { nil }
    public func mapView(_ mapView: MapView, didSelect view: AnnotationView) {}
    public func mapView(_ mapView: MapView, didDeselect view: AnnotationView) {}
    public func mapView(_ mapView: MapView, annotationView view: AnnotationView,
                        didChange newState: AnnotationDragState, fromOldState oldState: AnnotationDragState) {}
    public func mapView(_ mapView: MapView, annotationView view: AnnotationView,
                        calloutAccessoryControlTapped control: UnsafeMutablePointer<GtkWidget>?) {}
    public func mapView(_ mapView: MapView, didShowCalloutFor view: AnnotationView) {}
    public func mapView(_ mapView: MapView, didHideCalloutFor view: AnnotationView) {}
    public func mapView(_ mapView: MapView, didCloseCalloutPopoverFor view: AnnotationView) {}
    public func mapView(_ mapView: MapView, regionDidChangeAnimated animated: Bool) {}
    public func mapViewDidFinishRenderingFirstFrame(_ mapView: MapView) {}
    public func mapView(_ mapView: MapView, clusteringInProgress inProgress: Bool) {}
    public func mapView(_ mapView: MapView, clusteringProgress done: Double) {}
}
