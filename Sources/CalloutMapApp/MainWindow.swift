import CCalloutMapAdw
import CCalloutMapGtk
import CalloutMapCore
import CalloutMapGtk
import CalloutMapWidget
import Foundation

/// The application window (AdwApplicationWindow): a header bar — open, zoom, map source, the
/// approach, the side panel and the primary menu — over the map and the side panel, with toasts
/// for what happened. Every command is an action (`win.*`), reached from buttons, menus and keys.
@MainActor
final class MainWindow {
    let window: UnsafeMutablePointer<GtkWidget>
    let map: MapView
    let events: EventLog
    private let colorScheme: ColorScheme
    let toasts: Toasts
    private let panel: EventPanel
    private var opening: FileOpening!
    var tileSwitcher: TileSourceSwitcher!
    private let fileList = FileList()
    private let files: PlaceFiles
    private let report: MapReport
    /// The window was destroyed (the application lets go of this object).
    var onClose: (() -> Void)?
    private let activity = ActivityIndicator()
    private let search: SearchBar
    private let searchPin: SearchPin
    private var searchAction: OpaquePointer!
    private var zoomInAction: OpaquePointer!
    private var zoomOutAction: OpaquePointer!
    private var deselectAction: OpaquePointer!
    private var showPanelAction: OpaquePointer!
    private var shortcutsWindow: ObjectRef?
    private let settings: AppSettings
    /// Shown: what happens from now on was asked for by the person, not by the start-up.
    private var isPresented = false
    /// The panel was opened over the map for the welcome (a first run in a narrow window).
    private var panelOpenedForWelcome = false

    /// Options given on the command line win over what `settings` remember.
    init(application: UnsafeMutablePointer<GtkApplication>, options: Options, settings: AppSettings, basemap: Basemap) {
        self.settings = settings
        events = EventLog(enabled: options.logEvents)
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
                           files: fileList.widget, welcome: !settings.welcomeDismissed)
        // A small window asked for on the command line leaves the room to the map.
        let panelShown = options.sizeGiven ? options.size.width >= 900 : settings.showsPanel
        let mode = options.modeGiven ? options.mode : settings.mode
        let flap = adw_flap_new()!
        files = PlaceFiles(map: map, list: fileList, toasts: toasts, activity: activity, events: events, options: options.geoJSON)
        report = MapReport(events: events, window: window, activity: activity)
        tileSwitcher = TileSourceSwitcher(window: window)
        opening = FileOpening(window: window)
        search = SearchBar(map: map)
        searchPin = SearchPin(map: map)
        addActions(flap: flap, panelShown: panelShown, mode: mode)

