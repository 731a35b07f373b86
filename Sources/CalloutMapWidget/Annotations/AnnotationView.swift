import CCalloutMapGtk
import CalloutMapCore
import CalloutMapGtk

/// How an annotation looks on the map, in the shape of MapKit's
/// `MKAnnotationView`. Subclass and override `draw(in:)` (and, for a
/// non-rectangular shape, `contains(_:)`). The map renders a view once into a
/// cached image and reuses it every frame until `setNeedsDisplay()`.
@MainActor
open class AnnotationView {
    /// The pool the view goes back to when it leaves the screen (nil: never reused).
    public let reuseIdentifier: String?
    /// What the view shows; the map sets it (nil while in a pool).
    public internal(set) var annotation: (any Annotation)?

    /// Size in logical pixels.
    public var size: Size { didSet { if size != oldValue { setNeedsDisplay() } } }
    /// Where the view's centre sits relative to the coordinate's point (MapKit's `centerOffset`).
    public var centerOffset = Point.zero { didSet { if centerOffset != oldValue { moved() } } }
    /// Where a callout anchors, relative to the top centre of the view (MapKit's `calloutOffset`).
    public var calloutOffset = Point.zero
    /// Where it stacks while unselected: higher is above (MapKit's `zPriority`).
    public var zPriority = ZPriority.defaultUnselected
    /// Where it stacks while selected.
    public var selectedZPriority = ZPriority.defaultSelected
    /// How much the view matters where it would overlap another: a view that is not `required`
    /// (the default) is hidden — not drawn, not hit, not listed to screen readers — while it
    /// overlaps one of higher priority (or, among equals, one stacked above it), and comes back
    /// when there is room. A selected view is never hidden (MapKit's `displayPriority`).
    public var displayPriority = DisplayPriority.required { didSet { if displayPriority != oldValue { collisionsChanged() } } }
    /// The room the view takes when views yield by priority (MapKit's `collisionMode`).
    public var collisionMode = CollisionMode.rectangle { didSet { if collisionMode != oldValue { collisionsChanged() } } }
    /// Whether the view is hidden now because it yields to another (see `displayPriority`).
    public internal(set) var isHiddenByCollision = false
    /// Whether `isHiddenByCollision` has been worked out since the view came on screen.
    var isCollisionResolved = false
    /// Whether the user can drag it to a new coordinate (long press, then move).
    public var isDraggable = false
    /// Views with the same identifier gather into clusters when they crowd; nil never clusters
    /// (MapKit's `clusteringIdentifier`). Set it in `mapView(_:viewFor:)`. The map learns it when
    /// the annotation first comes on screen, so for large sets `MapView.clusteringIdentifier`,
    /// which needs no view, is the faster way to say the same.
    public var clusteringIdentifier: String?
    /// Whether selecting the view shows a standard callout (it also needs a title or a detail view).
    public var canShowCallout = true
    /// How this view's callout is shown, in place of the map's `calloutMode` (nil: the map's).
    /// Set it in `mapView(_:viewFor:)` or `mapView(_:didSelect:)` — say a popover for places
    /// with much to say and the standard bubble for the rest; the callout opens once, that way.
    public var calloutMode: CalloutMode?
    /// Shown left of the callout's text (MapKit's `leftCalloutAccessoryView`); buttons report taps to the delegate.
    public var leftCalloutAccessory: CalloutAccessory?
    /// Shown right of the callout's text (MapKit's `rightCalloutAccessoryView`).
    public var rightCalloutAccessory: CalloutAccessory?
    /// Shown instead of the subtitle (MapKit's `detailCalloutAccessoryView`).
    public var detailCalloutAccessory: CalloutAccessory?
    /// Set by the map (or by whoever owns the layer, as `calloutmap render` does).
    public var isSelected = false {
        didSet { if isSelected != oldValue { setNeedsDisplay(); selectionChanged() } }
    }
    /// Where a drag is.
    public internal(set) var dragState = AnnotationDragState.none

    /// What assistive technologies call the pin; defaults to the annotation's title.
    public var accessibilityLabel: String? {
        get { explicitAccessibilityLabel ?? annotation?.title ?? nil }
        set { explicitAccessibilityLabel = newValue }
    }
    private var explicitAccessibilityLabel: String?

    var rendered: (surface: Surface, scale: Int)?
    /// Set by the map: where the coordinate is on screen this frame.
    var anchor = Point.zero
    /// The order it was added to the map, for stacking ties.
    var order = 0

