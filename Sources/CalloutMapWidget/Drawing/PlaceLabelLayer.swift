import CCalloutMapGtk
import CalloutMapCore

/// The world's place names drawn into the map's image: for each redraw of that image, the
/// places a zoom names (`PlaceLabelRanking`) placed clear of each other and of the pins
/// (`LabelPlacer`), each label a cached image of its text with a halo that reads on land,
/// water and tiles. Panning moves the image, so it costs nothing more per frame.
@MainActor
package final class PlaceLabelLayer {
    package let places: WorldPlaces
    /// Text sizes by rank, for the font they were measured in.
    private var sizes: [Int: Size] = [:]
    /// Label images by rank, for the look they were drawn with.
    private var images: [Int: Surface] = [:]
    private var imageKey: (dark: Bool, scale: Int, family: String)?
    private var sizeFamily = ""
    /// What the last paint placed, in the coordinates of the viewport it painted (for tests and
    /// the screen-reader summary).
    package private(set) var placed: [(place: WorldPlace, frame: Rect)] = []
    /// The viewport the last paint placed the labels in (the map's image: the view and a margin).
    private var placedArea: Viewport?
    /// The places the last full layout named (in its reach, beyond the image too).
    private var lastNamed: [Int]?
    private var lastZoom: Double?

    /// How far past the image places still compete for room: a label just outside can push one
    /// inside aside, and must do so whichever way the map was panned to get here.
    static let reach = 192.0
    /// Around the text, in the label's image.
    static let halo = 2.0

    package init(places: WorldPlaces) { self.places = places }

    /// The labels that fit in `area` (the image's viewport) clear of `obstacles` (pins and the map's plates, in the
    /// area's coordinates), most important first. `among` limits the candidates to those places
    /// (by rank): during a zoom animation, the ones last named, so a frame only re-checks them.
    /// Places `hidden` says are named by a map of their own (a vector map's) are left out.
    package func layout(_ area: Viewport, obstacles: [CollisionShape], among: [Int]? = nil,
                        hidden: (WorldPlace) -> Bool = { _ in false }) -> [(place: WorldPlace, label: PlacedLabel)] {
        let zoom = area.zoom, world = area.worldSize
        let all = places.places
        var order: [Int] = []
        if let among {
            order = among.map { PlaceLabelRanking.orderKey(all[$0], atZoom: zoom) }
        } else {
            let halfW = (area.size.width / 2 + Self.reach) / world, halfH = (area.size.height / 2 + Self.reach) / world
            for rank in places.ranks(inWorld: area.center.x - halfW, area.center.y - halfH, area.center.x + halfW, area.center.y + halfH)
            where PlaceLabelRanking.isNamed(all[rank], atZoom: zoom) && !hidden(all[rank]) {
                order.append(PlaceLabelRanking.orderKey(all[rank], atZoom: zoom))
            }
        }
        order.sort()
        let candidates = order.map {
            let place = all[$0 & (1 << 40 - 1)]
            return LabelCandidate(id: place.rank, anchor: area.screenPoint(for: place.coordinate), hasDot: place.kind != .country,
                                  isKeptClear: PlaceLabelRanking.isKeptClear(place, atZoom: zoom))
        }
        let bounds = area.bounds.insetBy(dx: -Self.reach, dy: -Self.reach)
        let family = InterfaceFont.family
        if family != sizeFamily { sizes = [:]; sizeFamily = family }
        var scratch: OpaquePointer?  // made when a label is first measured
        defer { if let scratch { cairo_destroy(scratch) } }
        let result = LabelPlacer.place(candidates, area: bounds, obstacles: obstacles) { rank in
            if let known = sizes[rank] { return known }
            if scratch == nil {
                let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1)
                scratch = cairo_create(surface)
                cairo_surface_destroy(surface)  // the context holds it
            }
            let layout = makeLayout(scratch!, places.places[rank])
            defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
            var ink = PangoRectangle(), logical = PangoRectangle()
            pango_layout_get_pixel_extents(layout, &ink, &logical)
            let size = Size(width: Double(logical.width), height: Double(logical.height))
            sizes[rank] = size
            return size
        }
        return result.map { (places.places[$0.id], $0) }
    }

    /// Draws the labels that fit in `area`, dots first, then each name over them. While the zoom
    /// changes from frame to frame of a passing image (`passing`: not kept), only the places last
    /// named compete — finding and ranking a region's places anew each frame would cost more than
    /// the rest of the frame — and false is returned: a frame after the zoom settles names afresh.
    @discardableResult
    package func paint(_ cr: OpaquePointer, area: Viewport, style: BasemapStyle, scale: Int, obstacles: [CollisionShape],
                       passing: Bool = false, hidden: (WorldPlace) -> Bool = { _ in false }) -> Bool {
        let animating = passing && lastZoom != nil && lastZoom != area.zoom && lastNamed != nil
        lastZoom = area.zoom
        let all = layout(area, obstacles: obstacles, among: animating ? lastNamed : nil, hidden: hidden)
        if !animating { lastNamed = all.map(\.place.rank) }
        let labels = all.filter {
            $0.label.textFrame.intersects(area.bounds) || ($0.label.dot.map(area.bounds.contains) ?? false)
        }
        placed = labels.map { ($0.place, $0.label.textFrame) }
        placedArea = area
        let look = Look(isDark: style.isDark)
        let family = InterfaceFont.family
        if imageKey.map({ $0.dark != style.isDark || $0.scale != scale || $0.family != family }) ?? true || images.count > 4096 {
            images = [:]
            imageKey = (style.isDark, scale, family)
            townDot = Self.makeDot(capital: false, look: look, scale: scale)
            capitalDot = Self.makeDot(capital: true, look: look, scale: scale)
        }
        for (place, label) in labels {
            guard let dot = label.dot else { continue }
            paintDot(cr, at: dot, capital: place.kind == .capital, look: look, scale: scale)
        }
        let s = Double(scale), h = Self.halo
        for (place, label) in labels {
            let image = images[place.rank] ?? makeImage(place, size: label.textFrame.size, scale: scale, look: look)
            images[place.rank] = image
            let x = ((label.textFrame.minX - h) * s).rounded() / s, y = ((label.textFrame.minY - h) * s).rounded() / s
            cairo_set_source_surface(cr, image.pointer, x, y)
            cairo_paint(cr)
        }
        return !animating
    }

    /// Where the names last placed are in `viewport` (the map's view now, panned since, maybe):
    /// each moved as far as its place moved. None while the zoom differs (they are placed anew).
    package func placedFrames(in viewport: Viewport) -> [(place: WorldPlace, frame: Rect)] {
        guard let area = placedArea, area.zoom == viewport.zoom else { return [] }
        return placed.map { entry in
            let was = area.screenPoint(for: entry.place.coordinate), now = viewport.screenPoint(for: entry.place.coordinate)
            let f = entry.frame
            return (entry.place, Rect(x: f.minX + now.x - was.x, y: f.minY + now.y - was.y, width: f.width, height: f.height))
        }
    }

    /// Colours of names over a light or dark map.
    private struct Look {
        var text: RGBA, country: RGBA, halo: RGBA
        init(isDark: Bool) {
            text = isDark ? RGBA(0xDEDDDA) : RGBA(0x241F31)
            country = isDark ? RGBA(0xA09FA6) : RGBA(0x5E5C64)
            halo = isDark ? RGBA(0x1E1E1E, alpha: 0.85) : RGBA(0xFFFFFF, alpha: 0.9)
        }
    }

    /// A town's dot; a capital's is ringed. Drawn once per look into a small image, then copied:
    /// a few hundred antialiased circles a frame would cost more than the names.
    private func paintDot(_ cr: OpaquePointer, at p: Point, capital: Bool, look: Look, scale: Int) {
        let image = capital ? capitalDot : townDot
        let s = Double(scale), half = Self.dotImageSide / 2
        cairo_set_source_surface(cr, image!.pointer, ((p.x - half) * s).rounded() / s, ((p.y - half) * s).rounded() / s)
        cairo_paint(cr)
    }

    private var townDot: Surface?, capitalDot: Surface?
    static let dotImageSide = 2 * (LabelPlacer.dotRadius + 1.5)

    private static func makeDot(capital: Bool, look: Look, scale: Int) -> Surface {
        let s = Double(scale), side = dotImageSide
        let surface = Surface(adopting: cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32((side * s).rounded(.up)),
                                                                   Int32((side * s).rounded(.up)))!)
        cairo_surface_set_device_scale(surface.pointer, s, s)
        let cr = cairo_create(surface.pointer)!
        defer { cairo_destroy(cr) }
        let r = LabelPlacer.dotRadius, c = side / 2
        cairo_arc(cr, c, c, r + 1, 0, 2 * .pi)
        setColor(cr, look.halo)
        cairo_fill(cr)
        cairo_arc(cr, c, c, capital ? r - 0.25 : r - 0.5, 0, 2 * .pi)
        setColor(cr, look.text)
        if capital {
            cairo_set_line_width(cr, 1.25)
            cairo_stroke(cr)
            cairo_arc(cr, c, c, 1, 0, 2 * .pi)
        }
        cairo_fill(cr)
        cairo_surface_flush(surface.pointer)
        return surface
    }

    /// A place's name as a layout: towns in the interface font (capitals and cities of a million
    /// in bold), countries in spaced capitals.
    private func makeLayout(_ cr: OpaquePointer, _ place: WorldPlace) -> OpaquePointer {
        let country = place.kind == .country
        let font = InterfaceFont.description(pixels: country ? 11 : PlaceLabelRanking.isMajor(place) ? 12 : 11,
                                             bold: country || PlaceLabelRanking.isMajor(place))
        let layout = Text.layout(cr, country ? place.name.uppercased() : place.name, font: font)
        if country, let attributes = pango_attr_list_new() {
            pango_attr_list_insert(attributes, pango_attr_letter_spacing_new(Int32(1.5 * Double(PANGO_SCALE))))
            pango_layout_set_attributes(layout, attributes)
            pango_attr_list_unref(attributes)
        }
        return layout
    }

    /// The name with its halo, in an image of the text's size and the halo around it.
    private func makeImage(_ place: WorldPlace, size: Size, scale: Int, look: Look) -> Surface {
        Text.haloImage(size: size, halo: Self.halo, scale: scale) { cr in
            let layout = makeLayout(cr, place)
            defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
            cairo_move_to(cr, Self.halo, Self.halo)
            Text.fillWithHalo(cr, layout, fill: place.kind == .country ? look.country : look.text, halo: look.halo, width: Self.halo)
        }
    }
}
