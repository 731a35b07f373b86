import CCalloutMapGtk
import CalloutMapCore
import CalloutMapGtk
import Dispatch
import Foundation

/// A tile source on the map, drawn over the offline basemap: tiles are fetched and decoded
/// off the main thread, kept decoded (least recently used first out once `byteBudget` is
/// spent), and drawn as they land; a tile that is missing, still loading or failed lets the
/// basemap show. Deeper than the source goes, its deepest tile is drawn scaled.
@MainActor
public final class RasterTileLayer {
    /// Where the tiles come from.
    public let source: any TileSource
    /// 1 for an opaque base layer; less for an overlay.
    public var opacity: Double { didSet { if opacity != oldValue { changed() } } }
    /// Whether the map is dark: a vector source with a dark style redraws its tiles with it.
    package var isDark = false {
        didSet {
            guard isDark != oldValue, (source as? VectorTileSource)?.hasDarkStyle == true else { return }
            loading.values.forEach { $0.cancel() }
            loading = [:]
            ahead = []
            images.removeAll()
            changed()
        }
    }
    /// The names of a vector source's style, drawn by the map over the tiles; nil for a source without.
    package private(set) lazy var labels: MapLabelLayer? = (source as? VectorTileSource).flatMap { $0.hasSymbols ? MapLabelLayer(source: $0) : nil }
    package var byteBudget: Int { images.byteBudget }
    /// Changes whenever what the layer draws changes (a tile landed, the opacity changed).
    package private(set) var revision = 0
    /// Tiles that could not be had (missing tiles are not failures).
    public private(set) var failures = 0
    /// The first failure, for telling the user once per source.
    public private(set) var firstError: TileSourceError?
    /// Called when a tile lands or the layer changes (the map redraws).
    var onChange: (() -> Void)?
    /// Called once, at the source's first failure: tell the user once per source, not per tile.
    public var onFirstFailure: ((TileSourceError) -> Void)?

    /// Decoded tiles; a key without a surface is "no tile there" (missing or failed).
    private var images: SurfaceLRU<TileID>
    private var loading: [TileID: Task<Void, Never>] = [:]
    /// Tiles loading only because a pan may reach them (`loadAhead`): kept quietly when they land.
    private var ahead: Set<TileID> = []

    /// A layer over `source`, drawn at `opacity`, keeping up to `byteBudget` bytes of decoded tiles.
    public init(source: any TileSource, opacity: Double = 1, byteBudget: Int = 96 << 20) {
        self.source = source
        self.opacity = opacity
        images = SurfaceLRU(byteBudget: byteBudget)
    }

    /// The source's credit line, shown in the map's corner.
    public var attribution: String? { source.attribution }
    package var cachedTileCount: Int { images.count }
    package var loadingTileCount: Int { loading.count }

    /// The tile the source holds for a map tile: itself, or its ancestor at the source's deepest
    /// zoom and which square of that ancestor it is (fractions of a tile).
    func sourceTile(for tile: TileID) -> (tile: TileID, portion: (x: Double, y: Double, size: Double))? {
        var t = tile.wrapped
        var depth = 0
        while t.zoom > source.zoomRange.upperBound, let parent = t.parent {
            t = parent
            depth += 1
        }
        // Outside its zooms or its bounds a source is not asked: the offline map shows there.
        guard source.zoomRange.contains(t.zoom), source.bounds?.intersects(t) ?? true else { return nil }
        let n = Double(1 << depth), w = tile.wrapped
        return (t, (Double(w.x) / n - Double(t.x), Double(w.y) / n - Double(t.y), 1 / n))
    }

    /// What to draw for a map tile now, if it has landed; otherwise its load starts.
    func image(for tile: TileID) -> (surface: OpaquePointer, portion: (x: Double, y: Double, size: Double))? {
        guard let (t, portion) = sourceTile(for: tile) else { return nil }
        guard let held = images.lookup(t) else {
            ahead.remove(t)  // wanted now: its landing draws the map again
            load(t)
            return nil
        }
        return held.map { ($0.pointer, portion) }
    }

    /// Whether the layer's image of a map tile has landed and hides what is under it wholly (a
    /// vector map's, inside its area) — within `view`, when given: the map need not draw the
    /// basemap there.
    func coversWholly(_ tile: TileID, within view: GeoBounds? = nil) -> Bool {
        guard let (t, _) = sourceTile(for: tile), case .some(.some) = images.lookup(t) else { return false }
        return willCoverWholly(tile, within: view)
    }

    /// Whether the layer's image of a map tile, once it lands, hides what is under it wholly
    /// (`coversWholly` before the load): the basemap need not be drawn ahead there.
    func willCoverWholly(_ tile: TileID, within view: GeoBounds? = nil) -> Bool {
        guard opacity >= 1, let vector = source as? VectorTileSource, sourceTile(for: tile) != nil else { return false }
        return vector.coversWholly(tile.wrapped, within: view, dark: isDark)
    }

    /// Stops the loads of tiles no longer in view (or ahead of it).
    func keepLoading(only wanted: Set<TileID>) {
        for (t, task) in loading where !wanted.contains(t) {
            task.cancel()
            loading[t] = nil
            ahead.remove(t)
        }
    }

