import Foundation

/// What a person asks of a recorded track: how far (haversine, segment by segment), how much
/// up and down (the sums of rises and falls between points with elevations, as recorded), and
/// how long (the first time to the last, when points have ISO 8601 times).
public struct TrackStatistics: Sendable, Equatable {
    /// Metres along the track.
    public var length: Double
    /// Metres climbed; nil when no two points in a row have elevations.
    public var elevationGain: Double?
    /// Metres descended; nil when no two points in a row have elevations.
    public var elevationLoss: Double?
    /// Seconds from the first time to the last; nil without two times.
    public var duration: Double?

    /// Metres above or below sea level past which an elevation is not read (a balloon's record is 41 km).
    public static let elevationLimit = 100_000.0

    /// Statistics of segments of (position, elevation, ISO 8601 time) points.
    public init(_ segments: [[(Coordinate, Double?, String?)]]) {
        length = segments.reduce(0) { $0 + ShapeMeasure.length($1.map(\.0)) }
        var gain = 0.0, loss = 0.0, compared = false
        for segment in segments {
            for (a, b) in zip(segment, segment.dropFirst()) {
                // Elevations off any flight's scale are a device's noise (or a hostile file's), not height.
                guard let e0 = a.1, let e1 = b.1, abs(e0) <= Self.elevationLimit, abs(e1) <= Self.elevationLimit else { continue }
                compared = true
                if e1 > e0 { gain += e1 - e0 } else { loss += e0 - e1 }
            }
        }
        elevationGain = compared ? gain : nil
        elevationLoss = compared ? loss : nil
        // A track is recorded in order: its first and last times bound it (two dates parsed, not 100,000).
        let points = segments.joined()
        if let first = points.lazy.compactMap({ $0.2.flatMap(Self.date) }).first,
           let last = points.reversed().lazy.compactMap({ $0.2.flatMap(Self.date) }).first, last > first {
            duration = last.timeIntervalSince(first)
        } else {
            duration = nil
        }
    }

    /// An ISO 8601 time as GPX writes it, with or without fractions of a second.
    static func date(_ text: String) -> Date? {
        let plain = ISO8601DateFormatter()
        if let d = plain.date(from: text) { return d }
        let fractional = ISO8601DateFormatter()
        fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return fractional.date(from: text)
    }

    /// "1 h 23 min", "12 min", "45 s".
    public static func text(duration: Double) -> String {
        let seconds = Int(min(max(duration, 0), 1e12).rounded())
        if seconds < 60 { return "\(seconds) s" }
        let minutes = seconds / 60
        if minutes < 60 { return "\(minutes) min" }
        return "\(minutes / 60) h \(minutes % 60) min"
    }
}
