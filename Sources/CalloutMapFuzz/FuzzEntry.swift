import CalloutMapCore
import Foundation

/// libFuzzer's entry point: `CALLOUTMAP_FUZZ` picks the parser (`geojson`, the
/// default, `gpx`, `kml`, `basemap`, `mbtiles` (the bytes as an MBTiles file), `places` (a world place names file), `vectortile` (a Mapbox Vector Tile, gzip'd or not), `pmtiles` (the bytes as a PMTiles archive), `style` (a MapLibre style, every property evaluated), `tilejson` (a TileJSON document, the first line its URL), or `cli`: the command line's
/// coordinate and size values, the locale variables, and what is typed in the search bar). Anything the parsers may do with bytes is allowed
/// except trapping, hanging or breaking the invariants checked below.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FuzzTarget.selected.run(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}

enum FuzzTarget: String, CaseIterable {
    case geojson, gpx, kml, basemap, mbtiles, cli, places, vectortile, pmtiles, style, tilejson

    static let selected = FuzzTarget(rawValue: ProcessInfo.processInfo.environment["CALLOUTMAP_FUZZ"] ?? "geojson") ?? .geojson

    func run(_ bytes: [UInt8]) {
        switch self {
        case .geojson: Self.geojson(bytes)
        case .gpx: Self.places(GPXLoader.load(data: Data(bytes), file: "fuzz.gpx"), file: "fuzz.gpx")
        case .kml: Self.places(KMLLoader.load(data: Data(bytes), file: "fuzz.kml"), file: "fuzz.kml")
        case .basemap: Self.basemap(bytes)
        case .mbtiles: Self.mbtiles(bytes)
        case .cli: Self.cli(bytes)
        case .places: Self.places(bytes)
        case .vectortile: Self.vectorTile(bytes)
        case .pmtiles: Self.pmtiles(bytes)
        case .style: Self.style(bytes)
        case .tilejson: Self.tileJSON(bytes)
        }
    }

    /// A TileJSON document from a URL (the first line; the rest the document) reads or is refused
    /// with a reason; its templates are absolute, its zooms within 0…30.
    static func tileJSON(_ bytes: [UInt8]) {
        let cut = bytes.firstIndex(of: 10) ?? 0
        let url = String(decoding: bytes[..<cut], as: UTF8.self), json = Array(bytes[(cut == 0 ? 0 : cut + 1)...])
        do {
            let document = try TileJSON(json: json, url: url)
            precondition(!document.tiles.isEmpty && document.zoomRange.lowerBound >= 0 && document.zoomRange.upperBound <= 30)
            if let b = document.bounds { precondition(b.west < b.east && b.south < b.north) }
        } catch {
            precondition(!error.reason.isEmpty && error.source == url, "a refusal without a reason")
        }
    }

    /// The whole-value reader and the streaming loader over the same bytes.
    static func geojson(_ bytes: [UInt8]) {
        var reader = JSONReader(bytes: bytes)
        if (try? reader.value()) != nil { _ = try? reader.expectEnd() }
        let result = GeoJSONLoader.load(data: Data(bytes), file: "fuzz.geojson")
        for a in result.annotations {
            precondition(a.coordinate.isValid, "a loaded annotation has an invalid coordinate")
            precondition((a.title?.count ?? 0) <= GeoJSONLoader.maxTextLength, "a title longer than the limit")
        }
        for p in result.problems {
            precondition(p.file == "fuzz.geojson" && !p.message.isEmpty, "a problem that does not name its file")
        }
        precondition(!result.problems.contains { $0.severity == .fatal } || result.annotations.isEmpty,
                     "a fatal problem with annotations loaded")
        for a in result.annotations {
            precondition((a.subtitle?.count ?? 0) <= GeoJSONLoader.maxTextLength, "a subtitle longer than the limit")
            precondition(a.properties.allSatisfy { $0.value.count <= GeoJSONLoader.maxTextLength }, "a property longer than the limit")
        }
        places(result, file: "fuzz.geojson")
        // A sequence read in pieces of a few bytes reads as in one piece: records never cut at the seams.
        let pieces = GeoJSONLoader.load(data: Data(bytes), file: "fuzz.geojson", options: .init(), pieceSize: 1 + Int(bytes.first ?? 0) % 13)
        precondition(pieces.annotations.map(\.title) == result.annotations.map(\.title)
                     && pieces.annotations.map(\.coordinate) == result.annotations.map(\.coordinate)
                     && pieces.problems == result.problems, "reading in small pieces changed the result")
        // simdjson reading stretches of a few bytes ahead, or JSONReader alone, gives the same places.
        var options = GeoJSONLoader.Options()
        options.readAhead = 1 + Int(bytes.last ?? 0) % 97
        let ahead = GeoJSONLoader.load(data: Data(bytes), file: "fuzz.geojson", options: options)
        options.readAhead = nil
        let alone = GeoJSONLoader.load(data: Data(bytes), file: "fuzz.geojson", options: options)
        precondition(ahead.annotations.map(\.coordinate) == alone.annotations.map(\.coordinate)
                     && ahead.annotations.map(\.title) == alone.annotations.map(\.title)
                     && ahead.annotations.map(\.subtitle) == alone.annotations.map(\.subtitle)
                     && ahead.annotations.map(\.identifier) == alone.annotations.map(\.identifier)
                     && ahead.annotations.map(\.properties) == alone.annotations.map(\.properties)
                     && ahead.overlays.count == alone.overlays.count
                     && ahead.problems == alone.problems, "reading ahead with simdjson changed the result")
    }