        let header = HeaderBar.make(window: window, mapSource: tileSwitcher.widget, mapSourceMenu: tileSwitcher.menu,
                                    activity: activity.widget)
        gtk_widget_set_size_request(window, 360, 294)
        // The side panel beside the map, or over it when the window is too narrow for both.
        let mapArea = gtk_overlay_new()!  // search results lie over the top of the map
        gtk_overlay_set_child(OpaquePointer(mapArea), map.gtkWidget)
        gtk_overlay_add_overlay(OpaquePointer(mapArea), search.results)
        adw_flap_set_content(OpaquePointer(flap), mapArea)
        adw_flap_set_separator(OpaquePointer(flap), gtk_separator_new(GTK_ORIENTATION_VERTICAL))
        adw_flap_set_flap(OpaquePointer(flap), panel.widget)
        adw_flap_set_flap_position(OpaquePointer(flap), GTK_PACK_END)
        adw_flap_set_fold_threshold_policy(OpaquePointer(flap), ADW_FOLD_THRESHOLD_POLICY_NATURAL)
        // Locked: unlocked, libadwaita 1.2 folds a hidden panel only when it is next revealed, the
        // map's width sliding through 160 px meanwhile. Folding hides the panel (below) as
        // unlocked would; unfolding leaves it as the person left it.
        adw_flap_set_locked(OpaquePointer(flap), 1)
        adw_flap_set_fold_duration(OpaquePointer(flap), 0)
        // On a first run in a window too narrow for the panel beside the map (a phone's), the
        // panel opens over the map once, for its welcome; putting that away folds it again. Not
        // for a size asked for on the command line, which leaves the room to the map.
        var welcomeOverMap = !settings.welcomeDismissed && !options.sizeGiven
        Signal.connect(flap, "notify::folded") { [weak self] (_: UnsafeMutableRawPointer?) in
            guard adw_flap_get_folded(OpaquePointer(flap)) != 0 else { return }
            adw_flap_set_reveal_flap(OpaquePointer(flap), welcomeOverMap ? 1 : 0)
            if welcomeOverMap { self?.events.emit(["event": "welcome-shown", "over-map": true]) }
            welcomeOverMap = false
            self?.panelOpenedForWelcome = adw_flap_get_reveal_flap(OpaquePointer(flap)) != 0
        }
        adw_flap_set_swipe_to_open(OpaquePointer(flap), 0)  // a swipe on the map pans it
        adw_flap_set_reveal_flap(OpaquePointer(flap), panelShown ? 1 : 0)
        // Folding hides the panel, a click beside it closes it: the action follows.
        Signal.connect(flap, "notify::reveal-flap") { [weak self] (_: UnsafeMutableRawPointer?) in
            guard let self else { return }
            let shown = adw_flap_get_reveal_flap(OpaquePointer(flap)) != 0
            if shown != Actions.isOn(self.showPanelAction) { g_action_change_state(self.showPanelAction, g_variant_new_boolean(shown ? 1 : 0)) }
        }
        map.showsZoomControls = true
        map.showsPlaceNames = options.placeNames
        toasts.setChild(flap)
        let content = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        gtk_box_append(cast(content), header)
        gtk_box_append(cast(content), search.widget)
        gtk_widget_set_vexpand(toasts.widget, 1)
        gtk_box_append(cast(content), toasts.widget)
        adw_application_window_set_content(cast(window), content)
        Shortcuts.installLocal(on: window)

        report.initialSelection = options.select
        report.files = files
        report.panelShown = { [weak self] in self.map { Actions.isOn($0.showPanelAction) } ?? false }
        report.onChange = { [weak self] in self?.updateActions() }
        report.log = { [weak self] event, detail in self?.panel.log(event, detail) }
        report.onAccessory = { [weak self] view, control in self?.accessoryTapped(view, control) }
        // A place name chosen on the map is shown as the search shows it.
        report.onChoosePlace = { [weak self] place in self?.searchPin.show(place) }
        report.onCopy = { [weak self] text in self?.copied(text) }
        files.onLog = { [weak self] event, detail in self?.panel.log(event, detail) }
        map.calloutMode = mode
        map.temporaryCalloutTitle = options.temporaryTitle ? tr("Loading…") : nil
        map.popoverKeepsSelection = options.popoverKeepsSelection
        panel.describe(mode)

