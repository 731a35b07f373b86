/// A geographic position in degrees (WGS 84), like MapKit's `CLLocationCoordinate2D`.
public struct Coordinate: Hashable, Sendable, CustomStringConvertible {
    /// Degrees north of the equator (negative south).
    public var latitude: Double
    /// Degrees east of Greenwich (negative west).
    public var longitude: Double

    /// A coordinate in degrees.
    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    /// Finite, latitude within ±90 and longitude within ±180.
    public var isValid: Bool {
        latitude.isFinite && longitude.isFinite && abs(latitude) <= 90 && abs(longitude) <= 180
    }

    public var description: String { "\(latitude),\(longitude)" }
}

extension Coordinate {
    /// Parses "LAT,LON" as typed on a command line.
    public init?(parsing text: String) {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2,
              let lat = Double(parts[0].trimmingCharacters(in: .whitespaces)),
              let lon = Double(parts[1].trimmingCharacters(in: .whitespaces)) else { return nil }
        self.init(latitude: lat, longitude: lon)
        guard isValid else { return nil }
    }
}
