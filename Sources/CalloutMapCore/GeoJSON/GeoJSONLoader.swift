import Foundation

/// Reads point annotations from an RFC 7946 FeatureCollection. A bad feature
/// is skipped with one problem naming the file and its index; the valid ones
/// still load. A file that is not a FeatureCollection, is not JSON, or is not
/// a file at all gives one fatal problem and nothing loads from it.
///
/// Features are read member by member: only what an annotation keeps is built
/// (the other members, nested properties, non-point geometries are checked
/// and skipped), so memory follows the annotations, not the file.
public enum GeoJSONLoader {
    public struct Result {
        public var annotations: [PointAnnotation]
        public var problems: [GeoJSONProblem]
        /// The load was stopped by its `Cancellation`; what was read is dropped.
        public var wasCancelled = false
    }

    /// Longest title or subtitle kept; longer text is cut (and reported), never dropped.
    public static let maxTextLength = 200

    /// Called every `progressInterval` features with how many were read and the share of the file read (0…1).
    public typealias Progress = (_ features: Int, _ fractionRead: Double) -> Void
    public static let progressInterval = 5_000

    /// Reads a file (at most `InputFile.sizeLimit` bytes). With a `cancellation`, the read and the
    /// parse stop soon after it is cancelled.
    public static func load(contentsOf url: URL, cancellation: Cancellation? = nil, progress: Progress? = nil) -> Result {
        let bytes: [UInt8]
        do { bytes = try InputFile.read(url, isCancelled: { cancellation?.isCancelled ?? false }) } catch {
            guard !(cancellation?.isCancelled ?? false) else { return Result(annotations: [], problems: [], wasCancelled: true) }
            return Result(annotations: [], problems: [
                GeoJSONProblem(file: error.file, feature: nil, severity: .fatal, message: error.reason),
            ])
        }
        return load(reader: JSONReader(bytes: bytes), file: url.path, cancellation: cancellation, progress: progress)
    }

    public static func load(data: Data, file: String, progress: Progress? = nil) -> Result {
        load(reader: JSONReader(data), file: file, cancellation: nil, progress: progress)
    }

    /// Walks the FeatureCollection feature by feature (memory stays small for 100,000 points).
    private static func load(reader: JSONReader, file: String, cancellation: Cancellation?, progress: Progress?) -> Result {
        func fatal(_ message: String) -> Result {
            Result(annotations: [], problems: [GeoJSONProblem(file: file, feature: nil, severity: .fatal, message: message)])
        }
        struct Cancelled: Error {}
        var reader = reader
        var annotations: [PointAnnotation] = []
        var problems: [GeoJSONProblem] = []
        var type: String?
        var sawFeatures = false
        do {
            guard reader.peek() == UInt8(ascii: "{") else {
                try reader.skipValue()
                try reader.expectEnd()
                return fatal("is not a GeoJSON FeatureCollection")
            }
            try reader.members { r, key in
                switch key {
                case "type":
                    type = try r.scalar()?.string
                case "features" where r.peek() == UInt8(ascii: "["):
                    sawFeatures = true
                    var i = 0
                    try r.elements { r in
                        switch try feature(&r) {
                        case .success(let (annotation, notes)):
                            annotations.append(annotation)
                            problems += notes.map { GeoJSONProblem(file: file, feature: i, severity: .adjusted, message: $0) }
                        case .failure(let reason):
                            problems.append(GeoJSONProblem(file: file, feature: i, severity: .skipped, message: reason.message))
                        }
                        i += 1
                        if i % 1024 == 0, cancellation?.isCancelled == true { throw Cancelled() }
                        if let progress, i % progressInterval == 0 { progress(i, r.fractionRead) }
                    }
                default:
                    try r.skipValue()
                }
            }
            try reader.expectEnd()
        } catch let failure as JSONReader.Failure {
            return fatal("is not valid JSON: \(failure)")
        } catch {
            return Result(annotations: [], problems: [], wasCancelled: true)
        }
        guard type == "FeatureCollection" else { return fatal("is not a GeoJSON FeatureCollection") }
        guard sawFeatures else { return fatal("has no \"features\" array") }
        return Result(annotations: annotations, problems: problems)
    }

