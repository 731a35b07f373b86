import CCalloutMapGtk
import CalloutMapCore
import Foundation
import CalloutMapGtk

/// The map widget, in the shape of MapKit's `MKMapView`: draws the offline
/// basemap (and any tile layers over it), shows annotations through their
/// views, selects them and shows their callouts in one of four approaches
/// (`calloutMode`), and handles pan, zoom, fling, pinch and keys. Put
/// `gtkWidget` in any GTK container; the widget keeps this object alive for as
/// long as it exists.
@MainActor
public final class MapView: WidgetImplementation {
    /// The GtkWidget; valid until it is disposed (`isDisposed`).
    package private(set) var widget: UnsafeMutablePointer<GtkWidget>!
    /// The map's `GtkWidget`, to add to a window or container (an escape hatch into GTK);
    /// nil once GTK has disposed it.
    public var gtkWidget: UnsafeMutablePointer<GtkWidget>? { widget }
    /// Whether GTK has disposed the widget (its window closed); the map then shows nothing more.
    public var isDisposed: Bool { widget == nil }
    /// Told of selection, callouts, region changes and clustering; held weakly.
    public weak var delegate: MapViewDelegate? { didSet { overlayLayer.styleChanged() } }  // a new delegate may style shapes anew

    /// Centre, zoom and size: what the map shows now.
    public internal(set) var viewport: Viewport
    /// The basemap's colours, the scale bar, names, zoom buttons and margins (`MapView+Appearance`).
    var appearance: MapAppearance
    package let tiles: TileCache
    /// The annotations, shapes and tile layers, and the one signal that they changed (`contentChanged`).
    let content = MapContent()
    package var annotationLayer: AnnotationLayer { content.annotations }
    package var overlayLayer: OverlayLayer { content.overlays }
    /// What is selected, in the order selected, and what waits to be (the rules are `MapSelection`'s).
    var selection = MapSelection()
    /// The primary selected annotation's view (kept even off screen while selected); the layer's top view.
    public var selectedView: AnnotationView? { annotationLayer.topView }
    /// Invisible buttons over the pins on screen: keyboard focus and accessibility.
    lazy var proxies = makeProxies()
    lazy var callouts = OpenCallouts(map: self)
    /// The chooser, the context menu and the zoom buttons (`MapControls`).
    lazy var controls = makeControls()
    /// The tooltip of the pin or shape with keyboard focus, and which tooltip the delegate last heard of.
    lazy var tooltips = MapTooltips()
    /// How a selected pin shows its information, unless its view says otherwise
    /// (`AnnotationView.calloutMode`); switching shows the callouts of the selected views that
    /// follow the map the new way (those with an approach of their own stay as they are).
    public var calloutMode: CalloutMode {
        get { callouts.mode }
        set {
            guard newValue != callouts.mode else { return }
            callouts.mode = newValue
            callouts.dismissAll(where: { $0.calloutMode == nil }, animated: false)
            // Popovers are one at a time: the primary's. Shown again, never pulling the map.
            for view in annotationLayer.selectedViews where view.calloutMode == nil && (newValue != .popover || view === selectedView) {
                callouts.present(for: view, pansToShow: false)
            }
        }
    }

    /// How a view's callout is shown: its own `calloutMode`, else the map's.
    public func calloutMode(for view: AnnotationView) -> CalloutMode { callouts.mode(for: view) }
    /// Popover mode: keep the pin selected while its popover is open (true, the default), or
    /// deselect it as soon as it shows.
    public var popoverKeepsSelection: Bool {
        get { callouts.popoverKeepsSelection }
        set { callouts.popoverKeepsSelection = newValue }
    }
    /// Standard mode: when set, the callout first shows this for about a second (a temporary
    /// title, e.g. "Loading…", while the app fetches more), then the title, subtitle and accessories.
    public var temporaryCalloutTitle: String? {
        get { callouts.temporaryTitle }
        set { callouts.temporaryTitle = newValue }
    }
    /// Tile sources over the offline basemap, bottom first (an opaque base, then overlays).
    /// Switching them keeps the pins, the selection and its callout.
    public var tileLayers: [RasterTileLayer] {
        get { content.tileLayers }
        set {
            newValue.forEach { $0.isDark = style.isDark }
            content.tileLayers = newValue
        }
    }
    /// The map's annotations and shapes, indexed for `search(_:limit:)`.
    lazy var searchStore = SearchStore(isOnMap: { [unowned self] item in
        switch item {
        case .annotation(let a): self.annotationLayer.annotations.contains(a)
        case .overlay(let o): self.overlayLayer.contains(o)
        }
    }, everything: { [unowned self] in
        self.annotations.map { .annotation($0) } + self.overlays.map { .overlay($0) }
    })
    /// The world's names drawn, once read, and whether the app chose its own.
    var placeNames = MapPlaceNames()
    /// The pin with keyboard focus shows a ring.
    var focusRingView: AnnotationView? { pinProxies.hasFocus ? pinProxies.current : nil }
    /// What the delegate has been told of the map's life: the first frame, a change of size or
    /// region under way, the summary of what is in view.
    var reports = MapReports()
    /// Whether the first frame has been drawn (the delegate hears of it too).
    public var hasDrawnFirstFrame: Bool { reports.hasDrawnFirstFrame }
    /// Rasterising new tiles may take this long in one frame (ms); the rest wait a frame.
    package static let tileBudgetPerFrame = 8.0

