import CalloutMapCore
import Foundation

extension TileSources {
    /// What the user named as a source: an http(s) URL template is online tiles (vector tiles
    /// when it names `.pbf` or `.mvt` files, drawn with the built-in styles), a folder
    /// z/x/y tiles; a PMTiles archive, an MBTiles file or a folder of vector tiles is a vector
    /// map drawn with the built-in styles (light and dark); anything else an MBTiles file of images. Files are
    /// told apart by content. `scale` is the display's (device pixels per pixel): at 2 and more,
    /// a URL's `{r}` asks for `@2x` tiles. A style's JSON file (`.json`) is drawn as
    /// `source(for:style:scale:note:)` draws it, with `note` told what of it is not drawn.
    public static func source(for location: String, scale: Int = 1,
                              note: (String) -> Void = { _ in }) throws(TileSourceError) -> any TileSource {
        let lower = location.lowercased()
        if lower.hasPrefix("http://") || lower.hasPrefix("https://") {
            // Kept on disk per source (and per resolution); without a cache folder (unwritable home) tiles still load.
            let retina = scale >= 2 && location.contains("{r}")
            let path = lower.split(separator: "?")[0]
            if path.hasSuffix(".pbf") || path.hasSuffix(".mvt") {
                // OpenMapTiles' zooms unless a TileJSON document says: deeper, the deepest are drawn enlarged.
                let server = try XYZTileSource(template: location, zoomRange: 0...14, cache: try? TileDiskCache(source: location))
                return try VectorTileSource.withBuiltInStyles(OnlineVectorTiles(server: server), location: location, scale: scale)
            }
            return try XYZTileSource(template: location, retina: retina,
                                     cache: try? TileDiskCache(source: retina ? location + "@2x" : location))
        }
        if isStyle(location) { return try source(for: nil, style: location, scale: scale, note: note) }
        if startsAsPMTiles(location) {
            return try VectorTileSource.withBuiltInStyles(try pmtiles(at: location), location: location, scale: scale)
        }
        let source = try open(location)
        if let archive = vectorArchive(source) { return try VectorTileSource.withBuiltInStyles(archive, location: location, scale: scale) }
        return source
    }

    /// Whether `location` is a TileJSON document's URL (an http(s) URL that is no template):
    /// `source(forTileJSON:scale:)` opens it, fetching it first.
    public static func isTileJSON(_ location: String) -> Bool {
        let lower = location.lowercased()
        return (lower.hasPrefix("http://") || lower.hasPrefix("https://")) && !location.contains("{z}")
    }

    /// Whether `location` is a MapLibre style's JSON file (a path ending `.json`): given as the
    /// tiles, it is opened as the style, its vector source naming the tiles.
    public static func isStyle(_ location: String) -> Bool {
        let lower = location.lowercased()
        return lower.hasSuffix(".json") && !lower.hasPrefix("http://") && !lower.hasPrefix("https://")
    }

    /// Opens what a person named as the map: `tiles` (as `source(for:scale:note:)` opens them)
    /// and `style` (a MapLibre style's JSON file, drawn as `source(for:style:scale:note:)` draws
    /// it); a style's JSON given as the tiles is the style. The style is read once, `note` told
    /// what of it is not drawn. A TileJSON document — named as the tiles, or by the style's
    /// vector source's `url` — must be fetched first: that is left to `.fetching`'s closure.
    public static func opening(tiles: String?, style stylePath: String?, scale: Int = 1,
                               note: @escaping @Sendable (String) -> Void = { _ in }) throws(TileSourceError) -> TileSourceOpening {
        if stylePath == nil, let tiles, isStyle(tiles) { return try opening(tiles: nil, style: tiles, scale: scale, note: note) }
        guard let stylePath else {
            guard let tiles else { throw TileSourceError(source: "", reason: "names neither tiles nor a style") }
            guard isTileJSON(tiles) else { return .opened(try source(for: tiles, scale: scale, note: note)) }
            return .fetching(url: tiles) { () async throws(TileSourceError) in try await source(forTileJSON: tiles, style: nil, scale: scale) }
        }
        let style = try readStyle(at: stylePath, note: note)
        let url = tiles.map { isTileJSON($0) ? $0 : nil }
            ?? style.sources.keys.sorted().lazy.compactMap { style.sources[$0]!.url }.first(where: isTileJSON)
        if let url {
            return .fetching(url: url) { () async throws(TileSourceError) in try await source(forTileJSON: url, style: style, scale: scale) }
        }
        return .opened(try source(for: tiles, style: style, at: stylePath, scale: scale))
    }

