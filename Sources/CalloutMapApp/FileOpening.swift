import CCalloutMapGtk
import CalloutMapGtk
import Foundation

/// Opening more files of places and shapes (GeoJSON, GPX, KML): a file chooser (GTK 4.8's GtkFileChooserNative, so
/// the portal's dialog where there is one) and dropping files on the window.
@MainActor
final class FileOpening {
    private let window: UnsafeMutablePointer<GtkWidget>  // the window owns us (through MainWindow)
    private var chooser: ObjectRef?
    var onOpen: (([URL]) -> Void)?

    init(window: UnsafeMutablePointer<GtkWidget>) {
        self.window = window
        let drop = gtk_drop_target_new(gdk_file_list_get_type(), GDK_ACTION_COPY)!
        Signal.connect(drop, "drop") { [weak self] (value: UnsafeMutableRawPointer?, _: Double, _: Double) -> Bool in
            guard let self, let value else { return false }
            let list = g_value_get_boxed(value.assumingMemoryBound(to: GValue.self))
            let urls = Self.urls(from: gdk_file_list_get_files(OpaquePointer(list)))
            guard !urls.isEmpty else { return false }
            self.onOpen?(urls)
            return true
        }
        gtk_widget_add_controller(window, cm_controller(drop.rawObject))
    }

    func choose() {
        let native = gtk_file_chooser_native_new(tr("Open Places"), cm_window(window), GTK_FILE_CHOOSER_ACTION_OPEN, tr("_Open"), tr("_Cancel"))!
        // One filter for every format read (the first is the one shown), then one per format.
        let formats: [(name: String, patterns: [String], types: [String])] = [
            ("GeoJSON", ["*.geojson", "*.json", "*.geojsons", "*.geojsonl", "*.ndjson"], ["application/geo+json"]),
            ("GPX", ["*.gpx"], ["application/gpx+xml"]),
            ("KML", ["*.kml"], ["application/vnd.google-earth.kml+xml"]),
        ]
        FileChooserFilter.add(to: native, named: tr("Places and Shapes"), patterns: formats.flatMap(\.patterns), mimeTypes: formats.flatMap(\.types))
        for format in formats {
            FileChooserFilter.add(to: native, named: format.name, patterns: format.patterns, mimeTypes: format.types)
        }
        gtk_file_chooser_set_select_multiple(native, 1)
        chooser = ObjectRef(adopting: native.rawObject)
        Signal.connect(native, "response") { [weak self] (response: Int32) in
            guard let self else { return }
            if response == GTK_RESPONSE_ACCEPT.rawValue, let files = gtk_file_chooser_get_files(native) {
                var urls: [URL] = []
                for i in 0..<g_list_model_get_n_items(files) {
                    let file = g_list_model_get_item(files, i)!
                    if let path = g_file_get_path(OpaquePointer(file)) {
                        urls.append(URL(fileURLWithPath: String(cString: path)))
                        g_free(path)
                    }
                    g_object_unref(file)
                }
                g_object_unref(files.rawObject)
                self.onOpen?(urls)
            }
            self.chooser = nil
        }
        gtk_native_dialog_show(cast(native))
    }

    private static func urls(from list: UnsafeMutablePointer<GSList>?) -> [URL] {
        var urls: [URL] = []
        var node = list
        while let n = node {
            if let path = g_file_get_path(OpaquePointer(n.pointee.data)) {
                urls.append(URL(fileURLWithPath: String(cString: path)))
                g_free(path)
            }
            node = n.pointee.next
        }
        g_slist_free(list)
        return urls
    }
}
