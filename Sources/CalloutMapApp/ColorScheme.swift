import CCalloutMapGtk
import CalloutMapGtk

/// Follows the desktop's dark-style preference (GNOME's
/// `org.gnome.desktop.interface color-scheme`, or GTK's prefer-dark setting)
/// unless `--dark`/`--light` forces one, and tells GTK so the header bar matches.
@MainActor
final class ColorScheme {
    private let forced: Options.Theme
    private var settings: ObjectRef?
    var onChange: ((Bool) -> Void)?

    init(forced: Options.Theme) {
        self.forced = forced
        if forced == .system, let source = g_settings_schema_source_get_default(),
           let schema = g_settings_schema_source_lookup(source, "org.gnome.desktop.interface", 1) {
            if g_settings_schema_has_key(schema, "color-scheme") != 0, let s = g_settings_new("org.gnome.desktop.interface") {
                settings = ObjectRef(adopting: s.rawObject)
                Signal.connect(s, "changed::color-scheme") { [weak self] (_: UnsafeMutableRawPointer?) in self?.apply() }
            }
            g_settings_schema_unref(schema)
        }
    }

    var prefersDark: Bool {
        switch forced {
        case .dark: return true
        case .light: return false
        case .system:
            if let settings, g_settings_get_enum(cast(settings.pointer), "color-scheme") == 1 { return true }  // prefer-dark
            if let gtk = gtk_settings_get_default() {
                return cm_get_bool_property(gtk.rawObject, "gtk-application-prefer-dark-theme") != 0
            }
            return false
        }
    }

    func apply() {
        let dark = prefersDark
        if let gtk = gtk_settings_get_default() {
            cm_set_bool_property(gtk.rawObject, "gtk-application-prefer-dark-theme", dark ? 1 : 0)
        }
        onChange?(dark)
    }
}
