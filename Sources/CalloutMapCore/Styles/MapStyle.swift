import Foundation

/// A MapLibre style document (version 8), read as far as CalloutMap draws it: its vector sources
/// and its background, fill, line, symbol and circle layers, each with its zooms, source layer,
/// filter, visibility and the paint and layout properties below, compiled to expressions.
///
/// What it does not draw — other layer types, other properties, expressions it does not know —
/// is left out with one note each in `notes`; only a document that is not a style at all throws.
package struct MapStyle: Sendable {
    package var name: String?
    package var sources: [String: Source]
    package var layers: [Layer]
    /// What was left out, one line per kind, sorted.
    package var notes: [String]

    package struct Source: Sendable, Equatable {
        /// A TileJSON URL, or `mbtiles:///absolute/path`, `pmtiles:///absolute/path`.
        package var url: String?
        /// `{z}/{x}/{y}` URL templates.
        package var tiles: [String]
        package var zoomRange: ClosedRange<Int>
        package var attribution: String?
    }

    package enum LayerType: String, Sendable {
        case background, fill, line, symbol, circle
    }

    package struct Layer: Sendable {
        package var id: String
        package var type: LayerType
        package var source: String?
        package var sourceLayer: String?
        /// Drawn from `minZoom` up to, not including, `maxZoom`.
        package var minZoom: Double
        package var maxZoom: Double
        package var filter: StyleExpression?
        package var isVisible: Bool
        package var paint: [String: StyleExpression]
        package var layout: [String: StyleExpression]

        /// A paint or layout property's value for a feature; nil where the layer does not set it.
        package func value(_ key: String, _ context: StyleContext) -> StyleValue? {
            (paint[key] ?? layout[key])?.evaluate(context)
        }

        /// Whether the layer draws at a zoom and lets the feature through its filter.
        package func draws(_ context: StyleContext) -> Bool {
            isVisible && context.zoom >= minZoom && context.zoom < maxZoom && (filter?.matches(context) ?? true)
        }
    }

    /// The properties drawn, by layer type (`visibility` is read for every layer).
    static let supported: [LayerType: (paint: Set<String>, layout: Set<String>)] = [
        .background: (["background-color", "background-opacity"], []),
        .fill: (["fill-color", "fill-opacity", "fill-outline-color", "fill-antialias"], []),
        .line: (["line-color", "line-width", "line-opacity", "line-dasharray"], ["line-cap", "line-join", "line-miter-limit"]),
        .symbol: (["text-color", "text-halo-color", "text-halo-width", "text-opacity"],
                  ["text-field", "text-size", "text-font", "text-anchor", "text-offset", "text-transform", "text-max-width",
                   "symbol-placement", "symbol-sort-key", "text-allow-overlap"]),
        .circle: (["circle-radius", "circle-color", "circle-opacity", "circle-stroke-width", "circle-stroke-color",
                   "circle-stroke-opacity"], []),
    ]

    /// A style's zoom for a map's: MapLibre counts zooms in 512-pixel tiles, CalloutMap (as
    /// OpenStreetMap's raster tiles do) in 256-point ones, so the same scale is one zoom less in
    /// a style. Every zoom a style names — minzoom, maxzoom, `["zoom"]` — is read this way.
    package static func styleZoom(forMapZoom zoom: Double) -> Double { zoom - 1 }

    package init(json: [UInt8]) throws(MapStyleError) {
        var reader = JSONReader(bytes: json)
        let document: JSONValue
        do {
            document = try reader.value()
            try reader.expectEnd()
        } catch {
            throw MapStyleError(reason: "is not JSON (\(error))")
        }
        guard case .object = document else { throw MapStyleError(reason: "is not a style (not a JSON object)") }
        guard let layers = document["layers"]?.array else { throw MapStyleError(reason: "is not a style (it has no \"layers\")") }
        var notes: Set<String> = []
        if let version = document["version"]?.number, version != 8 { notes.insert("the style says version \(StyleValue.text(of: version)); read as version 8") }
        name = document["name"]?.string
        sources = Self.sources(document["sources"], notes: &notes)
        self.layers = layers.compactMap { Self.layer($0, notes: &notes) }
        self.notes = notes.sorted()
    }

    private static func sources(_ json: JSONValue?, notes: inout Set<String>) -> [String: Source] {
        guard case .object(let members) = json else { return [:] }
        var sources: [String: Source] = [:]
        for (id, source) in members {
            guard source["type"]?.string == "vector" else {
                notes.insert("sources of type \"\(source["type"]?.string ?? "?")\" are not drawn")
                continue
            }
            func zoom(_ key: String, _ fallback: Int) -> Int {
                guard let z = source[key]?.number, z.isFinite else { return fallback }
                return Int(min(max(z, 0), 30))
            }
            let low = zoom("minzoom", 0), high = zoom("maxzoom", 14)
            sources[id] = Source(url: source["url"]?.string, tiles: source["tiles"]?.array?.compactMap(\.string) ?? [],
                                 zoomRange: low...max(low, high),
                                 attribution: source["attribution"]?.string)
        }
        return sources
    }

    private static func layer(_ json: JSONValue, notes: inout Set<String>) -> Layer? {
        guard let id = json["id"]?.string, let typeName = json["type"]?.string else {
            notes.insert("a layer without an id or a type is left out")
            return nil
        }
        guard let type = LayerType(rawValue: typeName) else {
            notes.insert("layers of type \"\(typeName)\" are not drawn")
            return nil
        }
        let supported = Self.supported[type]!
        func properties(_ group: String, _ known: Set<String>) -> [String: StyleExpression] {
            guard case .object(let members) = json[group] else { return [:] }
            var compiled: [String: StyleExpression] = [:]
            for (key, value) in members where key != "visibility" {
                guard known.contains(key) else {
                    notes.insert("the \(group) property \"\(key)\" is not drawn")
                    continue
                }
                if key == "text-field" {
                    compiled[key] = textField(value, notes: &notes)
                } else if key == "text-font", let fonts = value.array, fonts.allSatisfy({ $0.string != nil }) {
                    compiled[key] = .literal(StyleValue(value))  // a list of font names, not an expression
                } else if key.hasSuffix("-color") {
                    compiled[key] = StyleExpression.property(value, notes: &notes).readingColors()
                } else {
                    compiled[key] = StyleExpression.property(value, notes: &notes)
                }
            }
            return compiled
        }
        return Layer(id: id, type: type, source: json["source"]?.string, sourceLayer: json["source-layer"]?.string,
                     minZoom: json["minzoom"]?.number ?? 0, maxZoom: json["maxzoom"]?.number ?? 24,
                     filter: json["filter"].map { StyleExpression.filter($0, notes: &notes) },
                     isVisible: json["layout"]?["visibility"]?.string != "none",
                     paint: properties("paint", supported.paint), layout: properties("layout", supported.layout))
    }

    /// `text-field` may be text with `{key}` tokens ("{name:latin}\n{name:nonlatin}"): each token
    /// is that property's value, or nothing.
    static func textField(_ json: JSONValue, notes: inout Set<String>) -> StyleExpression {
        guard case .string(let text) = json, text.contains("{") else { return StyleExpression.property(json, notes: &notes) }
        var parts: [StyleExpression] = []
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            if open > rest.startIndex { parts.append(.literal(.string(String(rest[..<open])))) }
            parts.append(.coalesce([.get(String(rest[rest.index(after: open)..<close])), .literal(.string(""))]))
            rest = rest[rest.index(after: close)...]
        }
        if !rest.isEmpty { parts.append(.literal(.string(String(rest)))) }
        return .concat(parts)
    }
}

/// Why a document is not a style; `reason` reads after the file's name.
package struct MapStyleError: Error, Equatable, Sendable, CustomStringConvertible {
    package var reason: String
    package init(reason: String) { self.reason = reason }
    package var description: String { reason }
}
