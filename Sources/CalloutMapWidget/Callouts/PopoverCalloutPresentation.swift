import CCalloutMapGtk
import CalloutMapCore
import CalloutMapGtk

/// The popover approach: a `GtkPopover` pointing at the pin, on the side the
/// solver picks, with the standard callout's content. GTK closes it on a click
/// outside or Escape; it closes itself when the pin leaves the view.
@MainActor
final class PopoverCalloutPresentation: CalloutPresentation {
    private unowned let host: CalloutHost
    private let setting: CalloutSetting
    private let controls: CalloutTapReporter
    private var view: AnnotationView?
    private var popover: UnsafeMutablePointer<GtkWidget>?

    init(host: CalloutHost, view: AnnotationView, setting: CalloutSetting) {
        self.host = host
        self.setting = setting
        controls = CalloutTapReporter(host: host, view: view)
    }

    func present(for view: AnnotationView) -> Bool {
        let title = view.annotation?.title
        guard title?.isEmpty == false || view.detailCalloutAccessory != nil, let parent = host.parentWidget else { return false }
        self.view = view
        let members = setting.members
        let content = CalloutContent.standard(for: view, title: title, members: members.names, more: members.more)
        let p = gtk_popover_new()!
        gtk_popover_set_child(cast(p), content.root)
        gtk_widget_set_parent(p, parent)
        gtk_widget_add_css_class(p, "callout-popover")
        controls.connect(content)
        Signal.connect(p, "closed") { [weak self] in self?.closed(p) }
        // A popover is a surface of its own: keys it does not use go on to the window (e.g. the app's shortcuts).
        let keys = gtk_event_controller_key_new()!
        Signal.connect(keys, "key-pressed") { [weak self] (_: UInt32, _: UInt32, _: UInt32) -> Bool in
            guard let root = self?.host.parentWidget.flatMap({ gtk_widget_get_root($0) }) else { return false }
            return gtk_event_controller_key_forward(keys, cm_widget(root.rawObject)) != 0
        }
        gtk_widget_add_controller(p, cm_controller(keys.rawObject))
        popover = p
        return true
    }

    /// A popover is not arranged among the bubbles (GTK keeps a surface of its own inside the
    /// window); the map places it alone, by its natural size.
    var bodySize: Size? { nil }

    var surfaceSize: Size? {
        guard let p = popover else { return nil }
        var minimum = GtkRequisition(), natural = GtkRequisition()
        gtk_widget_get_preferred_size(p, &minimum, &natural)
        return Size(width: Double(natural.width), height: Double(natural.height))
    }

    /// Points the popover at the pin (a rectangle over it), on the side placed, and shows it;
    /// closes it when there is no placement: the pin left the view.
    func layout(_ placement: CalloutPlacement?) {
        guard let p = popover, let view else { return }
        guard let placement else {
            // The pin left the view: close, after this layout pass (closing re-enters the map).
            Timer.after(milliseconds: 0) { if gtk_widget_get_visible(p) != 0 { gtk_popover_popdown(cast(p)) } }
            return
        }
        let f = view.frame
        let positions: [CalloutEdge: GtkPositionType] = [.above: GTK_POS_TOP, .below: GTK_POS_BOTTOM, .right: GTK_POS_RIGHT, .left: GTK_POS_LEFT]
        gtk_popover_set_position(cast(p), positions[placement.edge]!)
        var rect = GdkRectangle(x: Int32(f.minX.rounded()), y: Int32(f.minY.rounded()),
                                width: Int32(max(1, f.width.rounded())), height: Int32(max(1, f.height.rounded())))
        gtk_popover_set_pointing_to(cast(p), &rect)
        if gtk_widget_get_visible(p) == 0 { gtk_popover_popup(cast(p)) } else { gtk_popover_present(cast(p)) }
    }

    func contains(_ point: Point) -> Bool { false }  // a surface of its own: GTK routes its clicks

    func frame(for placement: CalloutPlacement?) -> Rect? { nil }

    var widget: UnsafeMutablePointer<GtkWidget>? { popover }

    func dismiss(animated: Bool) {
        controls.disconnectAll()
        guard let p = popover, let view else { return }
        popover = nil
        self.view = nil
        // Focus goes back to the map before wrapped accessory widgets (which outlive the
        // popover) are taken out too.
        Self.returnFocus(from: p)
        for case .wrapped(let wrapped)? in [view.leftCalloutAccessory, view.rightCalloutAccessory, view.detailCalloutAccessory]
        where gtk_widget_is_ancestor(wrapped.gtkWidget, p) != 0 {
            gtk_widget_unparent(wrapped.gtkWidget)
        }
        Self.close(p)
    }

    /// Pops a popover down and unparents it. GTK 4.8's `gtk_popover_popdown` goes on using the
    /// popover after it emits "closed" (whose handler may be what called this): a reference kept
    /// until the main loop is idle again lets it finish; unparented while still shown, a popover
    /// would never be finalized.
    static func close(_ p: UnsafeMutablePointer<GtkWidget>) {
        returnFocus(from: p)
        let held = ObjectRef(retaining: p.rawObject)
        gtk_popover_popdown(cast(p))
        gtk_widget_unparent(p)
        Timer.after(milliseconds: 0) { _ = held }
    }

    /// Focus left inside a popover GTK has closed keeps the popover alive for good: it goes back
    /// to the popover's parent (the map) first.
    static func returnFocus(from p: UnsafeMutablePointer<GtkWidget>) {
        guard let root = gtk_widget_get_root(p), let focus = gtk_root_get_focus(root),
              focus == p || gtk_widget_is_ancestor(focus, p) != 0, let parent = gtk_widget_get_parent(p) else { return }
        gtk_widget_grab_focus(parent)
    }

    /// GTK closed the popover (Escape, a click outside): handled once GTK is done closing it,
    /// since taking it apart from inside its own popdown leaves it alive for good.
    private func closed(_ p: UnsafeMutablePointer<GtkWidget>) {
        guard popover == p else { return }
        Timer.after(milliseconds: 0) { [weak self] in
            guard let self, self.popover == p, let view = self.view else { return }
            self.host.calloutClosedByUser(for: view)
        }
    }
}
