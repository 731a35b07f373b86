import CCalloutMapGtk
import CalloutMapCore
import Foundation

/// A vector map's names — its style's symbol layers — drawn into the map's image over its
/// tiles: for each redraw of that image, the labels of the tiles in reach (`MapLabel.labels`,
/// kept per tile) placed clear of the pins and each other (`MapLabelPlacer`), then drawn, each
/// in the interface font with its halo. A point label is a cached image of its text; a line
/// label is drawn turned along its street.
@MainActor
package final class MapLabelLayer {
    let source: VectorTileSource
    /// Each archive tile's labels, by the tile, the map tile's zoom and the look.
    private var collected: [CollectedKey: [MapLabel]] = [:]
    private var sizes: [TextKey: Size] = [:]
    private var images: [ImageKey: Surface] = [:]
    /// Line labels' images, by look and angle.
    private var turned: [TurnedKey: Surface] = [:]
    private let scratch = Scratch()
    private var family = ""
    /// What the last paint placed, in the coordinates of the viewport it painted (for tests).
    package private(set) var placed: [(label: MapLabel, placement: PlacedMapLabel)] = []
    /// The viewport the last paint placed the labels in.
    private var placedArea: Viewport?
    /// The archive's area on the world square, when it says: labels stay inside it, as its tiles do.
    private lazy var archiveArea = source.area?.worldRect

    init(source: VectorTileSource) { self.source = source }

    private struct CollectedKey: Hashable {
        var tile: TileID, zoom: Int, dark: Bool
    }

    /// What a text's size depends on.
    private struct TextKey: Hashable {
        var text: String, size: Double, bold: Bool, italic: Bool, maxWidth: Double?
        init(_ label: MapLabel) {
            (text, size, bold, italic) = (label.text, label.size, label.isBold, label.isItalic)
            maxWidth = label.line.isEmpty ? label.maxWidth : nil  // a line label is one line
        }
    }

    /// What a point label's image depends on.
    private struct ImageKey: Hashable {
        var text: TextKey, color: [Double], halo: [Double], scale: Int
    }

    /// Whether the labels are this source's at `coordinate` on a map at `zoom`: the world's own
    /// names stay away from there.
    func covers(_ coordinate: Coordinate, zoom: Double) -> Bool {
        guard source.zoomRange.contains(Int(zoom.rounded())) else { return false }
        return source.area?.contains(coordinate) ?? true
    }

    /// Places the labels of the tiles under `area` (the image's viewport) clear of what `taken`
    /// holds (pins and plates, in the area's coordinates), takes their room there, and draws
    /// those that show. `reach`: how far past the area labels still compete (as place names do).
    package func paint(_ cr: OpaquePointer, area: Viewport, scale: Int, dark: Bool, reach: Double, taken: inout CollisionGrid) {
        let wide = area.growing(by: reach)
        var labels: [MapLabel] = [], ancestors: Set<TileID> = []
        for placement in wide.visibleTiles() {
            let (ancestor, found) = collectedLabels(for: placement.tile.wrapped, dark: dark)
            if ancestors.insert(ancestor).inserted { labels += found }
        }
        if InterfaceFont.family != family {
            family = InterfaceFont.family
            sizes = [:]
            images = [:]
            turned = [:]
        }
        if images.count > 2048 { images = [:] }
        if turned.count > 2048 { turned = [:] }
        let bounds = area.bounds.insetBy(dx: -reach, dy: -reach)
        let result = MapLabelPlacer.place(labels, screenPoint: area.screenPoint(for:), area: bounds, taken: &taken) { i in
            let key = TextKey(labels[i])
            if let known = sizes[key] { return known }
            let layout = Self.layout(scratch.context, key)
            defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
            let size = Self.extents(layout).size
            sizes[key] = size
            return size
        }
        placed = result.map { (labels[$0.index], $0) }
        placedArea = area
        for (label, at) in placed {
            let half = max(at.size.width, at.size.height) / 2 + label.haloWidth
            guard area.bounds.insetBy(dx: -half, dy: -half).contains(at.center) else { continue }
            if at.angle == 0 { paintImage(cr, label, at, scale: scale) } else { paintTurned(cr, label, at, scale: scale) }
        }
    }

    /// The labels of the archive's tile a map tile draws, collected once per tile, zoom and look.
    private func collectedLabels(for tile: TileID, dark: Bool) -> (TileID, [MapLabel]) {
        let key = CollectedKey(tile: source.archiveTile(for: tile).tile, zoom: tile.zoom, dark: dark)
        if let kept = collected[key] { return (key.tile, kept) }
        if collected.count > 64 { collected = [:] }
        // A tile not there (not fetched yet, or none) is asked for again at the next redraw.
        guard let found = source.labels(for: tile, dark: dark).map({ inArea($0.labels) }) else { return (key.tile, []) }
        collected[key] = found
        return (key.tile, found)
    }

    /// The labels, or the parts of their lines, inside the archive's area.
    private func inArea(_ labels: [MapLabel]) -> [MapLabel] {
        guard let a = archiveArea else { return labels }
        func inside(_ p: WorldPoint) -> Bool { p.x >= a.minX && p.x <= a.maxX && p.y >= a.minY && p.y <= a.maxY }
        return labels.flatMap { label -> [MapLabel] in
            if let p = label.point { return inside(p) ? [label] : [] }
            guard !label.line.allSatisfy(inside) else { return [label] }
            var runs: [[WorldPoint]] = [[]]
            for p in label.line { if inside(p) { runs[runs.count - 1].append(p) } else if !runs[runs.count - 1].isEmpty { runs.append([]) } }
            return runs.filter { $0.count >= 2 }.map { var part = label; part.line = $0; return part }
        }
    }

    /// The labels last placed, where they are in `viewport` (the map's view now, panned since,
    /// maybe): each moved as far as its place moved. None while the zoom differs.
    package func placements(in viewport: Viewport) -> [(label: MapLabel, placement: PlacedMapLabel)] {
        guard let area = placedArea, area.zoom == viewport.zoom else { return [] }
        return placed.map { label, at in
            let now = viewport.screenPoint(for: area.worldPoint(at: at.center))
            var moved = at
            moved.center = now
            moved.shapes = at.shapes.map { $0.offsetBy(dx: now.x - at.center.x, dy: now.y - at.center.y) }
            return (label, moved)
        }
    }

    /// Where to look for what a label names when `point` (in `viewport`, the map's view now) is on
    /// the label's text as last placed: the label's point, or its text's middle on its line;
    /// nil when no label is there or the zoom has changed since.
    func namedPoint(at point: Point, in viewport: Viewport) -> WorldPoint? {
        for (label, at) in placements(in: viewport).reversed() {  // the last placed are drawn on top
            let dx = point.x - at.center.x, dy = point.y - at.center.y
            let (c, s) = (cos(at.angle), sin(at.angle))
            let along = dx * c + dy * s, across = -dx * s + dy * c
            guard abs(along) <= at.size.width / 2 + label.haloWidth, abs(across) <= at.size.height / 2 + label.haloWidth else { continue }
            var named = label.point ?? viewport.worldPoint(at: at.center)
            named.x -= named.x.rounded(.down)  // the world repeats sideways
            return named
        }
        return nil
    }

    /// A point label's text with its halo, from its image.
    private func paintImage(_ cr: OpaquePointer, _ label: MapLabel, _ at: PlacedMapLabel, scale: Int) {
        let image = image(for: label, size: at.size, scale: scale)
        let s = Double(scale), h = label.haloWidth
        let x = ((at.center.x - at.size.width / 2 - h) * s).rounded() / s, y = ((at.center.y - at.size.height / 2 - h) * s).rounded() / s
        cairo_set_source_surface(cr, image.pointer, x, y)
        cairo_paint(cr)
    }

    private func imageKey(_ label: MapLabel, scale: Int) -> ImageKey {
        ImageKey(text: TextKey(label), color: Self.components(label.color),
                 halo: (label.haloColor.map(Self.components) ?? []) + [label.haloWidth], scale: scale)
    }

    /// A label's text with its halo in an image of its own, made once per look.
    private func image(for label: MapLabel, size: Size, scale: Int) -> Surface {
        let key = imageKey(label, scale: scale)
        if let kept = images[key] { return kept }
        let image = makeImage(label, key: key.text, size: size, scale: scale)
        images[key] = image
        return image
    }

    private func makeImage(_ label: MapLabel, key: TextKey, size: Size, scale: Int) -> Surface {
        Text.haloImage(size: size, halo: label.haloWidth, scale: scale) { Self.draw($0, label, key, at: Point(x: label.haloWidth, y: label.haloWidth)) }
    }

    /// A line label: its text drawn turned into an image of its own, made once per name and
    /// angle (a street's name keeps its angle as the map pans), then copied as a point label's.
    /// (Stroking the halo round each letter at each redraw took 0.45 ms a name, 25 ms a redraw
    /// at zoom 16; an upright image turned as it is copied, 0.2 ms, and blurred.)
    private func paintTurned(_ cr: OpaquePointer, _ label: MapLabel, _ at: PlacedMapLabel, scale: Int) {
        // In half degrees: a pan moves a street a fraction of a pixel, and its angle by a hair.
        var at = at
        at.angle = (at.angle * 360 / .pi).rounded() * .pi / 360
        let key = TurnedKey(image: imageKey(label, scale: scale), angle: at.angle)
        let image = turned[key] ?? makeTurnedImage(label, at, scale: scale)
        turned[key] = image
        let s = Double(scale)
        let w = Double(cairo_image_surface_get_width(image.pointer)) / s, h = Double(cairo_image_surface_get_height(image.pointer)) / s
        cairo_set_source_surface(cr, image.pointer, ((at.center.x - w / 2) * s).rounded() / s, ((at.center.y - h / 2) * s).rounded() / s)
        cairo_paint(cr)
    }

    private func makeTurnedImage(_ label: MapLabel, _ at: PlacedMapLabel, scale: Int) -> Surface {
        let halo = label.haloWidth, w = at.size.width + 2 * halo, h = at.size.height + 2 * halo
        let (c, s) = (abs(cos(at.angle)), abs(sin(at.angle)))
        let bounds = Size(width: (w * c + h * s).rounded(.up) + 2, height: (w * s + h * c).rounded(.up) + 2)
        return Text.haloImage(size: bounds, halo: 0, scale: scale) { cr in
            cairo_translate(cr, bounds.width / 2, bounds.height / 2)
            cairo_rotate(cr, at.angle)
            Self.draw(cr, label, TextKey(label), at: Point(x: -at.size.width / 2, y: -at.size.height / 2))
        }
    }

    private struct TurnedKey: Hashable {
        var image: ImageKey, angle: Double
    }

    /// A context to measure text in, kept with the layer.
    private final class Scratch {
        let context: OpaquePointer
        init() {
            let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1)
            context = cairo_create(surface)
            cairo_surface_destroy(surface)  // the context holds it
        }
        deinit { cairo_destroy(context) }
    }

    /// The text with its top left at `origin`: the halo stroked round each letter, then the fill.
    private static func draw(_ cr: OpaquePointer, _ label: MapLabel, _ key: TextKey, at origin: Point) {
        let layout = layout(cr, key)
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        let logical = extents(layout)
        cairo_move_to(cr, origin.x - logical.minX, origin.y - logical.minY)
        Text.fillWithHalo(cr, layout, fill: RGBA(label.color), halo: label.haloColor.map(RGBA.init), width: label.haloWidth)
    }

    /// The text laid out in the interface font: a point label wrapped at its width, centred.
    private static func layout(_ cr: OpaquePointer, _ key: TextKey) -> OpaquePointer {
        let layout = Text.layout(cr, key.text, font: InterfaceFont.description(pixels: key.size, bold: key.bold, italic: key.italic))
        if let width = key.maxWidth {
            pango_layout_set_width(layout, Int32(width * Double(PANGO_SCALE)))
            pango_layout_set_wrap(layout, PANGO_WRAP_WORD)
            pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER)
        }
        return layout
    }

    /// The text's logical box: where its lines start (centred lines start inside the width) and its size.
    private static func extents(_ layout: OpaquePointer) -> Rect {
        var ink = PangoRectangle(), logical = PangoRectangle()
        pango_layout_get_pixel_extents(layout, &ink, &logical)
        return Rect(x: Double(logical.x), y: Double(logical.y), width: Double(logical.width), height: Double(logical.height))
    }

    private static func components(_ c: StyleColor) -> [Double] { [c.red, c.green, c.blue, c.alpha] }
}

extension RGBA {
    /// A style's colour.
    init(_ c: StyleColor) {
        self.init(0)
        (red, green, blue, alpha) = (c.red, c.green, c.blue, c.alpha)
    }
}
