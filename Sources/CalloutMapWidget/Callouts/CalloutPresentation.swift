import CCalloutMapGtk
import CalloutMapCore
import CalloutMapGtk

/// One way of showing a selected pin's information (a callout approach). The map
/// makes one for each open callout, in its current `CalloutMode`, with a host for what it
/// needs of the map, and drops it once dismissed.
@MainActor
protocol CalloutPresentation: AnyObject {
    /// Shows the callout for a selected pin's view; false when this approach has nothing to
    /// show for it (no title, or a view that shows no callout).
    func present(for view: AnnotationView) -> Bool
    /// The callout's body size, for placing it among the other open callouts; nil for one
    /// that places itself (a popover is a surface of its own).
    var bodySize: Size? { get }
    /// The natural size of a callout that is a surface of its own (a popover), which the map
    /// places alone rather than among the others; nil for the others.
    var surfaceSize: Size? { get }
    /// Puts the callout where the arrangement of all open callouts placed it (nil for one that
    /// places itself); called from the map's allocation, in the same pass that moves the pins,
    /// every frame the map moves.
    func layout(_ placement: CalloutPlacement?)
    /// Whether a point (map coordinates) is on the callout: then a click there is the callout's.
    func contains(_ point: Point) -> Bool
    /// Where the callout is for a placement, in map coordinates; nil for a surface of its own (a popover).
    func frame(for placement: CalloutPlacement?) -> Rect?
    /// Takes the callout down, fading it out when `animated` and animations are on.
    func dismiss(animated: Bool)
    /// Its widget on screen (for tests and assistive checks); nil when it draws with the pins.
    var widget: UnsafeMutablePointer<GtkWidget>? { get }
}

extension CalloutPresentation {
    var surfaceSize: Size? { nil }
}

/// Reports clicks on a callout's buttons to its host, as `CalloutControl`s. A wrapped
/// widget outlives its callout, so every handler is disconnected when the callout goes (or each
/// showing would add one, and one click would report as many taps); the reference held on each
/// button makes that safe whoever else lets go of it.
@MainActor
final class CalloutTapReporter {
    private weak var host: CalloutHost?
    private weak var view: AnnotationView?
    private var handlers: [(button: ObjectRef, id: UInt)] = []

    init(host: CalloutHost, view: AnnotationView) {
        self.host = host
        self.view = view
    }

    func connect(_ content: CalloutContent) {
        for (root, position) in content.controls {
            for button in CalloutContent.buttons(in: root) {
                let control = CalloutControl(position: position, label: CalloutContent.name(of: button))
                let id = Signal.connect(button, "clicked") { [weak self] in self?.tapped(control) }
                handlers.append((ObjectRef(retaining: button.rawObject), id))
            }
        }
    }

    /// A control the map draws itself (the callout annotation's "ⓘ").
    func tapped(_ control: CalloutControl) {
        guard let view else { return }
        host?.controlTapped(control, on: view)
    }

    func disconnectAll() {
        for (button, id) in handlers { Signal.disconnect(button.pointer, id) }
        handlers = []
    }
}
