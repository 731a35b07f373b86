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

    var plate: RGBA { style.isDark ? RGBA(0x242424, alpha: 0.82) : RGBA(0xFFFFFF, alpha: 0.82) }
    var ink: RGBA { style.isDark ? RGBA(0xDEDDDA) : RGBA(0x3D3846) }

    func append(to snapshot: OpaquePointer, viewport: Viewport, attribution: String = MapScene.attribution) {
        guard let layout = layout(viewport: viewport, attribution: attribution) else { return }
        drawPlate(snapshot, layout.scale, text: layout.bar.label, barWidth: layout.bar.width)
        drawPlate(snapshot, layout.credits, text: attribution, barWidth: 0)
    }

    /// Where the scale bar's and the attribution's plates are (none on a map too small for them):
    /// what callouts keep clear of.
    func plates(viewport: Viewport, attribution: String = MapScene.attribution) -> [Rect] {
        guard let layout = layout(viewport: viewport, attribution: attribution) else { return [] }
        return [layout.scale, layout.credits]
    }

    /// The scale bar bottom left, the attribution bottom right — or, on a map too narrow for both
    /// on one line, the attribution right above the scale bar, so neither covers the other.
    private func layout(viewport: Viewport, attribution: String) -> (bar: ScaleBar, scale: Rect, credits: Rect)? {
        let size = viewport.size
        guard size.width > 120, size.height > 40 else { return nil }
        let bar = ScaleBar(metresPerPixel: viewport.metresPerPixel, maxWidth: min(120, viewport.size.width / 4),
                           units: scaleUnits, locale: numberLocale)
        let scale = plate(text: bar.label, barWidth: bar.width, alignRight: false, in: size)
        var credits = plate(text: attribution, barWidth: 0, alignRight: true, in: size)
        if credits.minX < scale.maxX + Self.margin {
            credits.origin.y -= scale.height + Self.margin / 2
        }
        return (bar, scale, credits)
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

    private func drawPlate(_ snapshot: OpaquePointer, _ r: Rect, text: String, barWidth: Double) {
        // Drawn into a node exactly the plate's size.
        let gap = barWidth > 0 ? 8.0 : 0
        let (x, y, width, height) = (r.minX, r.minY, r.width, r.height)
        var rect = graphene_rect_t()
        graphene_rect_init(&rect, Float(x), Float(y), Float(width), Float(height))
        guard let cr = gtk_snapshot_append_cairo(snapshot, &rect) else { return }
        defer { cairo_destroy(cr) }

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
