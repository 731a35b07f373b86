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
    var isLoading = true

    init(id: Int, url: URL) {
        self.id = id
        self.url = url
    }
}

/// The application window: a header bar with zoom buttons over the map.
@MainActor
final class MainWindow: MapViewDelegate {
    let window: UnsafeMutablePointer<GtkWidget>
    let map: MapView
    let events: EventLog
    private let colorScheme: ColorScheme
    private let banner = ProblemBanner()
    private let zoomIn: UnsafeMutablePointer<GtkWidget>
    private let zoomOut: UnsafeMutablePointer<GtkWidget>
    private let modes: ModeSwitcher
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
    private var calloutPending: AnnotationView?
    private var calloutReported: AnnotationView?
    /// The window was destroyed (the application lets go of this object).
    var onClose: (() -> Void)?
    private let activity = ActivityIndicator()
    private var loadsInFlight = 0
    private var initialSelection: String?

    init(application: UnsafeMutablePointer<GtkApplication>, options: Options, basemap: Basemap) {
        events = EventLog(enabled: options.logEvents)
        geoJSON = options.geoJSON
        colorScheme = ColorScheme(forced: options.theme)
        map = MapView(basemap: basemap, center: options.center, zoom: options.zoom,
                      style: colorScheme.prefersDark ? .dark : .light)
        window = gtk_application_window_new(application)
        gtk_window_set_title(cm_window(window), "CalloutMap")
        gtk_window_set_default_size(cm_window(window), Int32(options.size.width), Int32(options.size.height))

        let header = gtk_header_bar_new()!
        let zoomBox = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
        gtk_widget_add_css_class(zoomBox, "linked")
        zoomOut = IconButton.make("zoom-out-symbolic", tooltip: "Zoom Out")
        zoomIn = IconButton.make("zoom-in-symbolic", tooltip: "Zoom In")
        gtk_box_append(cast(zoomBox), zoomOut)
        gtk_box_append(cast(zoomBox), zoomIn)
        gtk_header_bar_pack_start(opaque(header), zoomBox)
        modes = ModeSwitcher(selected: options.mode)
        panel = EventPanel(temporaryTitle: options.temporaryTitle, popoverKeepsSelection: options.popoverKeepsSelection, showsData: true,
                           files: fileList.widget)
        gtk_header_bar_set_title_widget(opaque(header), modes.widget)
        let panelToggle = gtk_toggle_button_new()!
        gtk_button_set_icon_name(cast(panelToggle), "sidebar-show-right-symbolic")
        gtk_widget_set_tooltip_text(panelToggle, "Approach and Events (F9)")
        cm_accessible_set_label(panelToggle, "Show approach and events")
        gtk_toggle_button_set_active(cast(panelToggle), 1)
        gtk_header_bar_pack_end(opaque(header), panelToggle)
        let open = IconButton.make("document-open-symbolic", tooltip: "Open GeoJSON… (Ctrl+O)")
        gtk_header_bar_pack_start(opaque(header), open)
        tileSwitcher = TileSourceSwitcher(window: window)
        gtk_header_bar_pack_start(opaque(header), tileSwitcher.widget)
        gtk_header_bar_pack_end(opaque(header), activity.widget)
        gtk_window_set_titlebar(cm_window(window), header)

        let overlay = gtk_overlay_new()!
        gtk_overlay_set_child(OpaquePointer(overlay), map.widget)
        gtk_overlay_add_overlay(OpaquePointer(overlay), banner.widget)
        gtk_widget_set_hexpand(overlay, 1)
        let sidebar = gtk_revealer_new()!
        gtk_revealer_set_transition_type(OpaquePointer(sidebar), GTK_REVEALER_TRANSITION_TYPE_SLIDE_LEFT)
        gtk_revealer_set_child(OpaquePointer(sidebar), panel.widget)
        gtk_revealer_set_reveal_child(OpaquePointer(sidebar), options.sizeGiven && options.size.width < 900 ? 0 : 1)
        gtk_toggle_button_set_active(cast(panelToggle), options.sizeGiven && options.size.width < 900 ? 0 : 1)
        let row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
        gtk_box_append(cast(row), overlay)
        gtk_box_append(cast(row), gtk_separator_new(GTK_ORIENTATION_VERTICAL))
        gtk_box_append(cast(row), sidebar)
        gtk_window_set_child(cm_window(window), row)
        initialSelection = options.select
        map.calloutMode = options.mode
        map.temporaryCalloutTitle = options.temporaryTitle ? "Loading…" : nil
        map.popoverKeepsSelection = options.popoverKeepsSelection
        panel.describe(options.mode)
        Signal.connect(panelToggle, "toggled") {
            gtk_revealer_set_reveal_child(OpaquePointer(sidebar), gtk_toggle_button_get_active(cast(panelToggle)))
        }

        map.delegate = self
        tileSwitcher.onChange = { [weak self] layer in self?.map.tileLayers = layer.map { [$0] } ?? [] }
        tileSwitcher.onOpen = { [weak self] url in self?.showTiles(url.path) }
        tileSwitcher.makeOpenStreetMap = { [weak self] in
            let layer = RasterTileLayer(source: XYZTileSource.openStreetMap())
            self?.reportFailures(of: layer)
            return layer
        }
        if let path = options.tiles { showTiles(path) }
        DemoViews.register(on: map.annotationLayer)
        map.clusteringIdentifier = DemoViews.clusteringIdentifier
        Signal.connect(zoomIn, "clicked") { [weak self] in self?.map.zoom(by: ZoomSteps.key) }
        Signal.connect(zoomOut, "clicked") { [weak self] in self?.map.zoom(by: -ZoomSteps.key) }
        colorScheme.onChange = { [weak self] dark in self?.map.style = dark ? .dark : .light }
        modes.onChange = { [weak self] mode in self?.switchMode(mode) }
        opening = FileOpening(window: window)
        opening.onOpen = { [weak self] urls in self?.load(urls, announce: true) }
        Signal.connect(open, "clicked") { [weak self] in self?.opening.choose() }
        fileList.onRemove = { [weak self] id in self?.removeFile(id: id) }
        Signal.connect(window, "destroy") { [weak self] in self?.close() }
        panel.onTemporaryTitle = { [weak self] on in self?.map.temporaryCalloutTitle = on ? "Loading…" : nil }
        panel.onPopoverKeepsSelection = { [weak self] on in self?.map.popoverKeepsSelection = on }
        panel.onShowsData = { [weak self] on in self?.showsData = on }  // from the next selection on
        // Keys 1–4 pick the approach, F9 the panel, Escape closes the callout wherever focus is.
        let keys = gtk_event_controller_key_new()!
        Signal.connect(keys, "key-pressed") { [weak self] (keyval: UInt32, _: UInt32, state: UInt32) -> Bool in
            guard let self else { return false }
            if Int32(keyval) == GDK_KEY_o, state & GDK_CONTROL_MASK.rawValue != 0 {
                self.opening.choose()
                return true
            }
            guard state & (GDK_CONTROL_MASK.rawValue | GDK_ALT_MASK.rawValue) == 0 else { return false }
            switch Int32(keyval) {
            case GDK_KEY_1, GDK_KEY_KP_1: self.switchMode(.standard)
            case GDK_KEY_2, GDK_KEY_KP_2: self.switchMode(.custom)
            case GDK_KEY_3, GDK_KEY_KP_3: self.switchMode(.annotation)
            case GDK_KEY_4, GDK_KEY_KP_4: self.switchMode(.popover)
            case GDK_KEY_F9: gtk_toggle_button_set_active(cast(panelToggle), gtk_toggle_button_get_active(cast(panelToggle)) == 0 ? 1 : 0)
            case GDK_KEY_Escape:
                guard self.map.selectedAnnotation != nil else { return false }
                self.map.deselectAnnotation()
            default: return false
            }
            return true
        }
        gtk_widget_add_controller(window, cm_controller(keys.rawObject))
        colorScheme.apply()
        updateZoomButtons()
    }