    /// What any file of places gave: usable pins, shapes whose every position is a number and that
    /// project, draw (as paths cut to a view) and hit-test at a few zooms, problems naming the file.
    static func places(_ result: LoadedPlaces, file: String) {
        for a in result.annotations {
            precondition(a.coordinate.isValid, "a loaded annotation has an invalid coordinate")
            precondition((a.title?.count ?? 0) <= GeoJSONLoader.maxTextLength, "a title longer than the limit")
        }
        for p in result.problems {
            precondition(p.file == file && !p.message.isEmpty, "a problem that does not name its file")
        }
        precondition(!result.problems.contains { $0.severity == .fatal } || (result.annotations.isEmpty && result.overlays.isEmpty),
                     "a fatal problem with places loaded")
        for overlay in result.overlays.prefix(50) {
            precondition(overlay.geometry.allCoordinates.allSatisfy { $0.latitude.isFinite && $0.longitude.isFinite },
                         "a shape with a position that is not a number")
            precondition((overlay.title?.count ?? 0) <= GeoJSONLoader.maxTextLength, "a shape's title longer than the limit")
            let shape = ProjectedShape(overlay.geometry)
            for zoom in [0.0, 7.5, 19] {
                let view = Viewport(center: overlay.boundingRegion.corners[0], zoom: zoom, size: Size(width: 300, height: 200))
                for path in shape.screenPaths(in: view, clip: view.bounds).joined() {
                    precondition(path.allSatisfy { $0.x.isFinite && $0.y.isFinite }, "a drawn point that is not a number")
                }
                _ = shape.hit(view.worldPoint(at: Point(x: 150, y: 100)), strokeTolerance: 6 / view.worldSize, zoom: zoom)
            }
        }
    }

    /// The bytes as an MBTiles file: opened (or refused with a message naming it), then every
    /// tile of zooms 0–2 and a few deeper ones looked up.
    /// A tile decodes or is refused with a reason; what it keeps is whole: every point, line and
    /// ring as the spec allows, every tag in range, polygons grouped, problems said and bounded.
    static func vectorTile(_ bytes: [UInt8]) {
        let tile: VectorTile
        do { tile = try VectorTile(data: Data(bytes)) } catch {
            precondition(!error.message.isEmpty, "a refusal without a reason")
            return
        }
        precondition(tile.problems.count <= 32 && tile.problems.count <= tile.problemCount, "problems not bounded")
        precondition(tile.problems.allSatisfy { !$0.isEmpty }, "an empty problem")
        for layer in tile.layers {
            precondition(layer.extent > 0 && (1...2).contains(layer.version), "a layer the spec does not allow")
            for feature in layer.features {
                precondition(feature.tags.count % 2 == 0, "an odd tag")
                for i in stride(from: 0, to: feature.tags.count, by: 2) {
                    precondition(Int(feature.tags[i]) < layer.keys.count && Int(feature.tags[i + 1]) < layer.values.count, "a tag out of range")
                }
                _ = layer.properties(of: feature)
                switch feature.geometry {
                case .points(let points): precondition(!points.isEmpty, "a point feature without points")
                case .lines(let lines): precondition(!lines.isEmpty && lines.allSatisfy { $0.count >= 2 }, "a line of under two points")
                case .polygons(let polygons):
                    precondition(polygons.allSatisfy { !$0.isEmpty && $0.allSatisfy { $0.count >= 3 } }, "a ring of under three points")
                }
            }
        }
        // Clicks across the tile, every layer drawn as fills, lines and circles: what is picked
        // is named and stands on the globe.
        let names = tile.layers.prefix(8).map(\.name)
        let layers = names.enumerated().flatMap { i, name in
            ["fill", "line", "circle"].map { ["id": "\($0)\(i)", "type": $0, "source": "t", "source-layer": name] as [String: Any] }
        }
        if let json = try? JSONSerialization.data(withJSONObject: ["version": 8, "layers": layers]),
           let style = try? MapStyle(json: Array(json)) {
            let picker = MapFeaturePicker(style: style, kinds: .all)
            let id = TileID(zoom: 14, x: 9327, y: 4742)
            for i in 0..<9 {
                let click = WorldPoint(x: (9327 + Double(i % 3) / 2) / 16384, y: (4742 + Double(i / 3) / 2) / 16384)
                guard let hit = picker.feature(in: tile, tileID: id, at: click, mapZoom: 14 + Double(i % 4)) else { continue }
                precondition(!hit.title.isEmpty && hit.coordinate.isValid, "a picked feature without a title or off the globe")
            }
        }
        // Compared as text: a NaN value is never equal to itself.
        let again = try? VectorTile(data: Data(bytes))
        precondition(again.map { "\($0.layers)" } == "\(tile.layers)" && again?.problems == tile.problems, "decoding twice gave two tiles")
    }

