import CCalloutMapGtk

/// A file chooser's filters. GTK 4's `GtkFileFilter` is not floating: `gtk_file_filter_new`
/// gives us a reference and `gtk_file_chooser_add_filter` takes one of its own, so ours is
/// dropped once the chooser has the filter (kept, every dialog opened would leak its filters).
@MainActor
package enum FileChooserFilter {
    /// Adds a filter listed as `name` that shows files matching any of the patterns or MIME types.
    package static func add(to chooser: OpaquePointer, named name: String, patterns: [String], mimeTypes: [String] = []) {
        let filter = gtk_file_filter_new()!
        gtk_file_filter_set_name(filter, name)
        patterns.forEach { gtk_file_filter_add_pattern(filter, $0) }
        mimeTypes.forEach { gtk_file_filter_add_mime_type(filter, $0) }
        gtk_file_chooser_add_filter(chooser, filter)
        g_object_unref(filter.rawObject)  // the chooser holds it now
    }
}
