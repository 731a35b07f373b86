import CCalloutMapGtk
import CalloutMapCore
import CalloutMapGtk
import CalloutMapWidget
import Foundation

/// The GtkApplication: one window per activation, several instances allowed.
@MainActor
final class CalloutMapApplication {
    static let id = "io.github.calloutmap.CalloutMap"

    let options: Options
    let basemap: Basemap
    let annotationFiles: [URL]
    private var windows: [MainWindow] = []

    init(options: Options, basemap: Basemap, annotationFiles: [URL]) {
        self.options = options
        self.basemap = basemap
        self.annotationFiles = annotationFiles
    }

    func run() -> Int32 {
        let app = gtk_application_new(Self.id, G_APPLICATION_NON_UNIQUE)!
        defer { g_object_unref(app.rawObject) }
        Signal.connect(app, "activate") { [self] in
            let window = MainWindow(application: app, options: options, basemap: basemap)
            window.onClose = { [weak self, weak window] in self?.windows.removeAll { $0 === window } }
            window.load(annotationFiles)
            windows.append(window)
            window.present()
        }
        // GLib sees only the program name: our options are already parsed.
        var argv: [UnsafeMutablePointer<CChar>?] = [strdup(CommandLine.arguments[0]), nil]
        defer { free(argv[0]) }
        return g_application_run(cast(app), 1, &argv)
    }
}
