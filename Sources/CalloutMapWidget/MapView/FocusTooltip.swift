import CCalloutMapGtk
import CalloutMapCore
import CalloutMapGtk

/// The tooltip of the pin or shape with keyboard focus. GTK 4 shows tooltips for the pointer
/// only, so this is a popover dressed as a tooltip (no arrow, no focus, no clicks): it appears
/// after the same delay as GTK's, beside the focused item, and goes when focus moves on.
@MainActor
final class FocusTooltip {
    /// GTK 4's fixed tooltip delay (gtktooltip.c's HOVER_TIMEOUT).
    static let delay: UInt32 = 500

    private var popover: UnsafeMutablePointer<GtkWidget>?
    private var label: UnsafeMutablePointer<GtkWidget>?
    private var generation = 0

    var isShowing: Bool { popover.map { gtk_widget_get_visible($0) != 0 } ?? false }
    /// The text shown (for tests).
    var text: String? {
        guard isShowing, let label, let s = gtk_label_get_text(OpaquePointer(label)) else { return nil }
        return String(cString: s)
    }

    /// Shows `text` beside `area` (the parent's coordinates) once the delay has passed, if
    /// `stillWanted` says so then; `shown` is told when it appears.
    func show(_ text: String, beside area: Rect, in parent: UnsafeMutablePointer<GtkWidget>,
              stillWanted: @escaping @MainActor () -> Bool, shown: @escaping @MainActor () -> Void) {
        hide()
        generation &+= 1
        let current = generation
        Timer.after(milliseconds: Self.delay) { [weak self] in
            guard let self, self.generation == current, stillWanted() else { return }
            self.present(text, beside: area, in: parent)
            shown()
        }
    }

    private func present(_ text: String, beside area: Rect, in parent: UnsafeMutablePointer<GtkWidget>) {
        if popover == nil || gtk_widget_get_parent(popover) != parent {
            remove()
            let p = gtk_popover_new()!
            gtk_popover_set_autohide(cast(p), 0)
            gtk_popover_set_has_arrow(cast(p), 0)
            gtk_widget_set_can_focus(p, 0)
            gtk_widget_set_can_target(p, 0)
            gtk_widget_add_css_class(p, "map-tooltip")
            let l = gtk_label_new(nil)!  // plain text: a title from data is never markup
            gtk_label_set_max_width_chars(OpaquePointer(l), 50)
            gtk_label_set_wrap(OpaquePointer(l), 1)
            gtk_popover_set_child(cast(p), l)
            gtk_widget_set_parent(p, parent)
            popover = p
            label = l
        }
        guard let p = popover, let l = label else { return }
        gtk_label_set_text(OpaquePointer(l), text)
        var rect = GdkRectangle(x: Int32(area.minX.rounded()), y: Int32(area.minY.rounded()),
                                width: Int32(max(1, area.width.rounded())), height: Int32(max(1, area.height.rounded())))
        gtk_popover_set_pointing_to(cast(p), &rect)
        gtk_popover_set_position(cast(p), GTK_POS_BOTTOM)
        gtk_popover_popup(cast(p))
    }

    /// Hides it (and forgets one waiting for its delay).
    func hide() {
        generation &+= 1
        if let p = popover, gtk_widget_get_visible(p) != 0 { gtk_popover_popdown(cast(p)) }
    }

    /// Takes it apart (the map is going away).
    func remove() {
        generation &+= 1
        guard let p = popover else { return }
        popover = nil
        label = nil
        PopoverCalloutPresentation.close(p)
    }
}
