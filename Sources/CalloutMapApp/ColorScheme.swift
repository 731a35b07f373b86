import CCalloutMapAdw
import CCalloutMapGtk
import CalloutMapGtk

/// Light or dark, through libadwaita's style manager: it follows the desktop's preference (the
/// settings portal, so also under Flatpak and outside GNOME) unless `--dark`/`--light` forces one.
@MainActor
final class ColorScheme {
    private let manager: OpaquePointer
    var onChange: ((Bool) -> Void)?

    init(forced: Options.Theme) {
        manager = adw_style_manager_get_default()
        switch forced {
        case .dark: adw_style_manager_set_color_scheme(manager, ADW_COLOR_SCHEME_FORCE_DARK)
        case .light: adw_style_manager_set_color_scheme(manager, ADW_COLOR_SCHEME_FORCE_LIGHT)
        case .system: adw_style_manager_set_color_scheme(manager, ADW_COLOR_SCHEME_PREFER_LIGHT)
        }
        Signal.connect(manager, "notify::dark") { [weak self] (_: UnsafeMutableRawPointer?) in self?.apply() }
    }

    var prefersDark: Bool { adw_style_manager_get_dark(manager) != 0 }

    func apply() { onChange?(prefersDark) }
}
