import CCalloutMapGtk
import CalloutMapCore

/// Tab order inside the map: the map itself, its pins' tab stop, what a callout puts in the
/// map (its controls), then the shapes' tab stop, the vector map's features' stop, then the zoom buttons. GTK's own order follows the children's
/// positions on screen, so a shape's stop above the pins' would come first; other directions
/// (the arrow keys between stops) stay GTK's.
extension MapView {
    package func focus(_ direction: GtkDirectionType) -> Bool? {
        guard direction == GTK_DIR_TAB_FORWARD || direction == GTK_DIR_TAB_BACKWARD, let widget else { return nil }
        let forward = direction == GTK_DIR_TAB_FORWARD
        var pins: [UnsafeMutablePointer<GtkWidget>] = [], shapes: [UnsafeMutablePointer<GtkWidget>] = []
        var features: [UnsafeMutablePointer<GtkWidget>] = []
        var others: [UnsafeMutablePointer<GtkWidget>] = [], controls: [UnsafeMutablePointer<GtkWidget>] = []
        var next = gtk_widget_get_first_child(widget)
        while let child = next {
            if pinProxies.isProxy(child) {
                pins.append(child)
            } else if shapeProxies.isProxy(child) {
                shapes.append(child)
            } else if mapFeatureProxies.isProxy(child) {
                features.append(child)
            } else if zoomControls.isControl(child) {
                controls.append(child)
            } else {
                others.append(child)
            }
            next = gtk_widget_get_next_sibling(child)
        }
        let order = pins + others + shapes + features + controls
        /// The first stop from `start` on (forward) or before it (backward) that takes focus —
        /// that really takes it: a child that says it did while focus stayed put is passed over.
        func move(from start: Int) -> Bool {
            let candidates = forward ? Array(order[min(start, order.count)...]) : Array(order[..<max(0, min(start, order.count))].reversed())
            let root = gtk_widget_get_root(widget)
            let before = root.flatMap { gtk_root_get_focus($0) }
            return candidates.contains {
                gtk_widget_child_focus($0, direction) != 0 && (root.flatMap { gtk_root_get_focus($0) } != before || before == nil)
            }
        }
        if gtk_widget_is_focus(widget) != 0 { return forward ? move(from: 0) : false }
        if let inside = gtk_widget_get_focus_child(widget), let i = order.firstIndex(of: inside) {
            if gtk_widget_child_focus(inside, direction) != 0 { return true }  // on within it (a callout's controls)
            if move(from: forward ? i + 1 : i) { return true }
            if !forward { gtk_widget_grab_focus(widget) }
            return !forward
        }
        // Coming in from outside: the map first going forward, its last stop going back.
        if !forward, move(from: order.count) { return true }
        gtk_widget_grab_focus(widget)
        return true
    }
}
