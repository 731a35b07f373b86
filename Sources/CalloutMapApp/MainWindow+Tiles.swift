import CalloutMapCore
import CalloutMapGtk
import CalloutMapWidget
import Foundation

/// The map's source: a tiles file, a folder, a URL or a style opened over the offline map,
/// its failures told once, and the map taken to a source whose area is out of view.
extension MainWindow {
    /// A source whose area is all out of view: the map goes to it (a city's tiles show the city).
    func reveal(_ layer: RasterTileLayer?) {
        guard let area = layer?.source.bounds, !map.visibleRegion.intersects(area) else { return }
        map.setRegion(area, animated: false)
    }

    /// Draws a tile source over the offline map; one that cannot be opened is reported and the offline map stays.
    /// With a style (`--style`), `path` may be nil: the style names its tiles.
    func showTiles(_ path: String?, style: String? = nil) {
        if style == nil, let path, TileSources.isStyle(path) { return showTiles(nil, style: path) }
        if let url = TileSources.tileJSONURL(tiles: path, style: style) { return showTileJSON(url, style: style) }
        guard let source = path ?? style, let layer = openTiles(path, style: style) else { return }
        tileSwitcher.add(layer, source: source)
    }

    /// A TileJSON document's tiles (drawn with `style` when one is given), once it is fetched
    /// (the window goes on meanwhile).
    private func showTileJSON(_ url: String, style: String?) {
        let scale = map.scaleFactor
        let named = style ?? url
        Task { @MainActor [weak self] in
            do throws(TileSourceError) {
                let source = try await TileSources.source(forTileJSON: url, style: style, scale: scale, note: Self.note(about: named))
                guard let self else { return }
                let layer = RasterTileLayer(source: source)
                self.reportFailures(of: layer)
                self.tileSwitcher.add(layer, source: named)
            } catch {
                self?.couldNotOpen(named, error)
            }
        }
    }

    /// Tells on standard error, one line each, what of a source (a style) is not drawn.
    private static func note(about named: String) -> @Sendable (String) -> Void {
        { line in FileHandle.standardError.write(Data("calloutmap: \(named): \(line)\n".utf8)) }
    }

    /// A tile source's layer, its failures watched; nil (told on standard error and in a toast) when it cannot be opened.
    /// What of a style is not drawn is told on standard error.
    func openTiles(_ path: String?, style: String? = nil) -> RasterTileLayer? {
        let named = style ?? path ?? ""
        let note = Self.note(about: named)
        do {
            // {r} picks @2x tiles on a HiDPI display (the scale when the source is opened).
            let source = if let style { try TileSources.source(for: path, style: style, scale: map.scaleFactor, note: note) }
                         else { try TileSources.source(for: named, scale: map.scaleFactor, note: note) }
            let layer = RasterTileLayer(source: source)
            reportFailures(of: layer)
            return layer
        } catch {
            couldNotOpen(named, error)
            return nil
        }
    }

    /// Tells, on standard error and in a toast, that a source could not be opened.
    private func couldNotOpen(_ named: String, _ error: TileSourceError) {
        FileHandle.standardError.write(Data("calloutmap: \(error); showing the offline map\n".utf8))
        toasts.showProblem(String(format: tr("Could not open the map source “%@”"), URL(fileURLWithPath: named).lastPathComponent),
                           details: [.init(message: "\(error)"), .init(message: tr("The offline map is shown instead."))])
    }

    /// A source's first failure is told once, on standard error and in a toast; the offline map shows there.
    func reportFailures(of layer: RasterTileLayer) {
        let name = layer.source.name
        layer.onFirstFailure = { [weak self] error in
            FileHandle.standardError.write(Data("calloutmap: \(error); showing the offline map there\n".utf8))
            self?.toasts.showProblem(String(format: tr("Could not get tiles from %@"), name),
                                     details: [.init(message: "\(error)"), .init(message: tr("The offline map is shown where tiles are missing."))])
        }
    }
}
