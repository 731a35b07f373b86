import CCalloutMapGtk
import CalloutMapCore

/// The map's lines and areas: each overlay with its geometry projected once, drawn in the
/// order added (the last on top) between the map's tiles and its pins, and hit-tested by the
/// rules of `ProjectedShape` with the topmost first.
@MainActor
package final class OverlayLayer {
    private struct Entry {
        let overlay: any Overlay
        let shape: ProjectedShape
        /// Its style as last asked (nil: ask again): asked once, not per frame and click.
        var style: OverlayStyle?
    }

    private var entries: [Entry] = []
    private var index: [ObjectIdentifier: Int] = [:]
    /// Changes whenever what is drawn may have changed other than by panning.
    package private(set) var revision = 0
    /// The selected overlays, drawn highlighted.
    package var selected: Set<ObjectIdentifier> = [] { didSet { if selected != oldValue { revision &+= 1 } } }
    /// The style an overlay is drawn in: the map delegate's, else its own, else the default for its kind.
    package var styleProvider: ((any Overlay) -> OverlayStyle?)?
    /// Whether the map is dark (the highlight's halo follows).
    package var isDark = false { didSet { if isDark != oldValue { revision &+= 1 } } }

    package init() {}

    /// Every overlay, bottom first.
    package var overlays: [any Overlay] { entries.map(\.overlay) }

    package func add(_ new: [any Overlay]) {
        for overlay in new where index[ObjectIdentifier(overlay)] == nil {
            index[ObjectIdentifier(overlay)] = entries.count
            entries.append(Entry(overlay: overlay, shape: ProjectedShape(overlay.geometry)))
        }
        revision &+= 1
    }

    package func remove(_ gone: [any Overlay]) {
        let ids = Set(gone.map(ObjectIdentifier.init))
        guard ids.contains(where: { index[$0] != nil }) else { return }
        entries.removeAll { ids.contains(ObjectIdentifier($0.overlay)) }
        index = Dictionary(uniqueKeysWithValues: entries.enumerated().map { (ObjectIdentifier($1.overlay), $0) })
        if !selected.isDisjoint(with: ids) { selected.subtract(ids) }
        revision &+= 1
    }

    package func contains(_ overlay: any Overlay) -> Bool { index[ObjectIdentifier(overlay)] != nil }

    /// Tells the layer an overlay's style may have changed (the delegate's answer, or its own).
    package func styleChanged() {
        for i in entries.indices { entries[i].style = nil }
        revision &+= 1
    }

    package func style(of overlay: any Overlay) -> OverlayStyle {
        guard let i = index[ObjectIdentifier(overlay)] else { return resolvedStyle(of: overlay) }
        return style(at: i)
    }

    private func style(at i: Int) -> OverlayStyle {
        if let style = entries[i].style { return style }
        let style = resolvedStyle(of: entries[i].overlay)
        entries[i].style = style
        return style
    }

    private func resolvedStyle(of overlay: any Overlay) -> OverlayStyle {
        styleProvider?(overlay) ?? overlay.style ?? .standard(isArea: overlay.geometry.isArea)
    }

    /// The overlays whose box meets a region, bottom first.
    package func overlays(in region: GeoBounds) -> [any Overlay] {
        let r = region.worldRect
        return entries.filter { e in
            let b = e.shape.bounds
            guard b.maxY >= r.minY, b.minY <= r.maxY else { return false }
            return e.shape.copies(meetingX: r.minX, r.maxX) != nil
        }.map(\.overlay)
    }

    /// The overlays under a point of the view, topmost first: within half a line's width plus
    /// `slack` points of a line or outline, or inside an area.
    package func overlays(at point: Point, in viewport: Viewport, slack: Double) -> [any Overlay] {
        let world = viewport.worldPoint(at: point)
        var found: [any Overlay] = []
        for i in entries.indices.reversed() {
            let tolerance = (style(at: i).lineWidth / 2 + slack) / viewport.worldSize
            if entries[i].shape.hit(world, strokeTolerance: tolerance, zoom: viewport.zoom) { found.append(entries[i].overlay) }
        }
        return found
    }

    private func shape(of overlay: any Overlay) -> ProjectedShape? {
        index[ObjectIdentifier(overlay)].map { entries[$0].shape }
    }

    /// The box, in the view, of the part of an overlay in view; nil when none is.
    package func screenFrame(of overlay: any Overlay, in viewport: Viewport) -> Rect? {
        guard let shape = shape(of: overlay) else { return nil }
        let points = shape.screenPaths(in: viewport, clip: viewport.bounds).joined().joined()
        guard let first = points.first(where: { _ in true }) else { return nil }
        var minX = first.x, maxX = first.x, minY = first.y, maxY = first.y
        for p in points {
            minX = min(minX, p.x); maxX = max(maxX, p.x)
            minY = min(minY, p.y); maxY = max(maxY, p.y)
        }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// A point of an overlay in view, for a callout opened from the keyboard: a line's middle
    /// position in view, an area's middle when that is inside it, else a point of its outline.
    package func pointInView(of overlay: any Overlay, in viewport: Viewport) -> Coordinate? {
        guard let shape = shape(of: overlay) else { return nil }
        let inner = viewport.bounds.insetBy(dx: 24, dy: 24)
        let paths = shape.screenPaths(in: viewport, clip: inner.width > 0 && inner.height > 0 ? inner : viewport.bounds)
        if shape.isArea, let frame = screenFrame(of: overlay, in: viewport),
           shape.hit(viewport.worldPoint(at: frame.center), strokeTolerance: 0, zoom: viewport.zoom) {
            return viewport.coordinate(at: frame.center)
        }
        guard let run = paths.joined().max(by: { $0.count < $1.count }), !run.isEmpty else { return nil }
        return viewport.coordinate(at: run[run.count / 2])
    }

    /// Draws the keyboard focus on an overlay: its outline in the accent colour, each frame
    /// (over the map's kept image, as the pins' focus ring is).
    package func paintFocus(_ cr: OpaquePointer, on overlay: any Overlay, viewport: Viewport) {
        guard let shape = shape(of: overlay) else { return }
        let width = style(of: overlay).lineWidth
        let paths = shape.screenPaths(in: viewport, clip: viewport.bounds.insetBy(dx: -width - 8, dy: -width - 8))
        let focus = OverlayStyle(strokeColor: RGBA(0x3584E4), lineWidth: max(2, width) + 2, strokeOpacity: 0.9, lineDash: [6, 4],
                                 fillColor: RGBA(0x3584E4), fillOpacity: 0)
        ShapePainter(style: focus, isArea: shape.isArea, highlighted: false, isDark: isDark).paint(cr, paths)
    }

    /// Draws every overlay meeting the view (the selected ones highlighted, above the others).
    package func paint(_ cr: OpaquePointer, viewport: Viewport) {
        guard !entries.isEmpty else { return }
        var selectedEntries: [(Entry, OverlayStyle)] = []
        for (i, e) in entries.enumerated() {
            let style = style(at: i)
            if !selected.isEmpty && selected.contains(ObjectIdentifier(e.overlay)) {
                selectedEntries.append((e, style))
                continue
            }
            draw(cr, e.shape, style, viewport: viewport, highlighted: false)
        }
        for (e, style) in selectedEntries { draw(cr, e.shape, style, viewport: viewport, highlighted: true) }
    }

    private func draw(_ cr: OpaquePointer, _ shape: ProjectedShape, _ style: OverlayStyle, viewport: Viewport, highlighted: Bool) {
        // Past the view by more than the widest stroke, so no clipped edge shows.
        let margin = style.lineWidth + 12
        let clip = Rect(x: -margin, y: -margin, width: viewport.size.width + 2 * margin, height: viewport.size.height + 2 * margin)
        let paths = shape.screenPaths(in: viewport, clip: clip)
        guard !paths.isEmpty else { return }
        ShapePainter(style: style, isArea: shape.isArea, highlighted: highlighted, isDark: isDark).paint(cr, paths)
    }
}
