import Foundation

/// Reads places and shapes from GeoJSON as tools write it (RFC 7946): a
/// FeatureCollection, one Feature or one geometry; or a sequence of them, one per
/// line or each after an RS byte (RFC 8142; GDAL's GeoJSONSeq, `.geojsons`,
/// `.geojsonl`, `.ndjson`), told apart by content. Points and MultiPoints give
/// pins (one per position, sharing the feature's title and properties); lines and
/// polygons give overlays (styled by the feature's simplestyle properties); a
/// GeometryCollection gives what its members give. A bad feature or record is skipped with one
/// problem naming the file and where; the valid ones still load. A file that is
/// not GeoJSON, not JSON, not in longitude/latitude, or not a file at all gives one
/// fatal problem and nothing loads from it.
///
/// Features are read member by member: only what an annotation keeps is built, so
/// memory follows the annotations; a sequence is read from the file a piece at a
/// time, so memory does not follow the file either.
public enum GeoJSONLoader {
    /// What a file gave (`LoadedPlaces`, the result of every loader of places).
    @available(*, deprecated, renamed: "LoadedPlaces")
    public typealias Result = LoadedPlaces

    /// Which properties give pins their title and subtitle. A pin's title is the first of
    /// `titleProperty`, `title`, `name`, `Name`, `NAME`, `label` that it has (text or a number);
    /// its subtitle the first of `subtitleProperty`, `subtitle`, `description`, else a line made
    /// of its first other properties.
    public struct Options: Sendable, Equatable {
        /// The property to take titles from, before the usual names (`title`, `name`, …).
        public var titleProperty: String? { didSet { titleKeys = Self.keys(titleProperty, Self.usualTitleKeys) } }
        /// The property to take subtitles from, before `subtitle` and `description`.
        public var subtitleProperty: String? { didSet { subtitleKeys = Self.keys(subtitleProperty, Self.usualSubtitleKeys) } }
        /// The keys a title (a subtitle) is looked for under, in order: made once, not per feature.
        private(set) var titleKeys: [String]
        private(set) var subtitleKeys: [String]

        /// Options; nil keeps the usual property names.
        public init(titleProperty: String? = nil, subtitleProperty: String? = nil) {
            self.titleProperty = titleProperty
            self.subtitleProperty = subtitleProperty
            titleKeys = Self.keys(titleProperty, Self.usualTitleKeys)
            subtitleKeys = Self.keys(subtitleProperty, Self.usualSubtitleKeys)
        }

        static let usualTitleKeys = ["title", "name", "Name", "NAME", "label"]
        static let usualSubtitleKeys = ["subtitle", "description"]
        /// How many bytes of a FeatureCollection's features simdjson reads ahead at a time, on every
        /// core, where they are all Points (`PointFeatureChunks`); nil reads them all with `JSONReader`.
        /// Set only by tests and the fuzzer, to compare the two ways and to cut small files.
        package var readAhead: Int? = 1 << 20

        private static func keys(_ first: String?, _ usual: [String]) -> [String] { (first.map { [$0] } ?? []) + usual }
    }

    /// Longest title, subtitle or property kept; longer text is cut (and reported), never dropped.
    public static let maxTextLength = 200

    /// Text cut to `maxTextLength` characters, the last of them "…".
    package static func shortened(_ text: String) -> String {
        text.count > maxTextLength ? String(text.prefix(maxTextLength - 1)) + "…" : text
    }

    /// Most properties kept of one feature, in the file's order (the rest are reported, not kept):
    /// far more than a person reads in a callout, few enough that a feature of 200,000 stays small.
    public static let maxProperties = 1_000

    /// Called every `progressInterval` features (or records) with how many were read and the
    /// share of the file read (0…1).
    public typealias Progress = (_ features: Int, _ fractionRead: Double) -> Void
    /// `progress` is called after every this many features.
    public static let progressInterval = 5_000

    struct Reason: Error { var message: String }

    /// Reads the file at a path, as `load(contentsOf:options:cancellation:progress:)` does.
    public static func load(contentsOfFile path: String, options: Options = Options(), cancellation: Cancellation? = nil,
                            progress: Progress? = nil) -> LoadedPlaces {
        load(contentsOf: URL(fileURLWithPath: path), options: options, cancellation: cancellation, progress: progress)
    }

