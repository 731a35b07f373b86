import CalloutMapCore
import CalloutMapWidget
import Foundation

/// `calloutmap render`: the same scene as the window, written to a PNG without a display.
@MainActor
struct RenderCommand {
    let options: Options
    let basemap: Basemap
    let annotationFiles: [URL]

    func run() -> Int32 {
        do {
            let viewport = Viewport(center: options.center, zoom: options.zoom, size: options.size)
            let style: BasemapStyle = options.theme == .dark ? .dark : .light
            let renderer = try OffscreenRenderer()
            var scene = MapScene(viewport: viewport, style: style, scale: options.scale,
                                 tiles: TileCache(renderer: TileRenderer(basemap: basemap)))
            let layer = AnnotationLayer()
            DemoViews.register(on: layer)
            layer.viewProvider = { [unowned layer] in DemoViews.view(for: $0, in: layer, interactive: false) }
            layer.add(AnnotationFiles.load(annotationFiles).annotations)
            scene.annotationLayer = layer
            try renderer.writePNG(of: scene, to: options.output!)
            return 0
        } catch {
            FileHandle.standardError.write("calloutmap render: \(error)\n".data(using: .utf8)!)
            return 1
        }
    }
}
