import CCalloutMapGtk
import CalloutMapGtk

/// The desktop's interface font (Cantarell on GNOME) for what the map writes itself — the
/// scale bar, the credits, pins' text: read at start, and watched, since a person may change it
/// while the map is open.
@MainActor
final class DesktopFont {
    /// The font's Pango name ("Cantarell 11"); `MapScene.defaultFont` when GTK names none.
    private(set) var name: String
    private var notification: UInt = 0

    /// `changed` is told after each change of the desktop's font (the name already new), with
    /// whether pins' text changed font (their images are to be drawn again).
    init(changed: @escaping @MainActor (_ pinsChanged: Bool) -> Void) {
        name = Self.read()
        _ = InterfaceFont.update(name)
        guard let settings = gtk_settings_get_default() else { return }
        // GtkSettings lives for the whole process: the handler is disconnected in `stopWatching`.
        notification = Signal.connect(settings, "notify::gtk-font-name") { [weak self] (_: UnsafeMutableRawPointer?) in
            guard let self else { return }
            self.name = Self.read()
            changed(InterfaceFont.update(self.name))
        }
    }

    /// Stops following the desktop's font (the map is going).
    func stopWatching() {
        guard notification != 0, let settings = gtk_settings_get_default() else { return }
        Signal.disconnect(settings, notification)
        notification = 0
    }

    private static func read() -> String {
        guard let settings = gtk_settings_get_default() else { return MapScene.defaultFont }
        let value = cm_get_string_property(settings.rawObject, "gtk-font-name")
        defer { g_free(value) }
        guard let value, let name = String(validatingCString: value), !name.isEmpty else { return MapScene.defaultFont }
        return name
    }
}
