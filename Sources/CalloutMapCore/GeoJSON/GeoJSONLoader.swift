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

    public static func load(contentsOf url: URL) -> Result {
        let name = url.path
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            return Result(annotations: [], problems: [
                GeoJSONProblem(file: name, feature: nil, severity: .fatal, message: "cannot be read (\(error.localizedDescription))"),
            ])
        }
        return load(data: data, file: name)
    }

    public static func load(data: Data, file: String) -> Result {
        func fatal(_ message: String) -> Result {
            Result(annotations: [], problems: [GeoJSONProblem(file: file, feature: nil, severity: .fatal, message: message)])
        }
        guard let json = try? JSONSerialization.jsonObject(with: data) else { return fatal("is not valid JSON") }
        guard let root = json as? [String: Any], root["type"] as? String == "FeatureCollection" else {
            return fatal("is not a GeoJSON FeatureCollection")
        }
        guard let features = root["features"] as? [Any] else { return fatal("has no \"features\" array") }

        var annotations: [PointAnnotation] = []
        var problems: [GeoJSONProblem] = []
        annotations.reserveCapacity(features.count)
        for (i, item) in features.enumerated() {
            switch feature(item) {
            case .success(let (annotation, notes)):
                annotations.append(annotation)
                problems += notes.map { GeoJSONProblem(file: file, feature: i, severity: .adjusted, message: $0) }
            case .failure(let reason):
                problems.append(GeoJSONProblem(file: file, feature: i, severity: .skipped, message: reason.message))
            }
        }
        return Result(annotations: annotations, problems: problems)
    }

    private struct Reason: Error { var message: String }

    private static func feature(_ item: Any) -> Swift.Result<(PointAnnotation, [String]), Reason> {
        guard let f = item as? [String: Any], f["type"] as? String == "Feature" else {
            return .failure(Reason(message: "is not a Feature"))
        }
        guard let geometry = f["geometry"] as? [String: Any] else {
            return .failure(Reason(message: "has no geometry"))
        }
        guard geometry["type"] as? String == "Point" else {
            return .failure(Reason(message: "is a \(geometry["type"] as? String ?? "geometry of no type"), not a Point"))
        }
        guard let position = geometry["coordinates"] as? [Any], position.count >= 2,
              let lon = number(position[0]), let lat = number(position[1]) else {
            return .failure(Reason(message: "has no [longitude, latitude] coordinates"))
        }
        guard lon.isFinite, lat.isFinite else { return .failure(Reason(message: "has a coordinate that is not a finite number")) }
        guard abs(lat) <= 90 else { return .failure(Reason(message: "has latitude \(lat), beyond ±90")) }
        guard abs(lon) <= 180 else { return .failure(Reason(message: "has longitude \(lon), beyond ±180")) }

        let props = f["properties"] as? [String: Any] ?? [:]
        var notes: [String] = []
        var texts: [String: String] = [:]
        for key in ["title", "subtitle"] {
            guard let value = props[key], !(value is NSNull) else { continue }
            guard let text = value as? String else {
                return .failure(Reason(message: "has a \(key) that is not a string"))
            }
            if text.count > maxTextLength {
                texts[key] = String(text.prefix(maxTextLength - 1)) + "…"
                notes.append("\(key) of \(text.count) characters cut to \(maxTextLength)")
            } else {
                texts[key] = text
            }
        }
        var properties: [String: String] = [:]
        for (key, value) in props where key != "title" && key != "subtitle" {
            if let s = value as? String { properties[key] = String(s.prefix(maxTextLength)) }
            else if let n = number(value) { properties[key] = n == n.rounded() && abs(n) < 1e15 ? String(Int(n)) : String(n) }
            else if let n = value as? NSNumber { properties[key] = String(n.boolValue) }
        }
        let annotation = PointAnnotation(coordinate: Coordinate(latitude: lat, longitude: lon),
                                         title: texts["title"], subtitle: texts["subtitle"], properties: properties)
        return .success((annotation, notes))
    }

    /// A JSON number (not a Bool, which Foundation also bridges to NSNumber, as type "c").
    private static func number(_ v: Any) -> Double? {
        guard let n = v as? NSNumber, String(cString: n.objCType) != "c" else { return nil }
        return n.doubleValue
    }
}
