import CCalloutMapGtk
import CalloutMapCore
import CalloutMapGtk

/// A callout drawn straight with cairo, for `calloutmap render` (no display,
/// so no widgets): the same shape and placement as on screen, with the title,
/// subtitle and a stand-in for the accessory or button of each mode.
@MainActor
package struct CalloutSketch {
    package var mode: CalloutMode
    package var title: String
    package var subtitle: String?
    package var style: BasemapStyle

    static var titleFont: String { InterfaceFont.description(points: 11, bold: true) }
    static var subtitleFont: String { InterfaceFont.description(points: 10) }

    package init(mode: CalloutMode, title: String, subtitle: String?, style: BasemapStyle) {
        self.mode = mode
        self.title = title
        self.subtitle = subtitle
        self.style = style
    }

    private var appearance: CalloutAppearance {
        switch mode {
        case .custom: return CalloutAppearance.customDark.resolved(dark: style.isDark)
        case .popover: return CalloutAppearance(fill: style.isDark ? RGBA(0x383838) : RGBA(0xFAFAFA),
                                                border: RGBA(0x000000, alpha: 0.25), cornerRadius: 12, padding: 12)
        default: return style.isDark ? .dark : .light
        }
    }

    /// The body's size for the text and the accessory (or button).
    package var bodySize: Size {
        let t = Text.size(title, font: Self.titleFont), s = subtitle.map { Text.size($0, font: Self.subtitleFont) } ?? .zero
        let p = appearance.padding
        let text = min(300, max(t.width, s.width))
        if mode == .custom {
            return Size(width: max(text, 80) + 2 * p, height: t.height + s.height + 6 + 30 + 6 + 2 * p)
        }
        return Size(width: text + 10 + 24 + 2 * p, height: max(t.height + s.height + 2, 34) + 2 * p)
    }

    package func paint(_ cr: OpaquePointer, placement: CalloutPlacement) {
        let a = appearance
        let shape = CalloutShape(body: placement.body, edge: placement.edge, tip: placement.tip, radius: a.cornerRadius,
                                 hasArrow: !placement.isDetached)
        shape.paint(cr, appearance: a)
        let b = placement.body.insetBy(dx: a.padding, dy: a.padding)
        let light = mode == .custom || style.isDark
        let ink = light ? RGBA(0xFFFFFF) : RGBA(0x241F31), dim = light ? RGBA(0xFFFFFF, alpha: 0.75) : RGBA(0x5E5C64)
        let t = Text.size(title, font: Self.titleFont)
        setColor(cr, ink)
        let textWidth = mode == .custom ? b.width : b.width - 34
        Text.draw(cr, title, font: Self.titleFont, at: Point(x: b.minX, y: b.minY), width: textWidth)
        if let subtitle {
            setColor(cr, dim)
            Text.draw(cr, subtitle, font: Self.subtitleFont, at: Point(x: b.minX, y: b.minY + t.height + 2), width: textWidth)
        }
        if mode == .custom {
            // The "Details" button, suggested-action blue.
            let button = Rect(x: b.minX, y: b.maxY - 30, width: 72, height: 30)
            roundedRectangle(cr, button.minX, button.minY, button.width, button.height, radius: 6)
            cairo_set_source_rgb(cr, 0.21, 0.52, 0.89)
            cairo_fill(cr)
            cairo_set_source_rgb(cr, 1, 1, 1)
            Text.drawCentered(cr, tr("Details"), font: InterfaceFont.description(points: 10), at: button.center)
        } else {
            // The ⓘ accessory at the right.
            let c = Point(x: b.maxX - 12, y: b.center.y)
            cairo_new_path(cr)
            cairo_arc(cr, c.x, c.y, 8, 0, 2 * Double.pi)
            setColor(cr, dim)
            cairo_set_line_width(cr, 1.5)
            cairo_stroke(cr)
            Text.drawCentered(cr, "i", font: InterfaceFont.description(pixels: 10, bold: true), at: c)
        }
    }
}