    /// Reads a file (at most `InputFile.sizeLimit` bytes). With a `cancellation`, the read and the
    /// parse stop soon after it is cancelled.
    public static func load(contentsOf url: URL, options: Options = Options(), cancellation: Cancellation? = nil,
                            progress: Progress? = nil) -> LoadedPlaces {
        let cancelled: @Sendable () -> Bool = { cancellation?.isCancelled ?? false }
        do {
            let file = try InputFile.Reader(url)
            let first = try file.next(upTo: GeoJSONSequence.pieceSize)
            if let separator = GeoJSONSequence.separator(startingWith: first[...]) {
                var sequence = GeoJSONSequence(file: url.path, separator: separator, options: options)
                return try sequence.load(first: first, then: file, cancellation: cancellation, progress: progress)
            }
            let bytes = try file.rest(after: first, isCancelled: cancelled)
            return load(reader: JSONReader(bytes: bytes), file: url.path, options: options, cancellation: cancellation,
                        progress: progress)
        } catch {
            guard !cancelled() else { return LoadedPlaces(annotations: [], problems: [], wasCancelled: true) }
            return LoadedPlaces(annotations: [], problems: [
                PlaceFileProblem(file: error.file, feature: nil, severity: .fatal, message: error.reason),
            ])
        }
    }

    /// Reads GeoJSON (or a GeoJSON text sequence) from memory; `file` names it in problems.
    public static func load(data: Data, file: String, options: Options = Options(), progress: Progress? = nil) -> LoadedPlaces {
        load(data: data, file: file, options: options, pieceSize: GeoJSONSequence.pieceSize, progress: progress)
    }

    /// As above; a sequence is read in pieces of `pieceSize` bytes, as from a file (for the fuzzer).
    package static func load(data: Data, file: String, options: Options, pieceSize: Int, progress: Progress? = nil) -> LoadedPlaces {
        let bytes = [UInt8](data)
        if let separator = GeoJSONSequence.separator(startingWith: bytes[...]) {
            var sequence = GeoJSONSequence(file: file, separator: separator, options: options)
            return sequence.load(bytes, pieceSize: pieceSize, progress: progress)
        }
        return load(reader: JSONReader(bytes: bytes), file: file, options: options, cancellation: nil, progress: progress)
    }

