import CCalloutMapGtk
import CalloutMapCore

/// A group of annotations shown as one pin at some zoom (MapKit's
/// `MKClusterAnnotation`); made by the map, not by the app.
public final class ClusterAnnotation: Annotation {
    /// Where its badge is.
    public let coordinate: Coordinate
    /// How many annotations it holds.
    public let count: Int
    /// The identifier its members share.
    public let clusteringIdentifier: String
    let clusterID: Int
    /// Finds the members (given by the map's clusters, which hold them).
    var membersProvider: (() -> [any Annotation])?

    /// The annotations it holds (MapKit's `memberAnnotations`), in the order they were added;
    /// empty once the map's clusters were built anew (a new zoom range, annotations added).
    @MainActor public var memberAnnotations: [any Annotation] { membersProvider?() ?? [] }

    /// Where it stacks among equals: above the annotations (whose order is when they were added).
    var order: Int { Int(Int32.max) + clusterID }

    /// "N places".
    public var title: String? { "\(count) places" }
    /// None.
    public var subtitle: String? { nil }

    init(id: Int, count: Int, position: WorldPoint, clusteringIdentifier: String) {
        clusterID = id
        self.count = count
        coordinate = WebMercator.coordinate(for: position)
        self.clusteringIdentifier = clusteringIdentifier
    }
}

/// A round badge with the number of annotations in a cluster; bigger for more. The map gives
/// clusters this view unless the delegate gives one of its own (a subclass, or any view);
/// the map sets a cluster view's `centerOffset` to keep badges of different identifiers apart.
@MainActor
open class ClusterAnnotationView: AnnotationView {
    /// The badge's colour (GNOME purple by default); its halo is the same, faint.
    public var badgeColor = RGBA(0x613583) { didSet { if badgeColor != oldValue { setNeedsDisplay() } } }

    /// A cluster badge.
    public required init(annotation: (any Annotation)?, reuseIdentifier: String?) {
        super.init(annotation: annotation, reuseIdentifier: reuseIdentifier)
        zPriority = 600  // a click zooms in; selected (keyboard, or where it cannot split further) its callout lists members
    }

    /// The badge's width for 1,000 places or more; the map's cluster radius is wider.
    public static let largestDiameter = 46.0

    open override func prepareForDisplay() {
        let count = (annotation as? ClusterAnnotation)?.count ?? 0
        let d = count >= 1000 ? Self.largestDiameter : count >= 100 ? 40 : count >= 10 ? 34 : 28
        size = Size(width: d, height: d)
        super.prepareForDisplay()
    }

    var label: String {
        let n = (annotation as? ClusterAnnotation)?.count ?? 0
        return n >= 10_000 ? "\(n / 1000)k" : n >= 1000 ? "\((Double(n) / 100).rounded() / 10)k" : "\(n)"
    }

    open override func draw(in context: DrawingContext) {
        let cr = context.cairoContext, r = size.width / 2
        cairo_arc(cr, r, r, r - 0.5, 0, 2 * Double.pi)
        let c = badgeColor
        cairo_set_source_rgba(cr, c.red, c.green, c.blue, 0.25)  // a soft halo
        cairo_fill(cr)
        cairo_arc(cr, r, r, r - 5, 0, 2 * Double.pi)
        cairo_set_source_rgb(cr, c.red, c.green, c.blue)
        cairo_fill_preserve(cr)
        cairo_set_source_rgb(cr, 1, 1, 1)
        cairo_set_line_width(cr, 2)
        cairo_stroke(cr)
        Text.drawCentered(cr, label, font: InterfaceFont.description(pixels: size.width > 36 ? 12 : 11, bold: true), at: Point(x: r, y: r))
    }

    open override func contains(_ point: Point) -> Bool {
        (point - Point(x: size.width / 2, y: size.height / 2)).length <= size.width / 2
    }
}
