import CalloutMapCore
import CalloutMapWidget
import Foundation

/// `calloutmap render`: the same scene as the window, pins included, written to
/// a PNG without a display; with `--select TITLE`, that pin selected and its
/// callout drawn the `--mode` way (after the pan the app would make to show it).
@MainActor
struct RenderCommand {
    let options: Options
    let basemap: Basemap
    let annotationFiles: [URL]
    /// The longest `render` waits for clusters (a million points take seconds).
    static let clusterTimeout = 120.0

    func run() -> Int32 {
        do {
            var viewport = Viewport(center: options.center, zoom: options.zoom, size: options.size)
            let style: BasemapStyle = options.theme == .dark ? .dark : .light
            let renderer = try OffscreenRenderer()
            var scene = MapScene(viewport: viewport, style: style, scale: options.scale,
                                 tiles: TileCache(renderer: TileRenderer(basemap: basemap)))
            let layer = AnnotationLayer()
            let views = SceneViews(layer: layer)
            DemoViews.register(on: views)
            layer.viewProvider = { DemoViews.view(for: $0, in: views) }
            layer.clusters.clusteringIdentifier = DemoViews.clusteringIdentifier
            layer.clusters.identifierOptions[DemoViews.citySet] = DemoViews.citySetOptions
            let loaded = AnnotationFiles.load(annotationFiles, options: options.geoJSON)
            let annotations = loaded.flatMap(\.annotations)
            layer.add(annotations)
            scene.annotationLayer = layer
            let shapes = OverlayLayer()
            shapes.isDark = style.isDark
            shapes.add(loaded.flatMap(\.overlays))
            scene.overlayLayer = shapes
            // Big sets cluster in the background, as in the window; the picture waits for them.
            if !layer.clusters.waitUntilBuilt(timeout: Self.clusterTimeout) {
                FileHandle.standardError.write("""
                    calloutmap render: clustering \(annotations.count) places took longer than \(Int(Self.clusterTimeout)) s; \
                    they are left out of the picture\n
                    """.data(using: .utf8)!)
            }
            if let title = options.select.last {  // the primary: `render` draws one callout
                if let selected = annotations.first(where: { $0.title == title }) {
                    select(selected, in: layer, viewport: &viewport, scene: &scene, style: style)
                } else if let shape = shapes.overlays.first(where: { $0.title == title }) {
                    // A shape: selected where the window puts its callout when no click says where.
                    let anchor = OverlayAnchor(overlay: shape, coordinate: MapView.middle(of: shape))
                    let ring = OverlayAnchorView(annotation: anchor, reuseIdentifier: nil)
                    ring.color = shapes.style(of: shape).strokeColor
                    layer.attach(anchor, view: ring)
                    shapes.selected = [ObjectIdentifier(shape)]
                    select(anchor, in: layer, viewport: &viewport, scene: &scene, style: style)
                } else {
                    throw RenderError(message: "no annotation or shape titled '\(title)'")
                }
            }
            scene.viewport = viewport
            if let path = options.tiles {
                // Every tile in view (and the margin the map draws beyond it) has loaded or failed,
                // or the timeout (30 s unless --tile-timeout) has passed, before the picture is drawn.
                let tiles = RasterTileLayer(source: try TileSources.source(for: path, scale: options.scale))
                let late = tiles.loadAll(covering: viewport, scale: options.scale, timeout: options.tileTimeout)
                if late > 0 {
                    FileHandle.standardError.write(Data("""
                        calloutmap render: \(late) tiles from \(tiles.source.name) did not arrive within \
                        \(options.tileTimeout.formatted()) s; the offline map shows there\n
                        """.utf8))
                }
                scene.tileLayers = [tiles]
            }
            if options.placeNames, !scene.tileLayers.contains(where: { $0.source.hasLabels }) {
                do {
                    scene.placeLabels = PlaceLabelLayer(places: try WorldPlaces.bundled())
                } catch {
                    FileHandle.standardError.write(Data("calloutmap render: the place names are left out: \(error)\n".utf8))
                }
            }
            try renderer.writePNG(of: scene, to: options.output!)
            return 0
        } catch {
            FileHandle.standardError.write("calloutmap render: \(error)\n".data(using: .utf8)!)
            return 1
        }
    }

    private func select(_ annotation: any Annotation, in layer: AnnotationLayer, viewport: inout Viewport,
                        scene: inout MapScene, style: BasemapStyle) {
        let bounds = viewport.bounds
        if !bounds.contains(viewport.screenPoint(for: annotation.coordinate)) { viewport.centerCoordinate = annotation.coordinate }
        layer.keep(annotation)
        layer.layout(viewport)
        guard let view = layer.view(for: annotation) else { return }
        view.isSelected = true
        layer.restack(view)
        if options.mode == .annotation {
            let callout = AnnotationCalloutPresentation.attachCallout(to: view, pin: annotation, in: layer)
            layer.layout(viewport)
            // It always sits above its pin; like the app, pan just enough to show it.
            viewport.pan(by: CalloutPlacer().panToShow(callout.frame, in: bounds))
            layer.layout(viewport)
            return
        }
        let sketch = CalloutSketch(mode: options.mode, title: annotation.title ?? "", subtitle: annotation.subtitle, style: style)
        var placement = CalloutPlacer().place(size: sketch.bodySize, pin: view.frame, anchor: view.calloutAnchor, in: bounds)
        if !placement.fits {  // as the app does: pan by the remainder
            viewport.pan(by: placement.pan)
            layer.layout(viewport)
            placement = CalloutPlacer().place(size: sketch.bodySize, pin: view.frame, anchor: view.calloutAnchor, in: bounds)
        }
        scene.callouts = [(sketch, placement)]
    }
}

/// The offscreen scene's pins as `DemoViews` asks for them.
@MainActor
private struct SceneViews: ReusableViews {
    unowned let layer: AnnotationLayer

    func register(_ viewClass: AnnotationView.Type, forAnnotationViewWithReuseIdentifier identifier: String) {
        layer.register(viewClass, forReuseIdentifier: identifier)
    }

    func dequeueReusableAnnotationView(withIdentifier identifier: String, for annotation: any Annotation) -> AnnotationView {
        layer.dequeueView(withIdentifier: identifier, for: annotation)
    }
}
