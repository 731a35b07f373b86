import CalloutMapCore

/// What a map shows — its annotations, its shapes and its tile layers — and the one signal that
/// says it changed. Every change goes through here, so what follows the content (the search
/// index, the accessible buttons, the summary of what is in view, clustering, drawing) hears of
/// it from one place, however it was made: the map's public methods, a file opening, a test.
@MainActor
final class MapContent {
    /// What changed.
    enum Change {
        /// Annotations came (in `added`) or went (`added` empty).
        case annotations(added: [any Annotation])
        /// Shapes came (in `added`) or went (`added` empty).
        case overlays(added: [any Overlay])
        /// The tile layers were replaced, or one of them has new tiles to draw.
        case tileLayers
    }

    /// The annotations, their views and their clusters.
    let annotations = AnnotationLayer()
    /// The shapes.
    let overlays = OverlayLayer()
    /// Tile sources over the offline basemap, bottom first.
    var tileLayers: [RasterTileLayer] = [] {
        didSet {
            for layer in tileLayers { layer.onChange = { [weak self] in self?.onChange?(.tileLayers) } }
            onChange?(.tileLayers)
        }
    }
    /// What of the vector tile layers a click selects (`MapView.selectableMapFeatures`).
    var selectableMapFeatures: MapFeature.Kinds = []
    /// The signal: told after each change.
    var onChange: ((Change) -> Void)?

    func add(_ new: [any Annotation]) {
        annotations.add(new)
        onChange?(.annotations(added: new))
    }

    func remove(_ gone: [any Annotation]) {
        annotations.remove(gone)
        onChange?(.annotations(added: []))
    }

    func add(_ new: [any Overlay]) {
        overlays.add(new)
        onChange?(.overlays(added: new))
    }

    func remove(_ gone: [any Overlay]) {
        overlays.remove(gone)
        onChange?(.overlays(added: []))
    }
}
