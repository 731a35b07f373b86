import CCalloutMapGtk
import CalloutMapCore
import Foundation

/// The scale bar (bottom left) and the data attribution (bottom right), each
/// on a rounded translucent plate so it reads on land and water alike.
@MainActor
struct OverlayPainter {
    static let margin = 10.0
    static let padding = 6.0

    let style: BasemapStyle
    let fontName: String
    var scaleUnits = ScaleUnits.metric
    var numberLocale = Locale(identifier: "en_US_POSIX")
    /// What is over the map's edges (a toast, a bar): the plates sit inside it.
    var margins = EdgeInsets.zero
    /// Device pixels per logical pixel: plates are kept as images at this scale.
    var scale = 1

    var plate: RGBA { style.isDark ? RGBA(0x242424, alpha: 0.82) : RGBA(0xFFFFFF, alpha: 0.82) }
    var ink: RGBA { style.isDark ? RGBA(0xDEDDDA) : RGBA(0x3D3846) }

    /// Returns the plates drawn, as `plates(viewport:attribution:)` gives them.
    @discardableResult
    func append(to snapshot: OpaquePointer, viewport: Viewport, attribution: String = MapScene.attribution) -> [Rect] {
        guard let layout = layout(viewport: viewport, attribution: attribution) else { return [] }
        drawPlate(snapshot, layout.scale, text: layout.bar.label, barWidth: layout.bar.width)
        drawPlate(snapshot, layout.credits, text: layout.creditsText, barWidth: 0)
        return [layout.scale, layout.credits]
    }

    /// Where the scale bar's and the attribution's plates are (none on a map too small for them):
    /// what callouts keep clear of.
    func plates(viewport: Viewport, attribution: String = MapScene.attribution) -> [Rect] {
        guard let layout = layout(viewport: viewport, attribution: attribution) else { return [] }
        return [layout.scale, layout.credits]
    }

    /// The scale bar bottom left, the attribution bottom right — or, on a map too narrow for both
    /// on one line, the attribution right above the scale bar, so neither covers the other.
    private func layout(viewport: Viewport, attribution: String) -> (bar: ScaleBar, scale: Rect, credits: Rect, creditsText: String)? {
        let size = viewport.size
        guard size.width > 120, size.height > 40 else { return nil }
        let bar = ScaleBar(metresPerPixel: viewport.metresPerPixel, maxWidth: min(120, viewport.size.width / 4),
                           units: scaleUnits, locale: numberLocale)
        let scale = plate(text: bar.label, barWidth: bar.width, alignRight: false, in: size)
        let room = size.width - margins.left - margins.right - 2 * Self.margin - 2 * Self.padding
        let text = Self.credits(attribution, fitting: room, font: fontName)
        var credits = plate(text: text, barWidth: 0, alignRight: true, in: size)
        if credits.minX < scale.maxX + Self.margin {
            credits.origin.y -= scale.height + Self.margin / 2
        }
        return (bar, scale, credits, text)
    }

    /// The credits on as few lines as fit `width`, broken between sources (" · "), never inside
    /// one: on a phone-wide map they were cut at the left edge.
    static func credits(_ attribution: String, fitting width: Double, font: String) -> String {
        guard Text.size(attribution, font: font).width > width else { return attribution }
        var lines: [String] = []
        for part in attribution.components(separatedBy: " · ") {
            if let last = lines.last, Text.size(last + " · " + part, font: font).width <= width {
                lines[lines.count - 1] = last + " · " + part
            } else {
                lines.append(part)
            }
        }
        return lines.joined(separator: "\n")
    }

    /// A plate's rectangle: its text measured once (Text caches sizes).
    private func plate(text: String, barWidth: Double, alignRight: Bool, in size: Size) -> Rect {
        let textSize = Text.size(text, font: fontName)
        let gap = barWidth > 0 ? 8.0 : 0
        let width = barWidth + gap + textSize.width + 2 * Self.padding
        let height = textSize.height + 2 * Self.padding - 2
        let x = alignRight ? size.width - margins.right - Self.margin - width : margins.left + Self.margin
        return Rect(x: x, y: size.height - margins.bottom - Self.margin - height, width: width, height: height)
    }

