import CCalloutMapGtk
import CalloutMapCore
import CalloutMapGtk

/// The widgets inside a callout, and which of them hold controls where (for
/// telling the delegate which control was clicked). Text is always plain.
@MainActor
struct CalloutContent {
    let root: UnsafeMutablePointer<GtkWidget>
    /// The subtrees whose buttons report taps, with where they are.
    var controls: [(widget: UnsafeMutablePointer<GtkWidget>, position: CalloutControl.Position)] = []

    /// MapKit's standard layout: [left accessory] title over subtitle (or the detail accessory)
    /// [right accessory]. A cluster's callout lists its first members instead of a subtitle.
    static func standard(for view: AnnotationView, title: String?, members: [String] = [], more: Int = 0) -> CalloutContent {
        let row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, Int32(CalloutMeasure.rowSpacing))!
        var content = CalloutContent(root: row)
        if let left = view.leftCalloutAccessory?.makeWidget() {
            append(left, to: row)
            content.controls.append((left, .left))
        }
        let column = gtk_box_new(GTK_ORIENTATION_VERTICAL, Int32(CalloutMeasure.lineSpacing))!
        gtk_widget_set_hexpand(column, 1)
        gtk_widget_set_valign(column, GTK_ALIGN_CENTER)
        if let title, !title.isEmpty { gtk_box_append(cast(column), label(title, style: .heading, wrap: true)) }
        if !members.isEmpty {
            for name in members { gtk_box_append(cast(column), label(name, style: .secondary)) }
            if more > 0 { gtk_box_append(cast(column), label("and \(more) more", style: .caption)) }
        } else if let detail = view.detailCalloutAccessory?.makeWidget() {
            append(detail, to: column)
            content.controls.append((detail, .detail))
        } else if let subtitle = view.annotation?.subtitle, !subtitle.isEmpty {
            gtk_box_append(cast(column), label(subtitle, style: .secondary, wrap: true))
        }
        gtk_box_append(cast(row), column)
        if let right = view.rightCalloutAccessory?.makeWidget() {
            append(right, to: row)
            content.controls.append((right, .right))
        }
        // A title written right to left (Arabic, Hebrew…) lays the callout out right to left:
        // the text starts at the right and the accessories change sides, as GTK mirrors a box.
        if let title, pango_find_base_dir(title, -1) == PANGO_DIRECTION_RTL { setDirection(GTK_TEXT_DIR_RTL, of: row) }
        return content
    }

    /// Sets a text direction on a widget and everything in it (GTK 4 does not pass it down).
    static func setDirection(_ direction: GtkTextDirection, of widget: UnsafeMutablePointer<GtkWidget>) {
        gtk_widget_set_direction(widget, direction)
        var child = gtk_widget_get_first_child(widget)
        while let c = child {
            setDirection(direction, of: c)
            child = gtk_widget_get_next_sibling(c)
        }
    }

    /// A custom callout's content: all of it is the callout's own.
    static func custom(_ callout: CustomCallout) -> CalloutContent {
        let root = callout.content.makeWidget()
        gtk_widget_add_css_class(root, "custom-callout")
        return CalloutContent(root: root, controls: [(root, .callout)])
    }

    /// One line of text and nothing else (the temporary title).
    static func text(_ text: String) -> CalloutContent { CalloutContent(root: label(text, style: .heading)) }

    /// A plain-text label (GtkLabel does not parse markup unless told to). Headings and body text
    /// wrap to at most `Text.titleLines` lines, as every approach's title does; a heading cut
    /// short shows whole in its tooltip.
    static func label(_ text: String, style: CalloutTextStyle, wrap: Bool = false) -> UnsafeMutablePointer<GtkWidget> {
        let l = gtk_label_new(text)!
        gtk_label_set_xalign(OpaquePointer(l), 0)
        gtk_label_set_max_width_chars(OpaquePointer(l), Int32(CalloutMeasure.maxTextChars))
        if wrap || style == .body || style == .heading {
            gtk_label_set_wrap(OpaquePointer(l), 1)
            gtk_label_set_wrap_mode(OpaquePointer(l), PANGO_WRAP_WORD_CHAR)
            gtk_label_set_lines(OpaquePointer(l), Int32(Text.titleLines))
        }
        if style == .heading, text.count > CalloutMeasure.maxTextChars * Text.titleLines / 2 { gtk_widget_set_tooltip_text(l, text) }
        gtk_label_set_ellipsize(OpaquePointer(l), PANGO_ELLIPSIZE_END)
        switch style {
        case .heading: gtk_widget_add_css_class(l, "heading")
        case .body: break
        case .secondary: gtk_widget_add_css_class(l, "dim-label")
        case .caption: gtk_widget_add_css_class(l, "dim-label"); gtk_widget_add_css_class(l, "caption")
        }
        return l
    }

    /// Adds a widget that may still sit in an earlier callout (a wrapped one).
    static func append(_ child: UnsafeMutablePointer<GtkWidget>, to box: UnsafeMutablePointer<GtkWidget>) {
        if gtk_widget_get_parent(child) != nil { gtk_widget_unparent(child) }
        gtk_box_append(cast(box), child)
    }

    /// Every button inside a widget tree, for reporting accessory taps.
    static func buttons(in root: UnsafeMutablePointer<GtkWidget>) -> [UnsafeMutablePointer<GtkWidget>] {
        var out: [UnsafeMutablePointer<GtkWidget>] = []
        if cm_is_button(root.rawObject) != 0 { out.append(root) }
        var child = gtk_widget_get_first_child(root)
        while let c = child {
            out += buttons(in: c)
            child = gtk_widget_get_next_sibling(c)
        }
        return out
    }

    /// What the delegate is told a button is called: its tooltip, else its words.
    static func name(of button: UnsafeMutablePointer<GtkWidget>) -> String {
        gtk_widget_get_tooltip_text(button).map { String(cString: $0) }
            ?? gtk_button_get_label(cast(button)).map { String(cString: $0) } ?? tr("Details")
    }
}

/// What a custom callout shows (the custom approach: the view's own callout, hit as part of the
/// view) and how its bubble looks.
public struct CustomCallout {
    /// The content, usually a `.stack` of text and buttons; every button in it reports as
    /// `CalloutControl.Position.callout`.
    public var content: CalloutAccessory
    /// The bubble's colours, corners and padding.
    public var appearance: CalloutAppearance

    /// A custom callout; dark unless told otherwise.
    public init(content: CalloutAccessory, appearance: CalloutAppearance = .customDark) {
        self.content = content
        self.appearance = appearance
    }
}
