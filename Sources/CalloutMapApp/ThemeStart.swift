import CCalloutMapGtk
import Foundation

/// Opens GTK's display without first reading the theme libadwaita replaces. Started plainly,
/// GTK parses its own stylesheet ("Default") as the display opens, and libadwaita then swaps it
/// for an empty one and its own — about 9 ms of a 170 ms start spent on CSS nobody sees.
/// `GTK_THEME` names the empty theme for that moment only: set while the display opens, unset
/// before libadwaita starts (which leaves its styles out when it finds `GTK_THEME` set).
enum ThemeStart {
    /// Call before the application registers, while the program has no other thread (the
    /// environment is not safe to change once threads read it). A `GTK_THEME` the user set is
    /// kept, and so is the plain start when no display opens.
    static func openDisplay() {
        guard getenv("GTK_THEME") == nil else { return }
        setenv("GTK_THEME", "Adwaita-empty", 1)
        defer { unsetenv("GTK_THEME") }
        // The display's settings, made now, read the theme's name (GTK would make them later).
        if gtk_init_check() != 0 { _ = gtk_settings_get_default() }
    }
}
