import CGtk
import CalloutMapCore
import CalloutMapGtk
import CalloutMapWidget
import Foundation

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

    init(application: UnsafeMutablePointer<GtkApplication>, options: Options, basemap: Basemap) {
        events = EventLog(enabled: options.logEvents)
        colorScheme = ColorScheme(forced: options.theme)
        map = MapView(basemap: basemap, center: options.center, zoom: options.zoom,
                      style: colorScheme.prefersDark ? .dark : .light)
        window = gtk_application_window_new(application)
        gtk_window_set_title(cm_window(window), "CalloutMap")
        gtk_window_set_default_size(cm_window(window), Int32(options.size.width), Int32(options.size.height))

        let header = gtk_header_bar_new()!
        let zoomBox = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
        gtk_widget_add_css_class(zoomBox, "linked")
        zoomOut = Self.iconButton("zoom-out-symbolic", tooltip: "Zoom Out")
        zoomIn = Self.iconButton("zoom-in-symbolic", tooltip: "Zoom In")
        gtk_box_append(cast(zoomBox), zoomOut)
        gtk_box_append(cast(zoomBox), zoomIn)
        gtk_header_bar_pack_start(opaque(header), zoomBox)
        gtk_window_set_titlebar(cm_window(window), header)
        let overlay = gtk_overlay_new()!
        gtk_overlay_set_child(OpaquePointer(overlay), map.widget)
        gtk_overlay_add_overlay(OpaquePointer(overlay), banner.widget)
        gtk_window_set_child(cm_window(window), overlay)

        map.delegate = self
        DemoViews.register(on: map.annotationLayer)
        Signal.connect(zoomIn, "clicked") { [weak self] in self?.map.zoom(by: ZoomSteps.key) }
        Signal.connect(zoomOut, "clicked") { [weak self] in self?.map.zoom(by: -ZoomSteps.key) }
        colorScheme.onChange = { [weak self] dark in self?.map.style = dark ? .dark : .light }
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

    private static func iconButton(_ icon: String, tooltip: String) -> UnsafeMutablePointer<GtkWidget> {
        let button = gtk_button_new_from_icon_name(icon)!
        gtk_widget_set_tooltip_text(button, tooltip)
        cm_accessible_set_label(button, tooltip)
        return button
    }

    /// Shows the points of GeoJSON files; problems go to standard error and a banner.
    func load(_ files: [URL]) {
        let (annotations, problems) = AnnotationFiles.load(files)
        map.addAnnotations(annotations)
        if !problems.isEmpty { banner.show(problems) }
    }

    // MARK: MapViewDelegate

    func mapView(_ mapView: MapView, viewFor annotation: any Annotation) -> AnnotationView? {
        DemoViews.view(for: annotation, in: mapView.annotationLayer)
    }

    func mapView(_ mapView: MapView, didSelect view: AnnotationView) {
        events.emit(annotationEvent("select", view))
    }

    func mapView(_ mapView: MapView, didDeselect view: AnnotationView) {
        events.emit(annotationEvent("deselect", view))
    }

    func mapView(_ mapView: MapView, annotationView view: AnnotationView,
                 didChange newState: AnnotationDragState, fromOldState oldState: AnnotationDragState) {
        var event = annotationEvent("drag", view)
        event["state"] = newState.rawValue
        events.emit(event)
    }

    private func annotationEvent(_ name: String, _ view: AnnotationView) -> [String: Any] {
        var event: [String: Any] = ["event": name, "title": view.annotation?.title ?? NSNull()]
        if let c = view.annotation?.coordinate {
            event["lat"] = c.latitude
            event["lon"] = c.longitude
        }
        return event
    }

    func mapViewDidFinishRenderingFirstFrame(_ mapView: MapView) {
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
        events.emit(["event": "region", "center": EventLog.coordinate(mapView.centerCoordinate), "zoom": mapView.zoom])
    }
}
