import Foundation

extension Coordinate {
    /// `LAT, LON` in decimal degrees with five places (about a metre), whatever the locale —
    /// what other maps and GPS tools take pasted: "37.80867, -122.40982".
    public var decimalText: String {
        String(format: "%.5f, %.5f", locale: Locale(identifier: "en_US_POSIX"), latitude, longitude)
    }
}
