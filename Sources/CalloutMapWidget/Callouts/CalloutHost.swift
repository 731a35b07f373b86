import CCalloutMapGtk
import CalloutMapCore
import CalloutMapGtk

/// What a callout's presentation may ask of the map that shows it: a parent for its widget,
/// somewhere to hand a bubble that fades out, and someone to tell of taps and of being closed
/// by the person. Everything else it shows with is given to it (`CalloutSetting`, the
/// placement the arrangement decided). It decides nothing about selection: the map does.
@MainActor
protocol CalloutHost: AnyObject {
    /// The map's widget, the parent of bubbles and popovers; nil once the map's widget is gone.
    var parentWidget: UnsafeMutablePointer<GtkWidget>? { get }
    /// Fades a bubble out, then unparents it (the map draws it meanwhile).
    func fadeOut(_ bubble: CalloutBubble)
    /// A control in a view's callout was clicked.
    func controlTapped(_ control: CalloutControl, on view: AnnotationView)
    /// GTK closed a view's callout itself (a popover's Escape or a click outside).
    func calloutClosedByUser(for view: AnnotationView)
}

/// What a callout is shown with, as the map is when it opens.
struct CalloutSetting {
    /// The map's viewport.
    var viewport: Viewport
    /// Whether the map is in its dark style.
    var isDark: Bool
    /// Standard callouts show this for about a second before their content, when set.
    var temporaryTitle: String?
    /// Whether GTK's animations are on.
    var animationsEnabled: Bool
    /// A selected cluster's first members' names and how many more, for its callout.
    var members: (names: [String], more: Int)
}
