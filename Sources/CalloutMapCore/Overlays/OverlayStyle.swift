import Foundation

/// How an overlay is drawn (MapKit's `MKOverlayPathRenderer` properties): its stroke and, for
/// an area, its fill. The defaults read on the light and the dark basemap and over imagery.
public struct OverlayStyle: Sendable, Equatable {
    /// The line's (or the area's outline's) colour; its alpha multiplies `strokeOpacity`.
    public var strokeColor: RGBA
    /// The line's width in points; 0 draws no line.
    public var lineWidth: Double
    /// The line's opacity, 0…1.
    public var strokeOpacity: Double
    /// Dashes and gaps in points, repeating, as they look (empty: a solid line). Lines end in
    /// round caps, drawn within each dash's length: `[8, 4]` shows 8-point dashes and 4-point gaps
    /// at any width, and a dash of 0 is a dot as wide as the line.
    public var lineDash: [Double]
    /// An area's fill colour; its alpha multiplies `fillOpacity`. Lines are not filled.
    public var fillColor: RGBA
    /// An area's fill opacity, 0…1.
    public var fillOpacity: Double

    /// A style; what is not given is the default for lines.
    public init(strokeColor: RGBA = OverlayStyle.lineDefault.strokeColor, lineWidth: Double = OverlayStyle.lineDefault.lineWidth,
                strokeOpacity: Double = 1, lineDash: [Double] = [], fillColor: RGBA = OverlayStyle.areaDefault.fillColor,
                fillOpacity: Double = OverlayStyle.areaDefault.fillOpacity) {
        self.strokeColor = strokeColor
        self.lineWidth = lineWidth
        self.strokeOpacity = strokeOpacity
        self.lineDash = lineDash
        self.fillColor = fillColor
        self.fillOpacity = fillOpacity
    }

    private init(stroke: UInt32, width: Double, fill: UInt32, fillOpacity: Double) {
        strokeColor = RGBA(stroke)
        lineWidth = width
        strokeOpacity = 1
        lineDash = []
        fillColor = RGBA(fill)
        self.fillOpacity = fillOpacity
    }

    /// Lines: GNOME's orange, 4 points wide — apart from the blue water, the beige and the dark land.
    public static let lineDefault = OverlayStyle(stroke: 0xE66100, width: 4, fill: 0x9141AC, fillOpacity: 0.25)
    /// Areas: GNOME's purple, outlined 2 points wide and filled at a quarter, so the map shows through.
    public static let areaDefault = OverlayStyle(stroke: 0x9141AC, width: 2, fill: 0x9141AC, fillOpacity: 0.25)

    /// The dash pattern to stroke with round caps `width` wide so it looks as `lineDash` says
    /// (each cap reaches half the width past its dash's ends: dashes are drawn that much shorter
    /// and gaps that much longer); nil for a solid line, or a pattern that cannot be drawn
    /// (negative, not finite, or no dash or gap longer than 0).
    package func strokedDash(width: Double) -> [Double]? {
        guard !lineDash.isEmpty, lineDash.allSatisfy({ $0 >= 0 && $0.isFinite }), lineDash.contains(where: { $0 > 0 }),
              width.isFinite, width >= 0 else { return nil }
        // An odd count repeats with dashes and gaps swapped: written out twice, it alternates.
        let pattern = lineDash.count % 2 == 0 ? lineDash : lineDash + lineDash
        return pattern.enumerated().map { i, length in i % 2 == 0 ? max(0, length - width) : length + width }
    }

    /// The default for lines or for areas.
    public static func standard(isArea: Bool) -> OverlayStyle { isArea ? areaDefault : lineDefault }

    /// The keys of the simplestyle spec (geojson.io, GitHub, Mapbox) that style a shape.
    public static let simplestyleKeys = ["stroke", "stroke-width", "stroke-opacity", "fill", "fill-opacity"]

    /// The style simplestyle properties give (`stroke`, `stroke-width`, `stroke-opacity`, `fill`,
    /// `fill-opacity`) over the default for the kind, or nil when there are none; a value that
    /// cannot be read is left at the default and named in `notes`.
    public static func simplestyle(_ properties: AnnotationProperties, isArea: Bool) -> (style: OverlayStyle?, notes: [String]) {
        var style = standard(isArea: isArea)
        var notes: [String] = []
        var found = false
        func number(_ key: String, in range: ClosedRange<Double>) -> Double? {
            guard let text = properties[key] else { return nil }
            found = true
            guard let n = Double(text.trimmingCharacters(in: .whitespaces)), range.contains(n) else {
                notes.append("has \(key) \"\(text.prefix(40))\", not a number from \(Int(range.lowerBound)) to \(Self.text(range.upperBound)); ignored")
                return nil
            }
            return n
        }
        func colour(_ key: String) -> RGBA? {
            guard let text = properties[key] else { return nil }
            found = true
            guard let c = RGBA(cssHex: text) else {
                notes.append("has \(key) \"\(text.prefix(40))\", not a colour as #rgb or #rrggbb; ignored")
                return nil
            }
            return c
        }
        if let c = colour("stroke") { style.strokeColor = c }
        if let w = number("stroke-width", in: 0...100) { style.lineWidth = w }
        if let o = number("stroke-opacity", in: 0...1) { style.strokeOpacity = o }
        if let c = colour("fill") { style.fillColor = c }
        if let o = number("fill-opacity", in: 0...1) { style.fillOpacity = o }
        return (found ? style : nil, notes)
    }

    private static func text(_ n: Double) -> String { n == n.rounded() ? String(Int(n)) : String(n) }
}

extension RGBA {
    /// A colour written as CSS and simplestyle write it: `#rgb` or `#rrggbb` (the `#` may be left
    /// out, as some tools do); nil for anything else.
    public init?(cssHex text: String) {
        var hex = Substring(text.trimmingCharacters(in: .whitespaces))
        if hex.first == "#" { hex = hex.dropFirst() }
        guard hex.count == 3 || hex.count == 6, hex.allSatisfy(\.isHexDigit), let v = UInt32(hex, radix: 16) else { return nil }
        if hex.count == 3 {
            let r = (v >> 8) & 0xF, g = (v >> 4) & 0xF, b = v & 0xF
            self.init((r * 17) << 16 | (g * 17) << 8 | b * 17)
        } else {
            self.init(v)
        }
    }
}
