/// One thing wrong with a GeoJSON file, named by file and feature (or record), as shown to the user.
public struct GeoJSONProblem: Error, CustomStringConvertible, Sendable, Equatable {
    public enum Severity: String, Sendable { case skipped, adjusted, fatal }

    public var file: String
    /// Index in `features`, nil for a problem with the whole file or a record of a sequence.
    public var feature: Int?
    /// Which record of a text sequence (from 1, blank lines not counted), nil elsewhere.
    public var record: Int?
    public var severity: Severity
    public var message: String

    public init(file: String, feature: Int?, record: Int? = nil, severity: Severity, message: String) {
        self.file = file
        self.feature = feature
        self.record = record
        self.severity = severity
        self.message = message
    }

    public var description: String {
        let place = feature.map { "\(file): feature \($0)" } ?? record.map { "\(file): record \($0)" } ?? file
        switch severity {
        case .fatal: return "\(place): \(message); nothing was loaded from it"
        case .skipped: return "\(place): \(message); skipped"
        case .adjusted: return "\(place): \(message)"
        }
    }
}