    /// An archive opens or is refused naming the file; every tile asked for comes back bounded or
    /// as an error naming the file, its leaves followed a bounded depth.
    static func pmtiles(_ bytes: [UInt8]) {
        guard let (url, archive) = opened(bytes, as: "pmtiles", PMTilesArchive.init) else { return }
        defer { try? FileManager.default.removeItem(at: url) }
        _ = (archive.name, archive.attribution)
        var tiles = (0...3).flatMap { z in (0..<(1 << z)).flatMap { x in (0..<(1 << z)).map { TileID(zoom: z, x: x, y: $0) } } }
        tiles += [TileID(zoom: 14, x: 9326, y: 4742), TileID(zoom: 31, x: 5, y: 7), TileID(zoom: archive.header.zoomRange.upperBound, x: 0, y: 0)]
        for t in tiles {
            do {
                if let data = try archive.tileData(for: t) { precondition(data.count <= PMTilesArchive.maxTileBytes, "an oversized tile") }
            } catch {
                precondition(error.source == url.path, "a tile's error that does not name the file")
            }
        }
    }

    /// A style reads or is refused with a reason; every filter and property of every layer it
    /// keeps evaluates, for features of each geometry with and without properties, at a few zooms.
    static func style(_ bytes: [UInt8]) {
        let style: MapStyle
        do { style = try MapStyle(json: bytes) } catch {
            precondition(!error.reason.isEmpty, "a refusal without a reason")
            return
        }
        precondition(style.notes.allSatisfy { !$0.isEmpty }, "an empty note")
        let properties: [String: StyleValue] = ["class": .string("park"), "name": .string("Kiasma"), "rank": .number(3), "open": .bool(true)]
        for zoom in [0.0, 12.5, 22] {
            for type in ["Point", "LineString", "Polygon"] {
                for context in [StyleContext(zoom: zoom, geometryType: type, id: .number(1)) { properties[$0] }, StyleContext(zoom: zoom, geometryType: type)] {
                    for layer in style.layers {
                        _ = layer.draws(context)
                        for key in Array(layer.paint.keys) + Array(layer.layout.keys) { _ = layer.value(key, context)?.text }
                    }
                }
            }
        }
    }

    /// The bytes written to a temporary file of that extension and opened; a refusal must name the
    /// file (then the file is already gone and this returns nil). The caller removes the file.
    static func opened<T>(_ bytes: [UInt8], as ext: String, _ open: (URL) throws(TileSourceError) -> T) -> (URL, T)? {
        let url = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("calloutmap-fuzz-\(getpid()).\(ext)")
        guard (try? Data(bytes).write(to: url)) != nil else { return nil }
        do { return (url, try open(url)) } catch {
            try? FileManager.default.removeItem(at: url)
            precondition(error.source == url.path && !error.reason.isEmpty, "a refusal that does not name the file")
            return nil
        }
    }

    static func mbtiles(_ bytes: [UInt8]) {
        guard let (url, source) = opened(bytes, as: "mbtiles", MBTilesSource.init) else { return }
        defer { try? FileManager.default.removeItem(at: url) }
        precondition(source.zoomRange.lowerBound >= 0 && source.zoomRange.upperBound <= 30, "zooms out of range")
        var tiles = (0...2).flatMap { z in (0..<(1 << z)).flatMap { x in (0..<(1 << z)).map { TileID(zoom: z, x: x, y: $0) } } }
        tiles += [TileID(zoom: 14, x: 2620, y: 6332), TileID(zoom: 30, x: -1, y: 5), TileID(zoom: source.zoomRange.upperBound, x: 0, y: 0)]
        for t in tiles {
            if let data = try? source.data(for: t) { precondition(data.count <= MBTilesSource.maxTileBytes, "an oversized tile") }
        }
    }

