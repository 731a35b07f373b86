import CCalloutMapGtk
import CalloutMapCore

/// Told what happens on the map, in the shape of `MKMapViewDelegate`. Every
/// method has a default, so implement only what you need.
@MainActor
public protocol MapViewDelegate: AnyObject {
    /// The view for an annotation coming on screen (and only then: views leaving the screen are
    /// reused); nil gives the default marker.
    /// Usually `mapView.dequeueReusableAnnotationView(withIdentifier:for:)` plus configuration.
    func mapView(_ mapView: MapView, viewFor annotation: any Annotation) -> AnnotationView?
    /// How to draw an overlay (MapKit's `rendererFor`); nil draws it in its own style
    /// (`Overlay.style`), else the default for lines or areas. Asked as it is drawn: after the
    /// answer changes, call `setNeedsOverlayStyles()`.
    func mapView(_ mapView: MapView, styleFor overlay: any Overlay) -> OverlayStyle?
    /// A view was selected (a click, a key, or `selectAnnotation`); its callout follows. A
    /// selected overlay comes as its `OverlayAnchor`'s view.
    func mapView(_ mapView: MapView, didSelect view: AnnotationView)
    /// An annotation was selected, told right after `mapView(_:didSelect:)` with its view — as
    /// MapKit spells it since iOS 16, so either spelling is called.
    func mapView(_ mapView: MapView, didSelect annotation: any Annotation)
    /// A view was deselected; its callout has gone (a detached popover aside).
    func mapView(_ mapView: MapView, didDeselect view: AnnotationView)
    /// An annotation was deselected, told right after `mapView(_:didDeselect:)` with its view.
    func mapView(_ mapView: MapView, didDeselect annotation: any Annotation)
    /// A draggable view's drag moved on (starting, dragging, ending or cancelled by Escape).
    func mapView(_ mapView: MapView, annotationView view: AnnotationView,
                 didChange newState: AnnotationDragState, fromOldState oldState: AnnotationDragState)
    /// A control in the annotation's callout was clicked (the view stays selected): which one,
    /// by where it is and its accessible name.
    func mapView(_ mapView: MapView, annotationView view: AnnotationView, calloutAccessoryControlTapped control: CalloutControl)
    /// A callout (or popover) appeared for a view, or went away.
    func mapView(_ mapView: MapView, didShowCalloutFor view: AnnotationView)
    /// A callout (or popover) went away.
    func mapView(_ mapView: MapView, didHideCalloutFor view: AnnotationView)
    /// The popover closed itself (a click outside or Escape).
    func mapView(_ mapView: MapView, didCloseCalloutPopoverFor view: AnnotationView)
    /// An open callout moved on its pin other than with the map (another callout opened beside
    /// it, its content changed size): its new frame in the map's coordinates.
    func mapView(_ mapView: MapView, didPlaceCalloutFor view: AnnotationView, frame: Rect)
    /// A click fell on places that cannot be told apart (pins stacked on one point, or a cluster
    /// that cannot split further): a list of them opened there, these first (at most 200).
    func mapView(_ mapView: MapView, didShowChooserWith annotations: [any Annotation])
    /// That list closed (a place picked, Escape, or a click elsewhere).
    func mapViewDidHideChooser(_ mapView: MapView)
    /// A context menu opened (a right-click, a long press, Shift+F10 or Menu): on a pin or a
    /// shape (its title given; "" when it has none) or on the map (title nil), for a coordinate.
    func mapView(_ mapView: MapView, didOpenContextMenuAt coordinate: Coordinate, title: String?)
    /// The context menu put text on the clipboard (Copy Coordinates, Copy Title): say so, as
    /// GNOME apps do with a toast, since a copy shows nothing by itself.
    func mapView(_ mapView: MapView, didCopy text: String)
    /// A tap or click on the map where no pin, shape or callout is — to add a place where the
    /// person points, say. Told once the double-click time has passed without a second click (a
    /// double-click zooms), and not for a click that closed callouts (that is all it did).
    func mapView(_ mapView: MapView, didTapAt coordinate: Coordinate)
    /// A place of the world was chosen on the map: a screen reader's action on a place name the
    /// map shows. Show it as your app shows a search result (`WorldPlace.localizedKind` says
    /// what it is).
    func mapView(_ mapView: MapView, didChoose place: WorldPlace)
    /// A finger or the pointer held still on the map where no pin or shape is (GTK's long
    /// press); the release after it is no tap. A finger's also opens the context menu.
    func mapView(_ mapView: MapView, didLongPressAt coordinate: Coordinate)
    /// A tooltip appeared for a pin or a shape (the pointer rested on it, or it took keyboard
    /// focus): its title.
    func mapView(_ mapView: MapView, didShowTooltipWith title: String)
    /// The visible region is about to change: a pan, zoom, fling or programmatic move begins.
    func mapView(_ mapView: MapView, regionWillChangeAnimated animated: Bool)
    /// The visible region settled after a pan, zoom, fling or programmatic move.
    func mapView(_ mapView: MapView, regionDidChangeAnimated animated: Bool)
    /// The first frame has been drawn.
    func mapViewDidFinishRenderingFirstFrame(_ mapView: MapView)
    /// The map's size changed after its first frame (the window was resized, a panel opened beside
    /// it); told once the new size is laid out, with the size in points.
    func mapView(_ mapView: MapView, didChangeSize size: Size)
    /// A large set's clusters started (true) or finished (false) building in the background.
    func mapView(_ mapView: MapView, clusteringInProgress inProgress: Bool)
    /// How far a background cluster build has come (0…1, a step per zoom level done).
    func mapView(_ mapView: MapView, clusteringProgress done: Double)
}

