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
    public private(set) var isDisposed = false
    /// Told of selection, callouts, region changes and clustering; held weakly.
    public weak var delegate: MapViewDelegate? { didSet { overlayLayer.styleChanged() } }  // a new delegate may style shapes anew

    /// Centre, zoom and size: what the map shows now.
    public internal(set) var viewport: Viewport
    /// The basemap's colours (light or dark).
    public var style: BasemapStyle {
        didSet {
            overlayLayer.isDark = style.isDark
            if style != oldValue { queueDraw() }
        }
    }
    /// The scale bar's units; by default those customary in the person's locale (LC_MEASUREMENT:
    /// feet and miles in the United States, metres elsewhere).
    public var scaleUnits: ScaleUnits = UserLocale.scaleUnits() { didSet { if scaleUnits != oldValue { queueDraw() } } }
    /// How the scale bar writes its number; by default the person's (LC_NUMERIC).
    public var numberLocale: Locale = UserLocale.numbers() { didSet { queueDraw() } }
    package let tiles: TileCache
    package let annotationLayer = AnnotationLayer()
    package let overlayLayer = OverlayLayer()
    /// Whether the current press is a finger's (shapes are hit with more slack).
    var pressIsTouch = false
    /// Whether Ctrl was held at the current press: its click adds to the selection or takes out.
    var pressAddsToSelection = false
    /// Whether the current press is the primary button's (or a finger's): only that one clicks.
    var pressIsPrimary = true
    var cycler = ClickCycler<ObjectIdentifier>()
    /// The primary selected annotation's view (kept even off screen while selected); the layer's top view.
    public var selectedView: AnnotationView? { annotationLayer.topView }
    /// The pin being dragged and where the press started relative to its anchor.
    var draggedPin: (view: AnnotationView, grab: Point, original: Coordinate)?
    /// The pins under the current press, found when it began.
    var pressHit: (point: Point, view: AnnotationView?)?
    /// Escape cancelled the pin drag of the current press: further moves do nothing.
    var pinDragCancelled = false
    /// Invisible buttons over the pins on screen: keyboard focus and accessibility.
    lazy var pinProxies = PinProxies(map: self)
    lazy var shapeProxies = ShapeProxies(map: self)
    lazy var placeNameProxies = PlaceNameProxies(map: self)
    lazy var callouts = CalloutPresenter(map: self)
    /// The list of places a click cannot tell apart (stacked pins, a cluster that cannot split).
    lazy var chooser: PinChooser = {
        let chooser = PinChooser()
        chooser.onChoose = { [weak self] annotation in
            guard let self else { return }
            self.selectAnnotation(annotation, animated: true, addingToSelection: self.chooserAdds)
        }
        chooser.onHide = { [weak self] in
            guard let self, !self.isDisposed else { return }
            self.delegate?.mapViewDidHideChooser(self)
        }
        return chooser
    }()
    /// Whether the chooser's pick is added to the selection (it opened on a Ctrl+click).
    var chooserAdds = false
    /// The context menu (right-click, long press, Shift+F10 or Menu).
    lazy var contextMenu: MapContextMenu = {
        let menu = MapContextMenu()
        menu.onZoomIn = { [weak self] p in self?.zoom(by: ZoomSteps.key, keeping: p) }
        menu.onCenter = { [weak self] p in
            guard let self else { return }
            self.animatePan(by: Point(x: self.viewport.size.width / 2 - p.x, y: self.viewport.size.height / 2 - p.y))
        }
        menu.onCopy = { [weak self] text in
            guard let self else { return }
            self.delegate?.mapView(self, didCopy: text)
        }
        return menu
    }()
    /// The current press opened the context menu (a long press): its release is no click.
    var pressOpenedMenu = false
    /// Bumped by each tap on the empty map and by a second click: a tap is told only if no
    /// double-click came after it.
    var tapsAnswered = 0
    /// The tooltip of the pin or shape with keyboard focus.
    lazy var focusTooltip = FocusTooltip()
    /// The item whose tooltip was last reported to the delegate (nil once none shows).
    var tooltipShown: ObjectIdentifier?
    /// How a selected pin shows its information, unless its view says otherwise
    /// (`AnnotationView.calloutMode`); switching shows the callouts of the selected views that
    /// follow the map the new way (those with an approach of their own stay as they are).
    public var calloutMode = CalloutMode.standard {
        didSet {
            guard calloutMode != oldValue else { return }
            callouts.dismissAll(where: { $0.calloutMode == nil }, animated: false)
            // Popovers are one at a time: the primary's. Shown again, never pulling the map.
            for view in annotationLayer.selectedViews where view.calloutMode == nil && (calloutMode != .popover || view === selectedView) {
                callouts.present(for: view, pansToShow: false)
            }
        }
    }

    /// How a view's callout is shown: its own `calloutMode`, else the map's.
    public func calloutMode(for view: AnnotationView) -> CalloutMode { view.calloutMode ?? calloutMode }
    /// Popover mode: keep the pin selected while its popover is open (true), or deselect it as soon as it shows.
    public var popoverKeepsSelection = true
    /// Standard mode: when set, the callout first shows this for about a second (a temporary
    /// title, e.g. "Loading…", while the app fetches more), then the title, subtitle and accessories.
    public var temporaryCalloutTitle: String?
    /// Tile sources over the offline basemap, bottom first (an opaque base, then overlays).
    /// Switching them keeps the pins, the selection and its callout.
    public var tileLayers: [RasterTileLayer] = [] {
        didSet {
            for layer in tileLayers { layer.onChange = { [weak self] in self?.queueDraw() } }
            queueDraw()
        }
    }
    /// Whether the map names the world's countries, cities and towns (`worldPlaces`) — over the
    /// offline map, and over tile sources that have no names of their own (`TileSource.hasLabels`).
    /// On by default.
    public var showsPlaceNames = true {
        didSet { if showsPlaceNames != oldValue { queueDraw(); scheduleSummary() } }
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
    /// The pending update of the accessible summary of what is in view (a GLib source; 0: none).
    var summaryTimer: UInt32 = 0
    /// The names drawn, once read (`worldPlaces`).
    package var placeLabelLayer: PlaceLabelLayer?
    /// Whether the app chose the names itself: the bundled ones, read in the background, then stay unused.
    package var worldPlacesChosen = false
    /// Whether zoom in and out buttons float in the map's top-right corner (as on macOS's MapKit);
    /// callouts keep clear of them. Off by default.
    public var showsZoomControls = false {
        didSet {
            guard showsZoomControls != oldValue, let widget else { return }
            zoomControls.setShown(showsZoomControls, in: widget)
            zoomControls.update(zoom: viewport.zoom)
            queueAllocate()
        }
    }
    /// What lies over the map's edges — a toast, a bar, a panel of the app's (MapKit's
    /// `layoutMargins`): the scale bar, the attribution and the zoom buttons move inside it,
    /// and callouts keep out of it.
    public var layoutMargins = EdgeInsets.zero {
        didSet {
            guard layoutMargins != oldValue else { return }
            queueDraw()
            queueAllocate()
        }
    }
    lazy var zoomControls: ZoomControls = {
        let controls = ZoomControls()
        controls.onZoom = { [weak self] step in self?.zoom(by: step * ZoomSteps.key) }
        return controls
    }()
    /// The pin with keyboard focus shows a ring.
    var focusRingView: AnnotationView? { pinProxies.hasFocus ? pinProxies.current : nil }
    /// Whether the first frame has been drawn (the delegate hears of it too).
    public private(set) var hasDrawnFirstFrame = false
    private var sizeChangeReported = false
    /// A region change has begun and not yet settled (the delegate heard "will change").
    var regionIsChanging = false
    /// Rasterising new tiles may take this long in one frame (ms); the rest wait a frame.
    package static let tileBudgetPerFrame = 8.0

    /// Annotations to select once the map has a size (`selectAnnotation` before it had one).
    var pendingSelection: [any Annotation] = []
    /// The camera's motion: drag, glide, pinch, pan and zoom animations, and the region to fit
    /// once the map has a size (`setRegion`/`showAnnotations` before it had one).
    var motion = CameraMotion()
    var tickID: UInt32 = 0
    var pointer: Point?

    /// A map of `basemap` centred on a coordinate at a zoom level (0 the whole world, 19 a street).
    /// The first map made also lets Swift concurrency run under GTK's main loop
    /// (`Task { @MainActor in … }` would otherwise never run while GTK owns the thread).
    public init(basemap: Basemap, center: Coordinate, zoom: Double, style: BasemapStyle = .light) {
        MainLoop.bridgeSwiftConcurrency()
        viewport = Viewport(center: center, zoom: zoom, size: .zero)
        self.style = style
        overlayLayer.isDark = style.isDark  // didSet does not run in init
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
        if let settings = gtk_settings_get_default() {
            // GtkSettings lives for the whole process: this handler is disconnected in dispose().
            fontNotification = Signal.connect(settings, "notify::gtk-font-name") { [weak self] (_: UnsafeMutableRawPointer?) in
                guard let self else { return }
                self.fontName = self.readFontName()
                if InterfaceFont.update(self.fontName) { self.annotationLayer.setNeedsDisplayAll() }
                self.queueDraw()
            }
        }
        readBundledPlaceNames()
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

    package func snapshot(_ snapshot: OpaquePointer) {
        var scene = MapScene(viewport: viewport, style: style, scale: scaleFactor, tiles: tiles, fontName: fontName)
        scene.layoutMargins = layoutMargins
        scene.tileBudget = hasDrawnFirstFrame ? Self.tileBudgetPerFrame : nil  // the first frame is whole
        scene.rendersTilesAhead = !hasDrawnFirstFrame
        scene.annotationLayer = annotationLayer
        scene.overlayLayer = overlayLayer
        scene.tileLayers = tileLayers
        scene.placeLabels = shownPlaceLabels
        scene.scaleUnits = scaleUnits
        scene.numberLocale = numberLocale
        scene.focusRing = focusRingView
        scene.focusedOverlay = shapeProxies.focused
        if let pin = draggedPin?.view, pin.dragState != .none { scene.floatingPin = pin }
        scene.zoomIsMoving = motion.isZooming
        let complete = scene.append(to: snapshot)
        callouts.snapshot(snapshot)
        if let controls = zoomControls.box { gtk_widget_snapshot_child(widget, controls, snapshot) }
        if !complete {
            // Some tiles were stood in for: render more of them next frame.
            Timer.after(milliseconds: 0) { [weak self] in self?.queueDraw() }
        }
        if !hasDrawnFirstFrame {
            hasDrawnFirstFrame = true
            // Report once the frame has been handed to the compositor.
            Timer.after(milliseconds: 0) { [weak self] in
                guard let self, !self.isDisposed else { return }
                self.pinProxies.scheduleSync()
                self.shapeProxies.scheduleSync()
                self.placeNameProxies.scheduleSync()
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
            pinProxies.scheduleSync()
            shapeProxies.scheduleSync()
            placeNameProxies.scheduleSync()
            if !hadArea, size.width > 0, size.height > 0 {
                // The first real size: the region asked for meanwhile, then the delegate hears the
                // region (moves before had none to report), then the selections asked for.
                if motion.pendingFit != nil { fitPendingRegion() } else { regionChanged(settled: true, animated: false) }
                selectPending()
            }
            if hasDrawnFirstFrame { reportSizeChange() }
        }
        pinProxies.allocate()
        shapeProxies.allocate()
        placeNameProxies.allocate()
        zoomControls.allocate(mapWidth: size.width, margins: layoutMargins)
        callouts.allocate()
    }

    /// Tells the delegate of a new size once layout is over (from inside it, the map's place in
    /// its window may not be final); several changes in one layout are told once, as the last.
    private func reportSizeChange() {
        guard !sizeChangeReported else { return }
        sizeChangeReported = true
        Timer.after(milliseconds: 0) { [weak self] in
            guard let self, !self.isDisposed else { return }
            self.sizeChangeReported = false
            self.delegate?.mapView(self, didChangeSize: self.viewport.size)
        }
    }

    package func dispose() {
        if fontNotification != 0, let settings = gtk_settings_get_default() {
            Signal.disconnect(settings, fontNotification)
            fontNotification = 0
        }
        pinProxies.removeAll()
        shapeProxies.removeAll()
        placeNameProxies.removeAll()
        callouts.removeAll()
        chooser.onHide = nil
        chooser.close()
        contextMenu.close()
        focusTooltip.remove()
        searchStore.removeAll()  // index builds under way stop
        if summaryTimer != 0 { g_source_remove(summaryTimer); summaryTimer = 0 }
        isDisposed = true
        widget = nil
    }

    func queueDraw() {
        if let widget { gtk_widget_queue_draw(widget) }
    }

    func queueAllocate() {
        if let widget { gtk_widget_queue_allocate(widget) }
    }

    /// The desktop's interface font (Cantarell on GNOME), for the overlays: read at start and on change.
    lazy var fontName: String = {
        let name = readFontName()
        InterfaceFont.update(name)
        return name
    }()
    private var fontNotification: UInt = 0

    private func readFontName() -> String {
        guard let settings = gtk_settings_get_default() else { return MapScene.defaultFont }
        let value = cm_get_string_property(settings.rawObject, "gtk-font-name")
        defer { g_free(value) }
        guard let value, let name = String(validatingCString: value), !name.isEmpty else { return MapScene.defaultFont }
        return name
    }

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
