import CCalloutMapAdw
import CCalloutMapGtk
import CalloutMapCore
import CalloutMapGtk
import CalloutMapWidget
import Foundation

/// Annotations read on a worker thread, handed whole to the main thread (which alone uses them after).
private struct LoadedFiles: @unchecked Sendable {
    var results: [GeoJSONLoader.Result]
}

/// A GeoJSON file on the map: its annotations once read, and how to stop its load.
@MainActor
private final class OpenFile {
    let id: Int
    let url: URL
    let cancellation = Cancellation()
    var annotations: [PointAnnotation] = []
    var overlays: [ShapeOverlay] = []
    var isLoading = true
    /// Once read, the view moves to show its places.
    var fitsView = false

    init(id: Int, url: URL) {
        self.id = id
        self.url = url
    }
}

/// The application window (AdwApplicationWindow): a header bar — open, zoom, map source, the
/// approach, the side panel and the primary menu — over the map and the side panel, with toasts
/// for what happened. Every command is an action (`win.*`), reached from buttons, menus and keys.
@MainActor
final class MainWindow: MapViewDelegate {
    let window: UnsafeMutablePointer<GtkWidget>
    let map: MapView
    let events: EventLog
    private let colorScheme: ColorScheme
    private let toasts: Toasts
    private let panel: EventPanel
    private var opening: FileOpening!
    private var tileSwitcher: TileSourceSwitcher!
    private let fileList = FileList()
    private var openFiles: [Int: OpenFile] = [:]
    private var nextFileID = 0
    private var isClosed = false
    /// Which properties title the pins of opened files (`--title-property`, `--subtitle-property`).
    private let geoJSON: GeoJSONLoader.Options
    /// Whether places from files show their data in their callouts (the side panel's switch).
    private var showsData = true
    /// The last percentage the header bar showed for the cluster build in progress.
    private var clusteringPercent = 0
    /// The callout shown but not yet reported (it is, 50 ms on), and the one reported shown.
    /// Callouts shown but not yet reported (they report once laid out), and those reported.
    private var calloutsPending: Set<ObjectIdentifier> = []
    private var calloutsReported: Set<ObjectIdentifier> = []
    /// A popover callout is open: Escape is its own to close it.
    private var popoverOpen = false
    /// The window was destroyed (the application lets go of this object).
    var onClose: (() -> Void)?
    private let activity = ActivityIndicator()
    private var loadsInFlight = 0
    private var initialSelection: [String] = []
    private var zoomInAction: OpaquePointer!
    private var zoomOutAction: OpaquePointer!
    private var deselectAction: OpaquePointer!
    private var showPanelAction: OpaquePointer!
    private var shortcutsWindow: ObjectRef?
    private let settings: AppSettings

    /// Windows at least this wide (pixels) show every header-bar control.
    static let wideWindow: Int32 = 880

