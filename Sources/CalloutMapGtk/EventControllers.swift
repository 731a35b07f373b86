import CCalloutMapGtk

/// The first event controller of a GType name (e.g. "GtkGestureDrag") on a
/// widget; tests and the benchmark use it to emit a gesture's signals.
@MainActor
package func eventController(ofType type: String, on widget: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutableRawPointer? {
    let list = gtk_widget_observe_controllers(widget)!
    defer { g_object_unref(list.rawObject) }
    for i in 0..<g_list_model_get_n_items(list) {
        let item = g_list_model_get_item(list, i)!
        g_object_unref(item)  // the widget still holds it
        if String(cString: g_type_name_from_instance(item.assumingMemoryBound(to: GTypeInstance.self))) == type {
            return item
        }
    }
    return nil
}