    /// The buttons say when the map cannot zoom further.
    private func updateZoomButtons() {
        gtk_widget_set_sensitive(zoomIn, map.zoom < Viewport.zoomRange.upperBound ? 1 : 0)
        gtk_widget_set_sensitive(zoomOut, map.zoom > Viewport.zoomRange.lowerBound ? 1 : 0)
    }

    func present() {
        gtk_window_present(cm_window(window))
        gtk_widget_grab_focus(map.widget)
    }

    /// Files at least this big (bytes) are read on a worker thread.
    static let backgroundLoadBytes = 1 << 20

    /// Shows the points of GeoJSON files; problems go to standard error and a banner. Small
    /// files show at once; big ones are read on a worker thread with a running count in the
    /// header bar, the map usable meanwhile. Each file gets a row in the side panel's list,
    /// from which it can be removed (stopping its load).
    func load(_ urls: [URL], announce: Bool = false) {
        var small: [OpenFile] = [], big: [OpenFile] = []
        for url in urls {
            let file = OpenFile(id: nextFileID, url: url)
            nextFileID += 1
            openFiles[file.id] = file
            fileList.add(id: file.id, name: url.lastPathComponent, status: "Loading…")
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
        let name = files.count == 1 ? files[0].url.lastPathComponent : "\(files.count) files"
        loadsInFlight += 1
        activity.setLoading("Loading \(name)…")
        events.emit(["event": "loading-started", "files": files.map(\.url.path)])
        let jobs = files.map { ($0.url, Optional($0.cancellation)) }, geoJSON = self.geoJSON
        // The worker holds no reference to the window: closed meanwhile, its results are dropped.
        DispatchQueue.global(qos: .userInitiated).async { [weak self] in
            let results = AnnotationFiles.load(jobs, options: geoJSON) { count, fraction in
                DispatchQueue.main.async { [weak self] in
                    MainActor.assumeIsolated {
                        guard let self, !self.isClosed else { return }
                        self.activity.setLoading("Loading… \(count.formatted()) places")
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
        var problems: [GeoJSONProblem] = []
        for (file, result) in zip(files, results) where openFiles[file.id] === file && !result.wasCancelled {
            file.annotations = result.annotations
            file.isLoading = false
            added += result.annotations
            problems += result.problems
            fileList.setStatus(id: file.id, Self.status(of: result))
        }
        map.addAnnotations(added)
        if !problems.isEmpty { banner.show(problems) }
        if announce {
            let names = files.map(\.url.lastPathComponent).joined(separator: ", ")
            panel.log("Opened \(added.count) places", names)
            events.emit(["event": "opened", "files": files.map(\.url.path), "count": added.count, "problems": problems.count])
        }
    }

    private static func status(of result: GeoJSONLoader.Result) -> String {
        if let fatal = result.problems.first(where: { $0.severity == .fatal }) { return "Not loaded: \(fatal.message)" }
        let places = result.annotations.count == 1 ? "1 place" : "\(result.annotations.count.formatted()) places"
        let skipped = result.problems.filter { $0.severity == .skipped }.count
        return skipped == 0 ? places : "\(places), \(skipped.formatted()) skipped"
    }

    /// Takes a file's annotations off the map; a file still loading stops.
    func removeFile(id: Int) {
        guard let file = openFiles.removeValue(forKey: id) else { return }
        file.cancellation.cancel()
        fileList.remove(id: id)
        map.removeAnnotations(file.annotations)
        panel.log("Removed", file.url.lastPathComponent)
        events.emit(["event": "file-removed", "file": file.url.path, "count": file.annotations.count, "loading": file.isLoading])
    }

    /// The files on the map, in the order they were opened.
    var files: [URL] { openFiles.values.sorted { $0.id < $1.id }.map(\.url) }

    /// The window is gone: loads stop, and late results and timers find nothing to do.
    private func close() {
        isClosed = true
        for file in openFiles.values { file.cancellation.cancel() }
        onClose?()
    }

    /// Draws a tile source over the offline map; one that cannot be opened is reported and the offline map stays.
    func showTiles(_ path: String) {
        do {
            // {r} picks @2x tiles on a HiDPI display (the scale when the source is opened).
            let layer = RasterTileLayer(source: try TileSources.source(for: path, scale: Int(gtk_widget_get_scale_factor(map.widget))))
            reportFailures(of: layer)
            tileSwitcher.add(layer)
        } catch {
            FileHandle.standardError.write(Data("calloutmap: \(error); showing the offline map\n".utf8))
            banner.show(messages: ["\(error); showing the offline map"])
        }
    }

    /// A source's first failure is told once, on standard error and in the banner; the offline map shows there.
    private func reportFailures(of layer: RasterTileLayer) {
        let name = layer.source.name
        layer.onFirstFailure = { [weak self] error in
            FileHandle.standardError.write(Data("calloutmap: \(error); showing the offline map there\n".utf8))
            self?.banner.show(messages: ["Could not get tiles from \(name) — showing the offline map (\(error.reason))"])
        }
    }

    /// Switches the approach; the current selection is shown again the new way.
    func switchMode(_ mode: CalloutMode) {
        guard mode != map.calloutMode else { return }
        modes.select(mode)
        panel.describe(mode)
        map.calloutMode = mode
        panel.log("Mode", ModeSwitcher.titles[mode]!)
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
        events.emit(annotationEvent("select", view))
        panel.log("Selected", view.annotation?.title ?? "")
    }

    func mapView(_ mapView: MapView, didDeselect view: AnnotationView) {
        events.emit(annotationEvent("deselect", view))
        panel.log("Deselected", view.annotation?.title ?? "")
    }

    func mapView(_ mapView: MapView, annotationView view: AnnotationView,
                 calloutAccessoryControlTapped control: CalloutControl) {
        var event = annotationEvent("accessory", view)
        let name = control.label
        event["control"] = name
        events.emit(event)
        panel.log("Accessory tapped: \(name)", view.annotation?.title ?? "")
    }

    /// Large sets cluster in the background: a spinner says so, the map stays usable.
    func mapView(_ mapView: MapView, clusteringInProgress inProgress: Bool) {
        clusteringPercent = 0
        activity.setClustering(inProgress ? "Clustering \(mapView.annotations.count.formatted()) places…" : nil)
        panel.log(inProgress ? "Clustering…" : "Clusters ready", "\(mapView.annotations.count) annotations")
        events.emit(["event": inProgress ? "clustering-started" : "clustering-finished"])
    }

    /// The header bar counts up as zoom levels are done.
    func mapView(_ mapView: MapView, clusteringProgress done: Double) {
        let percent = Int((done * 100).rounded(.down))
        guard percent > clusteringPercent else { return }
        clusteringPercent = percent
        activity.setClustering("Clustering \(mapView.annotations.count.formatted()) places… \(percent)%")
        events.emit(["event": "clustering-progress", "percent": percent])
    }

    func mapView(_ mapView: MapView, didShowCalloutFor view: AnnotationView) {
        // Reported once laid out, with where it is (map coordinates; none for a popover). A callout
        // hidden before then is reported neither shown nor hidden: the events always pair up.
        calloutPending = view
        Timer.after(milliseconds: 50) { [weak self, weak view] in
            guard let self, let view, self.calloutPending === view else { return }
            self.calloutPending = nil
            self.calloutReported = view
            var event = self.annotationEvent("callout-shown", view)
            if let f = mapView.calloutFrame { event["callout"] = EventLog.rect(f) }
            self.events.emit(event)
        }
    }

    func mapView(_ mapView: MapView, didHideCalloutFor view: AnnotationView) {
        if calloutPending === view { calloutPending = nil }
        guard calloutReported === view else { return }
        calloutReported = nil
        events.emit(annotationEvent("callout-hidden", view))
    }

    func mapView(_ mapView: MapView, didCloseCalloutPopoverFor view: AnnotationView) {
        events.emit(annotationEvent("popover-closed", view))
        panel.log("Popover closed", view.annotation?.title ?? "")
    }

    func mapView(_ mapView: MapView, annotationView view: AnnotationView,
                 didChange newState: AnnotationDragState, fromOldState oldState: AnnotationDragState) {
        var event = annotationEvent("drag", view)
        event["state"] = newState.rawValue
        events.emit(event)
    }

    private func annotationEvent(_ name: String, _ view: AnnotationView) -> [String: Any] {
        var event: [String: Any] = ["event": name, "title": view.annotation?.title ?? NSNull(), "mode": map.calloutMode.rawValue]
        if let c = view.annotation?.coordinate {
            event["lat"] = c.latitude
            event["lon"] = c.longitude
        }
        return event
    }

    func mapViewDidFinishRenderingFirstFrame(_ mapView: MapView) {
        if let title = initialSelection {
            initialSelection = nil
            let loaded = openFiles.values.sorted { $0.id < $1.id }.flatMap(\.annotations)
            if let a = loaded.first(where: { $0.title == title }) { mapView.selectAnnotation(a, animated: false) }
        }
        var origin = graphene_point_t(), inWindow = graphene_point_t()
        _ = gtk_widget_compute_point(mapView.widget, window, &origin, &inWindow)
        // Client-side decorations put a shadow margin between the surface's corner and the window widget.
        var dx = 0.0, dy = 0.0
        gtk_native_get_surface_transform(OpaquePointer(window), &dx, &dy)
        inWindow.x += Float(dx)
        inWindow.y += Float(dy)
        let size = mapView.viewport.size
        events.emit([
            "event": "ready",
            "map": ["x": Double(inWindow.x), "y": Double(inWindow.y), "width": size.width, "height": size.height],
            "center": EventLog.coordinate(mapView.centerCoordinate),
            "zoom": mapView.zoom,
            "scale": mapView.scaleFactor,
        ])
    }

    func mapView(_ mapView: MapView, regionDidChangeAnimated animated: Bool) {
        updateZoomButtons()
        var event: [String: Any] = ["event": "region", "center": EventLog.coordinate(mapView.centerCoordinate), "zoom": mapView.zoom]
        if let f = mapView.calloutFrame { event["callout"] = EventLog.rect(f) }
        events.emit(event)
        panel.log("Region changed", String(format: "%.4f, %.4f at zoom %.1f", mapView.centerCoordinate.latitude,
                                           mapView.centerCoordinate.longitude, mapView.zoom))
    }
}
