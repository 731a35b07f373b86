import CCalloutMapGtk
import CalloutMapCore
import CalloutMapGtk

/// Zoom in and out buttons floating in the map's top-right corner (MapKit's `showsZoomControls`):
/// a narrow window has no room for them in its header bar, and a touch screen has no keys.
/// Each button is off at its end of the zoom range. They are the map's children, so callouts
/// are kept clear of them and Tab reaches them after everything in the map.
@MainActor
final class ZoomControls {
    /// The linked pair of buttons, or nil while hidden.
    private(set) var box: UnsafeMutablePointer<GtkWidget>?
    private var zoomIn: UnsafeMutablePointer<GtkWidget>?
    private var zoomOut: UnsafeMutablePointer<GtkWidget>?
    /// Space between the buttons and the map's edges (points).
    static let margin = 10.0
    /// Called with +1 or −1 zoom steps.
    var onZoom: ((Double) -> Void)?

    /// Puts the buttons into `map` (or takes them out).
    func setShown(_ shown: Bool, in map: UnsafeMutablePointer<GtkWidget>) {
        if shown, box == nil {
            let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
            gtk_widget_add_css_class(box, "linked")
            gtk_widget_add_css_class(box, "zoom-controls")
            // The tooltips name the map's own keys for the same.
            zoomIn = button(icon: "zoom-in-symbolic", name: tr("Zoom In"), tooltip: tr("Zoom In (+)"), step: 1, in: box)
            zoomOut = button(icon: "zoom-out-symbolic", name: tr("Zoom Out"), tooltip: tr("Zoom Out (−)"), step: -1, in: box)
            gtk_widget_set_parent(box, map)
            self.box = box
        } else if !shown, let box {
            gtk_widget_unparent(box)
            self.box = nil
            zoomIn = nil
            zoomOut = nil
        }
    }

    private func button(icon: String, name: String, tooltip: String, step: Double,
                        in box: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget> {
        let b = gtk_button_new_from_icon_name(icon)!
        gtk_widget_add_css_class(b, "osd")
        gtk_widget_set_tooltip_text(b, tooltip)
        cm_accessible_set_label(b, name)
        gtk_widget_set_focus_on_click(b, 0)  // a click leaves the keyboard where it was (on the map)
        Signal.connect(b, "clicked") { [weak self] in self?.onZoom?(step) }
        gtk_box_append(cast(box), b)
        return b
    }

    /// Each button is usable while the zoom can still go its way.
    func update(zoom: Double) {
        guard let zoomIn, let zoomOut else { return }
        gtk_widget_set_sensitive(zoomIn, zoom < Viewport.zoomRange.upperBound ? 1 : 0)
        gtk_widget_set_sensitive(zoomOut, zoom > Viewport.zoomRange.lowerBound ? 1 : 0)
    }

    /// Where the buttons are in the map (points), inside what lies over its edges, for callouts
    /// to keep clear of; nil while hidden.
    func frame(mapWidth: Double, margins: EdgeInsets = .zero) -> Rect? {
        guard let box else { return nil }
        var minimum = GtkRequisition(), natural = GtkRequisition()
        gtk_widget_get_preferred_size(box, &minimum, &natural)
        let width = Double(natural.width), height = Double(natural.height)
        return Rect(x: mapWidth - margins.right - Self.margin - width, y: margins.top + Self.margin, width: width, height: height)
    }

    /// Lays the buttons out in the map's top-right corner.
    func allocate(mapWidth: Double, margins: EdgeInsets) {
        guard let box, let f = frame(mapWidth: mapWidth, margins: margins) else { return }
        var allocation = GtkAllocation(x: Int32(f.minX.rounded()), y: Int32(f.minY.rounded()),
                                       width: Int32(f.width), height: Int32(f.height))
        gtk_widget_size_allocate(box, &allocation, -1)
    }

    func isControl(_ widget: UnsafeMutablePointer<GtkWidget>) -> Bool { widget == box }
}
