import CCalloutMapAdw
import CCalloutMapGtk
import CalloutMapCore
import CalloutMapGtk
import CalloutMapWidget
import Foundation

/// The application (AdwApplication): one instance on the session bus. `calloutmap FILE…` hands
/// the files to the running window, or starts one; a launch with options of its own (a centre, a
/// mode, `--log-events`…) opens its own window in its own process, so scripts that start the app
/// with options always get the window they asked for and its events.
@MainActor
final class CalloutMapApplication {
    static let id = "io.github.calloutmap.CalloutMap"
    /// The release; meson.build's project version says the same (a test holds them together).
    static let version = "0.3.0"

    let options: Options
    let dataDirectory: URL
    private var basemap: Basemap?
    private var settings: AppSettings?
    private var windows: [MainWindow] = []

    init(options: Options, dataDirectory: URL) {
        self.options = options
        self.dataDirectory = dataDirectory
    }

    func run() -> Int32 {
        // A launch with options of its own never hands over: when CalloutMap already runs it
        // does not register at all (a registered instance dropped unrun makes GLib warn).
        ThemeStart.openDisplay()
        var app = makeApplication(unique: !(options.setsUpWindow && Self.isRunning()))
        var error: UnsafeMutablePointer<GError>?
        if g_application_register(cm_application(app), nil, &error) == 0 {
            // No registration at all (a broken bus): carry on as a plain, non-unique program.
            if let error { g_error_free(error) }
            g_object_unref(app.rawObject)
            app = makeApplication(unique: false)
        } else if g_application_get_is_remote(cm_application(app)) != 0 {
            if !options.setsUpWindow {
                // Another CalloutMap runs: it opens the files (or comes to the front); we are done.
                defer { g_object_unref(app.rawObject) }
                return Self.runApplication(app, files: options.files)
            }
            g_object_unref(app.rawObject)
            app = makeApplication(unique: false)
        }
        defer { g_object_unref(app.rawObject) }
        do {
            basemap = try Basemap(directory: dataDirectory.appendingPathComponent("basemap"))
        } catch {
            FileHandle.standardError.write(Data("calloutmap: \(error)\n".utf8))
            return 1
        }
        // Our options are parsed already; GLib is given the files alone.
        let status = Self.runApplication(app, files: options.files)
        AppSettings.flush()
        return status
    }

    /// Whether an instance owns the application's name on the session bus.
    private static func isRunning() -> Bool {
        guard let bus = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, nil) else { return false }
        defer { g_object_unref(UnsafeMutableRawPointer(bus)) }
        var name: OpaquePointer? = g_variant_new_string(id)
        let arguments = g_variant_new_tuple(&name, 1)
        guard let reply = g_dbus_connection_call_sync(bus, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
                                                      "NameHasOwner", arguments, nil, G_DBUS_CALL_FLAGS_NONE, 1000, nil, nil)
        else { return false }
        defer { g_variant_unref(reply) }
        let owned = g_variant_get_child_value(reply, 0)!
        defer { g_variant_unref(owned) }
        return g_variant_get_boolean(owned) != 0
    }

    /// The application with its handlers connected: `startup` runs as it registers (first
    /// instance only), `activate` and `open` when it runs.
    private func makeApplication(unique: Bool) -> UnsafeMutablePointer<AdwApplication> {
        let flags = G_APPLICATION_HANDLES_OPEN.rawValue | (unique ? 0 : G_APPLICATION_NON_UNIQUE.rawValue)
        let app = adw_application_new(Self.id, GApplicationFlags(flags))!
        let gtkApp = cm_gtk_application(app.rawObject)!
        Signal.connect(app, "startup") { [self] in startUp(gtkApp) }
        Signal.connect(app, "activate") { [self] in
            if let window = windows.last {
                window.present()
            } else {
                openWindow(gtkApp, files: options.files.map { URL(fileURLWithPath: $0) })
            }
        }
        Signal.connect(app, "open") { [self] (files: UnsafeMutableRawPointer?, count: Int32, _: UnsafePointer<CChar>?) in
            let urls = Self.urls(files, count)
            if let window = windows.last {
                window.open(urls)
                window.present()
            } else {
                openWindow(gtkApp, files: urls)
            }
        }
        return app
    }

    /// `g_application_run` with the program's name and the files: locally it leads to `activate`
    /// (our window opens them), remotely to `open` or `activate` in the running instance.
    private static func runApplication(_ app: some GObjectPointer, files: [String]) -> Int32 {
        var argv: [UnsafeMutablePointer<CChar>?] = ([CommandLine.arguments[0]] + files).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        return g_application_run(cm_application(app.rawObject), Int32(argv.count - 1), &argv)
    }

    private func startUp(_ app: UnsafeMutablePointer<GtkApplication>) {
        // Run from the build tree, the app's icon is found among the data's icons.
        let icons = dataDirectory.appendingPathComponent("icons")
        if let display = gdk_display_get_default(), FileManager.default.fileExists(atPath: icons.path) {
            gtk_icon_theme_add_search_path(gtk_icon_theme_get_for_display(display), icons.path)
        }
        gtk_window_set_default_icon_name(Self.id)
        settings = AppSettings(dataDirectory: dataDirectory)
        Actions.add("quit", to: app) { [weak self] in self?.quit(app) }
        Actions.add("about", to: app) { [weak self] in
            guard let window = self?.windows.last else { return }
            AboutWindow.present(over: window.window)
        }
        Shortcuts.install(on: app)
    }

    private func openWindow(_ app: UnsafeMutablePointer<GtkApplication>, files: [URL]) {
        guard let basemap, let settings else { return }
        let window = MainWindow(application: app, options: options, settings: settings, basemap: basemap)
        window.onClose = { [weak self, weak window] in self?.windows.removeAll { $0 === window } }
        window.load(AnnotationFiles.urls(options: options, dataDirectory: dataDirectory))
        if !files.isEmpty { window.open(files, fittingView: !(options.centerGiven || options.zoomGiven)) }
        windows.append(window)
        window.present()
    }

    /// Ctrl+Q: every window closes as if its close button were pressed (so each saves its
    /// state), then the application ends.
    private func quit(_ app: UnsafeMutablePointer<GtkApplication>) {
        for window in windows { gtk_window_close(cm_window(window.window)) }
        g_application_quit(cm_application(app))
    }

    private static func urls(_ files: UnsafeMutableRawPointer?, _ count: Int32) -> [URL] {
        guard let files, count > 0 else { return [] }
        let array = files.assumingMemoryBound(to: OpaquePointer?.self)
        return (0..<Int(count)).compactMap { i in
            guard let file = array[i], let path = g_file_get_path(file) else { return nil }
            defer { g_free(path) }
            return URL(fileURLWithPath: String(cString: path))
        }
    }
}
