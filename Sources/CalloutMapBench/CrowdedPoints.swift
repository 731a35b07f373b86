import Foundation

/// Seeded points that crowd around cities, as real data does (GeoNames, airports,
/// shops): a few thousand centres of Zipf-like weight, each point near one of them
/// (normal spread growing with the centre's weight), a tenth scattered anywhere, and
/// one in 200 on one of five exact spots (geocoded to a city's centre, as real files
/// have). Uniform points would make the clusterer's work unlike any real file's.
enum CrowdedPoints {
    static func coordinates(count: Int, seed: UInt64) -> [(longitude: Double, latitude: Double)] {
        var random = SeededRandom(seed: seed)
        func uniform() -> Double { random.next() }
        func normal() -> Double {  // Box–Muller
            let u = max(uniform(), 1e-12), v = uniform()
            return (-2 * log(u)).squareRoot() * cos(2 * .pi * v)
        }
        let centreCount = 3_000
        var centres: [(longitude: Double, latitude: Double, spread: Double)] = []
        var cumulative: [Double] = []
        var total = 0.0
        for rank in 1...centreCount {
            let weight = 1 / Double(rank)
            total += weight
            cumulative.append(total)
            // Mostly the inhabited latitudes; a city's spread (degrees) grows with its size.
            centres.append((longitude: -180 + uniform() * 360, latitude: -45 + uniform() * 110,
                            spread: 0.05 + 0.6 * weight.squareRoot()))
        }
        var out: [(longitude: Double, latitude: Double)] = []
        out.reserveCapacity(count)
        let spots = (0..<5).map { _ in (longitude: -180 + uniform() * 360, latitude: -45 + uniform() * 110) }
        for _ in 0..<count {
            let kind = uniform()
            if kind < 0.005 {
                out.append(spots[Int(uniform() * Double(spots.count))])
                continue
            }
            if kind < 0.105 {
                out.append((longitude: -180 + uniform() * 360, latitude: -80 + uniform() * 160))
                continue
            }
            let target = uniform() * total
            var low = 0, high = centreCount - 1
            while low < high {  // first centre whose cumulative weight reaches the target
                let mid = (low + high) / 2
                if cumulative[mid] < target { low = mid + 1 } else { high = mid }
            }
            let c = centres[low]
            let lon = c.longitude + normal() * c.spread, lat = c.latitude + normal() * c.spread
            out.append((longitude: lon - 360 * ((lon + 180) / 360).rounded(.down), latitude: min(max(lat, -85), 85)))
        }
        return out
    }

    /// Writes them as a GeoJSON FeatureCollection of titled Points, in generation order; or, with
    /// `sequence`, as an RFC 8142 text sequence (a record per point, as GDAL's GeoJSONSeq writes).
    static func write(count: Int, seed: UInt64, to url: URL, sequence: Bool = false) throws {
        guard FileManager.default.createFile(atPath: url.path, contents: nil),
              let handle = try? FileHandle(forWritingTo: url) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
        }
        defer { try? handle.close() }
        var text = sequence ? "" : "{\"type\":\"FeatureCollection\",\"features\":[\n"
        for (i, p) in coordinates(count: count, seed: seed).enumerated() {
            if sequence { text += "\u{1E}" } else if i > 0 { text += ",\n" }
            text += "{\"type\":\"Feature\",\"geometry\":{\"type\":\"Point\",\"coordinates\":[\(p.longitude),\(p.latitude)]},"
            text += "\"properties\":{\"title\":\"Place \(i)\"}}" + (sequence ? "\n" : "")
            if text.utf8.count > 1 << 20 {
                try handle.write(contentsOf: Data(text.utf8))
                text = ""
            }
        }
        if !sequence { text += "\n]}\n" }
        try handle.write(contentsOf: Data(text.utf8))
    }
}
