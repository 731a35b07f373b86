import CCalloutMapGtk
import CalloutMapCore
import Foundation
import Dispatch

/// Everything the map paints for one frame, appended to a GtkSnapshot. The
/// widget and the offscreen `render` command both draw through this.
@MainActor
package struct MapScene {
    package var viewport: Viewport
    package var style: BasemapStyle
    /// Device pixels per logical pixel (2 on HiDPI screens).
    package var scale: Int
    package var tiles: TileCache
    package var fontName: String
    /// What is over the map's edges: the scale bar and attribution sit inside it.
    package var layoutMargins = EdgeInsets.zero
    /// Milliseconds a frame may spend rasterising new tiles; nil renders all
    /// (offscreen). Each frame makes at least one; tiles past the budget show a scaled
    /// cached ancestor for a frame.
    package var tileBudget: Double?
    /// Whether the tiles start rendering on another core before the pins are laid out: for a
    /// map's first frame, which is drawn whole. Not for every frame: one the raster shows
    /// scaled, or shifted, would draw tiles it never shows.
    package var rendersTilesAhead = false
    /// Pins to draw over the map; the scene lays their views out for its viewport.
    package var annotationLayer: AnnotationLayer?
    /// Lines and areas, drawn over the tiles and under the pins.
    package var overlayLayer: OverlayLayer?
    /// The world's place names, drawn over the shapes and under the pins; nil: none.
    package var placeLabels: PlaceLabelLayer?
    /// The open callouts' bodies in the view, which no name goes under, and a number that
    /// changes when they change other than by moving with the map.
    package var calloutBodies: (rects: [Rect], revision: Int) = ([], 0)
    /// The pin that has keyboard focus, drawn with a focus ring.
    package var focusRing: AnnotationView?
    /// The shape that has keyboard focus, outlined in the accent colour.
    package var focusedOverlay: (any Overlay)?
    /// A pin being dragged: drawn over the map each frame, never into the map's image, so the
    /// image stays as it is while the pin moves.
    package var floatingPin: AnnotationView?
    /// The zoom is animating or being pinched: frames may show the last image scaled (`MapRaster`).
    package var zoomIsMoving = false
    /// Callouts drawn over the pins (offscreen renders), and where; leader lines under them.
    package var callouts: [(sketch: CalloutSketch, placement: CalloutPlacement)] = []
    /// Tile sources drawn over the basemap, bottom first; the basemap shows where they have no tile.
    package var tileLayers: [RasterTileLayer] = []
    package var scaleUnits = ScaleUnits.metric
    package var numberLocale = Locale(identifier: "en_US_POSIX")

    package init(viewport: Viewport, style: BasemapStyle, scale: Int, tiles: TileCache,
                fontName: String = MapScene.defaultFont) {
        self.viewport = viewport
        self.style = style
        self.scale = max(1, scale)
        self.tiles = tiles
        self.fontName = fontName
    }

    package static let defaultFont = "Cantarell 9"
    package static let attribution = "Natural Earth; GSHHG © Wessel & Smith"

    /// The credits of what is on the map: the tile sources', then the basemap's (and the names').
    package var attribution: String { Self.attribution(of: tileLayers, names: placeLabels != nil) }

    /// The credits of tile layers (top first), the basemap's and, with `names`, the place names'.
    static func attribution(of tileLayers: [RasterTileLayer], names: Bool) -> String {
        (tileLayers.reversed().compactMap(\.attribution) + [Self.attribution] + (names ? [WorldPlaces.attribution] : []))
            .joined(separator: " · ")
    }

    /// Changes when anything the tile layers draw changes (for the map's kept image).
    var tilesRevision: Int { tileLayers.reduce(tileLayers.count) { $0 &* 31 &+ $1.revision } }

    /// Appends the frame; returns false when another frame is needed (names placed for a passing
    /// zoom). Tiles stood in for need none: the tile cache tells when they come (`onArrival`).
    @discardableResult
    package func append(to snapshot: OpaquePointer) -> Bool {
        var bounds = graphene_rect_t()
        graphene_rect_init(&bounds, 0, 0, Float(viewport.size.width), Float(viewport.size.height))
        var complete = true
        tiles.takeArrivals()
        if let cr = gtk_snapshot_append_cairo(snapshot, &bounds) {
            if let layer = annotationLayer {
                if rendersTilesAhead {
                    let area = layer.raster.area(toDraw: viewport)
                    tiles.startPreparing(area.visibleTiles(deviceScale: Double(scale)).map(\.tile), style: style, scale: scale)
                }
                complete = layer.raster.paint(cr, viewport: viewport, scale: scale, style: style, layer: layer,
                                              tilesRevision: tilesRevision &* 31 &+ tiles.arrivals, overlayRevision: overlayLayer?.revision ?? 0,
                                              labelsRevision: placeLabels == nil && mapLabels.isEmpty ? 0 : 1 + calloutBodies.revision, zoomIsMoving: zoomIsMoving,
                                              layout: { layer.layout(viewport) },
                                              paintTiles: { paintTiles($0, for: viewport) }) { cr, area, kept in
                    // `area` shares the view's centre; the pins' places are the view's.
                    var complete = true
                    paintTiles(cr, for: area, ahead: kept)
                    overlayLayer?.paint(cr, viewport: area)
                    let dx = (area.size.width - viewport.size.width) / 2, dy = (area.size.height - viewport.size.height) / 2
                    if placeLabels != nil || !mapLabels.isEmpty {
                        let reach = area.bounds.insetBy(dx: -PlaceLabelLayer.reach, dy: -PlaceLabelLayer.reach)
                        // The pins shown (not those yielding) are taken first, in their collision
                        // shapes; one that takes no room from other pins still keeps names off it.
                        let pins = layer.sortedViews.compactMap { view -> CollisionShape? in
                            let shape = (view.collisionShape ?? .rectangle(view.frame)).offsetBy(dx: dx, dy: dy)
                            return shape.bounds.intersects(reach) ? shape : nil
                        }
                        // The window's bubbles, or the picture's drawn callouts.
                        let callouts = (calloutBodies.rects + self.callouts.map { $0.placement.body })
                            .map { CollisionShape.rectangle($0.offsetBy(dx: dx, dy: dy)) }
                        if !paintLabels(cr, area: area, obstacles: pins + plateObstacles(offsetBy: dx, dy) + callouts, passing: !kept) {
                            complete = false
                        }
                    }
                    cairo_translate(cr, dx, dy)
                    paintPins(cr, layer.sortedViews, selected: layer.selectedViews, isRaised: layer.isRaised,
                              in: Rect(x: -dx, y: -dy, width: area.size.width, height: area.size.height), marking: kept)
                    cairo_translate(cr, -dx, -dy)
                    return complete
                }
                if let pin = floatingPin, pin.annotation != nil { paintPin(cr, pin) }
                if !layer.raster.lastFrameWasScaled { paintFocusRing(cr) }  // views were not laid out for a scaled frame
                if let shape = focusedOverlay { overlayLayer?.paintFocus(cr, on: shape, viewport: viewport) }
            } else {
                paintTiles(cr, for: viewport, ahead: !zoomIsMoving)
                overlayLayer?.paint(cr, viewport: viewport)
                paintLabels(cr, area: viewport, obstacles: plateObstacles(offsetBy: 0, 0))
            }
            cairo_destroy(cr)
        }
        let plates = OverlayPainter(style: style, fontName: fontName, scaleUnits: scaleUnits, numberLocale: numberLocale,
                                    margins: layoutMargins, scale: scale)
            .append(to: snapshot, viewport: viewport, attribution: attribution)
        // A pin (a cluster's badge) in the scale bar's or the credits' corner is drawn again over
        // their plates: a click there is the pin's, so it shows whole. Then a picture's callout.
        let pinsOverPlates = annotationLayer.map { layer in
            layer.raster.lastFrameWasScaled ? [] : layer.sortedViews.filter { v in v !== floatingPin && plates.contains { $0.intersects(v.frame) } }
        } ?? []
        // The node covers only those pins (a picture's callouts: the view): GTK draws a cairo node
        // through an image of its bounds, and one the size of the view cost every pan frame with
        // a pin by a plate 3 ms (a 4 MB image made, faulted in and composited; 0.2 ms now). A pin's
        // image is put on whole device pixels, up to a pixel beyond its frame.
        var over: Rect? = callouts.isEmpty ? nil : Rect(x: 0, y: 0, width: viewport.size.width, height: viewport.size.height)
        for view in pinsOverPlates {
            let drawn = view.frame.insetBy(dx: -1, dy: -1)
            over = over.map { $0.union(drawn) } ?? drawn
        }
        if let over {
            graphene_rect_init(&bounds, Float(over.minX.rounded(.down)), Float(over.minY.rounded(.down)),
                               Float(over.maxX.rounded(.up) - over.minX.rounded(.down)), Float(over.maxY.rounded(.up) - over.minY.rounded(.down)))
        }
        if over != nil, let cr = gtk_snapshot_append_cairo(snapshot, &bounds) {
            for view in pinsOverPlates { paintPin(cr, view) }
            LeaderLine.paint(cr, callouts.map(\.placement), isDark: style.isDark)
            for callout in callouts { callout.sketch.paint(cr, placement: callout.placement) }
            cairo_destroy(cr)
        }
        Text.forgetShaped()  // labels measured for this frame and not drawn in it (their look was drawn before)
        return complete
    }
}

