import Foundation

/// A scale bar: the longest 1-2-5 step length that fits in `maxWidth` pixels, in metres and
/// kilometres or in feet and miles (miles once a mile fits), its number written for `locale`.
package struct ScaleBar: Equatable, Sendable {
    /// The length the bar stands for, in metres.
    package var metres: Double
    package var width: Double
    package var label: String

    package static let metresPerFoot = 0.3048
    package static let feetPerMile = 5280.0

    package init(metresPerPixel: Double, maxWidth: Double, units: ScaleUnits = .metric,
                 locale: Locale = Locale(identifier: "en_US_POSIX")) {
        let maxMetres = metresPerPixel * maxWidth
        let (unitMetres, name): (Double, String)
        switch units {
        case .metric: (unitMetres, name) = maxMetres >= 1000 ? (1000, "km") : (1, "m")
        case .imperial:
            let mile = Self.metresPerFoot * Self.feetPerMile
            (unitMetres, name) = maxMetres >= mile ? (mile, "mi") : (Self.metresPerFoot, "ft")
        }
        let count = Self.step(atMost: maxMetres / unitMetres)
        metres = count * unitMetres
        width = metres / metresPerPixel
        label = "\(count.formatted(.number.locale(locale).grouping(.automatic))) \(name)"
    }

    /// The largest 1, 2 or 5 times a power of ten not above `limit` (at least 1).
    private static func step(atMost limit: Double) -> Double {
        guard limit >= 1 else { return 1 }
        let magnitude = pow(10, floor(log10(limit)))
        return [5.0, 2.0, 1.0].first { $0 * magnitude <= limit }.map { $0 * magnitude } ?? magnitude
    }
}