    /// Options given on the command line win over what `settings` remember.
    init(application: UnsafeMutablePointer<GtkApplication>, options: Options, settings: AppSettings, basemap: Basemap) {
        self.settings = settings
        events = EventLog(enabled: options.logEvents)
        geoJSON = options.geoJSON
        colorScheme = ColorScheme(forced: options.theme)
        map = MapView(basemap: basemap, center: options.centerGiven ? options.center : settings.center,
                      zoom: options.zoomGiven ? options.zoom : settings.zoom,
                      style: colorScheme.prefersDark ? .dark : .light)
        window = adw_application_window_new(application)
        toasts = Toasts(window: window)
        gtk_window_set_title(cm_window(window), "CalloutMap")
        let size = options.sizeGiven ? options.size : settings.windowSize
        gtk_window_set_default_size(cm_window(window), Int32(size.width), Int32(size.height))
        if !options.sizeGiven && settings.isMaximized { gtk_window_maximize(cm_window(window)) }
        panel = EventPanel(temporaryTitle: options.temporaryTitle, popoverKeepsSelection: options.popoverKeepsSelection, showsData: true,
                           files: fileList.widget)
        // A small window asked for on the command line leaves the room to the map.
        let panelShown = options.sizeGiven ? options.size.width >= 900 : settings.showsPanel
        let mode = options.modeGiven ? options.mode : settings.mode
        let sidebar = gtk_revealer_new()!
        tileSwitcher = TileSourceSwitcher(window: window)
        opening = FileOpening(window: window)
        addActions(sidebar: sidebar, panelShown: panelShown, mode: mode)

        let header = adw_header_bar_new()!
        let open = IconButton.make("document-open-symbolic", tooltip: tr("Open Places… (Ctrl+O)"), accessibleName: tr("Open Places…"))
        gtk_actionable_set_action_name(cm_actionable(open.rawObject), "win.open")
        let zoomBox = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
        gtk_widget_add_css_class(zoomBox, "linked")
        let zoomOut = IconButton.make("zoom-out-symbolic", tooltip: tr("Zoom Out"))
        let zoomIn = IconButton.make("zoom-in-symbolic", tooltip: tr("Zoom In"))
        gtk_actionable_set_action_name(cm_actionable(zoomOut.rawObject), "win.zoom-out")
        gtk_actionable_set_action_name(cm_actionable(zoomIn.rawObject), "win.zoom-in")
        gtk_box_append(cast(zoomBox), zoomOut)
        gtk_box_append(cast(zoomBox), zoomIn)
        adw_header_bar_pack_start(OpaquePointer(header), open)
        adw_header_bar_pack_start(OpaquePointer(header), zoomBox)
        adw_header_bar_pack_start(OpaquePointer(header), tileSwitcher.widget)
        adw_header_bar_set_title_widget(OpaquePointer(header), ModeSwitcher.make())
        adw_header_bar_pack_end(OpaquePointer(header), Self.primaryMenu(mapSources: tileSwitcher.menu))
        let panelToggle = gtk_toggle_button_new()!
        gtk_button_set_icon_name(cast(panelToggle), "sidebar-show-right-symbolic")
        gtk_widget_set_tooltip_text(panelToggle, tr("Side Panel (F9)"))
        cm_accessible_set_label(panelToggle, tr("Show approach and events"))
        gtk_actionable_set_action_name(cm_actionable(panelToggle.rawObject), "win.show-panel")
        adw_header_bar_pack_end(OpaquePointer(header), panelToggle)
        adw_header_bar_pack_end(OpaquePointer(header), activity.widget)
        // libadwaita 1.2 has no breakpoints: a narrow window drops the zoom buttons and the map
        // source button (both reachable otherwise: keys, the primary menu) so it can be narrow.
        let adaptHeader = { [window, tileSwitcher] in
            var width: Int32 = 0, height: Int32 = 0
            gtk_window_get_default_size(cm_window(window), &width, &height)
            let wide = gtk_window_is_maximized(cm_window(window)) != 0 || width <= 0 || width >= Self.wideWindow
            gtk_widget_set_visible(zoomBox, wide ? 1 : 0)
            gtk_widget_set_visible(tileSwitcher!.widget, wide ? 1 : 0)
        }
        adaptHeader()
        Signal.connect(window, "notify::default-width") { (_: UnsafeMutableRawPointer?) in adaptHeader() }
        Signal.connect(window, "notify::maximized") { (_: UnsafeMutableRawPointer?) in adaptHeader() }

        gtk_revealer_set_transition_type(OpaquePointer(sidebar), GTK_REVEALER_TRANSITION_TYPE_SLIDE_LEFT)
        gtk_revealer_set_child(OpaquePointer(sidebar), panel.widget)
        gtk_revealer_set_reveal_child(OpaquePointer(sidebar), panelShown ? 1 : 0)
        gtk_widget_set_hexpand(map.widget, 1)
        let row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
        gtk_box_append(cast(row), map.widget)
        gtk_box_append(cast(row), gtk_separator_new(GTK_ORIENTATION_VERTICAL))
        gtk_box_append(cast(row), sidebar)
        toasts.setChild(row)
        let content = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        gtk_box_append(cast(content), header)
        gtk_widget_set_vexpand(toasts.widget, 1)
        gtk_box_append(cast(content), toasts.widget)
        adw_application_window_set_content(cast(window), content)
        Shortcuts.installLocal(on: window)

        initialSelection = options.select
        map.calloutMode = mode
        map.temporaryCalloutTitle = options.temporaryTitle ? tr("Loading…") : nil
        map.popoverKeepsSelection = options.popoverKeepsSelection
        panel.describe(mode)

        map.delegate = self
        tileSwitcher.onChange = { [weak self] layer in self?.map.tileLayers = layer.map { [$0] } ?? [] }
        tileSwitcher.onOpen = { [weak self] url in self?.showTiles(url.path) }
        tileSwitcher.makeOpenStreetMap = { [weak self] in
            let layer = RasterTileLayer(source: XYZTileSource.openStreetMap())
            self?.reportFailures(of: layer)
            return layer
        }
        switch options.tiles ?? settings.tileSource {
        case "": break
        case TileSourceSwitcher.openStreetMap: tileSwitcher.showOpenStreetMap()
        case let source: showTiles(source)
        }
        DemoViews.register(on: map.annotationLayer)
        map.clusteringIdentifier = DemoViews.clusteringIdentifier
        colorScheme.onChange = { [weak self] dark in self?.map.style = dark ? .dark : .light }
        opening.onOpen = { [weak self] urls in self?.open(urls) }
        fileList.onRemove = { [weak self] id in self?.removeFile(id: id) }
        Signal.connectStopping(window, "close-request") { [weak self] in
            self?.saveState()
            return false
        }
        Signal.connect(window, "destroy") { [weak self] in self?.close() }
        panel.onTemporaryTitle = { [weak self] on in self?.map.temporaryCalloutTitle = on ? tr("Loading…") : nil }
        panel.onPopoverKeepsSelection = { [weak self] on in self?.map.popoverKeepsSelection = on }
        panel.onShowsData = { [weak self] on in self?.showsData = on }  // from the next selection on
        toasts.onShow = { [weak self] title in self?.events.emit(["event": "toast", "title": title]) }
        colorScheme.apply()
        updateActions()
    }

