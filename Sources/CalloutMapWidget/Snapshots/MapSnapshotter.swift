import CCalloutMapGtk
import CalloutMapCore
import CalloutMapGtk

/// A picture of a map made without a window or a display (MapKit's `MKMapSnapshotter`): the
/// offline map, tile layers, shapes, your pins (clustered as on a map), the world's place names
/// and one selected place with its callout, drawn as a `MapView` draws them, written as a PNG.
/// Set it up as a map (register view classes, give it `viewProvider`, add annotations and
/// overlays, select one), then `writePNG(to:)` waits for what the picture needs and draws it.
/// The callout holds what the view's callout holds (title, subtitle or detail, accessories, a
/// custom callout's items) at the size and place a window gives it, but without a display there
/// are no widgets: it is drawn plainly — text and pictures as they are, buttons as outlines with
/// their words, icon buttons as a ring with an "i", a widget of your own as such a ring.
@MainActor
public final class MapSnapshotter {
    /// What was left out of a picture because it did not come in time.
    public struct Outcome: Sendable {
        /// Tiles of the tile layers that had not arrived within `tileTimeout` (the offline map shows there).
        public var lateTiles: Int
        /// Whether clustering took longer than `clusterTimeout` (the pins are then left out).
        public var clustersLeftOut: Bool
        /// The selected pin's (or shape's) callout in the picture's coordinates, as
        /// `MapView.calloutFrame(for:)` gives it in a window (nil with no selection, or for a popover).
        public var calloutFrame: Rect?
        /// Where the picture is centred after the pan that shows the callout.
        public var center: Coordinate
    }

    /// Where the picture is centred (before a selection pans it to show its callout).
    public var center: Coordinate
    /// The picture's zoom.
    public var zoom: Double
    /// The picture's size in logical pixels.
    public var size: Size
    /// Device pixels per logical pixel (2 for a HiDPI picture).
    public var scale: Int
    /// Drawn in the dark style.
    public var isDark: Bool
    /// Raster tiles over the offline map, bottom first.
    public var tileLayers: [RasterTileLayer] = []
    /// The longest the picture waits for the tiles in view, in seconds.
    public var tileTimeout = 30.0
    /// The longest the picture waits for clusters to be built, in seconds (a million points take seconds).
    public var clusterTimeout = 120.0
    /// The world's place names to draw (nil: none), as on a map: not over tiles that name places themselves.
    public var worldPlaces: WorldPlaces?
    /// Asked for a view when an annotation comes into the picture; nil gives the default marker.
    public var viewProvider: ((any Annotation) -> AnnotationView?)? {
        didSet { layer.viewProvider = viewProvider }
    }
    /// Which clustering identifier an annotation has, without a view (see `MapView.clusteringIdentifier`).
    public var clusteringIdentifier: ((any Annotation) -> String?)? {
        didSet { layer.clusters.clusteringIdentifier = clusteringIdentifier }
    }

    private let basemap: Basemap
    /// The offline map's tiles drawn for the pictures so far: a snapshotter kept for several
    /// pictures of a place draws each tile once (its tile layers keep theirs too).
    private lazy var tiles = TileCache(renderer: TileRenderer(basemap: basemap))
    private let layer = AnnotationLayer()
    private let shapes = OverlayLayer()
    private enum Selection { case annotation(any Annotation, CalloutMode), overlay(any Overlay, CalloutMode) }
    private var selection: Selection?

    /// A snapshotter of `basemap` (`Basemap.bundled()` is the one shipped with the package).
    public init(basemap: Basemap, center: Coordinate, zoom: Double, size: Size, scale: Int = 1, isDark: Bool = false) {
        self.basemap = basemap
        self.center = center
        self.zoom = zoom
        self.size = size
        self.scale = max(1, scale)
        self.isDark = isDark
    }

    /// The annotations in the picture.
    public var annotations: [any Annotation] { layer.annotations.annotations }
    /// The shapes in the picture.
    public var overlays: [any Overlay] { shapes.overlays }

    /// Adds annotations.
    public func addAnnotations(_ new: [any Annotation]) { layer.add(new) }
    /// Adds shapes.
    public func addOverlays(_ new: [any Overlay]) { shapes.add(new) }

    /// Registers the class `dequeueReusableAnnotationView(withIdentifier:for:)` makes for an identifier.
    public func register(_ viewClass: AnnotationView.Type, forAnnotationViewWithReuseIdentifier identifier: String) {
        layer.register(viewClass, forReuseIdentifier: identifier)
    }

    /// A view of the class registered for `identifier`, for `annotation` (from `viewProvider`).
    public func dequeueReusableAnnotationView(withIdentifier identifier: String, for annotation: any Annotation) -> AnnotationView {
        layer.dequeueView(withIdentifier: identifier, for: annotation)
    }

    /// Options for the clusters of one identifier (nil: the defaults).
    public func setClusterOptions(_ options: ClusterOptions?, forClusteringIdentifier identifier: String) {
        layer.clusters.identifierOptions[identifier] = options
    }