    /// The tiles a TileJSON document names (what tipg, Martin and TileServer GL publish), fetched
    /// from `url` first, within its zooms and area, with its credits, from its first template:
    /// vector tiles drawn with `style` (a MapLibre style's JSON file; `note` is told what of it
    /// is not drawn) or, without one, with the built-in styles; or images. Errors name the URL
    /// or the style.
    public static func source(forTileJSON url: String, style stylePath: String? = nil, scale: Int = 1,
                              note: @Sendable (String) -> Void = { _ in }) async throws(TileSourceError) -> any TileSource {
        let style = try stylePath.map { path throws(TileSourceError) in try readStyle(at: path, note: note) }
        return try await source(forTileJSON: url, style: style, scale: scale)
    }

    private static func source(forTileJSON url: String, style: MapStyle?, scale: Int) async throws(TileSourceError) -> any TileSource {
        let document = try TileJSON(json: try await XYZTileSource.document(at: url), url: url)
        let template = document.tiles[0]
        let retina = scale >= 2 && template.contains("{r}")
        let server = try XYZTileSource(template: template, name: document.name, attribution: document.attribution,
                                       zoomRange: document.zoomRange, retina: retina,
                                       cache: try? TileDiskCache(source: retina ? template + "@2x" : template))
        guard document.isVector else {
            if style != nil { throw TileSourceError(source: url, reason: "names images, not vector tiles: a style draws vector tiles") }
            return server
        }
        let tiles = OnlineVectorTiles(server: server, bounds: document.bounds)
        if let style { return VectorTileSource(archive: tiles, style: style, scale: scale) }
        return try VectorTileSource.withBuiltInStyles(tiles, location: url, scale: scale)
    }

    /// Vector tiles drawn with a MapLibre style (a JSON file at `stylePath`, in both light and
    /// dark). The tiles are `location`'s — a PMTiles archive, a vector MBTiles file or a folder
    /// of `z/x/y.pbf` — or, when it is nil, those the style's vector source names: by `url`
    /// (`pmtiles:///absolute/path`, `mbtiles:///absolute/path`; a TileJSON URL is opened by
    /// `source(forTileJSON:style:scale:note:)`) or by `tiles` (URL templates). `note` is told, one line each, what of the style is not drawn.
    /// Errors name the style or the tiles' file and say what is wrong.
    public static func source(for location: String?, style stylePath: String, scale: Int = 1,
                              note: (String) -> Void = { _ in }) throws(TileSourceError) -> any TileSource {
        try source(for: location, style: try readStyle(at: stylePath, note: note), at: stylePath, scale: scale)
    }

    private static func source(for location: String?, style: MapStyle, at stylePath: String, scale: Int) throws(TileSourceError) -> any TileSource {
        if location == nil, let online = try onlineTiles(namedBy: style, at: stylePath) {
            return VectorTileSource(archive: online, style: style, scale: scale)
        }
        var path = location
        if path == nil { path = try fileNamed(by: style, at: stylePath) }
        guard let path else {
            throw TileSourceError(source: stylePath, reason: "names no tiles: give --tiles, or a vector source whose url is pmtiles:///… or mbtiles:///…, or whose tiles are URL templates")
        }
        guard let archive = try vectorArchive(at: path) else {
            throw TileSourceError(source: path, reason: "holds images, not vector tiles: a style draws vector tiles")
        }
        return VectorTileSource(archive: archive, style: style, scale: scale)
    }