    /// Starts loading a vector map's tiles for map tiles a pan may reach next (`tiles`) when
    /// they fit in the byte budget with those of the map tiles `shown` (both counted in the
    /// source's tiles): landing, they are kept without drawing the map again, so the frame that
    /// reaches them draws them at once, not the offline map first. Only a vector map: its tiles
    /// are drawn on this machine, not fetched ready-made.
    func loadAhead(_ tiles: [TileID], besides shown: [TileID]) {
        guard let vector = source as? VectorTileSource else { return }
        let next = sourceTiles(for: tiles)
        let wanted = next.filter { images.lookup($0) == nil && loading[$0] == nil }
        guard !wanted.isEmpty, images.fits(next.union(sourceTiles(for: shown)).count, side: vector.tileSize * vector.scale) else { return }
        for t in wanted {
            ahead.insert(t)
            load(t)
        }
    }

    /// The source tiles a set of map tiles needs.
    func sourceTiles(for tiles: [TileID]) -> Set<TileID> { Set(tiles.compactMap { sourceTile(for: $0)?.tile }) }

    private func load(_ t: TileID) {
        guard loading[t] == nil else { return }
        let source = self.source, dark = isDark
        loading[t] = Task.detached(priority: .userInitiated) { [weak self] in
            let outcome = await Self.fetch(t, from: source, dark: dark)
            guard !Task.isCancelled else { return }
            DispatchQueue.main.async { [weak self] in
                MainActor.assumeIsolated {
                    guard let self, self.isDark == dark else { return }  // drawn for the other look
                    self.land(t, outcome)
                }
            }
        }
    }

    /// Fetches and decodes one tile (any thread): the surface, nil for no tile, or the error.
    nonisolated static func fetch(_ t: TileID, from source: any TileSource, dark: Bool) async -> Result<Surface?, TileSourceError> {
        do {
            if let vector = source as? VectorTileSource {  // drawn, not decoded
                try await vector.prepare(t)
                return .success(try vector.image(for: t, dark: dark))
            }
            guard let data = try await source.tileData(for: t) else { return .success(nil) }
            guard let surface = TileDecoder.surface(from: data, tileSize: source.tileSize) else {
                return .failure(TileSourceError(source: source.name, reason: "tile \(t) is not an image"))
            }
            return .success(surface)
        } catch let error as TileSourceError {
            return .failure(error)
        } catch {
            return .failure(TileSourceError(source: source.name, reason: "tile \(t): \(error)"))
        }
    }

    private func land(_ t: TileID, _ outcome: Result<Surface?, TileSourceError>) {
        loading[t] = nil
        record(t, outcome)
        if ahead.remove(t) == nil { changed() }  // a tile loaded ahead is not drawn yet
    }

    /// Keeps what a fetch gave; a failure is counted, reported the first time, and drawn as no tile.
    private func record(_ t: TileID, _ outcome: Result<Surface?, TileSourceError>) {
        switch outcome {
        case .success(let surface): images.insert(surface, for: t)
        case .failure(let error):
            failures += 1
            if firstError == nil {
                firstError = error
                onFirstFailure?(error)
            }
            images.insert(nil, for: t)
        }
    }

    private func changed() {
        revision += 1
        onChange?()
    }

    /// Offscreen drawing (`render`): loads every tile a frame of `viewport` draws (a picture's
    /// one frame is drawn to the view's edges: no margin kept for panning), waiting on this
    /// thread at most `timeout` seconds in all; what has not come by then is left to the basemap.
    /// Returns how many tiles had not landed when time ran out.
    @discardableResult
    package func loadAll(covering viewport: Viewport, scale: Int, timeout: Double) -> Int {
        preload(viewport.visibleTiles(deviceScale: Double(scale)).map(\.tile), timeout: timeout)
    }

    /// Loads what the given map tiles need before drawing, waiting on this thread at most
    /// `timeout` seconds in all. Returns how many had not landed by then.
    @discardableResult
    package func preload(_ tiles: [TileID], timeout: Double) -> Int {
        let wanted = sourceTiles(for: tiles).filter { images.lookup($0) == nil }
        guard !wanted.isEmpty else { return 0 }
        final class Results: @unchecked Sendable {
            private let lock = NSLock()
            private var all: [(TileID, Result<Surface?, TileSourceError>)] = []
            func add(_ t: TileID, _ outcome: Result<Surface?, TileSourceError>) {
                lock.withLock { all.append((t, outcome)) }
            }
            var landed: [(TileID, Result<Surface?, TileSourceError>)] { lock.withLock { all } }
        }
        let results = Results(), source = self.source, dark = isDark
        for t in wanted {
            Task.detached(priority: .userInitiated) { results.add(t, await Self.fetch(t, from: source, dark: dark)) }
        }
        // The main loop runs meanwhile: an online source answers on it (through the main queue).
        MainLoop.bridgeSwiftConcurrency()
        _ = MainLoop.iterate(until: { results.landed.count == wanted.count }, timeout: timeout)
        let landed = results.landed
        for (t, outcome) in landed { record(t, outcome) }
        changed()
        return wanted.count - landed.count
    }
}
