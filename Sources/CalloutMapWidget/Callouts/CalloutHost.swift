import CCalloutMapGtk
import CalloutMapCore
import CalloutMapGtk

/// What a callout's presentation may ask of the map that shows it: where to put its widget,
/// the map's area and look, fading, and telling of taps and of being closed by the user.
/// It decides nothing about selection: the map does.
@MainActor
protocol CalloutHost: AnyObject {
    /// The map's widget, the parent of bubbles and popovers; nil once the map's widget is gone.
    var parentWidget: UnsafeMutablePointer<GtkWidget>? { get }
    /// The map's viewport now (its area and zoom).
    var viewport: Viewport { get }
    /// The solver for a callout on its own (the popover's side, the pan that shows a callout).
    var placer: CalloutPlacer { get }
    /// The pins' layer, for a callout that is itself an annotation.
    var annotationLayer: AnnotationLayer { get }
    /// Whether the map is in its dark style.
    var isDark: Bool { get }
    /// Standard callouts show this for about a second before their content, when set.
    var temporaryTitle: String? { get }
    /// Whether GTK's animations are on.
    var animationsEnabled: Bool { get }
    /// The first members of a selected cluster, for its callout.
    func members(of view: AnnotationView) -> (names: [String], more: Int)
    /// Fades a new callout's widget in.
    func fadeIn(_ widget: UnsafeMutablePointer<GtkWidget>)
    /// Fades a bubble out, then unparents it.
    func fadeOut(_ bubble: CalloutBubble)
    /// A control in a view's callout was clicked.
    func controlTapped(_ control: CalloutControl, on view: AnnotationView)
    /// GTK closed a view's callout itself (a popover's Escape or a click outside).
    func calloutClosedByUser(for view: AnnotationView)
}
