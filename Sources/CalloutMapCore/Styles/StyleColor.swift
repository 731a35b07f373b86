import Foundation

/// An sRGB color with straight alpha, each 0…1.
package struct StyleColor: Sendable, Equatable {
    package var red: Double, green: Double, blue: Double, alpha: Double

    package init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        (self.red, self.green, self.blue, self.alpha) = (red, green, blue, alpha)
    }

    /// A CSS color: #rgb, #rgba, #rrggbb, #rrggbbaa, rgb(), rgba(), hsl(), hsla(), or a name; nil otherwise.
    package init?(css text: String) {
        let s = text.trimmingCharacters(in: .whitespaces).lowercased()
        if s.hasPrefix("#") {
            let hex = Array(s.dropFirst())
            guard [3, 4, 6, 8].contains(hex.count), hex.allSatisfy({ $0.isASCII && $0.isHexDigit }) else { return nil }
            let short = hex.count <= 4
            let digits = short ? hex.flatMap { [$0, $0] } : hex
            let v = stride(from: 0, to: digits.count, by: 2).map { Double(Int(String(digits[$0...$0 + 1]), radix: 16)!) / 255 }
            self.init(red: v[0], green: v[1], blue: v[2], alpha: v.count == 4 ? v[3] : 1)
            return
        }
        if let open = s.firstIndex(of: "("), s.hasSuffix(")") {
            let name = s[..<open].trimmingCharacters(in: .whitespaces)
            let parts = s[s.index(after: open)..<s.index(before: s.endIndex)].split(whereSeparator: { $0 == "," || $0 == " " || $0 == "/" })
                .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            guard parts.count == 3 || parts.count == 4 else { return nil }
            func number(_ p: String, percentOf scale: Double) -> Double? {
                p.hasSuffix("%") ? Double(p.dropLast()).map { $0 / 100 * scale } : Double(p)
            }
            let alpha = parts.count == 4 ? number(parts[3], percentOf: 1) : 1
            switch name {
            case "rgb", "rgba":
                guard let r = number(parts[0], percentOf: 255), let g = number(parts[1], percentOf: 255),
                      let b = number(parts[2], percentOf: 255), let alpha else { return nil }
                self.init(red: Self.clamp(r / 255), green: Self.clamp(g / 255), blue: Self.clamp(b / 255), alpha: Self.clamp(alpha))
            case "hsl", "hsla":
                guard let h = Double(parts[0].replacingOccurrences(of: "deg", with: "")), let sat = number(parts[1], percentOf: 1),
                      let light = number(parts[2], percentOf: 1), let alpha else { return nil }
                self = Self.hsl(h, Self.clamp(sat), Self.clamp(light), Self.clamp(alpha))
            default:
                return nil
            }
            return
        }
        guard let named = Self.named[s] else { return nil }
        self = named
    }

    /// As `to-string` writes a color.
    package var css: String {
        func byte(_ v: Double) -> String { StyleValue.text(of: (v * 255).rounded()) }
        return "rgba(\(byte(red)),\(byte(green)),\(byte(blue)),\(StyleValue.text(of: alpha)))"
    }

    /// Channel by channel, alpha included (as MapLibre interpolates colors in RGB).
    package func mixed(with other: StyleColor, _ t: Double) -> StyleColor {
        StyleColor(red: red + (other.red - red) * t, green: green + (other.green - green) * t,
                   blue: blue + (other.blue - blue) * t, alpha: alpha + (other.alpha - alpha) * t)
    }

    private static func clamp(_ v: Double) -> Double { min(max(v, 0), 1) }

    private static func hsl(_ hue: Double, _ s: Double, _ l: Double, _ a: Double) -> StyleColor {
        let h = (hue.truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360) / 360
        func channel(_ t: Double) -> Double {
            let q = l < 0.5 ? l * (1 + s) : l + s - l * s, p = 2 * l - q
            var t = t
            if t < 0 { t += 1 }
            if t > 1 { t -= 1 }
            if t < 1 / 6 { return p + (q - p) * 6 * t }
            if t < 1 / 2 { return q }
            if t < 2 / 3 { return p + (q - p) * (2 / 3 - t) * 6 }
            return p
        }
        return StyleColor(red: channel(h + 1 / 3), green: channel(h), blue: channel(h - 1 / 3), alpha: a)
    }

    /// CSS's names that map styles use; another name is not a color (and a style's note says so).
    private static let named: [String: StyleColor] = {
        let hex: [String: UInt32] = [
            "black": 0x000000, "white": 0xffffff, "red": 0xff0000, "green": 0x008000, "blue": 0x0000ff, "yellow": 0xffff00,
            "orange": 0xffa500, "purple": 0x800080, "gray": 0x808080, "grey": 0x808080, "silver": 0xc0c0c0, "maroon": 0x800000,
            "olive": 0x808000, "lime": 0x00ff00, "aqua": 0x00ffff, "cyan": 0x00ffff, "teal": 0x008080, "navy": 0x000080,
            "fuchsia": 0xff00ff, "magenta": 0xff00ff, "brown": 0xa52a2a, "pink": 0xffc0cb, "tan": 0xd2b48c, "beige": 0xf5f5dc,
            "ivory": 0xfffff0, "khaki": 0xf0e68c, "lightblue": 0xadd8e6, "lightgray": 0xd3d3d3, "lightgrey": 0xd3d3d3,
            "darkgray": 0xa9a9a9, "darkgrey": 0xa9a9a9, "dimgray": 0x696969, "gainsboro": 0xdcdcdc, "whitesmoke": 0xf5f5f5,
            "lightgreen": 0x90ee90, "darkgreen": 0x006400, "forestgreen": 0x228b22, "seagreen": 0x2e8b57, "skyblue": 0x87ceeb,
            "steelblue": 0x4682b4, "royalblue": 0x4169e1, "darkblue": 0x00008b, "gold": 0xffd700, "salmon": 0xfa8072,
            "coral": 0xff7f50, "tomato": 0xff6347, "crimson": 0xdc143c, "firebrick": 0xb22222, "darkred": 0x8b0000,
            "chocolate": 0xd2691e, "sienna": 0xa0522d, "wheat": 0xf5deb3, "linen": 0xfaf0e6, "lavender": 0xe6e6fa,
            "violet": 0xee82ee, "indigo": 0x4b0082, "orchid": 0xda70d6, "plum": 0xdda0dd, "snow": 0xfffafa,
            "aliceblue": 0xf0f8ff, "azure": 0xf0ffff, "honeydew": 0xf0fff0, "mintcream": 0xf5fffa, "oldlace": 0xfdf5e6,
        ]
        var colors = hex.mapValues { v in
            StyleColor(red: Double(v >> 16 & 0xff) / 255, green: Double(v >> 8 & 0xff) / 255, blue: Double(v & 0xff) / 255)
        }
        colors["transparent"] = StyleColor(red: 0, green: 0, blue: 0, alpha: 0)
        return colors
    }()
}
