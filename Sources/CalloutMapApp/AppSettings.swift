import CCalloutMapAdw
import CCalloutMapGtk
import CalloutMapCore
import CalloutMapGtk
import CalloutMapWidget
import Foundation

/// What the app remembers between runs, in GSettings (data/io.github.calloutmap.CalloutMap.gschema.xml):
/// the window's size, the view, the approach, the side panel and the map source. The schema is
/// the installed one, or the one compiled for the build tree (scripts/build-data.sh, or the app
/// itself when run from the source tree without it); without either the app runs with the
/// defaults and remembers nothing (a line on standard error says so).
@MainActor
final class AppSettings {
    /// Made once by the application and kept until the process ends.
    private let settings: UnsafeMutablePointer<GSettings>?

    init(dataDirectory: URL) {
        settings = Self.open(dataDirectory: dataDirectory)
    }

    private static func open(dataDirectory: URL) -> UnsafeMutablePointer<GSettings>? {
        let id = CalloutMapApplication.id
        // The build tree's or an install's compiled schema first (it is the one of this build),
        // then the system's.
        var source = g_settings_schema_source_get_default().flatMap { g_settings_schema_source_ref($0) }
        if let dir = CompiledData.compileSchemaIfNeeded(dataDirectory: dataDirectory) ?? CompiledData.schemas.directory(dataDirectory: dataDirectory) {
            var error: UnsafeMutablePointer<GError>?
            if let own = g_settings_schema_source_new_from_directory(dir.path, source, 0, &error) {
                if let source { g_settings_schema_source_unref(source) }
                source = own
            } else if let error {
                g_error_free(error)
            }
        }
        defer { if let source { g_settings_schema_source_unref(source) } }
        guard let source, let schema = g_settings_schema_source_lookup(source, id, 1) else {
            FileHandle.standardError.write(Data("calloutmap: the settings schema \(id) is not installed; nothing will be remembered (scripts/build-data.sh compiles it)\n".utf8))
            return nil
        }
        defer { g_settings_schema_unref(schema) }
        return g_settings_new_full(schema, nil, nil)
    }

    var windowSize: Size {
        Size(width: Double(int("window-width", default: 1280)), height: Double(int("window-height", default: 800)))
    }
    var isMaximized: Bool { bool("window-maximized", default: false) }
    var center: Coordinate {
        Coordinate(latitude: double("latitude", default: Options.defaultCenter.latitude),
                   longitude: double("longitude", default: Options.defaultCenter.longitude))
    }
    var zoom: Double { double("zoom", default: Options.defaultZoom) }
    var mode: CalloutMode { CalloutMode(rawValue: string("callout-mode")) ?? .standard }
    var showsPanel: Bool { bool("show-panel", default: true) }
    /// "" the offline map, "openstreetmap", or a tiles file or URL template.
    var tileSource: String { string("tile-source") }
    /// Whether the first-run explanation was put away.
    var welcomeDismissed: Bool {
        get { bool("welcome-dismissed", default: false) }
        set { if let settings { g_settings_set_boolean(settings, "welcome-dismissed", newValue ? 1 : 0) } }
    }

    /// Remembers the window and its view, as it closes.
    func save(width: Int32, height: Int32, maximized: Bool, center: Coordinate, zoom: Double,
              mode: CalloutMode, showsPanel: Bool, tileSource: String) {
        guard let settings else { return }
        g_settings_delay(settings)  // one write for all the keys
        if width > 0, height > 0 {
            g_settings_set_int(settings, "window-width", width)
            g_settings_set_int(settings, "window-height", height)
        }
        g_settings_set_boolean(settings, "window-maximized", maximized ? 1 : 0)
        if center.latitude.isFinite, center.longitude.isFinite, zoom.isFinite {
            g_settings_set_double(settings, "latitude", min(90, max(-90, center.latitude)))
            g_settings_set_double(settings, "longitude", min(180, max(-180, center.longitude)))
            g_settings_set_double(settings, "zoom", min(Viewport.zoomRange.upperBound, max(Viewport.zoomRange.lowerBound, zoom)))
        }
        _ = g_settings_set_string(settings, "callout-mode", mode.rawValue)
        g_settings_set_boolean(settings, "show-panel", showsPanel ? 1 : 0)
        g_settings_set_string(settings, "tile-source", tileSource)
        g_settings_apply(settings)
    }

    /// Writes what is pending before the process ends.
    static func flush() { g_settings_sync() }

    private func int(_ key: String, default value: Int32) -> Int32 {
        settings.map { g_settings_get_int($0, key) } ?? value
    }

    private func double(_ key: String, default value: Double) -> Double {
        settings.map { g_settings_get_double($0, key) } ?? value
    }

    private func bool(_ key: String, default value: Bool) -> Bool {
        settings.map { g_settings_get_boolean($0, key) != 0 } ?? value
    }

    private func string(_ key: String) -> String {
        guard let settings, let value = g_settings_get_string(settings, key) else { return "" }
        defer { g_free(value) }
        return String(cString: value)
    }
}