    /// The camera's motion: drag, glide, pinch, pan and zoom animations, and the region to fit
    /// once the map has a size (`setRegion`/`showAnnotations` before it had one).
    var motion = CameraMotion()
    var tickID: UInt32 = 0
    /// The pointer, the press under way and the taps waiting to be told.
    var input = PointerInput()

    /// A map of `basemap` centred on a coordinate at a zoom level (0 the whole world, 19 a street).
    /// The first map made also lets Swift concurrency run under GTK's main loop
    /// (`Task { @MainActor in … }` would otherwise never run while GTK owns the thread).
    public init(basemap: Basemap, center: Coordinate, zoom: Double, style: BasemapStyle = .light) {
        MainLoop.bridgeSwiftConcurrency()
        viewport = Viewport(center: center, zoom: zoom, size: .zero)
        appearance = MapAppearance(style: style)
        content.overlays.isDark = style.isDark  // didSet does not run in init
        tiles = TileCache(renderer: TileRenderer(basemap: basemap))
        widget = CustomWidget.make(typeName: "CalloutMapView", cssName: "map", implementation: self)
        gtk_widget_set_focusable(widget, 1)
        gtk_widget_set_hexpand(widget, 1)
        gtk_widget_set_vexpand(widget, 1)
        gtk_widget_set_overflow(widget, GTK_OVERFLOW_HIDDEN)
        gtk_widget_set_size_request(widget, 160, 120)
        cm_accessible_set_label(widget, tr("Map"))
        MapStyleSheet.install()
        installControllers()
        contextMenu.install(on: widget)
        installTooltips()
        _ = desktopFont  // followed from now on
        readBundledPlaceNames()
        content.onChange = { [weak self] change in self?.contentChanged(change) }
        tiles.onArrival = { [weak self] in
            guard let self, !self.isDisposed else { return }
            self.queueDraw()  // tiles drawn on other cores: the frame takes them
        }
        annotationLayer.viewProvider = { [unowned self] annotation in
            self.delegate?.mapView(self, viewFor: annotation)
        }
        overlayLayer.styleProvider = { [unowned self] overlay in self.delegate?.mapView(self, styleFor: overlay) }
        annotationLayer.clusters.onBuildingChanged = { [weak self] building in
            guard let self, !self.isDisposed else { return }
            self.queueDraw()
            if !building { self.pinProxies.scheduleSync(); self.scheduleSummary() }
            self.delegate?.mapView(self, clusteringInProgress: building)
        }
        annotationLayer.clusters.onViewIdentifiersChanged = { [weak self] in
            Timer.after(milliseconds: 0) { self?.queueDraw() }  // noticed mid-layout: the next frame clusters
        }
        annotationLayer.clusters.onProgress = { [weak self] done in
            guard let self, !self.isDisposed else { return }
            self.delegate?.mapView(self, clusteringProgress: done)
        }
    }

    /// A map of the basemap shipped with the package (`Basemap.bundled()`); throws a
    /// `BasemapError` naming what is missing when it cannot be found or read.
    public convenience init(center: Coordinate, zoom: Double, style: BasemapStyle = .light) throws {
        self.init(basemap: try Basemap.bundled(), center: center, zoom: zoom, style: style)
    }


    // MARK: Drawing

    /// The credits in the map's corner: the tile sources' (top first), the basemap's and, while
    /// place names show, GeoNames'.
    public var attributionText: String { MapScene.attribution(of: tileLayers, names: shownPlaceLabels != nil) }

    /// Device pixels per logical pixel (2 on a HiDPI screen).
    public var scaleFactor: Int { widget == nil ? 1 : Int(gtk_widget_get_scale_factor(widget)) }

