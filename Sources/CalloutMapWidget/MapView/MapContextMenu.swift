import CCalloutMapGtk
import CalloutMapCore
import CalloutMapGtk
import Foundation

/// What a context menu was opened on: the map at a point, or a pin or shape there.
struct ContextTarget {
    /// Where the menu opens, in the map's coordinates.
    var point: Point
    /// The place the menu's commands act on (the pin's own coordinate, or the map's under the point).
    var coordinate: Coordinate
    /// The pin's or shape's title; nil on the bare map.
    var title: String?
    /// Whether it was opened on a pin or a shape (then it offers their commands).
    var isItem: Bool
}

/// The map's context menu (a right-click, a long press, Shift+F10 or the Menu key): on the map
/// "Copy Coordinates", "Zoom In Here", "Center Map Here"; on a pin or a shape "Copy
/// Coordinates" and "Copy Title". A `GtkPopoverMenu` from a menu model, so it is keyboard-
/// operable and themed as every GNOME menu is; its actions ("map.…") act on the target it was
/// opened for and reach the map only through `onZoomIn`, `onCenter` and `onCopy`.
@MainActor
final class MapContextMenu {
    private var popover: UnsafeMutablePointer<GtkWidget>?
    private var target: ContextTarget?
    /// Zooms in one level keeping a point (map coordinates) in place.
    var onZoomIn: ((Point) -> Void)?
    /// Brings a point (map coordinates) to the middle of the map.
    var onCenter: ((Point) -> Void)?
    /// Told the text put on the clipboard (for the app to say so).
    var onCopy: ((String) -> Void)?

    var isShowing: Bool { popover != nil }
    /// The menu on screen (for tests).
    var widget: UnsafeMutablePointer<GtkWidget>? { popover }

    /// Puts the menu's actions on the map's widget, as the "map" group.
    func install(on widget: UnsafeMutablePointer<GtkWidget>) {
        let group = g_simple_action_group_new()!
        let actions: [(String, @MainActor (ContextTarget) -> Void)] = [
            ("copy-coordinates", { [weak self] in self?.copy(Self.text(of: $0.coordinate), from: widget) }),
            ("copy-title", { [weak self] in self?.copy($0.title ?? "", from: widget) }),
            ("zoom-in-here", { [weak self] in self?.onZoomIn?($0.point) }),
            ("center-here", { [weak self] in self?.onCenter?($0.point) }),
        ]
        for (name, run) in actions {
            Actions.add(name, to: group) { [weak self] in
                guard let target = self?.target else { return }
                run(target)
            }
        }
        gtk_widget_insert_action_group(widget, "map", cm_action_group(group.rawObject))
        g_object_unref(group.rawObject)
    }

    /// `LAT, LON` in decimal degrees with five places (about a metre), whatever the locale:
    /// what other maps and GPS tools take pasted.
    nonisolated static func text(of c: Coordinate) -> String { c.decimalText }

    /// Opens the menu for a target over the map's widget.
    func show(for target: ContextTarget, in parent: UnsafeMutablePointer<GtkWidget>) {
        close()
        self.target = target
        let menu = g_menu_new()!
        g_menu_append(menu, tr("_Copy Coordinates"), "map.copy-coordinates")
        if target.isItem {
            g_menu_append(menu, tr("Copy _Title"), "map.copy-title")
        } else {
            g_menu_append(menu, tr("_Zoom In Here"), "map.zoom-in-here")
            g_menu_append(menu, tr("Ce_nter Map Here"), "map.center-here")
        }
        let p = gtk_popover_menu_new_from_model(cm_menu_model(menu.rawObject))!
        g_object_unref(menu.rawObject)
        gtk_widget_set_parent(p, parent)
        gtk_popover_set_has_arrow(cast(p), 0)
        gtk_widget_set_halign(p, GTK_ALIGN_START)
        var rect = GdkRectangle(x: Int32(target.point.x.rounded()), y: Int32(target.point.y.rounded()), width: 1, height: 1)
        gtk_popover_set_pointing_to(cast(p), &rect)
        gtk_popover_set_position(cast(p), GTK_POS_BOTTOM)
        Signal.connect(p, "closed") { [weak self] in
            // Its action runs after it closes: the target stays until the main loop is idle again.
            Timer.after(milliseconds: 0) { [weak self] in
                guard let self, self.popover == p else { return }
                self.close()
            }
        }
        popover = p
        gtk_popover_popup(cast(p))
    }

    func close() {
        guard let p = popover else { return }
        popover = nil
        PopoverCalloutPresentation.close(p)
        Timer.after(milliseconds: 0) { [weak self] in if self?.popover == nil { self?.target = nil } }
    }

    private func copy(_ text: String, from widget: UnsafeMutablePointer<GtkWidget>) {
        gdk_clipboard_set_text(gtk_widget_get_clipboard(widget), text)
        onCopy?(text)
    }
}