extension MapScene {
    /// The scale bar's and the credits' plates, which no place name goes under, in the
    /// coordinates of an image whose view sits `dx`, `dy` inside it.
    func plateObstacles(offsetBy dx: Double, _ dy: Double) -> [CollisionShape] {
        plates.map { .rectangle($0.offsetBy(dx: dx, dy: dy)) }
    }

    /// The scale bar's and the credits' plates in the view.
    package var plates: [Rect] {
        OverlayPainter(style: style, fontName: fontName, scaleUnits: scaleUnits, numberLocale: numberLocale, margins: layoutMargins, scale: scale)
            .plates(viewport: viewport, attribution: attribution)
    }

    /// Paints the tiles; at whole zooms each is a pixel-aligned blit. With a budget, tiles past it
    /// are stood in for by an ancestor and drawn on other cores (`TileCache.drawAhead`), and for
    /// an image kept while the map pans (`ahead`), so are those a margin beyond it.
    func paintTiles(_ cr: OpaquePointer, for viewport: Viewport, ahead: Bool = false) {
        setColor(cr, style.water)  // beyond the poles at low zoom
        cairo_paint(cr)
        // Only rasterising counts against the budget, and the first new tile is always made:
        // counting the blits too let a slow frame of cached tiles render none, forever.
        var spent: UInt64 = 0
        let placements = viewport.visibleTiles(deviceScale: Double(scale))
        // Under a vector map's tile the offline map would be drawn (30 ms a redraw at zoom 16) and
        // never seen: it is neither made ahead (below) nor painted. What of a tile is out of view
        // does not count (at the tiles' edge).
        let view = viewport.visibleBounds
        let hidden = Set(placements.lazy.map(\.tile).filter { tile in self.tileLayers.contains { $0.coversWholly(tile, within: view) } })
        if tileBudget == nil { tiles.prepare(placements.map(\.tile).filter { !hidden.contains($0) }, style: style, scale: scale) }
        var standIns: [TileID] = []
        for placement in placements {
            if hidden.contains(placement.tile) {
                paintTileLayers(cr, at: placement)
                continue
            }
            var surface = tiles.cachedSurface(for: placement.tile, style: style, scale: scale)
            if surface == nil {
                // Past the budget, or already being drawn on another core: a stand-in until it comes.
                if let budget = tileBudget, Double(spent) / 1e6 > budget || tiles.isComing(placement.tile, style: style, scale: scale) {
                    standIns.append(placement.tile)
                    paintStandIn(cr, for: placement)
                    paintTileLayers(cr, at: placement)
                    continue
                }
                let start = DispatchTime.now().uptimeNanoseconds
                surface = tiles.surface(for: placement.tile, style: style, scale: scale)
                spent += max(1, DispatchTime.now().uptimeNanoseconds - start)
            }
            paint(cr, surface!, in: placement.frame, portion: nil)
            paintTileLayers(cr, at: placement)
        }
        let shown = placements.map(\.tile)
        // The tiles stood in for come from other cores (the map is drawn again then).
        if tileBudget != nil { tiles.drawAhead(standIns, shown: true, style: style, scale: scale) }
        // So do those a margin beyond a kept image, where a pan goes next (not for a picture, nor
        // while the zoom moves: tiles of passing zooms): a vector map's, and the offline map's where
        // a vector map will not hide it — each while its cache can hold them with those drawn
        // (else they would push those out).
        guard tileBudget != nil, ahead else {
            for layer in tileLayers { layer.keepLoading(only: layer.sourceTiles(for: shown)) }
            return
        }
        let reach = viewport.growing(by: MapRaster.margin), reachView = reach.visibleBounds
        let drawn = Set(shown)
        let next = reach.visibleTiles(deviceScale: Double(scale)).map(\.tile).filter { !drawn.contains($0) }
        for layer in tileLayers {
            layer.keepLoading(only: layer.sourceTiles(for: shown + next))
            layer.loadAhead(next, besides: shown)
        }
        let basemapNext = next.filter { tile in !tileLayers.contains { $0.willCoverWholly(tile, within: reachView) } }
        if tiles.canHold(shown.count - hidden.count + basemapNext.count, scale: scale) {
            tiles.drawAhead(basemapNext, shown: false, style: style, scale: scale)
        }
    }

