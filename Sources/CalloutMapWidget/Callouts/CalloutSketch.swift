import CCalloutMapGtk
import CalloutMapCore
import CalloutMapGtk

/// A callout drawn straight with cairo, for a picture made without a display (`MapSnapshotter`,
/// `calloutmap render`: no display, so no widgets). Its content is the view's own — title,
/// subtitle or detail, accessories, a custom callout's items — measured as the window's widgets
/// are (`CalloutMeasure`), so it has the window's size and place; each part is drawn plainly:
/// text and pictures as they are, buttons as their outlines with their words, an icon button as
/// a ring with an "i", a widget of the app's own as such a ring.
@MainActor
package struct CalloutSketch {
    package let mode: CalloutMode
    package let style: BasemapStyle
    /// What the callout holds.
    let content: CalloutMeasure.Part
    /// The body's colours, corners and padding.
    let appearance: CalloutAppearance
    /// The body's size, as the window's bubble of the same content measures (measured once:
    /// a picture's frames ask for it every time they arrange).
    package let bodySize: Size

    /// A standard callout of a title, a subtitle and an "ⓘ" (for benchmarks: no view needed).
    package init(mode: CalloutMode, title: String, subtitle: String?, style: BasemapStyle) {
        self.init(mode: mode, style: style,
                  content: CalloutMeasure.standard(title: title, subtitle: subtitle, left: nil, right: .detailDisclosure(), detail: nil))
    }

    /// The callout `view` shows the `mode` way, as its window would show it.
    init(mode: CalloutMode, view: AnnotationView, style: BasemapStyle, members: [String] = [], more: Int = 0) {
        if mode == .custom, let custom = view.makeCustomCallout() {
            self.init(mode: mode, style: style, content: CalloutMeasure.part(custom.content),
                      appearance: custom.appearance.resolved(dark: style.isDark))
            return
        }
        self.init(mode: mode, style: style,
                  content: CalloutMeasure.standard(title: view.annotation?.title, subtitle: view.annotation?.subtitle,
                                                   left: view.leftCalloutAccessory, right: view.rightCalloutAccessory,
                                                   detail: view.detailCalloutAccessory, members: members, more: more))
    }

    /// `appearance` nil: the approach's own.
    private init(mode: CalloutMode, style: BasemapStyle, content: CalloutMeasure.Part, appearance: CalloutAppearance? = nil) {
        self.mode = mode
        self.style = style
        self.content = content
        let a = appearance ?? Self.appearance(of: mode, style: style)
        self.appearance = a
        bodySize = CalloutMeasure.bodySize(of: content, padding: a.padding)
    }

    /// The colours each approach's callout has by default.
    private static func appearance(of mode: CalloutMode, style: BasemapStyle) -> CalloutAppearance {
        switch mode {
        case .custom: CalloutAppearance.customDark.resolved(dark: style.isDark)
        case .popover: CalloutAppearance(fill: style.isDark ? RGBA(0x383838) : RGBA(0xFAFAFA),
                                         border: RGBA(0x000000, alpha: 0.25), cornerRadius: 12, padding: 12)
        default: style.isDark ? .dark : .light
        }
    }

    package func paint(_ cr: OpaquePointer, placement: CalloutPlacement) {
        let a = appearance
        let shape = CalloutShape(body: placement.body, edge: placement.edge, tip: placement.tip, radius: a.cornerRadius,
                                 hasArrow: !placement.isDetached)
        shape.paint(cr, appearance: a)
        cairo_save(cr)
        let b = placement.body.insetBy(dx: a.padding, dy: a.padding)
        cairo_rectangle(cr, b.minX, b.minY, b.width, b.height)
        cairo_clip(cr)  // taller content scrolls in a window: here it is cut
        draw(content, in: b, cr)
        cairo_restore(cr)
    }

    /// Draws a part in its rectangle, laid out as `CalloutMeasure` measures it.
    private func draw(_ part: CalloutMeasure.Part, in r: Rect, _ cr: OpaquePointer) {
        let light = appearance.fill.isDark  // light text on a dark body
        switch part {
        case .label(let text, let textStyle, let wraps, _):
            let dim = textStyle == .secondary || textStyle == .caption
            setColor(cr, light ? RGBA(0xFFFFFF, alpha: dim ? 0.75 : 1) : RGBA(0x241F31, alpha: dim ? 0.7 : 1))
            Text.draw(cr, text, font: CalloutMeasure.font(textStyle), at: r.origin, width: r.width, lines: wraps ? Text.titleLines : 1)
        case .image(let image, let size):
            guard let image else { return }
            DrawingContext(cairoContext: cr).draw(image, in: Rect(origin: r.origin, size: size))
        case .button(let words, let isSuggested):
            drawButton(words, suggested: isSuggested, in: r, light: light, cr)
        case .row(let parts, let spacing, let expanding):
            let naturals = parts.map(CalloutMeasure.naturalWidth)
            let others = naturals.enumerated().filter { $0.offset != expanding }.map(\.element).reduce(0, +)
            var x = r.minX
            for (i, p) in parts.enumerated() {
                let w = i == expanding ? max(0, r.width - others - spacing * Double(parts.count - 1)) : naturals[i]
                let h = CalloutMeasure.height(p, width: w)
                draw(p, in: Rect(x: x, y: r.minY + ((r.height - h) / 2).rounded(.down), width: w, height: h), cr)  // centred
                x += w + spacing
            }
        case .column(let parts, let spacing):
            var y = r.minY
            for p in parts {
                let h = CalloutMeasure.height(p, width: r.width)
                let w = if case .button = p { CalloutMeasure.naturalWidth(p) } else { r.width }  // buttons keep to the start
                draw(p, in: Rect(x: r.minX, y: y, width: w, height: h), cr)
                y += h + spacing
            }
        case .grid(let rows, let columnSpacing, let rowSpacing):
            let keys = rows.map { CalloutMeasure.naturalWidth($0.0) }.max() ?? 0
            var y = r.minY
            for (key, value) in rows {
                let valueWidth = max(0, r.width - keys - columnSpacing)
                let h = max(CalloutMeasure.height(key, width: keys), CalloutMeasure.height(value, width: valueWidth))
                draw(key, in: Rect(x: r.minX, y: y, width: keys, height: h), cr)
                draw(value, in: Rect(x: r.minX + keys + columnSpacing, y: y, width: valueWidth, height: h), cr)
                y += h + rowSpacing
            }
        }
    }

    private func drawButton(_ words: String?, suggested: Bool, in r: Rect, light: Bool, _ cr: OpaquePointer) {
        guard let words else {
            // A round icon button: a ring with an "i" (the detail disclosure; other icons alike).
            let c = r.center
            cairo_new_path(cr)
            cairo_arc(cr, c.x, c.y, 8, 0, 2 * Double.pi)
            setColor(cr, light ? RGBA(0xFFFFFF, alpha: 0.75) : RGBA(0x5E5C64))
            cairo_set_line_width(cr, 1.5)
            cairo_stroke(cr)
            Text.drawCentered(cr, "i", font: InterfaceFont.description(pixels: 10, bold: true), at: c)
            return
        }
        roundedRectangle(cr, r.minX, r.minY, r.width, r.height, radius: 6)
        if suggested {
            cairo_set_source_rgb(cr, 0.21, 0.52, 0.89)  // Adwaita's suggested-action blue
        } else {
            setColor(cr, light ? RGBA(0xFFFFFF, alpha: 0.15) : RGBA(0x000000, alpha: 0.08))
        }
        cairo_fill(cr)
        setColor(cr, suggested || light ? RGBA(0xFFFFFF) : RGBA(0x241F31))
        Text.drawCentered(cr, words, font: CalloutMeasure.font(.body), at: r.center)
    }
}