    /// The window's commands. Accelerators are the application's (Shortcuts); buttons and menu
    /// items name the actions, so they are enabled and checked as the actions are.
    private func addActions(sidebar: UnsafeMutablePointer<GtkWidget>, panelShown: Bool, mode: CalloutMode) {
        Actions.add("open", to: window) { [weak self] in self?.opening.choose() }
        zoomInAction = Actions.add("zoom-in", to: window) { [weak self] in self?.map.zoom(by: ZoomSteps.key) }
        zoomOutAction = Actions.add("zoom-out", to: window) { [weak self] in self?.map.zoom(by: -ZoomSteps.key) }
        Actions.addChoice("mode", to: window, state: mode.rawValue) { [weak self] value in
            guard let mode = CalloutMode(rawValue: value) else { return }
            self?.switchMode(mode)
        }
        showPanelAction = Actions.addSwitch("show-panel", to: window, state: panelShown) { on in
            gtk_revealer_set_reveal_child(OpaquePointer(sidebar), on ? 1 : 0)
        }
        deselectAction = Actions.add("deselect", to: window) { [weak self] in self?.map.deselectAnnotation() }
        // GtkApplicationWindow's help overlay, made when first asked for (4 ms less at start).
        Actions.add("show-help-overlay", to: window) { [weak self] in self?.showShortcuts() }
    }

    /// The Keyboard Shortcuts window, made once and hidden (not destroyed) when closed; it goes
    /// with this window (`close`).
    private func showShortcuts() {
        if shortcutsWindow == nil {
            let made = Shortcuts.makeWindow()
            gtk_window_set_transient_for(cm_window(made), cm_window(window))
            if let application = gtk_window_get_application(cm_window(window)) { Shortcuts.installApplication(application, on: made) }
            gtk_window_set_hide_on_close(cm_window(made), 1)
            shortcutsWindow = ObjectRef(adopting: made.rawObject)
        }
        if let shortcuts = shortcutsWindow { gtk_window_present(cm_window(shortcuts.pointer)) }
    }

