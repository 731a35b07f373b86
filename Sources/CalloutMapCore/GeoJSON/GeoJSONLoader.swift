import Foundation

/// Reads point annotations from an RFC 7946 FeatureCollection. A bad feature
/// is skipped with one problem naming the file and its index; the valid ones
/// still load. A file that is not a FeatureCollection gives one fatal problem.
public enum GeoJSONLoader {
    public struct Result {
        public var annotations: [PointAnnotation]
        public var problems: [GeoJSONProblem]
    }

    /// Longest title or subtitle kept; longer text is cut (and reported), never dropped.
    public static let maxTextLength = 200

    /// Called every `progressInterval` features with how many were read and the share of the file read (0…1).
    public typealias Progress = (_ features: Int, _ fractionRead: Double) -> Void
    public static let progressInterval = 5_000

    public static func load(contentsOf url: URL, progress: Progress? = nil) -> Result {
        let name = url.path
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            return Result(annotations: [], problems: [
                GeoJSONProblem(file: name, feature: nil, severity: .fatal, message: "cannot be read (\(error.localizedDescription))"),
            ])
        }
        return load(data: data, file: name, progress: progress)
    }

    /// Walks the FeatureCollection feature by feature (memory stays small for 100,000 points).
    public static func load(data: Data, file: String, progress: Progress? = nil) -> Result {
        func fatal(_ message: String) -> Result {
            Result(annotations: [], problems: [GeoJSONProblem(file: file, feature: nil, severity: .fatal, message: message)])
        }
        var reader = JSONReader(data)
        var annotations: [PointAnnotation] = []
        var problems: [GeoJSONProblem] = []
        var type: String?
        var sawFeatures = false
        do {
            guard reader.peek() == UInt8(ascii: "{") else {
                _ = try reader.value()
                guard reader.atEnd else { return fatal("is not valid JSON") }
                return fatal("is not a GeoJSON FeatureCollection")
            }
            try reader.members { r, key in
                switch key {
                case "type":
                    type = try r.value().string
                case "features" where r.peek() == UInt8(ascii: "["):
                    sawFeatures = true
                    var i = 0
                    try r.elements { r in
                        switch feature(try r.value()) {
                        case .success(let (annotation, notes)):
                            annotations.append(annotation)
                            problems += notes.map { GeoJSONProblem(file: file, feature: i, severity: .adjusted, message: $0) }
                        case .failure(let reason):
                            problems.append(GeoJSONProblem(file: file, feature: i, severity: .skipped, message: reason.message))
                        }
                        i += 1
                        if let progress, i % progressInterval == 0 { progress(i, r.fractionRead) }
                    }
                default:
                    _ = try r.value()
                }
            }
            guard reader.atEnd else { return fatal("is not valid JSON") }
        } catch let failure as JSONReader.Failure {
            return fatal("is not valid JSON (at byte \(failure.offset))")
        } catch {
            return fatal("is not valid JSON")
        }
        guard type == "FeatureCollection" else { return fatal("is not a GeoJSON FeatureCollection") }
        guard sawFeatures else { return fatal("has no \"features\" array") }
        return Result(annotations: annotations, problems: problems)
    }

    private struct Reason: Error { var message: String }

    private static func feature(_ item: JSONValue) -> Swift.Result<(PointAnnotation, [String]), Reason> {
        guard item["type"]?.string == "Feature" else { return .failure(Reason(message: "is not a Feature")) }
        guard let geometry = item["geometry"], case .object = geometry else {
            return .failure(Reason(message: "has no geometry"))
        }
        guard geometry["type"]?.string == "Point" else {
            return .failure(Reason(message: "is a \(geometry["type"]?.string ?? "geometry of no type"), not a Point"))
        }
        guard let position = geometry["coordinates"]?.array, position.count >= 2,
              let lon = position[0].number, let lat = position[1].number else {
            return .failure(Reason(message: "has no [longitude, latitude] coordinates"))
        }
        guard lon.isFinite, lat.isFinite else { return .failure(Reason(message: "has a coordinate that is not a finite number")) }
        guard abs(lat) <= 90 else { return .failure(Reason(message: "has latitude \(lat), beyond ±90")) }
        guard abs(lon) <= 180 else { return .failure(Reason(message: "has longitude \(lon), beyond ±180")) }

        var notes: [String] = []
        var texts: [String: String] = [:]
        var properties: [String: String] = [:]
        if case .object(let members) = item["properties"] ?? .null {
            for (key, value) in members {
                if key == "title" || key == "subtitle" {
                    if value == .null { continue }
                    guard let text = value.string else { return .failure(Reason(message: "has a \(key) that is not a string")) }
                    if text.count > maxTextLength {
                        texts[key] = String(text.prefix(maxTextLength - 1)) + "…"
                        notes.append("\(key) of \(text.count) characters cut to \(maxTextLength)")
                    } else {
                        texts[key] = text
                    }
                    continue
                }
                switch value {
                case .string(let s): properties[key] = String(s.prefix(maxTextLength))
                case .number(let n): properties[key] = n == n.rounded() && abs(n) < 1e15 ? String(Int(n)) : String(n)
                case .bool(let b): properties[key] = String(b)
                default: break
                }
            }
        }
        let annotation = PointAnnotation(coordinate: Coordinate(latitude: lat, longitude: lon),
                                         title: texts["title"], subtitle: texts["subtitle"], properties: properties)
        return .success((annotation, notes))
    }
}
