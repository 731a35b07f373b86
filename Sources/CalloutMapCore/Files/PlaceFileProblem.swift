/// One thing wrong with a file of places (GeoJSON, GPX, KML), named by file and feature, record
/// or line, as shown to the user.
public struct PlaceFileProblem: Error, CustomStringConvertible, Sendable, Equatable {
    /// Whether a feature was left out, kept with a change, or the whole file refused.
    public enum Severity: String, Sendable {
        /// The feature was left out.
        case skipped
        /// The feature was kept with a change (a title that was not text, a bad position of several).
        case adjusted
        /// The whole file was refused.
        case fatal
    }

    /// The file's name as given to the loader.
    public var file: String
    /// Index in `features`, nil for a problem with the whole file or a record of a sequence.
    public var feature: Int?
    /// The feature's own `id`, when it has one: a reader finds it by that sooner than by its index.
    public var featureID: String?
    /// Which record of a text sequence (from 1, blank lines not counted), nil elsewhere.
    public var record: Int?
    /// The line of an XML file (GPX, KML) where the element begins, nil elsewhere.
    public var line: Int?
    /// How much of the data it cost.
    public var severity: Severity
    /// What was wrong, in words (data in it is quoted, never markup).
    public var message: String

    /// A problem with a feature (from 0, with its `id` if it has one) or a sequence record (from 1) of a file.
    public init(file: String, feature: Int?, featureID: String? = nil, record: Int? = nil, line: Int? = nil, severity: Severity,
                message: String) {
        self.file = file
        self.feature = feature
        self.featureID = featureID
        self.record = record
        self.line = line
        self.severity = severity
        self.message = message
    }

    public var description: String {
        let place = feature.map { "\(file): feature \($0)\(Self.naming(featureID))" } ?? record.map { "\(file): record \($0)" }
            ?? line.map { "\(file): line \($0)" } ?? file
        switch severity {
        case .fatal: return "\(place): \(message); nothing was loaded from it"
        case .skipped: return "\(place): \(message); skipped"
        case .adjusted: return "\(place): \(message)"
        }
    }
}

extension PlaceFileProblem {
    /// " (id “…”)" for a feature's id, cut short past 60 characters (it is data: any length).
    static func naming(_ id: String?) -> String {
        guard let id, !id.isEmpty else { return "" }
        return " (id “\(id.count > 60 ? id.prefix(59) + "…" : Substring(id))”)"
    }
}

/// The old name of `PlaceFileProblem`, from when only GeoJSON was read.
@available(*, deprecated, renamed: "PlaceFileProblem")
public typealias GeoJSONProblem = PlaceFileProblem
