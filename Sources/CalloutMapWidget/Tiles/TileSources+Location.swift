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
        if lower.hasSuffix(".json") { return try source(for: nil, style: location, scale: scale, note: note) }
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

    /// The tiles a TileJSON document names (what tipg, Martin and TileServer GL publish), fetched
    /// from `url` first: vector tiles drawn with the built-in styles, or images, from its first
    /// template, within its zooms and area, with its credits. Errors name the URL.
    public static func source(forTileJSON url: String, scale: Int = 1) async throws(TileSourceError) -> any TileSource {
        let document = try TileJSON(json: try await XYZTileSource.document(at: url), url: url)
        let template = document.tiles[0]
        let retina = scale >= 2 && template.contains("{r}")
        let server = try XYZTileSource(template: template, name: document.name, attribution: document.attribution,
                                       zoomRange: document.zoomRange, retina: retina,
                                       cache: try? TileDiskCache(source: retina ? template + "@2x" : template))
        guard document.isVector else { return server }
        return try VectorTileSource.withBuiltInStyles(OnlineVectorTiles(server: server, bounds: document.bounds), location: url, scale: scale)
    }

    /// Vector tiles drawn with a MapLibre style (a JSON file at `stylePath`, in both light and
    /// dark). The tiles are `location`'s — a PMTiles archive, a vector MBTiles file or a folder
    /// of `z/x/y.pbf` — or, when it is nil, those the style's vector source names: by `url`
    /// (`pmtiles:///absolute/path`, `mbtiles:///absolute/path`) or by `tiles` (URL templates). `note` is told, one line each, what of the style is not drawn.
    /// Errors name the style or the tiles' file and say what is wrong.
    public static func source(for location: String?, style stylePath: String, scale: Int = 1,
                              note: (String) -> Void = { _ in }) throws(TileSourceError) -> any TileSource {
        let style: MapStyle
        do {
            style = try MapStyle(json: InputFile.read(URL(fileURLWithPath: stylePath), limit: 16 << 20))
        } catch let error as InputFile.Failure {
            throw TileSourceError(source: stylePath, reason: error.reason)
        } catch {
            throw TileSourceError(source: stylePath, reason: "\(error)")
        }
        style.notes.forEach(note)
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
    /// is not read from a style yet: an error says so.
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
                throw TileSourceError(source: stylePath, reason: "source \"\(id)\" names a TileJSON URL, which a style cannot name yet: give it with --tiles, or write its tiles' template in the source's \"tiles\"")
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
