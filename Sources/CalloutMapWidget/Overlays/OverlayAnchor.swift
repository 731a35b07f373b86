import CalloutMapCore

/// Where a selected overlay was clicked: the map adds one while the overlay is selected, so
/// its callout — in any approach — opens at the clicked point and stays there as the map
/// moves. `mapView(_:didSelect:)` and the other annotation calls receive its view; the overlay
/// is `overlay`. Its view (an `OverlayAnchorView` unless the delegate gives one) marks the point.
public final class OverlayAnchor: Annotation {
    /// The selected overlay.
    public let overlay: any Overlay
    /// Where it was clicked (or, selected in code, the point given or its middle).
    public let coordinate: Coordinate
    public var title: String? { overlay.title }
    public var subtitle: String? { overlay.subtitle }

    /// An anchor for an overlay at a coordinate.
    public init(overlay: any Overlay, coordinate: Coordinate) {
        self.overlay = overlay
        self.coordinate = coordinate
    }
}

/// A small ring where a selected overlay was clicked, in the overlay's colour. It takes no
/// clicks: a click there goes to the shapes under it (clicking again cycles through them).
@MainActor
open class OverlayAnchorView: AnnotationView {
    /// The ring's colour (the map sets the overlay's stroke colour).
    public var color = OverlayStyle.lineDefault.strokeColor { didSet { setNeedsDisplay() } }

    /// A ring.
    public required init(annotation: (any Annotation)?, reuseIdentifier: String?) {
        super.init(annotation: annotation, reuseIdentifier: reuseIdentifier)
        size = Size(width: 14, height: 14)
        zPriority = ZPriority.max
        selectedZPriority = ZPriority.max
        calloutOffset = Point(x: 0, y: 2)
    }

    open override func draw(in context: DrawingContext) {
        let center = Point(x: 7, y: 7)
        context.addCircle(center: center, radius: 6)
        context.fill(RGBA(0xFFFFFF), keepingPath: true)
        context.stroke(RGBA(0x000000, alpha: 0.35))
        context.addCircle(center: center, radius: 3.5)
        context.fill(color)
    }

    open override func contains(_ point: Point) -> Bool { false }
}
