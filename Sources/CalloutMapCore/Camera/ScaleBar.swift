import Foundation

/// A metric scale bar: the longest 1-2-5 step length that fits in `maxWidth` pixels.
package struct ScaleBar: Equatable, Sendable {
    package var metres: Double
    package var width: Double

    package init(metresPerPixel: Double, maxWidth: Double) {
        let maxMetres = metresPerPixel * maxWidth
        let magnitude = pow(10, floor(log10(maxMetres)))
        let step = [5.0, 2.0, 1.0].first { $0 * magnitude <= maxMetres } ?? 1
        metres = step * magnitude
        width = metres / metresPerPixel
    }

    package var label: String {
        metres >= 1000 ? "\(Self.format(metres / 1000)) km" : "\(Self.format(metres)) m"
    }

    private static func format(_ v: Double) -> String {
        v == v.rounded() ? String(Int(v)) : String(v)
    }
}
