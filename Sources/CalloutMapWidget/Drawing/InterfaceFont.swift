import CCalloutMapGtk
import Synchronization

/// The desktop's interface font, for text the map draws itself (pin labels, cluster counts, the
/// scale bar, drawn callouts): GTK's `gtk-font-name` setting — Cantarell on GNOME, what the
/// person chose elsewhere — so map text matches the rest of the desktop. Read when the first map
/// is made and kept current by maps as the setting changes; Cantarell where there is no display.
public enum InterfaceFont {
    private static let current = Mutex(Setting(name: "Cantarell 11"))

    /// The family is parsed out once per setting: every pin label's font is made from it.
    private struct Setting {
        var name: String { didSet { family = Self.family(of: name) } }
        private(set) var family: String

        init(name: String) {
            self.name = name
            family = Self.family(of: name)
        }

        static func family(of name: String) -> String {
            guard let description = pango_font_description_from_string(name) else { return "Cantarell" }
            defer { pango_font_description_free(description) }
            guard let family = pango_font_description_get_family(description), let text = String(validatingCString: family),
                  !text.isEmpty else { return "Cantarell" }
            return text
        }
    }

    /// The setting as GTK has it, such as "Cantarell 11".
    public static var name: String { current.withLock { $0.name } }

    /// The font's family, such as "Cantarell".
    public static var family: String { current.withLock { $0.family } }

    /// A Pango description of the interface font at a size in pixels: `description(pixels: 11, bold: true)`
    /// is "Cantarell Bold 11px" on GNOME. For `DrawingContext.draw(_:font:…)` in a view of your own.
    public static func description(pixels: Double, bold: Bool = false, italic: Bool = false) -> String {
        let size = pixels == pixels.rounded() ? String(Int(pixels)) : String(pixels)
        return "\(family)\(bold ? " Bold" : "")\(italic ? " Italic" : "") \(size)px"
    }

    /// The same in points (scaled with the display's text size, as GTK's own labels are).
    public static func description(points: Double, bold: Bool = false) -> String {
        let size = points == points.rounded() ? String(Int(points)) : String(points)
        return "\(family)\(bold ? " Bold" : "") \(size)"
    }

    /// Takes GTK's setting now; true when it changed.
    @discardableResult
    static func update(_ name: String) -> Bool {
        current.withLock {
            guard $0.name != name else { return false }
            $0.name = name
            return true
        }
    }
}