    private struct Reason: Error { var message: String }

    /// One feature, read member by member. Throws only when the text is not JSON.
    private static func feature(_ r: inout JSONReader) throws -> Swift.Result<(PointAnnotation, [String]), Reason> {
        guard r.peek() == UInt8(ascii: "{") else {
            try r.skipValue()
            return .failure(Reason(message: "is not a Feature"))
        }
        var type: String?
        var geometry: Geometry?
        var properties = Properties()
        try r.members { r, key in
            switch key {
            case "type": type = try r.scalar()?.string
            case "geometry": geometry = try Geometry(&r)
            case "properties": try properties.read(&r)
            default: try r.skipValue()
            }
        }
        guard type == "Feature" else { return .failure(Reason(message: "is not a Feature")) }
        guard let geometry else { return .failure(Reason(message: "has no geometry")) }
        guard geometry.type == "Point" else {
            return .failure(Reason(message: "is a \(geometry.type ?? "geometry of no type"), not a Point"))
        }
        guard let position = geometry.position else {
            return .failure(Reason(message: "has no [longitude, latitude] coordinates"))
        }
        let (lon, lat) = position
        guard lon.isFinite, lat.isFinite else { return .failure(Reason(message: "has a coordinate that is not a finite number")) }
        guard abs(lat) <= 90 else { return .failure(Reason(message: "has latitude \(lat), beyond ±90")) }
        guard abs(lon) <= 180 else { return .failure(Reason(message: "has longitude \(lon), beyond ±180")) }
        if let problem = properties.problem { return .failure(Reason(message: problem)) }
        let annotation = PointAnnotation(coordinate: Coordinate(latitude: lat, longitude: lon),
                                         title: properties.title, subtitle: properties.subtitle, properties: properties.values)
        return .success((annotation, properties.notes))
    }

    /// A feature's geometry: its type and, when `coordinates` is an array starting with two numbers, those.
    private struct Geometry {
        var type: String?
        var position: (Double, Double)?

        /// nil when the member is not an object (`null` is RFC 7946's "unlocated" feature).
        init?(_ r: inout JSONReader) throws {
            guard r.peek() == UInt8(ascii: "{") else {
                try r.skipValue()
                return nil
            }
            var type: String?
            var position: (Double, Double)?
            try r.members { r, key in
                switch key {
                case "type": type = try r.scalar()?.string
                case "coordinates" where r.peek() == UInt8(ascii: "["):
                    var numbers: [Double] = []
                    var allNumbers = true
                    try r.elements { r in
                        if let n = try r.scalar()?.number, allNumbers { numbers.append(n) } else { allNumbers = false }
                    }
                    position = allNumbers && numbers.count >= 2 ? (numbers[0], numbers[1]) : nil
                default: try r.skipValue()
                }
            }
            self.type = type
            self.position = position
        }
    }

    /// A feature's properties: title and subtitle (strings, cut to `maxTextLength`), and the other
    /// scalar members as strings; nested arrays and objects are skipped.
    private struct Properties {
        var title: String?
        var subtitle: String?
        var values: [String: String] = [:]
        var notes: [String] = []
        /// Why the feature cannot be used (a title that is not text).
        var problem: String?

        mutating func read(_ r: inout JSONReader) throws {
            guard r.peek() == UInt8(ascii: "{") else { return try r.skipValue() }
            try r.members { r, key in
                let value = try r.scalar()  // nil for an array or object
                if key == "title" || key == "subtitle" {
                    if value == .null { return }
                    guard let text = value?.string else {
                        problem = problem ?? "has a \(key) that is not a string"
                        return
                    }
                    var kept = text
                    if text.count > maxTextLength {
                        kept = String(text.prefix(maxTextLength - 1)) + "…"
                        notes.append("\(key) of \(text.count) characters cut to \(maxTextLength)")
                    }
                    if key == "title" { title = kept } else { subtitle = kept }
                    return
                }
                switch value {
                case .string(let s)?: values[key] = String(s.prefix(maxTextLength))
                case .number(let n)?: values[key] = n == n.rounded() && abs(n) < 1e15 ? String(Int(n)) : String(n)
                case .bool(let b)?: values[key] = String(b)
                default: break
                }
            }
        }
    }
}
