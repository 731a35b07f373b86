import CCalloutMapGtk
import CalloutMapCore
import CalloutMapGtk

/// Builds what goes inside a callout. Text is always plain (never markup).
@MainActor
public enum CalloutContent {
    /// MapKit's standard layout: [left accessory] title over subtitle (or the detail view) [right accessory].
    static func standard(for view: AnnotationView, title: String?, members: [String] = [], more: Int = 0) -> UnsafeMutablePointer<GtkWidget> {
        let row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 10)!
        if let left = view.leftCalloutAccessoryView { append(left, to: row) }
        let column = gtk_box_new(GTK_ORIENTATION_VERTICAL, 2)!
        gtk_widget_set_hexpand(column, 1)
        gtk_widget_set_valign(column, GTK_ALIGN_CENTER)
        if let title, !title.isEmpty { gtk_box_append(cast(column), label(title, classes: ["heading"])) }
        if !members.isEmpty {
            // A cluster's callout lists its first members.
            for name in members { gtk_box_append(cast(column), label(name, classes: ["dim-label"])) }
            if more > 0 { gtk_box_append(cast(column), label("and \(more) more", classes: ["dim-label", "caption"])) }
        } else if let detail = view.detailCalloutAccessoryView {
            append(detail, to: column)
        } else if let subtitle = view.annotation?.subtitle, !subtitle.isEmpty {
            gtk_box_append(cast(column), label(subtitle, classes: ["dim-label"], wrap: true))
        }
        gtk_box_append(cast(row), column)
        if let right = view.rightCalloutAccessoryView { append(right, to: row) }
        return row
    }

    /// The default custom callout: light text on the dark bubble and a details button.
    public static func custom(title: String, subtitle: String?) -> UnsafeMutablePointer<GtkWidget> {
        let column = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)!
        gtk_widget_add_css_class(column, "custom-callout")
        gtk_box_append(cast(column), label(title, classes: ["heading"]))
        if let subtitle, !subtitle.isEmpty { gtk_box_append(cast(column), label(subtitle, classes: [], wrap: true)) }
        let button = gtk_button_new_with_label("Details")!
        gtk_widget_add_css_class(button, "suggested-action")
        gtk_widget_set_halign(button, GTK_ALIGN_START)
        gtk_box_append(cast(column), button)
        return column
    }

    /// A plain-text label (GtkLabel does not parse markup unless told to).
    static func label(_ text: String, classes: [String], wrap: Bool = false) -> UnsafeMutablePointer<GtkWidget> {
        let l = gtk_label_new(text)!
        gtk_label_set_xalign(OpaquePointer(l), 0)
        gtk_label_set_max_width_chars(OpaquePointer(l), 34)
        if wrap {
            gtk_label_set_wrap(OpaquePointer(l), 1)
            gtk_label_set_lines(OpaquePointer(l), 4)
        }
        gtk_label_set_ellipsize(OpaquePointer(l), PANGO_ELLIPSIZE_END)
        for c in classes { gtk_widget_add_css_class(l, c) }
        return l
    }

    /// Adds an accessory that may still sit in an earlier callout.
    private static func append(_ child: UnsafeMutablePointer<GtkWidget>, to box: UnsafeMutablePointer<GtkWidget>) {
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
}