    /// The primary menu: open, the map source, the side panel, keyboard shortcuts and About.
    private static func primaryMenu(mapSources: OpaquePointer) -> UnsafeMutablePointer<GtkWidget> {
        let menu = g_menu_new()!
        let files = g_menu_new()!
        g_menu_append(files, tr("_Open Places…"), "win.open")
        g_menu_append_submenu(files, tr("_Map Source"), cm_menu_model(mapSources.rawObject))
        g_menu_append(files, tr("Side _Panel"), "win.show-panel")
        g_menu_append_section(menu, nil, cm_menu_model(files.rawObject))
        let help = g_menu_new()!
        g_menu_append(help, tr("_Keyboard Shortcuts"), "win.show-help-overlay")
        g_menu_append(help, tr("_About CalloutMap"), "app.about")
        g_menu_append_section(menu, nil, cm_menu_model(help.rawObject))
        g_object_unref(files.rawObject)
        g_object_unref(help.rawObject)
        let button = gtk_menu_button_new()!
        gtk_menu_button_set_icon_name(OpaquePointer(button), "open-menu-symbolic")
        gtk_menu_button_set_menu_model(OpaquePointer(button), cm_menu_model(menu.rawObject))
        gtk_menu_button_set_primary(OpaquePointer(button), 1)  // F10 opens it
        gtk_widget_set_tooltip_text(button, tr("Main Menu"))
        cm_accessible_set_label(button, tr("Main Menu"))
        g_object_unref(menu.rawObject)
        return button
    }

    /// Zoom stops at the map's limits; Escape has a callout to close unless a popover takes it.
    private func updateActions() {
        Actions.setEnabled(zoomInAction, map.zoom < Viewport.zoomRange.upperBound)
        Actions.setEnabled(zoomOutAction, map.zoom > Viewport.zoomRange.lowerBound)
        Actions.setEnabled(deselectAction, map.selectedAnnotation != nil && !popoverOpen)
    }

    func present() {
        gtk_window_present(cm_window(window))
        gtk_widget_grab_focus(map.widget)
    }

    /// Files the person opened (chooser, drop, command line, a second launch): shown, announced,
    /// and the view moves to fit their places unless `fittingView` is false (a centre or zoom
    /// given on the command line stays).
    func open(_ urls: [URL], fittingView: Bool = true) {
        load(urls, announce: true, fittingView: fittingView)
    }

    /// Files at least this big (bytes) are read on a worker thread.
    static let backgroundLoadBytes = 1 << 20