    /// A plate as drawn, by everything that shapes it; the attribution's stays the same from frame
    /// to frame, the scale bar's as long as the zoom and latitude keep its width.
    private struct PlateKey: Hashable {
        var rect: Rect, text: String, barWidth: Double, dark: Bool, scale: Int, font: String
    }
    /// Plates drawn once and copied while they stay the same: shaping and drawing their text
    /// with Pango every frame was a tenth of a pan frame. A few at most (the map's two, a resize's).
    private static var plates: [PlateKey: Surface] = [:]

    private func drawPlate(_ snapshot: OpaquePointer, _ r: Rect, text: String, barWidth: Double) {
        // Drawn into a node exactly the plate's size, from an image whose corner is a whole device
        // pixel: copied unscaled, it is the pixels drawing the plate there would give.
        let s = Double(scale)
        let x0 = (r.minX * s).rounded(.down) / s, y0 = (r.minY * s).rounded(.down) / s
        let key = PlateKey(rect: r, text: text, barWidth: barWidth, dark: style.isDark, scale: scale, font: fontName)
        let image: Surface
        if let kept = Self.plates[key] {
            image = kept
        } else {
            image = Surface(adopting: cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(((r.maxX - x0) * s).rounded(.up)),
                                                                 Int32(((r.maxY - y0) * s).rounded(.up)))!)
            // Scaled by the matrix, not the surface's device scale: Pango then hints and spaces
            // the text as in the map's own cairo node (with a device scale it came out wider).
            let cr = cairo_create(image.pointer)!
            cairo_scale(cr, s, s)
            cairo_translate(cr, -x0, -y0)
            paintPlate(cr, r, text: text, barWidth: barWidth)
            cairo_destroy(cr)
            cairo_surface_flush(image.pointer)
            if Self.plates.count >= 8 { Self.plates.removeAll() }
            Self.plates[key] = image
        }
        var rect = graphene_rect_t()
        graphene_rect_init(&rect, Float(r.minX), Float(r.minY), Float(r.width), Float(r.height))
        guard let cr = gtk_snapshot_append_cairo(snapshot, &rect) else { return }
        cairo_translate(cr, x0, y0)
        cairo_scale(cr, 1 / s, 1 / s)
        cairo_set_source_surface(cr, image.pointer, 0, 0)
        cairo_paint(cr)
        cairo_destroy(cr)
    }

    private func paintPlate(_ cr: OpaquePointer, _ r: Rect, text: String, barWidth: Double) {
        let gap = barWidth > 0 ? 8.0 : 0
        let (x, y, width, height) = (r.minX, r.minY, r.width, r.height)
        roundedRectangle(cr, x, y, width, height, radius: height / 2 > 8 ? 8 : height / 2)
        setColor(cr, plate)
        cairo_fill(cr)

        setColor(cr, self.ink)
        if barWidth > 0 {
            // ⊔-shaped bar: a base line with end ticks, snapped to half pixels for crisp 1-px lines.
            let bx = (x + Self.padding).rounded() + 0.5, by = (y + height - Self.padding - 1).rounded() + 0.5
            cairo_set_line_width(cr, 1.5)
            cairo_move_to(cr, bx, by - 6)
            cairo_line_to(cr, bx, by)
            cairo_line_to(cr, bx + barWidth, by)
            cairo_line_to(cr, bx + barWidth, by - 6)
            cairo_stroke(cr)
            cairo_new_path(cr)
        }
        let textLayout = Text.layout(cr, text, font: fontName)
        cairo_move_to(cr, x + Self.padding + barWidth + gap, y + Self.padding - 1)
        pango_cairo_show_layout(cr, textLayout)
        cairo_new_path(cr)
        g_object_unref(UnsafeMutableRawPointer(textLayout))
    }
}

func roundedRectangle(_ cr: OpaquePointer, _ x: Double, _ y: Double, _ w: Double, _ h: Double, radius r: Double) {
    cairo_new_sub_path(cr)
    cairo_arc(cr, x + w - r, y + r, r, -Double.pi / 2, 0)
    cairo_arc(cr, x + w - r, y + h - r, r, 0, Double.pi / 2)
    cairo_arc(cr, x + r, y + h - r, r, Double.pi / 2, Double.pi)
    cairo_arc(cr, x + r, y + r, r, Double.pi, 3 * Double.pi / 2)
    cairo_close_path(cr)
}
