import CCalloutMapGtk
import CalloutMapCore

/// Draws one basemap tile with cairo. Geometry is already projected and
/// quantised, so this only scales and translates integers.
package struct TileRenderer: Sendable {
    package let basemap: Basemap

    package init(basemap: Basemap) { self.basemap = basemap }

    /// A new ARGB32 image surface of (256 × scale)² pixels; the caller destroys it.
    package func render(_ tile: TileID, style: BasemapStyle, scale: Int) -> OpaquePointer {
        let surface = Self.image(scale: scale)
        render(tile, style: style, scale: scale, into: surface)
        return surface
    }

    /// A blank image for a tile at a device scale, to `render(_:style:scale:into:)` on any thread.
    static func image(scale: Int) -> OpaquePointer {
        let side = Int32(Int(Viewport.tileSize) * scale)
        return cairo_image_surface_create(CAIRO_FORMAT_ARGB32, side, side)!
    }

    /// Draws a tile into a blank image made by `image(scale:)` with the same scale.
    func render(_ tile: TileID, style: BasemapStyle, scale: Int, into surface: OpaquePointer) {
        let side = cairo_image_surface_get_width(surface)
        let cr = cairo_create(surface)!
        defer { cairo_destroy(cr) }
        setColor(cr, style.water)
        cairo_paint(cr)
        guard let (band, cells) = basemap.cells(for: tile), !cells.isEmpty else {
            cairo_surface_set_device_scale(surface, Double(scale), Double(scale))
            return
        }

        let t = tile.wrapped
        let unitsPerTile = Double(1 << band.bits) / Double(1 << t.zoom)
        let k = Double(side) / unitsPerTile           // device pixels per band unit
        let ox = Double(t.x) * unitsPerTile, oy = Double(t.y) * unitsPerTile
        let cellUnits = Double(1 << (band.bits - band.cellZoom))
        let s = Double(scale)
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)

        for cell in cells {
            cairo_save(cr)
            cairo_rectangle(cr, (Double(cell.x) * cellUnits - ox) * k, (Double(cell.y) * cellUnits - oy) * k,
                            cellUnits * k, cellUnits * k)
            cairo_clip(cr)
            for layer in cell.layers {
                cairo_new_path(cr)
                appendPath(cr, layer, k: k, ox: ox, oy: oy, closed: layer.kind == .land)
                switch layer.kind {
                case .land:
                    cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD)
                    setColor(cr, style.land)
                    cairo_fill_preserve(cr)
                    setColor(cr, style.coastline)
                    cairo_set_line_width(cr, style.coastlineWidth(zoom: t.zoom) * s)
                    cairo_stroke(cr)
                case .adminBorder:
                    setColor(cr, style.adminBorder)
                    cairo_set_line_width(cr, style.adminBorderWidth(zoom: t.zoom) * s)
                    var dash: [Double] = [3 * s, 2.5 * s]
                    cairo_set_dash(cr, &dash, 2, 0)
                    cairo_stroke(cr)
                    cairo_set_dash(cr, nil, 0, 0)
                case .countryBorder:
                    setColor(cr, style.countryBorder)
                    cairo_set_line_width(cr, style.countryBorderWidth(zoom: t.zoom) * s)
                    cairo_stroke(cr)
                }
            }
            cairo_restore(cr)
        }
        cairo_surface_flush(surface)
        // Device scale lets a HiDPI tile be painted in logical coordinates.
        cairo_surface_set_device_scale(surface, s, s)
    }

    /// Adds a layer's rings or lines, skipping vertices that land within a
    /// quarter device pixel of the previous one (bands serve several zooms).
    private func appendPath(_ cr: OpaquePointer, _ layer: BasemapLayer, k: Double, ox: Double, oy: Double, closed: Bool) {
        layer.points.withUnsafeBufferPointer { pts in
            for g in 0..<layer.geometryCount {
                let first = Int(layer.starts[g]), end = Int(layer.starts[g + 1])
                guard end - first >= (closed ? 3 : 2) else { continue }
                var lx = (Double(pts[2 * first]) - ox) * k, ly = (Double(pts[2 * first + 1]) - oy) * k
                cairo_move_to(cr, lx, ly)
                for i in (first + 1)..<end {
                    let x = (Double(pts[2 * i]) - ox) * k, y = (Double(pts[2 * i + 1]) - oy) * k
                    if abs(x - lx) + abs(y - ly) < 0.25 && i != end - 1 { continue }
                    cairo_line_to(cr, x, y)
                    lx = x; ly = y
                }
                if closed { cairo_close_path(cr) }
            }
        }
    }
}

func setColor(_ cr: OpaquePointer, _ c: RGBA) {
    cairo_set_source_rgba(cr, c.red, c.green, c.blue, c.alpha)
}
