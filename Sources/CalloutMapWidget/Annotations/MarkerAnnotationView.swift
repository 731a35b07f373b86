import CCalloutMapGtk
import CalloutMapCore
import Foundation

/// A balloon marker like `MKMarkerAnnotationView`: a tinted teardrop with a
/// glyph (a few letters or a symbol) whose tip rests on the coordinate, and
/// that grows when selected.
@MainActor
open class MarkerAnnotationView: AnnotationView {
    /// The balloon's colour.
    public var markerTintColor = RGBA(0xE01B24) { didSet { setNeedsDisplay() } }
    /// The glyph's colour.
    public var glyphTintColor = RGBA(0xFFFFFF) { didSet { setNeedsDisplay() } }
    /// Up to three characters drawn inside the balloon; nil draws a dot.
    public var glyphText: String? { didSet { setNeedsDisplay() } }
    /// A picture drawn inside the balloon in `glyphTintColor` — its shape, the colours left
    /// out, as MapKit's template glyphs — in place of `glyphText` (MapKit's `glyphImage`).
    public var glyphImage: PinImage? { didSet { setNeedsDisplay() } }

    static let normalSize = Size(width: 30, height: 40)
    static let selectedSize = Size(width: 40, height: 53)

    /// A marker.
    /// The custom approach: the default content on a bubble of the marker's own colour, darkened
    /// so white text reads on it (at least 4.5:1 for the subtitle, on GNOME's palette).
    open override func makeCustomCallout() -> CustomCallout? {
        guard let items = customCalloutItems() else { return nil }
        var fill = markerTintColor
        (fill.red, fill.green, fill.blue, fill.alpha) = (fill.red * 0.55, fill.green * 0.55, fill.blue * 0.55, 1)
        return CustomCallout(content: .stack(items),
                             appearance: CalloutAppearance(fill: fill, border: RGBA(0x000000, alpha: 0.35), cornerRadius: 16, padding: 12,
                                                           darkBorder: RGBA(0xFFFFFF, alpha: 0.5)))
    }

    public required init(annotation: (any Annotation)?, reuseIdentifier: String?) {
        super.init(annotation: annotation, reuseIdentifier: reuseIdentifier)
        zPriority = 500
        layOut()
    }

    open override func selectionChanged() { layOut() }

    private func layOut() {
        size = isSelected ? Self.selectedSize : Self.normalSize
        centerOffset = Point(x: 0, y: -size.height / 2)  // tip on the coordinate
        calloutOffset = Point(x: 0, y: 2)
    }

    /// The colours, the glyph's text and font and the selection, when no glyph image is set.
    open override var appearanceKey: AnyHashable? {
        guard type(of: self) == MarkerAnnotationView.self, glyphImage == nil else { return nil }
        return Look(tint: markerTintColor, glyphTint: glyphTintColor, glyph: glyphText, font: glyphFont, isSelected: isSelected)
    }

    /// A struct, not an array of `AnyHashable`, as `PriceAnnotationView`'s: cheaper to compare.
    private struct Look: Hashable {
        let tint: RGBA, glyphTint: RGBA, glyph: String?, font: String, isSelected: Bool
    }

    private var glyphFont: String {
        let r = size.width / 2 - 2
        return InterfaceFont.description(pixels: Double(Int(r * ((glyphText?.count ?? 0) > 1 ? 0.8 : 1.1))), bold: true)
    }

    open override func draw(in context: DrawingContext) {
        let w = size.width, h = size.height
        let r = w / 2 - 2
        let center = Point(x: w / 2, y: r + 2)
        // Teardrop: a circle whose lower sides run down to the tip.
        func teardrop() {
            context.addArc(center: center, radius: r, startAngle: .pi * 0.75, endAngle: .pi * 2.25)
            context.addLine(to: Point(x: center.x, y: h - 1))
            context.closePath()
        }
        // Soft shadow, then the body and a darker rim.
        context.withSavedState {
            context.translate(by: Point(x: 0, y: 1))
            teardrop()
            context.fill(RGBA(0x000000, alpha: 0.25))
        }
        teardrop()
        context.fill(markerTintColor, keepingPath: true)
        context.stroke(RGBA(0x000000, alpha: 0.25))
        if let image = glyphImage, image.size.width > 0, image.size.height > 0 {
            let side = r * 1.15, fit = min(side / image.size.width, side / image.size.height)
            let drawn = Size(width: image.size.width * fit, height: image.size.height * fit)
            let cr = context.cairoContext
            cairo_push_group(cr)
            context.draw(image, in: Rect(x: center.x - drawn.width / 2, y: center.y - drawn.height / 2, width: drawn.width, height: drawn.height))
            let shape = cairo_pop_group(cr)
            cairo_set_source_rgba(cr, glyphTintColor.red, glyphTintColor.green, glyphTintColor.blue, glyphTintColor.alpha)
            cairo_mask(cr, shape)
            cairo_pattern_destroy(shape)
        } else if let text = glyphText, !text.isEmpty {
            context.draw(String(text.prefix(3)), font: glyphFont, color: glyphTintColor, centeredAt: center)
        } else {
            context.addCircle(center: center, radius: r * 0.36)
            context.fill(glyphTintColor)
        }
    }
}
