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
        let named = style ?? path ?? ""
        // {r} picks @2x tiles on a HiDPI display (the scale when the source is opened).
        let opening: TileSourceOpening
        do {
            opening = try TileSources.opening(tiles: path, style: style, scale: map.scaleFactor, note: Self.note(about: named))
        } catch {
            return couldNotOpen(named, error)
        }
        switch opening {
        case .opened(let source):
            tileSwitcher.add(watchedLayer(source), source: path ?? named)
        case .fetching(let url, let fetch):
            showTileJSON(style ?? url, fetch)
        }
    }

    /// A TileJSON document's tiles, once it is fetched (the window goes on meanwhile).
    private func showTileJSON(_ named: String, _ fetch: @escaping @Sendable () async throws(TileSourceError) -> any TileSource) {
        Task { @MainActor [weak self] in
            do throws(TileSourceError) {
                let source = try await fetch()
                guard let self else { return }
                self.tileSwitcher.add(self.watchedLayer(source), source: named)
            } catch {
                self?.couldNotOpen(named, error)
            }
        }
    }

    /// Tells on standard error, one line each, what of a source (a style) is not drawn.
    private static func note(about named: String) -> @Sendable (String) -> Void {
        { line in FileHandle.standardError.write(Data("calloutmap: \(named): \(line)\n".utf8)) }
    }

    /// The layer of a tiles file, folder or URL, its failures watched; nil (told on standard
    /// error and in a toast) when it cannot be opened.
    func openTiles(_ path: String) -> RasterTileLayer? {
        do {
            return watchedLayer(try TileSources.source(for: path, scale: map.scaleFactor, note: Self.note(about: path)))
        } catch {
            couldNotOpen(path, error)
            return nil
        }
    }

    /// A source's layer, its failures watched.
    private func watchedLayer(_ source: any TileSource) -> RasterTileLayer {
        let layer = RasterTileLayer(source: source)
        reportFailures(of: layer)
        return layer
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