    /// The MapLibre style in a JSON file, `note` told what of it is not drawn; errors name the file.
    private static func readStyle(at stylePath: String, note: (String) -> Void = { _ in }) throws(TileSourceError) -> MapStyle {
        let style: MapStyle
        do {
            style = try MapStyle(json: InputFile.read(URL(fileURLWithPath: stylePath), limit: 16 << 20))
        } catch let error as InputFile.Failure {
            throw TileSourceError(source: stylePath, reason: error.reason)
        } catch {
            throw TileSourceError(source: stylePath, reason: "\(error)")
        }
        style.notes.forEach(note)
        return style
    }

    /// The online tiles a style's vector source names by `tiles` (URL templates, as a style
    /// written for a tile server has them), within its zooms and with its credits; nil when its
    /// sources name none.
    private static func onlineTiles(namedBy style: MapStyle, at stylePath: String) throws(TileSourceError) -> (any VectorTileArchive)? {
        for id in style.sources.keys.sorted() {
            let source = style.sources[id]!
            guard source.url == nil, let template = source.tiles.first else { continue }
            let server: XYZTileSource
            do {
                server = try XYZTileSource(template: template, attribution: source.attribution, zoomRange: source.zoomRange,
                                           cache: try? TileDiskCache(source: template))
            } catch {
                throw TileSourceError(source: stylePath, reason: "source \"\(id)\": \(error.reason)")
            }
            return OnlineVectorTiles(server: server)
        }
        return nil
    }

    /// The file a style's vector source names by `url`, nil when it names none. A TileJSON URL
    /// must be fetched first (`opening(tiles:style:scale:note:)` finds it): here it is an error.
    private static func fileNamed(by style: MapStyle, at stylePath: String) throws(TileSourceError) -> String? {
        for id in style.sources.keys.sorted() {
            let source = style.sources[id]!
            if let url = source.url, let scheme = ["pmtiles://", "mbtiles://"].first(where: { url.lowercased().hasPrefix($0) }) {
                let path = String(url.dropFirst(scheme.count))
                guard path.hasPrefix("/") else {
                    throw TileSourceError(source: stylePath, reason: "source \"\(id)\": \(url) is not an absolute path (write \(scheme)/path/to/file)")
                }
                return path.removingPercentEncoding ?? path
            }
            if source.url != nil {
                throw TileSourceError(source: stylePath, reason: "source \"\(id)\" names a TileJSON URL, which is fetched first: open it with source(forTileJSON:style:)")
            }
        }
        return nil
    }

    /// The vector tiles at a path: a PMTiles archive (of vector tiles), an MBTiles file of format
    /// pbf or a folder of `z/x/y.pbf`; nil for images.
    private static func vectorArchive(at path: String) throws(TileSourceError) -> (any VectorTileArchive)? {
        if startsAsPMTiles(path) { return try pmtiles(at: path) }
        return vectorArchive(try open(path))
    }

    /// A file or folder source's vector tiles; nil when it holds images.
    private static func vectorArchive(_ source: any TileSource) -> (any VectorTileArchive)? {
        if let file = source as? MBTilesSource, file.format == "pbf" { return file }
        if let folder = source as? TileFolderSource, folder.format == "pbf" { return folder }
        return nil
    }

    /// A PMTiles archive of vector tiles (CalloutMap draws no other kind).
    private static func pmtiles(at path: String) throws(TileSourceError) -> PMTilesArchive {
        let archive = try PMTilesArchive(contentsOf: URL(fileURLWithPath: path))
        guard archive.header.tileType == .mvt || archive.header.tileType == .unknown else {
            throw TileSourceError(source: path, reason: "holds \(archive.header.tileType) tiles; CalloutMap reads PMTiles of vector tiles")
        }
        return archive
    }
}

/// How the map a person named opens (`TileSources.opening(tiles:style:scale:note:)`): at once,
/// or once a TileJSON document is fetched (the window goes on meanwhile; a picture waits).
public enum TileSourceOpening: Sendable {
    /// The source, opened.
    case opened(any TileSource)
    /// The TileJSON document at `url` is to be fetched first: `fetch` fetches it and gives the
    /// source, or throws an error naming the URL or the style.
    case fetching(url: String, fetch: @Sendable () async throws(TileSourceError) -> any TileSource)
}