    /// Shows the points of GeoJSON files; problems go to standard error and a toast. Small
    /// files show at once; big ones are read on a worker thread with a running count in the
    /// header bar, the map usable meanwhile. Each file gets a row in the side panel's list,
    /// from which it can be removed (stopping its load).
    func load(_ urls: [URL], announce: Bool = false, fittingView: Bool = false) {
        var small: [OpenFile] = [], big: [OpenFile] = []
        for url in urls {
            let file = OpenFile(id: nextFileID, url: url)
            file.fitsView = fittingView
            nextFileID += 1
            openFiles[file.id] = file
            fileList.add(id: file.id, name: url.lastPathComponent, status: tr("Loading…"))
            // What is not a regular file reports 0 here and is refused at once, without blocking.
            let bytes = (try? url.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0
            if bytes >= Self.backgroundLoadBytes { big.append(file) } else { small.append(file) }
        }
        if !small.isEmpty {
            show(AnnotationFiles.load(small.map { ($0.url, $0.cancellation) }, options: geoJSON), from: small, announce: announce)
        }
        if !big.isEmpty { loadInBackground(big, announce: announce) }
    }

    private func loadInBackground(_ files: [OpenFile], announce: Bool) {
        let name = files.count == 1 ? files[0].url.lastPathComponent
            : String(format: trn("%d file", "%d files", files.count), files.count)
        loadsInFlight += 1
        activity.setLoading(String(format: tr("Loading %@…"), name))
        events.emit(["event": "loading-started", "files": files.map(\.url.path)])
        let jobs = files.map { ($0.url, Optional($0.cancellation)) }, geoJSON = self.geoJSON
        // The worker holds no reference to the window: closed meanwhile, its results are dropped.
        DispatchQueue.global(qos: .userInitiated).async { [weak self] in
            let results = AnnotationFiles.load(jobs, options: geoJSON) { count, fraction in
                DispatchQueue.main.async { [weak self] in
                    MainActor.assumeIsolated {
                        guard let self, !self.isClosed else { return }
                        self.activity.setLoading(String(format: trn("Loading… %@ place", "Loading… %@ places", count), localized(count)))
                        self.events.emit(["event": "loading-progress", "count": count, "percent": Int(fraction * 100)])
                    }
                }
            }
            let handoff = LoadedFiles(results: results)  // this thread lets go of them
            DispatchQueue.main.async { [weak self] in
                MainActor.assumeIsolated {
                    guard let self, !self.isClosed else { return }
                    self.loadsInFlight -= 1
                    if self.loadsInFlight == 0 { self.activity.setLoading(nil) }
                    self.show(handoff.results, from: files, announce: announce)
                }
            }
        }
    }

    /// Puts the files' annotations on the map, unless a file was removed while it loaded.
    private func show(_ results: [GeoJSONLoader.Result], from files: [OpenFile], announce: Bool) {
        var added: [PointAnnotation] = []
        var shapes: [ShapeOverlay] = []
        var problems: [GeoJSONProblem] = []
        for (file, result) in zip(files, results) where openFiles[file.id] === file && !result.wasCancelled {
            file.annotations = result.annotations
            file.overlays = result.overlays
            file.isLoading = false
            added += result.annotations
            shapes += result.overlays
            problems += result.problems
            fileList.setStatus(id: file.id, Self.status(of: result))
        }
        map.addOverlays(shapes)
        map.addAnnotations(added)
        toasts.show(problems)
        guard announce else { return }
        let names = files.map(\.url.lastPathComponent).joined(separator: ", ")
        panel.log(String(format: trn("Opened %d place", "Opened %d places", added.count), added.count), names)
        events.emit(["event": "opened", "files": files.map(\.url.path), "count": added.count, "shapes": shapes.count,
                     "problems": problems.count])
        guard !added.isEmpty || !shapes.isEmpty else { return }
        if files.contains(where: \.fitsView),
           let region = GeoBounds(enclosing: added.map(\.coordinate) + shapes.flatMap(\.boundingRegion.corners)) {
            // The toast below says what opened: the places fit above it.
            var room = EdgeInsets(all: MapView.annotationRoom)
            room.bottom += Toasts.height
            map.setRegion(region, edgePadding: room, animated: true)
        }
        let shown = files.filter { openFiles[$0.id] === $0 }
        let title = shown.count == 1
            ? String(format: trn("Opened “%@” — %@ place", "Opened “%@” — %@ places", added.count), names, localized(added.count))
            : String(format: trn("Opened %@ place", "Opened %@ places", added.count), localized(added.count))
        toasts.show(title, button: tr("Remove")) { [weak self] in
            for file in shown { self?.removeFile(id: file.id) }
        }
    }

    private static func status(of result: GeoJSONLoader.Result) -> String {
        if let fatal = result.problems.first(where: { $0.severity == .fatal }) {
            return String(format: tr("Not loaded: %@"), fatal.message)
        }
        let count = result.annotations.count
        var places = String(format: trn("%@ place", "%@ places", count), localized(count))
        if !result.overlays.isEmpty {
            places += ", " + String(format: trn("%@ shape", "%@ shapes", result.overlays.count), localized(result.overlays.count))
        }
        let skipped = result.problems.filter { $0.severity == .skipped }.count
        return skipped == 0 ? places : String(format: trn("%@, %@ skipped", "%@, %@ skipped", skipped), places, localized(skipped))
    }

    /// Takes a file's annotations off the map; a file still loading stops.
    func removeFile(id: Int) {
        guard let file = openFiles.removeValue(forKey: id) else { return }
        file.cancellation.cancel()
        fileList.remove(id: id)
        map.removeAnnotations(file.annotations)
        map.removeOverlays(file.overlays)
        panel.log(tr("Removed"), file.url.lastPathComponent)
        events.emit(["event": "file-removed", "file": file.url.path, "count": file.annotations.count, "loading": file.isLoading])
    }

    /// The files on the map, in the order they were opened.
    var files: [URL] { openFiles.values.sorted { $0.id < $1.id }.map(\.url) }

    /// Remembers the window and its view for the next start (the window is closing).
    private func saveState() {
        var width: Int32 = 0, height: Int32 = 0
        gtk_window_get_default_size(cm_window(window), &width, &height)
        settings.save(width: width, height: height, maximized: gtk_window_is_maximized(cm_window(window)) != 0,
                      center: map.centerCoordinate, zoom: map.zoom, mode: map.calloutMode,
                      showsPanel: Actions.isOn(showPanelAction), tileSource: tileSwitcher.selectedSource)
    }

    /// The window is gone: loads stop, and late results and timers find nothing to do.
    private func close() {
        isClosed = true
        // GTK 4.8 unsets a window's transient parent only at that window's own dispose, which
        // can come after the parent is freed (the Shortcuts window we keep, About or a dialog
        // still handling the Ctrl+Q that closed us): a crash on quitting. Those over this window
        // let go of it now, and go with it.
        var windows: [UnsafeMutableRawPointer] = []  // held, as destroying one may free another
        let list = gtk_window_list_toplevels()
        var node = list
        while let n = node {
            if let w = n.pointee.data { windows.append(g_object_ref(w)) }
            node = n.pointee.next
        }
        g_list_free(list)
        for w in windows where gtk_window_get_transient_for(cm_window(w)) == cm_window(window) {
            gtk_window_set_transient_for(cm_window(w), nil)
            gtk_window_destroy(cm_window(w))
        }
        windows.forEach { g_object_unref($0) }
        shortcutsWindow = nil
        for file in openFiles.values { file.cancellation.cancel() }
        onClose?()
    }

    /// Draws a tile source over the offline map; one that cannot be opened is reported and the offline map stays.
    func showTiles(_ path: String) {
        do {
            // {r} picks @2x tiles on a HiDPI display (the scale when the source is opened).
            let layer = RasterTileLayer(source: try TileSources.source(for: path, scale: Int(gtk_widget_get_scale_factor(map.widget))))
            reportFailures(of: layer)
            tileSwitcher.add(layer, source: path)
        } catch {
            FileHandle.standardError.write(Data("calloutmap: \(error); showing the offline map\n".utf8))
            toasts.showProblem(String(format: tr("Could not open the map source “%@”"), URL(fileURLWithPath: path).lastPathComponent),
                               details: ["\(error)", tr("The offline map is shown instead.")])
        }
    }

    /// A source's first failure is told once, on standard error and in a toast; the offline map shows there.
    private func reportFailures(of layer: RasterTileLayer) {
        let name = layer.source.name
        layer.onFirstFailure = { [weak self] error in
            FileHandle.standardError.write(Data("calloutmap: \(error); showing the offline map there\n".utf8))
            self?.toasts.showProblem(String(format: tr("Could not get tiles from %@"), name),
                                     details: ["\(error)", tr("The offline map is shown where tiles are missing.")])
        }
    }

    /// Switches the approach (the `win.mode` action's change); the current selection is shown again the new way.
    private func switchMode(_ mode: CalloutMode) {
        guard mode != map.calloutMode else { return }
        panel.describe(mode)
        map.calloutMode = mode
        panel.log(tr("Approach"), ModeSwitcher.titles[mode]!)
        events.emit(["event": "mode", "mode": mode.rawValue])
    }

    // MARK: MapViewDelegate

    func mapView(_ mapView: MapView, viewFor annotation: any Annotation) -> AnnotationView? {
        DemoViews.view(for: annotation, in: mapView.annotationLayer)
    }

    func mapView(_ mapView: MapView, didSelect view: AnnotationView) {
        // A place from a file shows its data as the callout's detail view (made now, for this pin only).
        if let point = view.annotation as? PointAnnotation, point.kind == nil {
            let data = point.properties.shown
            view.detailCalloutAccessory = showsData && !data.isEmpty ? .properties(data) : nil
        }
        if let anchor = view.annotation as? OverlayAnchor, let shape = anchor.overlay as? ShapeOverlay {
            // A shape's data starts with its length or area.
            var data: AnnotationProperties = [shape.geometry.isArea ? tr("Area") : tr("Length"):
                                                ShapeMeasure.text(of: shape.geometry, locale: Localization.numbers)]
            for (key, value) in shape.properties.shown where data[key] == nil { data[key] = value }
            view.detailCalloutAccessory = showsData ? .properties(data) : nil
        }
        events.emit(annotationEvent("select", view))
        panel.log(tr("Selected"), view.annotation?.title ?? "")
        updateActions()
    }

    func mapView(_ mapView: MapView, didDeselect view: AnnotationView) {
        events.emit(annotationEvent("deselect", view))
        panel.log(tr("Deselected"), view.annotation?.title ?? "")
        updateActions()
    }

    func mapView(_ mapView: MapView, annotationView view: AnnotationView,
                 calloutAccessoryControlTapped control: CalloutControl) {
        var event = annotationEvent("accessory", view)
        let name = control.label
        event["control"] = name
        events.emit(event)
        panel.log(String(format: tr("Accessory tapped: %@"), name), view.annotation?.title ?? "")
    }

    /// Large sets cluster in the background: a spinner says so, the map stays usable.
    func mapView(_ mapView: MapView, clusteringInProgress inProgress: Bool) {
        clusteringPercent = 0
        let count = mapView.annotations.count
        activity.setClustering(inProgress ? String(format: trn("Clustering %@ place…", "Clustering %@ places…", count), localized(count)) : nil)
        panel.log(inProgress ? tr("Clustering…") : tr("Clusters ready"),
                  String(format: trn("%@ place", "%@ places", count), localized(count)))
        events.emit(["event": inProgress ? "clustering-started" : "clustering-finished"])
    }

    /// The header bar counts up as zoom levels are done.
    func mapView(_ mapView: MapView, clusteringProgress done: Double) {
        let percent = Int((done * 100).rounded(.down))
        guard percent > clusteringPercent else { return }
        clusteringPercent = percent
        let count = mapView.annotations.count
        activity.setClustering(String(format: trn("Clustering %@ place… %d %%", "Clustering %@ places… %d %%", count),
                                      localized(count), percent))
        events.emit(["event": "clustering-progress", "percent": percent])
    }

    func mapView(_ mapView: MapView, didShowCalloutFor view: AnnotationView) {
        // Reported once laid out, with where it is (map coordinates; none for a popover). A callout
        // hidden before then is reported neither shown nor hidden: the events always pair up.
        let id = ObjectIdentifier(view)
        calloutsPending.insert(id)
        if map.calloutMode == .popover {
            popoverOpen = true
            updateActions()
        }
        Timer.after(milliseconds: 50) { [weak self, weak view] in
            guard let self, let view, self.calloutsPending.remove(id) != nil else { return }
            self.calloutsReported.insert(id)
            var event = self.annotationEvent("callout-shown", view)
            if let a = view.annotation, let f = mapView.calloutFrame(for: a) { event["callout"] = EventLog.rect(f) }
            self.events.emit(event)
        }
    }

    func mapView(_ mapView: MapView, didHideCalloutFor view: AnnotationView) {
        let id = ObjectIdentifier(view)
        calloutsPending.remove(id)
        if popoverOpen {
            popoverOpen = false
            updateActions()
        }
        guard calloutsReported.remove(id) != nil else { return }
        events.emit(annotationEvent("callout-hidden", view))
    }

    /// A reported callout moved on its pin (another opened beside it, its content grew).
    func mapView(_ mapView: MapView, didPlaceCalloutFor view: AnnotationView, frame: Rect) {
        guard calloutsReported.contains(ObjectIdentifier(view)) else { return }
        var event = annotationEvent("callout-placed", view)
        event["callout"] = EventLog.rect(frame)
        events.emit(event)
    }

    func mapView(_ mapView: MapView, didShowChooserWith annotations: [any Annotation]) {
        events.emit(["event": "chooser-shown", "titles": annotations.map { $0.title ?? "" }])
    }

    func mapView(_ mapView: MapView, didOpenContextMenuAt coordinate: Coordinate, title: String?) {
        var event: [String: Any] = ["event": "context-menu", "lat": coordinate.latitude, "lon": coordinate.longitude]
        if let title { event["title"] = title }
        events.emit(event)
    }

    func mapView(_ mapView: MapView, didShowTooltipWith title: String) {
        events.emit(["event": "tooltip-shown", "title": title])
    }

    func mapViewDidHideChooser(_ mapView: MapView) {
        events.emit(["event": "chooser-hidden"])
    }

    func mapView(_ mapView: MapView, didCloseCalloutPopoverFor view: AnnotationView) {
        events.emit(annotationEvent("popover-closed", view))
        panel.log(tr("Popover closed"), view.annotation?.title ?? "")
        popoverOpen = false
        updateActions()
    }

    func mapView(_ mapView: MapView, annotationView view: AnnotationView,
                 didChange newState: AnnotationDragState, fromOldState oldState: AnnotationDragState) {
        var event = annotationEvent("drag", view)
        event["state"] = newState.rawValue
        events.emit(event)
    }

    private func annotationEvent(_ name: String, _ view: AnnotationView) -> [String: Any] {
        var event: [String: Any] = ["event": name, "title": view.annotation?.title ?? NSNull(), "mode": map.calloutMode.rawValue]
        if view.annotation is OverlayAnchor { event["kind"] = "overlay" }  // where the shape was clicked: lat, lon
        if let c = view.annotation?.coordinate {
            event["lat"] = c.latitude
            event["lon"] = c.longitude
        }
        return event
    }

    func mapViewDidFinishRenderingFirstFrame(_ mapView: MapView) {
        let files = openFiles.values.sorted { $0.id < $1.id }
        for (i, title) in initialSelection.enumerated() {
            if let a = files.flatMap(\.annotations).first(where: { $0.title == title }) {
                mapView.selectAnnotation(a, animated: false, addingToSelection: i > 0)
            } else if let shape = files.flatMap(\.overlays).first(where: { $0.title == title }) {
                // A shape by its title: its callout at its middle.
                mapView.selectOverlay(shape, animated: false, addingToSelection: i > 0)
            }
        }
        initialSelection = []
        events.emit([
            "event": "ready",
            "map": mapGeometry(mapView),
            "center": EventLog.coordinate(mapView.centerCoordinate),
            "zoom": mapView.zoom,
            "scale": mapView.scaleFactor,
            "mode": mapView.calloutMode.rawValue,
            "panel": Actions.isOn(showPanelAction),
        ])
    }

    func mapView(_ mapView: MapView, didChangeSize size: Size) {
        events.emit(["event": "map-resized", "map": mapGeometry(mapView)])
    }

    /// The map's frame in the window's surface, as clients driving the pointer need it.
    private func mapGeometry(_ mapView: MapView) -> [String: Double] {
        var origin = graphene_point_t(), inWindow = graphene_point_t()
        _ = gtk_widget_compute_point(mapView.widget, window, &origin, &inWindow)
        // Client-side decorations put a shadow margin between the surface's corner and the window widget.
        var dx = 0.0, dy = 0.0
        gtk_native_get_surface_transform(OpaquePointer(window), &dx, &dy)
        let size = mapView.viewport.size
        return ["x": Double(inWindow.x) + dx, "y": Double(inWindow.y) + dy, "width": size.width, "height": size.height]
    }

    func mapView(_ mapView: MapView, regionDidChangeAnimated animated: Bool) {
        updateActions()
        var event: [String: Any] = ["event": "region", "center": EventLog.coordinate(mapView.centerCoordinate), "zoom": mapView.zoom]
        if let f = mapView.calloutFrame { event["callout"] = EventLog.rect(f) }
        events.emit(event)
        let c = mapView.centerCoordinate
        panel.log(tr("Region changed"), String(format: tr("%@, %@ at zoom %@"), localized(c.latitude, digits: 4),
                                               localized(c.longitude, digits: 4),
                                               localized(mapView.zoom, digits: 1)))
    }
}