        map.delegate = report
        map.selectableMapFeatures = .all  // a vector map's cafés, streets and parks open callouts too
        tileSwitcher.onChange = { [weak self] layer in
            guard let self else { return }
            self.map.tileLayers = layer.map { [$0] } ?? []
            self.events.emit(["event": "tile-source", "name": layer?.source.name ?? "Offline Map"])
            // Not at start-up, where the command line's or the last session's view stays.
            if self.isPresented { self.reveal(layer) }
        }
        tileSwitcher.onOpen = { [weak self] url in self?.showTiles(url.path) }
        tileSwitcher.onOpenLocation = { [weak self] location in self?.showTiles(location) }
        tileSwitcher.makeOpenStreetMap = { [weak self] in
            let layer = RasterTileLayer(source: XYZTileSource.openStreetMap())
            self?.reportFailures(of: layer)
            return layer
        }
        tileSwitcher.makeHelsinki = { [weak self] in self?.openTiles(DataDirectory.locate()?.appendingPathComponent("vector/helsinki.pmtiles").path ?? "vector/helsinki.pmtiles") }
        // Wired before the first toast can come (a map source that cannot be opened, below).
        toasts.onShow = { [weak self] title in self?.events.emit(["event": "toast", "title": title]) }
        // While a toast is up, the scale bar and attribution stand above it (callouts too).
        toasts.onCovering = { [weak self] covering in self?.map.layoutMargins.bottom = covering ? Toasts.height : 0 }
        toasts.onDetails = { [weak self] title, rows in self?.events.emit(["event": "problems-shown", "title": title, "rows": rows]) }
        toasts.onCopy = { [weak self] text in self?.logCopy(text) }
        // A style names its own tiles ("" below); otherwise --tiles, else the last choice.
        let startingSource = options.style != nil ? "" : options.tiles ?? settings.tileSource
        switch startingSource {
        case "": if let style = options.style { showTiles(options.tiles, style: style) }
        case TileSourceSwitcher.openStreetMap: tileSwitcher.showOpenStreetMap()
        case TileSourceSwitcher.helsinki: tileSwitcher.showHelsinki()
        case let source: showTiles(source)
        }
        DemoViews.register(on: map)
        map.clusteringIdentifier = DemoViews.clusteringIdentifier
        map.setClusterOptions(DemoViews.citySetOptions, forClusteringIdentifier: DemoViews.citySet)
        colorScheme.onChange = { [weak self] dark in self?.map.style = dark ? .dark : .light }
        opening.onOpen = { [weak self] urls in self?.open(urls) }
        Signal.connectStopping(window, "close-request") { [weak self] in
            self?.saveState()
            return false
        }
        Signal.connect(window, "destroy") { [weak self] in self?.close() }
        panel.onTemporaryTitle = { [weak self] on in self?.map.temporaryCalloutTitle = on ? tr("Loading…") : nil }
        panel.onPopoverKeepsSelection = { [weak self] on in self?.map.popoverKeepsSelection = on }
        panel.onShowsData = { [weak self] on in self?.report.showsData = on }  // from the next selection on
        panel.onWelcomeDismissed = { [weak self, flap] in
            guard let self else { return }
            self.settings.welcomeDismissed = true
            self.events.emit(["event": "welcome-dismissed"])
            if self.panelOpenedForWelcome, adw_flap_get_folded(OpaquePointer(flap)) != 0 {
                adw_flap_set_reveal_flap(OpaquePointer(flap), 0)
            }
            self.panelOpenedForWelcome = false
        }
        if let widget = map.gtkWidget { search.captureTyping(on: widget) }
        search.onAnswer = { [weak self] query, titles in
            self?.events.emit(["event": "search-results", "query": query, "titles": Array(titles.prefix(20))])
        }
        search.onChoose = { [weak self] result in self?.searchPin.go(to: result) }
        search.onToggle = { [weak self] open in
            guard let self, Actions.isOn(self.searchAction) != open else { return }
            g_action_change_state(self.searchAction, g_variant_new_boolean(open ? 1 : 0))
        }
        colorScheme.apply()
        updateActions()
    }

    /// The window's commands. Accelerators are the application's (Shortcuts); buttons and menu
    /// items name the actions, so they are enabled and checked as the actions are.
    private func addActions(flap: UnsafeMutablePointer<GtkWidget>, panelShown: Bool, mode: CalloutMode) {
        Actions.add("open", to: window) { [weak self] in self?.opening.choose() }
        zoomInAction = Actions.add("zoom-in", to: window) { [weak self] in self?.map.zoomIn() }
        zoomOutAction = Actions.add("zoom-out", to: window) { [weak self] in self?.map.zoomOut() }
        Actions.addChoice("mode", to: window, state: mode.rawValue) { [weak self] value in
            guard let mode = CalloutMode(rawValue: value) else { return }
            self?.switchMode(mode)
        }
        showPanelAction = Actions.addSwitch("show-panel", to: window, state: panelShown) { on in
            if (adw_flap_get_reveal_flap(OpaquePointer(flap)) != 0) != on { adw_flap_set_reveal_flap(OpaquePointer(flap), on ? 1 : 0) }
        }
        deselectAction = Actions.add("deselect", to: window) { [weak self] in self?.map.deselectAnnotation() }
        // The header's button opens and closes the search; Ctrl+F (`find`) opens it or, open, takes
        // the typing back to it with what it holds selected.
        searchAction = Actions.addSwitch("search", to: window, state: false) { [weak self] on in self?.search.setOpen(on) }
        Actions.add("find", to: window) { [weak self] in self?.search.focus() }
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

    /// Zoom stops at the map's limits; Escape has a callout to close unless a popover takes it.
    private func updateActions() {
        Actions.setEnabled(zoomInAction, map.zoom < Viewport.zoomRange.upperBound)
        Actions.setEnabled(zoomOutAction, map.zoom > Viewport.zoomRange.lowerBound)
        Actions.setEnabled(deselectAction, map.selectedAnnotation != nil && !report.popoverOpen)
    }

    func present() {
        isPresented = true
        gtk_window_present(cm_window(window))
        gtk_widget_grab_focus(map.gtkWidget)
    }

    /// Files the person opened (chooser, drop, command line, a second launch): shown, announced,
    /// and the view moves to fit their places unless `fittingView` is false (a centre or zoom
    /// given on the command line stays).
    /// Tiles files (MBTiles, PMTiles) among them are shown as the map's source instead.
    func open(_ urls: [URL], fittingView: Bool = true) {
        let tiles = urls.filter { TileSources.holdsTiles($0.path) }
        for url in tiles {
            showTiles(url.path)
            if fittingView { reveal(map.tileLayers.first) }
        }
        let places = urls.filter { !tiles.contains($0) }
        if !places.isEmpty { files.load(places, announce: true, fittingView: fittingView) }
    }

    /// Files shown without a word (`--data`, the demo's own).
    func load(_ urls: [URL]) {
        files.load(urls)
    }

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
        files.close()
        onClose?()
    }

    /// Switches the approach (the `win.mode` action's change); the current selection is shown again the new way.
    private func switchMode(_ mode: CalloutMode) {
        guard mode != map.calloutMode else { return }
        panel.describe(mode)
        map.calloutMode = mode
        panel.log(tr("Approach"), ModeSwitcher.titles[mode]!)
        events.emit(["event": "mode", "mode": mode.rawValue])
    }

    /// Text put on the clipboard from the map's context menu: told in a toast (a copy shows
    /// nothing by itself) and as `copied`, as the details' Copy is.
    private func copied(_ text: String) {
        logCopy(text)
        toasts.show(tr("Copied to Clipboard"), timeout: 2)
    }

    private func logCopy(_ text: String) { events.emit(["event": "copied", "text": text]) }

    /// A callout's button: a listing's Save says it is saved; every other (ⓘ, Details) opens
    /// the place's details.
    private func accessoryTapped(_ view: AnnotationView, _ control: CalloutControl) {
        guard let annotation = view.annotation else { return }
        if control.label == "Save" {
            toasts.show(String(format: tr("Saved “%@”"), annotation.title ?? ""))
            return
        }
        var place = PlaceDetails.Place(title: annotation.title ?? "", subtitle: annotation.subtitle, data: [],
                                       coordinate: annotation.coordinate)
        var zoom: @MainActor () -> Void = { [map] in map.showAnnotations([annotation], animated: true) }
        if let point = annotation as? PointAnnotation {
            let isDemos = point.kind != nil
            place.data = point.properties.shown.filter { !isDemos || !DemoViews.internalKeys.contains($0.key) }.map { ($0.key, $0.value) }
        } else if let anchor = annotation as? OverlayAnchor, let shape = anchor.overlay as? ShapeOverlay {
            place.title = shape.title ?? place.title
            place.subtitle = shape.subtitle
            place.data = shape.shownData.map { ($0.key, $0.value) }
            zoom = { [map] in map.setRegion(shape.boundingRegion, edgePadding: EdgeInsets(all: MapView.annotationRoom), animated: true) }
        }
        events.emit(["event": "details-shown", "title": place.title, "data": place.data.map { "\($0.key): \($0.value)" }])
        PlaceDetails.present(place, over: window, onZoom: zoom,
                             onCopy: { [weak self] text in self?.logCopy(text) },
                             onClose: { [weak self] in self?.events.emit(["event": "details-hidden", "title": place.title]) })
    }
}