    /// `--center LAT,LON` and `--size WxH` values: parsed values are always usable.
    /// A few names to search in the `cli` target.
    static let searchIndex = SearchIndex([
        SearchIndex.Entry(texts: ["San Francisco", "SFO"], weight: 864_816, coordinate: Coordinate(latitude: 37.77, longitude: -122.42)),
        SearchIndex.Entry(texts: ["Zürich", "Zurigo", "Straße 12"], weight: 415_367),
        SearchIndex.Entry(texts: ["", "Москва", "東京"]),
    ])

    static func cli(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        if let c = Coordinate(parsing: text) { precondition(c.isValid, "an invalid coordinate parsed") }
        // What the search bar is typed: a position, and the search itself over a small index.
        if let c = Coordinate(typed: text) { precondition(c.isValid && abs(c.longitude) <= 180, "an invalid typed position") }
        let matches = Self.searchIndex.matches(for: text, limit: 5)
        precondition(matches.count <= 5 && matches.allSatisfy { $0.entry >= 0 && $0.entry < Self.searchIndex.count }, "a bad match")
        _ = SearchText.fold(text)
        if let s = Size(parsing: text) {
            precondition(s.width >= 1 && s.height >= 1 && s.width <= 16384 && s.height <= 16384, "a size out of range parsed")
        }
        // The locale variables as a person may have set them: any text gives some units and a
        // number format, and the scale bar labels with them.
        let environment = ["LANG": text, "LC_MEASUREMENT": String(text.reversed())]
        let bar = ScaleBar(metresPerPixel: 30, maxWidth: 120, units: UserLocale.scaleUnits(environment: environment),
                           locale: UserLocale.numbers(environment: environment))
        precondition(!bar.label.isEmpty && bar.width > 0 && bar.width <= 120, "a scale bar out of range")
    }

    /// A band file: header, index, then every cell decoded and every tile of zooms 0–3 asked for.
    /// A band read from memory and the same bytes read from a file cell by cell (as the map reads
    /// its bands): the same answer either way, every indexed cell whole.
    static func basemap(_ bytes: [UInt8]) {
        let url = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("calloutmap-fuzz-\(getpid()).cmb")
        defer { try? FileManager.default.removeItem(at: url) }
        let fromFile: BasemapBand?
        if (try? Data(bytes).write(to: url)) != nil { fromFile = try? BasemapBand(contentsOf: url) } else { fromFile = nil }
        guard let band = try? BasemapBand(bytes: bytes, file: "fuzz.cmb") else {
            precondition(fromFile == nil, "a file read what memory refused")
            return
        }
        precondition(fromFile != nil, "a file refused what memory read")
        for (x, y) in band.cellKeys {
            guard let cell = band.cell(x: x, y: y) else { preconditionFailure("an indexed cell did not decode") }
            for layer in cell.layers {
                precondition(layer.starts.last.map { Int($0) * 2 } == layer.points.count, "geometry starts past the points")
            }
            let read = fromFile!.cell(x: x, y: y)
            precondition(read.map { c in
                c.layers.count == cell.layers.count && zip(c.layers, cell.layers).allSatisfy {
                    $0.kind == $1.kind && $0.points == $1.points && $0.starts == $1.starts
                }
            } ?? false, "a cell read from the file differs from the one in memory")
        }
        let basemap = Basemap(bands: [band])
        for z in 0...3 {
            for x in 0..<(1 << z) {
                for y in 0..<(1 << z) { _ = basemap.cells(for: TileID(zoom: z, x: x, y: y)) }
            }
        }
    }

    /// A names file: read whole or refused; every place where a map can put it, each alternate
    /// name readable, every area query in rank order.
    static func places(_ bytes: [UInt8]) {
        guard let world = try? WorldPlaces(bytes: bytes, file: "fuzz.cmpn") else { return }
        for place in world.places {
            precondition(place.coordinate.isValid, "a place at an impossible position")
            _ = world.alternateNames(of: place)
        }
        for (x, y, side) in [(0.0, 0.0, 1.0), (0.4, 0.3, 0.01), (-0.1, 0.5, 0.3)] {
            let found = world.places(inWorld: x, y, x + side, y + side)
            precondition(found.map(\.rank) == found.map(\.rank).sorted(), "places out of rank order")
        }
    }
}

#if !FUZZING
/// Without libFuzzer (a plain `swift build`), the same targets replay files:
/// `calloutmap-fuzz [geojson|gpx|kml|basemap|mbtiles|cli|places] FILE…` — how a crash found by the fuzzer is re-run.
@main
enum Replay {
    static func main() {
        var args = CommandLine.arguments.dropFirst()
        var target = FuzzTarget.selected
        if let first = args.first, let named = FuzzTarget(rawValue: first) {
            target = named
            args = args.dropFirst()
        }
        for path in args {
            guard let bytes = try? InputFile.read(URL(fileURLWithPath: path)) else {
                print("\(path): cannot be read")
                continue
            }
            target.run(bytes)
            print("\(path): ok")
        }
    }
}
#endif
