import CalloutMapCore

/// Told about changes to what the map shows, in the shape of `MKMapViewDelegate`.
@MainActor
public protocol MapViewDelegate: AnyObject {
    /// The visible region settled after a pan, zoom, fling or programmatic move.
    func mapView(_ mapView: MapView, regionDidChangeAnimated animated: Bool)
    /// The first frame has been drawn.
    func mapViewDidFinishRenderingFirstFrame(_ mapView: MapView)
}

extension MapViewDelegate {
    public func mapView(_ mapView: MapView, regionDidChangeAnimated animated: Bool) {}
    public func mapViewDidFinishRenderingFirstFrame(_ mapView: MapView) {}
}