extension MapViewDelegate {
    public func mapView(_ mapView: MapView, viewFor annotation: any Annotation) -> AnnotationView? { nil }
    public func mapView(_ mapView: MapView, styleFor overlay: any Overlay) -> OverlayStyle? { nil }
    public func mapView(_ mapView: MapView, didSelect view: AnnotationView) {}
    public func mapView(_ mapView: MapView, didDeselect view: AnnotationView) {}
    public func mapView(_ mapView: MapView, didSelect annotation: any Annotation) {}
    public func mapView(_ mapView: MapView, didDeselect annotation: any Annotation) {}
    public func mapView(_ mapView: MapView, annotationView view: AnnotationView,
                        didChange newState: AnnotationDragState, fromOldState oldState: AnnotationDragState) {}
    public func mapView(_ mapView: MapView, annotationView view: AnnotationView,
                        calloutAccessoryControlTapped control: CalloutControl) {}
    public func mapView(_ mapView: MapView, didShowCalloutFor view: AnnotationView) {}
    /// Does nothing by default.
    public func mapView(_ mapView: MapView, didHideCalloutFor view: AnnotationView) {}
    public func mapView(_ mapView: MapView, didCloseCalloutPopoverFor view: AnnotationView) {}
    public func mapView(_ mapView: MapView, didPlaceCalloutFor view: AnnotationView, frame: Rect) {}
    public func mapView(_ mapView: MapView, didShowChooserWith annotations: [any Annotation]) {}
    public func mapViewDidHideChooser(_ mapView: MapView) {}
    public func mapView(_ mapView: MapView, didShowTooltipWith title: String) {}
    public func mapView(_ mapView: MapView, didOpenContextMenuAt coordinate: Coordinate, title: String?) {}
    public func mapView(_ mapView: MapView, didCopy text: String) {}
    public func mapView(_ mapView: MapView, didTapAt coordinate: Coordinate) {}
    public func mapView(_ mapView: MapView, didLongPressAt coordinate: Coordinate) {}
    public func mapView(_ mapView: MapView, didChoose place: WorldPlace) {}
    public func mapView(_ mapView: MapView, regionWillChangeAnimated animated: Bool) {}
    public func mapView(_ mapView: MapView, regionDidChangeAnimated animated: Bool) {}
    public func mapViewDidFinishRenderingFirstFrame(_ mapView: MapView) {}
    public func mapView(_ mapView: MapView, didChangeSize size: Size) {}
    public func mapView(_ mapView: MapView, clusteringInProgress inProgress: Bool) {}
    public func mapView(_ mapView: MapView, clusteringProgress done: Double) {}
}
