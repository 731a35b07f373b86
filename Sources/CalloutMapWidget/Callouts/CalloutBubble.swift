import CCalloutMapGtk
import CalloutMapCore
import CalloutMapGtk

/// The colours and shape of a callout bubble.
public struct CalloutAppearance: Sendable, Equatable {
    /// The body's colour.
    public var fill: RGBA
    /// The outline's colour.
    public var border: RGBA
    /// The body's corner radius in logical pixels.
    public var cornerRadius: Double
    /// Space between the outline and the content.
    public var padding: Double
    /// The body's colour over the map's dark style, when it is not `fill` (a dark bubble would
    /// sink into a dark map).
    public var darkFill: RGBA?
    /// The outline's colour over the map's dark style, when it is not `border`.
    public var darkBorder: RGBA?

    /// An appearance; `darkFill` and `darkBorder` replace the colours over the dark map style.
    public init(fill: RGBA, border: RGBA, cornerRadius: Double = 10, padding: Double = 10, darkFill: RGBA? = nil,
                darkBorder: RGBA? = nil) {
        self.fill = fill
        self.border = border
        self.cornerRadius = cornerRadius
        self.padding = padding
        self.darkFill = darkFill
        self.darkBorder = darkBorder
    }

    /// The colours to draw with over a map in the light or dark style.
    public func resolved(dark: Bool) -> CalloutAppearance {
        guard dark else { return self }
        var a = self
        a.fill = darkFill ?? fill
        a.border = darkBorder ?? border
        return a
    }

    /// MapKit-like white bubble (SMCalloutView's radius 8–10, border alpha 0.2).
    public static let light = CalloutAppearance(fill: RGBA(0xFFFFFF), border: RGBA(0x000000, alpha: 0.2))
    /// The standard callout in the dark style.
    public static let dark = CalloutAppearance(fill: RGBA(0x303030), border: RGBA(0xFFFFFF, alpha: 0.15))
    /// The default custom callout: a dark, rounder, tighter bubble — opaque, so nothing under it
    /// shows through its text; over the dark map a lighter shade with a light outline.
    public static let customDark = CalloutAppearance(fill: RGBA(0x241F31), border: RGBA(0x000000, alpha: 0.4),
                                                     cornerRadius: 16, padding: 12,
                                                     darkFill: RGBA(0x4A4458), darkBorder: RGBA(0xFFFFFF, alpha: 0.45))
}

/// A callout: a rounded body with an arrow to its pin, drawn by us, holding
/// any GTK widget as content. Clicks outside the body and arrow (the
/// transparent corners beside the arrow) are not its own: they reach the pin
/// or the map underneath.
@MainActor
final class CalloutBubble: WidgetImplementation {
    private(set) var widget: UnsafeMutablePointer<GtkWidget>!
    private(set) var content: UnsafeMutablePointer<GtkWidget>
    var appearance: CalloutAppearance {
        didSet {
            guard let widget else { return }
            styleText()
            gtk_widget_queue_draw(widget)
        }
    }
    static let arrowLength = 10.0
    /// The widest and tallest the content is shown: wider text wraps, taller content scrolls.
    static let maxContentWidth = Int(CalloutMeasure.maxContentWidth)
    static let maxContentHeight = Int(CalloutMeasure.maxContentHeight)
    /// Holds the content, scrolling it when it is taller than `maxContentHeight`.
    private let scroller: UnsafeMutablePointer<GtkWidget>

    /// Set by the map from the placement: which side of the pin, and the arrow tip in widget coordinates.
    var edge = CalloutEdge.above
    var tip = Point.zero
    /// Sitting apart from its pin (joined by a leader line the map draws): no arrow.
    var isDetached = false

