/// A TileJSON document (3.0.0 and the 2.x before it), as tipg, Martin, TileServer GL and
/// OpenMapTiles' servers publish one: where a tile set's tiles are, what zooms and area it
/// covers, its credits, and whether its tiles are vector tiles.
package struct TileJSON: Sendable, Equatable {
    /// URL templates (`{z}`, `{x}`, `{y}`), made absolute against the document's URL.
    package var tiles: [String]
    package var name: String?
    package var attribution: String?
    package var zoomRange: ClosedRange<Int>
    /// nil for the whole world (the spec's default).
    package var bounds: GeoBounds?
    /// It lists `vector_layers`, says `format` pbf or mvt, or its templates name `.pbf` or `.mvt` files.
    package var isVector: Bool

    /// Reads the document fetched from `url`. Throws, naming `url`, when it is not TileJSON, names
    /// no tiles, or counts rows from the bottom (`scheme` tms).
    package init(json: [UInt8], url: String) throws(TileSourceError) {
        func fail(_ reason: String) -> TileSourceError { TileSourceError(source: url, reason: reason) }
        var reader = JSONReader(bytes: json)
        guard let document = try? reader.value(), case .object = document else { throw fail("is not a TileJSON document (not a JSON object)") }
        let templates = (document["tiles"]?.array ?? []).compactMap(\.string).filter { !$0.isEmpty }
        guard !templates.isEmpty else { throw fail("is not a TileJSON document: it names no tiles (\"tiles\": […])") }
        if let scheme = document["scheme"]?.string, scheme != "xyz" {
            throw fail("counts tile rows the \(scheme) way; CalloutMap reads TileJSON of scheme xyz")
        }
        tiles = templates.map { Self.absolute($0, from: url) }
        name = document["name"]?.string
        attribution = document["attribution"]?.string
        let low = Int(min(max(document["minzoom"]?.number ?? 0, 0), 30)), high = Int(min(max(document["maxzoom"]?.number ?? 30, 0), 30))
        zoomRange = min(low, high)...high
        let b = (document["bounds"]?.array ?? []).compactMap(\.number)
        bounds = b.count == 4 && b[0] < b[2] && b[1] < b[3] && !(b[0] <= -180 && b[2] >= 180) ? GeoBounds(west: b[0], south: b[1], east: b[2], north: b[3]) : nil
        let format = document["format"]?.string?.lowercased()
        isVector = document["vector_layers"]?.array != nil || format == "pbf" || format == "mvt"
            || tiles.contains { let path = $0.lowercased().split(separator: "?")[0]; return path.hasSuffix(".pbf") || path.hasSuffix(".mvt") }
    }

    /// A template as an absolute URL: one with a scheme as it is, one from the root on the
    /// document's host, else beside the document.
    static func absolute(_ template: String, from url: String) -> String {
        if template.contains("://") { return template }
        // The document's URL without its query and fragment: its scheme, host and folder.
        let bare = String(url.prefix { $0 != "?" && $0 != "#" })
        let afterScheme = bare.range(of: "://").map { String(bare[$0.upperBound...]) } ?? bare
        let scheme = String(bare.dropLast(afterScheme.count))
        let host = String(afterScheme.prefix { $0 != "/" })
        if template.hasPrefix("/") { return scheme + host + template }
        let path = afterScheme.dropFirst(host.count)
        let folder = path.lastIndex(of: "/").map { String(path[...$0]) } ?? "/"
        return scheme + host + folder + template
    }
}
