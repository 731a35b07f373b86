/// An sRGB colour with straight alpha, components 0…1.
public struct RGBA: Hashable, Sendable {
    /// Components from 0 to 1; alpha is not premultiplied.
    public var red, green, blue, alpha: Double

    /// A colour from a hex number such as 0xE01B24, with an alpha.
    public init(_ hex: UInt32, alpha: Double = 1) {
        red = Double((hex >> 16) & 0xFF) / 255
        green = Double((hex >> 8) & 0xFF) / 255
        blue = Double(hex & 0xFF) / 255
        self.alpha = alpha
    }
}

/// Colours and line widths of the basemap, light or dark.
public struct BasemapStyle: Hashable, Sendable {
    /// A short name ("light", "dark").
    public var name: String
    /// The sea and lakes.
    public var water: RGBA
    /// Land.
    public var land: RGBA
    /// The coastline's stroke.
    public var coastline: RGBA
    /// Borders between countries.
    public var countryBorder: RGBA
    /// Borders of states and provinces.
    public var adminBorder: RGBA
    /// Whether it is a dark style (callouts and overlays follow).
    public var isDark: Bool

    /// Adwaita-friendly palette: paper-white land, soft blue water.
    public static let light = BasemapStyle(
        name: "light", water: RGBA(0xA8C8E9), land: RGBA(0xF6F4EF), coastline: RGBA(0x86AACF),
        countryBorder: RGBA(0x9D8DB4), adminBorder: RGBA(0xC2B8D0), isDark: false)

    /// Dark colours for GNOME's dark style.
    public static let dark = BasemapStyle(
        name: "dark", water: RGBA(0x1B2838), land: RGBA(0x35353A), coastline: RGBA(0x4A6D91),
        countryBorder: RGBA(0x8C7FA8), adminBorder: RGBA(0x5C566B), isDark: true)

    /// Coastline width in logical pixels; thicker when zoomed in.
    public func coastlineWidth(zoom: Int) -> Double { zoom >= 10 ? 1.2 : zoom >= 5 ? 0.9 : 0.7 }
    /// Country borders' width in logical pixels at a zoom.
    public func countryBorderWidth(zoom: Int) -> Double { zoom >= 6 ? 1.4 : 1.0 }
    /// State and province borders' width in logical pixels at a zoom.
    public func adminBorderWidth(zoom: Int) -> Double { zoom >= 8 ? 1.0 : 0.7 }
}