    /// Draws `annotation` selected, with its callout the `mode` way; the picture pans as a map
    /// would to show the callout. One selection a picture: the last asked for.
    public func selectAnnotation(_ annotation: any Annotation, calloutMode mode: CalloutMode) {
        selection = .annotation(annotation, mode)
    }

    /// Draws a shape selected, with its callout at its middle the `mode` way.
    public func selectOverlay(_ overlay: any Overlay, calloutMode mode: CalloutMode) {
        selection = .overlay(overlay, mode)
    }

    /// Waits for the clusters and the tiles in view (each up to its timeout), then draws the
    /// picture and writes it to `path` as a PNG. Throws when the renderer cannot start or the
    /// file cannot be written.
    @discardableResult
    public func writePNG(to path: String) throws -> Outcome {
        let renderer = try OffscreenRenderer()
        let style: BasemapStyle = isDark ? .dark : .light
        var viewport = Viewport(center: center, zoom: zoom, size: size)
        var scene = MapScene(viewport: viewport, style: style, scale: scale, tiles: tiles)
        shapes.isDark = isDark
        tileLayers.forEach { $0.isDark = isDark }
        scene.annotationLayer = layer
        scene.overlayLayer = shapes
        let clustered = layer.clusters.waitUntilBuilt(timeout: clusterTimeout)
        // The credits (tile sources', names') are known before the selection: its callout keeps clear of them.
        scene.tileLayers = tileLayers
        if let worldPlaces, !tileLayers.contains(where: { $0.source.hasLabels && $0.opacity >= 0.5 }) {
            scene.placeLabels = PlaceLabelLayer(places: worldPlaces)
        }
        var calloutFrame: Rect?
        switch selection {
        case .annotation(let annotation, let mode):
            calloutFrame = select(annotation, mode: mode, viewport: &viewport, scene: &scene)
        case .overlay(let shape, let mode):
            let anchor = OverlayAnchor(overlay: shape, coordinate: MapView.middle(of: shape))
            let ring = OverlayAnchorView(annotation: anchor, reuseIdentifier: nil)
            ring.color = shapes.style(of: shape).strokeColor
            layer.attach(anchor, view: ring)
            shapes.selected = [ObjectIdentifier(shape)]
            calloutFrame = select(anchor, mode: mode, viewport: &viewport, scene: &scene)
        case nil:
            break
        }
        scene.viewport = viewport
        // Every tile in view has landed or failed, or time is up.
        var late = 0
        for tiles in tileLayers { late += tiles.loadAll(covering: viewport, scale: scale, timeout: tileTimeout) }
        try renderer.writePNG(of: scene, to: path)
        return Outcome(lateTiles: late, clustersLeftOut: !clustered, calloutFrame: calloutFrame, center: viewport.centerCoordinate)
    }

    /// Selects a pin and places its callout: over the pin (the annotation approach, as an
    /// annotation of its own) or as a sketch of the bubble, popover or custom callout, placed as
    /// the window places it (`CalloutArranger`, clear of `CalloutObstacles`, the map panned by
    /// what is still cut off). Returns the callout's frame as the window reports it.
    private func select(_ annotation: any Annotation, mode: CalloutMode, viewport: inout Viewport, scene: inout MapScene) -> Rect? {
        let bounds = viewport.bounds
        if !bounds.contains(viewport.screenPoint(for: annotation.coordinate)) { viewport.centerCoordinate = annotation.coordinate }
        layer.keep(annotation)
        layer.layout(viewport)
        guard let view = layer.view(for: annotation) else { return nil }
        view.isSelected = true
        layer.restack(view)
        if mode == .annotation {
            let callout = AnnotationCalloutPresentation.attachCallout(to: view, pin: annotation, in: layer)
            layer.layout(viewport)
            // It always sits above its pin; as a map does, pan just enough to show it.
            viewport.pan(by: CalloutPlacer().panToShow(callout.frame, in: bounds))
            layer.layout(viewport)
            return callout.frame
        }
        let members = layer.clusters.calloutMembers(of: annotation)
        let sketch = CalloutSketch(mode: mode, view: view, style: scene.style, members: members.names, more: members.more)
        func arrange(keeping previous: CalloutSpot?) -> CalloutPlacement {
            scene.viewport = viewport
            let obstacles = CalloutObstacles.rects(plates: scene.plates, zoomButtons: nil, margins: scene.layoutMargins,
                                                   size: viewport.size, selectedPins: [])
            let request = CalloutRequest(size: sketch.bodySize, pin: view.frame, anchor: view.calloutAnchor, previous: previous)
            return CalloutArranger().arrange([request], avoiding: obstacles, in: viewport.bounds)[0]
        }
        var placement = arrange(keeping: nil)
        if !placement.fits {  // as a map does: pan by the remainder, the callout keeping its side
            viewport.pan(by: placement.pan)
            layer.layout(viewport)
            placement = arrange(keeping: placement.spot)
        }
        scene.callouts = [(sketch, placement)]
        guard mode != .popover else { return nil }
        let f = CalloutBubble.frame(for: placement)
        return Rect(x: f.minX.rounded(), y: f.minY.rounded(), width: f.width.rounded(), height: f.height.rounded())
    }
}
