import CCalloutMapGtk
import CalloutMapCore

/// What the open callouts (`OpenCallouts`) need of the map that shows them, and no more: its
/// widget and view, the pins' layer, what callouts keep clear of, the pan that shows one, and
/// where to report. `MapView` is the one map; the callouts never reach past this.
@MainActor
protocol CalloutsMap: AnyObject {
    /// The map's widget, the parent of bubbles and popovers; nil once it is gone.
    var calloutParent: UnsafeMutablePointer<GtkWidget>? { get }
    /// The map's viewport now.
    var viewport: Viewport { get }
    /// The pins, laid out for the viewport (and the callout annotation's home).
    var annotationLayer: AnnotationLayer { get }
    /// Whether the map is in its dark style.
    var isDark: Bool { get }
    /// Whether GTK's animations are on.
    var animationsEnabled: Bool { get }
    /// What no callout may cover, besides the selected pins: the scale bar's and credits'
    /// plates, the zoom buttons and the margins (`CalloutObstacles`), for the map as drawn.
    func calloutObstacles(selectedPins: [Rect]) -> [Rect]
    /// Whether a person holds the map (a press, a pinch): no pan to show a callout then.
    var isHeld: Bool { get }
    /// Pans the map (animated as animations allow) to show a cut-off callout.
    func animatePan(by delta: Point)
    /// The callouts changed where they are, or what is drawn of them.
    func queueAllocate()
    func queueDraw()
    /// Something the delegate (and the map's selection) should hear.
    func report(_ event: CalloutReport)
}

/// What the open callouts tell their map.
enum CalloutReport {
    /// A callout opened for a view.
    case shown(AnnotationView)
    /// A view's callout went.
    case hidden(AnnotationView)
    /// A callout moved while the map stood still (the arrangement placed it anew).
    case placed(AnnotationView, frame: Rect)
    /// A control in a view's callout was clicked.
    case controlTapped(CalloutControl, AnnotationView)
    /// GTK is closing a view's popover itself (Escape, a click outside): said before it goes.
    case popoverClosing(AnnotationView)
    /// A callout the person closed is gone: the map's selection follows.
    case closedByUser(AnnotationView)
}