    /// Each tile layer's image of a map tile over the basemap's (a layer with none lets it show).
    private func paintTileLayers(_ cr: OpaquePointer, at placement: TilePlacement) {
        for layer in tileLayers {
            guard let image = layer.image(for: placement.tile) else { continue }
            paint(cr, image.surface, in: placement.frame, portion: image.portion, alpha: layer.opacity)
        }
    }

    /// Each pin's cached image that meets `bounds`, bottom first, on device pixels;
    /// `marking` notes the views drawn into the map raster (their changes redraw it).
    func paintPins(_ cr: OpaquePointer, _ views: [AnnotationView], selected: [AnnotationView] = [],
                   isRaised: (AnnotationView) -> Bool = { _ in false }, in bounds: Rect, marking: Bool) {
        func paint(_ view: AnnotationView) {
            guard view !== floatingPin, view.frame.intersects(bounds) else { return }
            paintPin(cr, view)
            if marking { view.isInRaster = true }
        }
        for view in views where !isRaised(view) { paint(view) }
        for view in selected where view.annotation != nil { paint(view) }  // the selected pins on top, the primary last
    }

    /// A pin's cached image at its frame, on device pixels.
    func paintPin(_ cr: OpaquePointer, _ view: AnnotationView) {
        let f = view.frame, s = Double(scale)
        cairo_set_source_surface(cr, view.surface(scale: scale), (f.minX * s).rounded() / s, (f.minY * s).rounded() / s)
        cairo_paint(cr)
    }