    /// A view for an annotation; subclasses set their size and offsets here.
    public required init(annotation: (any Annotation)?, reuseIdentifier: String?) {
        self.annotation = annotation
        self.reuseIdentifier = reuseIdentifier
        size = Size(width: 24, height: 24)
    }

    /// Called before the view goes back to the reuse pool; reset per-annotation state here.
    open func prepareForReuse() {}

    /// The custom approach: the callout this view shows as its own part (hit as part of the
    /// view), and how it looks; nil shows none. The default is a dark rounded bubble with the
    /// title, the subtitle and a "Details" button.
    open func makeCustomCallout() -> CustomCallout? {
        customCalloutItems().map { CustomCallout(content: .stack($0)) }
    }

    /// The default custom callout's content — the title, the subtitle and a "Details" button —
    /// for the library's views that dress it in their own colours; nil without a title.
    func customCalloutItems(above first: [CalloutAccessory] = []) -> [CalloutAccessory]? {
        guard let title = annotation?.title, !title.isEmpty else { return nil }
        var items = first + [.text(title, style: .heading)]
        if let subtitle = annotation?.subtitle, !subtitle.isEmpty { items.append(.text(subtitle)) }
        items.append(.textButton(tr("Details"), isSuggested: true))
        return items
    }

    /// Called by the map after each layout, for views whose place depends on another view.
    open func layoutAttached() {}

    /// Called after the map gives the view an annotation (new or reused).
    open func prepareForDisplay() { setNeedsDisplay() }

    /// Hook for subclasses whose look or size depends on selection.
    open func selectionChanged() {}

    /// Draws the view in logical pixels, (0, 0) at its top-left corner, `size` wide and high.
    /// Called once per look: the map keeps the picture until `setNeedsDisplay()`.
    open func draw(in context: DrawingContext) {}

    /// What the picture depends on, when a value can tell it: views of the same class, size
    /// and key show one image, drawn once (10,000 "$123" price tags draw about 900 pictures).
    /// nil, the default, draws every view (views that draw the same pixels still share the
    /// result). A subclass that draws differently must give its own key: the built-in views
    /// give one for their own class only, never for a subclass.
    open var appearanceKey: AnyHashable? { nil }

    /// The area, in view coordinates, where clicks are tested: the view's bounds,
    /// or more when a subclass draws or hosts something outside them (a badge,
    /// a custom callout) that must take clicks too.
    open var hitBounds: Rect { Rect(x: 0, y: 0, width: size.width, height: size.height) }

    /// Whether a point in view coordinates hits the view (MapKit's `point(inside:)`).
    /// By default, where the drawing is not transparent: a flag's empty corner does not hit.
    open func contains(_ point: Point) -> Bool {
        guard point.x >= 0, point.y >= 0, point.x < size.width, point.y < size.height else { return false }
        return alpha(at: point) > 0.1
    }

    /// Throws away the cached image; the next frame draws the view again.
    public func setNeedsDisplay() {
        rendered = nil
        moved()
    }

    /// Whether the map's raster holds this view's image (then a change to it redraws the raster).
    var isInRaster = false
    /// Bumped when a view held in a map's raster changes look or place: the raster is drawn again.
    static var imageGeneration = 0

    /// Bumped when a view's priority or collision shape changes: the map works out again which views yield.
    static var collisionGeneration = 0

    private func collisionsChanged() {
        Self.collisionGeneration &+= 1
        moved()
    }

    /// The room the view takes on screen now; nil for `CollisionMode.none`.
    var collisionShape: CollisionShape? { CollisionShape(collisionMode, frame: frame) }

    /// Notes that the view moved or changed on its own (not with the map).
    func moved() {
        guard isInRaster else { return }
        isInRaster = false
        Self.imageGeneration &+= 1
    }

    // MARK: Geometry

    /// The view's frame on screen for an anchor (the coordinate's point).
    public func frame(anchoredAt anchor: Point) -> Rect {
        Rect(x: anchor.x + centerOffset.x - size.width / 2, y: anchor.y + centerOffset.y - size.height / 2,
             width: size.width, height: size.height)
    }

    /// The view's rectangle on screen now.
    public var frame: Rect { frame(anchoredAt: anchor) }

    /// Where a callout points: top centre of the frame plus `calloutOffset`.
    public var calloutAnchor: Point {
        let f = frame
        return Point(x: f.center.x + calloutOffset.x, y: f.minY + calloutOffset.y)
    }

    var stackingKey: StackingKey {
        StackingKey(isSelected: isSelected, zPriority: isSelected ? selectedZPriority : zPriority,
                    anchorY: anchor.y, order: order)
    }
}