    /// Walks one GeoJSON text: a FeatureCollection feature by feature, or one Feature or geometry.
    private static func load(reader: JSONReader, file: String, options: Options, cancellation: Cancellation?,
                             progress: Progress?) -> LoadedPlaces {
        func fatal(_ message: String) -> LoadedPlaces {
            LoadedPlaces(annotations: [], problems: [PlaceFileProblem(file: file, feature: nil, severity: .fatal, message: message)])
        }
        struct Cancelled: Error {}
        var reader = reader
        var annotations: [PointAnnotation] = []
        var overlays: [ShapeOverlay] = []
        var problems: [PlaceFileProblem] = []
        var sawFeatures = false
        var featuresReadAhead = 0, bytesGivenBack = 0
        let top: GeoJSONObject
        do {
            guard reader.peek() == UInt8(ascii: "{") else {
                try reader.skipValue()
                try reader.expectEnd()
                return fatal(notGeoJSON)
            }
            top = try GeoJSONObject(&reader, options: options) { r in
                sawFeatures = true
                var i = 0
                let ahead = options.readAhead.flatMap { PointFeatureChunks(r.bytes, arrayStart: r.position, size: $0, options: options,
                                                                   cancellation: cancellation) }
                if cancellation?.isCancelled == true { throw Cancelled() }
                // Room for every pin read ahead at once: grown by doubling, a million took up to 4 MB more.
                annotations.reserveCapacity(ahead?.pinCount ?? 0)
                bytesGivenBack = ahead?.bytesGivenBack ?? 0
                let total = Double(max(r.bytes.count, 1))
                try r.elements({ r in
                    let (id, read) = try feature(&r, options: options)
                    switch read {
                    case .success(let places):
                        annotations += places.pins
                        overlays += places.overlays
                        problems += places.notes.map { PlaceFileProblem(file: file, feature: i, featureID: id, severity: .adjusted, message: $0) }
                    case .failure(let reason):
                        problems.append(PlaceFileProblem(file: file, feature: i, featureID: id, severity: .skipped, message: reason.message))
                    }
                    i += 1
                    if i % 1024 == 0, cancellation?.isCancelled == true { throw Cancelled() }
                    if let progress, i % progressInterval == 0 { progress(i, r.fractionRead) }
                }, handOver: { position in
                    guard let chunk = ahead?.take(at: position), let count = chunk.count else { return nil }
                    annotations += chunk.pins
                    problems += chunk.notes.map { PlaceFileProblem(file: file, feature: i + $0.feature, featureID: $0.id, severity: .adjusted, message: $0.message) }
                    if let progress {
                        for n in stride(from: (i / progressInterval + 1) * progressInterval, through: i + count, by: progressInterval) {
                            progress(n, Double(chunk.end) / total)
                        }
                    }
                    i += count
                    featuresReadAhead += count
                    return chunk.end
                })
            }
            try reader.expectEnd()
        } catch let failure as JSONReader.Failure {
            return fatal("is not valid JSON: \(failure)")
        } catch {
            return LoadedPlaces(annotations: [], problems: [], wasCancelled: true)
        }
        if let refusal = refusal(of: top) { return fatal(refusal) }
        switch top.type {
        case "FeatureCollection":
            guard sawFeatures else { return fatal("has no \"features\" array") }
            return LoadedPlaces(annotations: annotations, overlays: overlays, problems: problems, featuresReadAhead: featuresReadAhead,
                          bytesGivenBack: bytesGivenBack)
        case "Feature":
            switch top.places(of: top.geometry) {
            case .success(let places):
                return LoadedPlaces(annotations: places.pins, overlays: places.overlays,
                              problems: places.notes.map { PlaceFileProblem(file: file, feature: nil, severity: .adjusted, message: $0) })
            case .failure(let reason):
                return fatal("holds one Feature, which \(reason.message)")
            }
        case let type? where GeoJSONObject.Geometry.types.contains(type):
            switch top.places(of: top.asGeometry) {
            case .success(let places):
                return LoadedPlaces(annotations: places.pins, overlays: places.overlays,
                              problems: places.notes.map { PlaceFileProblem(file: file, feature: nil, severity: .adjusted, message: $0) })
            case .failure(let reason):
                return fatal("holds one geometry, which \(reason.message)")
            }
        default:
            return fatal(notGeoJSON)
        }
    }

    static let notGeoJSON = "is not GeoJSON (a FeatureCollection, a Feature or a geometry)"

    /// Why an object's coordinates cannot be read as longitude and latitude, if they cannot.
    static func refusal(of object: GeoJSONObject) -> String? {
        guard object.hasCRS else { return nil }
        guard let name = object.crs else { return "names a coordinate reference system CalloutMap cannot read (RFC 7946 GeoJSON is longitude and latitude on WGS 84)" }
        return GeoJSONObject.isWGS84(name) ? nil
            : "uses the coordinate reference system \(name); RFC 7946 GeoJSON is longitude and latitude on WGS 84 (reproject it, e.g. ogr2ogr -t_srs EPSG:4326)"
    }

    /// One element of `features`: its pins and shapes, or why it has none.
    static func feature(_ r: inout JSONReader, options: Options) throws -> (id: String?, places: Swift.Result<GeoJSONPlaces, Reason>) {
        guard r.peek() == UInt8(ascii: "{") else {
            try r.skipValue()
            return (nil, .failure(Reason(message: "is not a Feature")))
        }
        let object = try GeoJSONObject(&r, options: options)
        guard object.type == "Feature" else { return (object.id, .failure(Reason(message: "is not a Feature"))) }
        if let refusal = refusal(of: object) { return (object.id, .failure(Reason(message: refusal))) }
        return (object.id, object.places(of: object.geometry))
    }
}
