import CCalloutMapGtk
import CalloutMapCore
import CalloutMapGtk

/// What the standard and custom approaches share (as Leaflet's `DivOverlay`
/// under `Popup` and `Tooltip`): a `CalloutBubble` child of the map, put where the
/// arrangement of all open callouts places it — on a side of its pin, or apart with a
/// leader line — and a pan of only what is needed to show it when it first opens or its
/// content grows. Subclasses say what goes inside.
@MainActor
class BubbleCalloutPresentation: CalloutPresentation {
    unowned let host: CalloutHost
    let setting: CalloutSetting
    let controls: CalloutTapReporter
    private(set) var view: AnnotationView?
    private(set) var bubble: CalloutBubble?

    init(host: CalloutHost, view: AnnotationView, setting: CalloutSetting) {
        self.host = host
        self.setting = setting
        controls = CalloutTapReporter(host: host, view: view)
    }

    func present(for view: AnnotationView) -> Bool { false }

    /// Puts a bubble with this content on the map, fading in.
    func show(_ content: CalloutContent, appearance: CalloutAppearance, for view: AnnotationView) {
        guard let parent = host.parentWidget else { return }
        self.view = view
        let bubble = CalloutBubble(content: content.root, appearance: appearance)
        self.bubble = bubble
        gtk_widget_set_parent(bubble.widget, parent)
        controls.connect(content)
        if setting.animationsEnabled { Self.fadeIn(bubble.widget) }
    }

    /// A new bubble's opacity from 0 to 1 in 0.18 s.
    private static func fadeIn(_ w: UnsafeMutablePointer<GtkWidget>) {
        gtk_widget_set_opacity(w, 0)
        var start: Double?
        Timer.tick(w) { now in
            let s = start ?? now
            start = s
            let p = min(1, (now - s) / 0.18)
            gtk_widget_set_opacity(w, p)
            return p < 1
        }
    }

    /// Swaps what the shown bubble holds (the temporary title's real content).
    func replace(with content: CalloutContent) {
        guard let bubble else { return }
        bubble.setContent(content.root)
        controls.connect(content)
    }

    var bodySize: Size? { bubble?.bodySize }

    func layout(_ placement: CalloutPlacement?) {
        guard let bubble, let placement else { return }
        let f = bubble.place(placement)
        var rect = GtkAllocation(x: Int32(f.minX.rounded()), y: Int32(f.minY.rounded()),
                                 width: Int32(f.width.rounded()), height: Int32(f.height.rounded()))
        gtk_widget_size_allocate(bubble.widget, &rect, -1)
    }

    func frame(for placement: CalloutPlacement?) -> Rect? {
        guard bubble != nil, let placement else { return nil }
        return CalloutBubble.frame(for: placement)
    }

    func contains(_ p: Point) -> Bool {
        guard let b = bubble?.widget, let parent = host.parentWidget, gtk_widget_get_visible(b) != 0 else { return false }
        var local = graphene_point_t(), point = graphene_point_t(x: Float(p.x), y: Float(p.y))
        guard gtk_widget_compute_point(parent, b, &point, &local) != 0 else { return false }
        return gtk_widget_contains(b, Double(local.x), Double(local.y)) != 0
    }

    func dismiss(animated: Bool) {
        controls.disconnectAll()
        guard let b = bubble else { return }
        bubble = nil
        view = nil
        if animated && setting.animationsEnabled { host.fadeOut(b) } else { gtk_widget_unparent(b.widget) }
    }

    var widget: UnsafeMutablePointer<GtkWidget>? { bubble?.widget }
}