    /// The frame as it is now: what is drawn, and where its plates are (the callouts keep clear of them).
    func scene() -> MapScene {
        var scene = MapScene(viewport: viewport, style: style, scale: scaleFactor, tiles: tiles, fontName: fontName)
        scene.layoutMargins = layoutMargins
        scene.tileBudget = hasDrawnFirstFrame ? Self.tileBudgetPerFrame : nil  // the first frame is whole
        scene.rendersTilesAhead = !hasDrawnFirstFrame
        scene.annotationLayer = annotationLayer
        scene.overlayLayer = overlayLayer
        scene.tileLayers = tileLayers
        scene.placeLabels = shownPlaceLabels
        scene.calloutBodies = (callouts.bodies, callouts.bodiesRevision)
        scene.scaleUnits = scaleUnits
        scene.numberLocale = numberLocale
        scene.focusRing = focusRingView
        scene.focusedOverlay = shapeProxies.focused
        if let pin = input.draggedPin?.view, pin.dragState != .none { scene.floatingPin = pin }
        scene.zoomIsMoving = motion.isZooming
        return scene
    }

    package func snapshot(_ snapshot: OpaquePointer) {
        let complete = scene().append(to: snapshot)
        callouts.snapshot(snapshot)
        if let controls = zoomControls.box { gtk_widget_snapshot_child(widget, controls, snapshot) }
        if !complete {
            // Names placed for a passing zoom: place them afresh next frame.
            Timer.after(milliseconds: 0) { [weak self] in self?.queueDraw() }
        }
        if !hasDrawnFirstFrame {
            reports.hasDrawnFirstFrame = true
            // Report once the frame has been handed to the compositor.
            Timer.after(milliseconds: 0) { [weak self] in
                guard let self, !self.isDisposed else { return }
                self.proxies.scheduleSync()
                self.delegate?.mapViewDidFinishRenderingFirstFrame(self)
            }
        }
    }

    /// The size a map asks for when there is room: enough to find one's way (480 × 320 points).
    /// Containers that fold a side panel away when the map would get less (libadwaita's flap
    /// with its natural threshold) read this; the least the map takes stays 160 × 120.
    package func measure(horizontal: Bool, forSize: Int) -> (minimum: Int, natural: Int) {
        horizontal ? (160, 480) : (120, 320)
    }

    package func sizeAllocate(width: Int, height: Int) {
        let size = Size(width: Double(width), height: Double(height))
        if size != viewport.size {
            let center = viewport.centerCoordinate
            let hadArea = viewport.size.width > 0 && viewport.size.height > 0
            viewport.size = size
            viewport.centerCoordinate = center
            proxies.scheduleSync()
            if !hadArea, size.width > 0, size.height > 0 {
                // The first real size: the region asked for meanwhile, then the delegate hears the
                // region (moves before had none to report), then the selections asked for.
                if motion.pendingFit != nil { fitPendingRegion() } else { regionChanged(settled: true, animated: false) }
                selectPending()
            }
            if hasDrawnFirstFrame { reportSizeChange() }
        }
        proxies.allocate()
        zoomControls.allocate(mapWidth: size.width, margins: layoutMargins)
        callouts.allocate()
    }

    /// Tells the delegate of a new size once layout is over (from inside it, the map's place in
    /// its window may not be final); several changes in one layout are told once, as the last.
    private func reportSizeChange() {
        guard !reports.sizeChangeQueued else { return }
        reports.sizeChangeQueued = true
        Timer.after(milliseconds: 0) { [weak self] in
            guard let self, !self.isDisposed else { return }
            self.reports.sizeChangeQueued = false
            self.delegate?.mapView(self, didChangeSize: self.viewport.size)
        }
    }

    package func dispose() {
        desktopFont.stopWatching()
        proxies.removeAll()
        callouts.removeAll()
        if let widget { zoomControls.setShown(false, in: widget) }  // a finalized map keeps no children
        chooser.onHide = nil
        chooser.close()
        contextMenu.close()
        tooltips.focus.remove()
        searchStore.removeAll()  // index builds under way stop
        reports.cancelSummary()
        widget = nil  // disposed
    }

    func queueDraw() {
        if let widget { gtk_widget_queue_draw(widget) }
    }

    func queueAllocate() {
        if let widget { gtk_widget_queue_allocate(widget) }
    }

    /// The desktop's interface font, followed as it changes.
    lazy var desktopFont = DesktopFont { [weak self] pinsChanged in
        guard let self else { return }
        if pinsChanged { self.annotationLayer.setNeedsDisplayAll() }
        self.queueDraw()
    }
    /// The desktop's interface font's name (Cantarell on GNOME), for the overlays.
    var fontName: String { desktopFont.name }

    var animationsEnabled: Bool {
        guard let settings = gtk_settings_get_default() else { return true }
        return cm_get_bool_property(settings.rawObject, "gtk-enable-animations") != 0
    }

    func frameTime() -> Double {
        if let widget, let clock = gtk_widget_get_frame_clock(widget) {
            return Double(gdk_frame_clock_get_frame_time(clock)) / 1_000_000
        }
        return Double(g_get_monotonic_time()) / 1_000_000
    }
}