    init(content: UnsafeMutablePointer<GtkWidget>, appearance: CalloutAppearance) {
        self.content = content
        self.appearance = appearance
        scroller = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_policy(OpaquePointer(scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_propagate_natural_width(OpaquePointer(scroller), 1)
        gtk_scrolled_window_set_propagate_natural_height(OpaquePointer(scroller), 1)
        gtk_scrolled_window_set_max_content_height(OpaquePointer(scroller), Int32(Self.maxContentHeight))
        gtk_scrolled_window_set_child(OpaquePointer(scroller), content)
        widget = CustomWidget.make(typeName: "CalloutMapCallout", cssName: "callout", implementation: self)
        gtk_widget_set_parent(scroller, widget)
        styleText()
    }

    /// Text follows the body's colour: light on a dark fill, dark on a light one, whatever the
    /// desktop's theme (MapStyleSheet's `on-dark` and `on-light`).
    private func styleText() {
        let dark = appearance.fill.isDark
        gtk_widget_remove_css_class(widget, dark ? "on-light" : "on-dark")
        gtk_widget_add_css_class(widget, dark ? "on-dark" : "on-light")
    }

    /// Swaps what the bubble shows; the map re-measures and re-places it (no new animation).
    func setContent(_ new: UnsafeMutablePointer<GtkWidget>) {
        // The scroller takes the old content out itself (it sits in a viewport the scroller made,
        // which would keep a dangling pointer to it were it unparented here).
        content = new
        gtk_scrolled_window_set_child(OpaquePointer(scroller), new)
        gtk_widget_queue_resize(widget)
    }

    /// Whether the content is taller than the bubble shows (it scrolls).
    var scrolls: Bool {
        var minimum: Int32 = 0, natural: Int32 = 0
        gtk_widget_measure(content, GTK_ORIENTATION_VERTICAL, Int32(bodySize.width - 2 * appearance.padding), &minimum, &natural, nil, nil)
        return natural > Int32(Self.maxContentHeight)
    }

    /// The body's size for the content's natural size (arrow excluded): at most
    /// `maxContentWidth` wide (text wraps) and `maxContentHeight` tall (it scrolls), plus padding.
    var bodySize: Size {
        var minimum: Int32 = 0, natural: Int32 = 0
        gtk_widget_measure(scroller, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, nil, nil)
        let width = min(max(natural, minimum), Int32(Self.maxContentWidth))
        var hMin: Int32 = 0, hNat: Int32 = 0
        gtk_widget_measure(scroller, GTK_ORIENTATION_VERTICAL, width, &hMin, &hNat, nil, nil)
        let p = appearance.padding
        return Size(width: Double(width) + 2 * p, height: Double(max(hNat, hMin)) + 2 * p)
    }

    /// The widget's rectangle (body plus arrow) in its parent for a placement.
    static func frame(for placement: CalloutPlacement) -> Rect {
        let b = placement.body, a = arrowLength
        if placement.isDetached { return b }
        switch placement.edge {
        case .above: return Rect(x: b.minX, y: b.minY, width: b.width, height: b.height + a)
        case .below: return Rect(x: b.minX, y: b.minY - a, width: b.width, height: b.height + a)
        case .right: return Rect(x: b.minX - a, y: b.minY, width: b.width + a, height: b.height)
        case .left: return Rect(x: b.minX, y: b.minY, width: b.width + a, height: b.height)
        }
    }

    /// Takes a placement: its frame in the parent, remembering the side and the tip for drawing.
    /// A bubble moved along its pin keeps its size, and GTK redraws a widget that only moves from
    /// what it drew before: the arrow would stay where it was in the bubble, off its pin. So a
    /// new side or tip asks for a redraw.
    func place(_ placement: CalloutPlacement) -> Rect {
        let f = Self.frame(for: placement)
        let newTip = Point(x: placement.tip.x - f.minX, y: placement.tip.y - f.minY)
        let changed = edge != placement.edge || tip != newTip || isDetached != placement.isDetached
        edge = placement.edge
        tip = newTip
        isDetached = placement.isDetached
        if changed, let widget { gtk_widget_queue_draw(widget) }
        return f
    }

    private var body: Rect {
        let w = Double(gtk_widget_get_width(widget)), h = Double(gtk_widget_get_height(widget)), a = Self.arrowLength
        if isDetached { return Rect(x: 0, y: 0, width: w, height: h) }
        switch edge {
        case .above: return Rect(x: 0, y: 0, width: w, height: h - a)
        case .below: return Rect(x: 0, y: a, width: w, height: h - a)
        case .right: return Rect(x: a, y: 0, width: w - a, height: h)
        case .left: return Rect(x: 0, y: 0, width: w - a, height: h)
        }
    }

    // MARK: WidgetImplementation

    func measure(horizontal: Bool, forSize: Int) -> (minimum: Int, natural: Int) {
        let s = bodySize
        let extra = !isDetached && (horizontal ? !edge.isVertical : edge.isVertical) ? Self.arrowLength : 0
        let v = Int((horizontal ? s.width : s.height) + extra)
        return (v, v)
    }

    func sizeAllocate(width: Int, height: Int) {
        let b = body, p = appearance.padding
        var rect = GtkAllocation(x: Int32(b.minX + p), y: Int32(b.minY + p),
                                 width: Int32(max(1, b.width - 2 * p)), height: Int32(max(1, b.height - 2 * p)))
        gtk_widget_size_allocate(scroller, &rect, -1)
    }

    private var shape: CalloutShape {
        CalloutShape(body: body, edge: edge, tip: tip, radius: appearance.cornerRadius, hasArrow: !isDetached)
    }

    func snapshot(_ snapshot: OpaquePointer) {
        let w = Float(gtk_widget_get_width(widget)), h = Float(gtk_widget_get_height(widget))
        var bounds = graphene_rect_t()
        graphene_rect_init(&bounds, -8, -8, w + 16, h + 16)  // room for the shadow
        if let cr = gtk_snapshot_append_cairo(snapshot, &bounds) {
            shape.paint(cr, appearance: appearance)
            cairo_destroy(cr)
        }
        gtk_widget_snapshot_child(widget, scroller, snapshot)
    }

    func contains(_ x: Double, _ y: Double) -> Bool? {
        shape.contains(Point(x: x, y: y))
    }

    func dispose() {
        gtk_widget_unparent(scroller)
        widget = nil
    }
}

extension RGBA {
    /// Whether light text reads better on this colour (its relative luminance is under a half).
    var isDark: Bool { 0.2126 * red + 0.7152 * green + 0.0722 * blue < 0.5 }
}