    /// A ring round the pin with keyboard focus (drawn each frame: it is not in the map raster).
    func paintFocusRing(_ cr: OpaquePointer) {
        if let view = focusRing, view.annotation != nil {
            let f = view.frame.insetBy(dx: -3, dy: -3)
            roundedRectangle(cr, f.minX, f.minY, f.width, f.height, radius: 5)
            cairo_set_source_rgba(cr, 0.208, 0.518, 0.894, 0.9)  // GNOME accent blue
            cairo_set_line_width(cr, 2)
            cairo_stroke(cr)
        }
    }

    /// The nearest cached ancestor, cropped and scaled up: blurry for a frame, never blank.
    private func paintStandIn(_ cr: OpaquePointer, for placement: TilePlacement) {
        var tile = placement.tile.wrapped
        var depth = 0
        while let parent = tile.parent, depth < 6 {
            depth += 1
            tile = parent
            if let surface = tiles.cachedSurface(for: tile, style: style, scale: scale) {
                let t = placement.tile.wrapped
                let n = Double(1 << depth)
                let sx = Double(t.x) / n - Double(tile.x), sy = Double(t.y) / n - Double(tile.y)
                paint(cr, surface, in: placement.frame, portion: (sx, sy, 1 / n))
                return
            }
        }
    }

    /// Paints a tile surface (or the square `portion` of it, in tile fractions) into `frame`.
    private func paint(_ cr: OpaquePointer, _ surface: OpaquePointer, in f: Rect,
                       portion: (x: Double, y: Double, size: Double)?, alpha: Double = 1) {
        let side = Viewport.tileSize
        cairo_save(cr)
        cairo_rectangle(cr, f.minX, f.minY, f.width, f.height)
        cairo_clip(cr)
        cairo_translate(cr, f.minX, f.minY)
        let p = portion ?? (0, 0, 1)
        let k = f.width / (side * p.size)
        let scaled = abs(k - 1) > 1e-9
        if scaled { cairo_scale(cr, k, f.height / (side * p.size)) }
        cairo_set_source_surface(cr, surface, -p.x * side, -p.y * side)
        if scaled {
            cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
            // Scaled tiles sample past their edge: repeat the edge, or neighbours show a seam.
            // (Only then: PAD takes pixman off its fast path for plain blits.)
            cairo_pattern_set_extend(cairo_get_source(cr), CAIRO_EXTEND_PAD)
        } else {
            cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_NEAREST)
        }
        if alpha < 1 { cairo_paint_with_alpha(cr, alpha) } else { cairo_paint(cr) }
        cairo_restore(cr)
    }
}

