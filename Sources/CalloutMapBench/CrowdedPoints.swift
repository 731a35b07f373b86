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

    /// What each point carries besides its position: a figure measured on titles alone did not
    /// hold for places that also had a subtitle and another property (2.5 s against 1.4 s in the
    /// window), so the benchmark measures each shape.
    enum Shape: String, CaseIterable {
        /// A short title ("Place 12"), as the generator always wrote.
        case titled
        /// A title, a subtitle and one more property, as a shop or a stop in a real file.
        case described
        /// GeoNames-like: a longer title past 15 bytes (Swift keeps shorter strings inline), a
        /// subtitle, a population and a country code.
        case named

        func properties(_ i: Int) -> String {
            switch self {
            case .titled: return "{\"title\":\"Place \(i)\"}"
            case .described:
                return "{\"title\":\"Place \(i)\",\"subtitle\":\"Open daily · stop \(i % 977)\",\"kind\":\"\(["shop", "cafe", "stop"][i % 3])\"}"
            case .named:
                return "{\"name\":\"Santa María del Río \(i)\",\"description\":\"Populated place in district \(i % 4_001)\","
                    + "\"population\":\(1_000 + (i * 7_919) % 900_000),\"country\":\"\(["ES", "MX", "AR", "CO"][i % 4])\"}"
            }
        }
    }

    /// Writes them as a GeoJSON FeatureCollection of Points, in generation order; or, with
    /// `sequence`, as an RFC 8142 text sequence (a record per point, as GDAL's GeoJSONSeq writes).
    static func write(count: Int, seed: UInt64, to url: URL, sequence: Bool = false, shape: Shape = .titled) throws {
        guard FileManager.default.createFile(atPath: url.path, contents: nil),
              let handle = try? FileHandle(forWritingTo: url) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
        }
        defer { try? handle.close() }
        var text = sequence ? "" : "{\"type\":\"FeatureCollection\",\"features\":[\n"
        for (i, p) in coordinates(count: count, seed: seed).enumerated() {
            if sequence { text += "\u{1E}" } else if i > 0 { text += ",\n" }
            text += "{\"type\":\"Feature\",\"geometry\":{\"type\":\"Point\",\"coordinates\":[\(p.longitude),\(p.latitude)]},"
            text += "\"properties\":\(shape.properties(i))}" + (sequence ? "\n" : "")
            if text.utf8.count > 1 << 20 {
                try handle.write(contentsOf: Data(text.utf8))
                text = ""
            }
        }
        if !sequence { text += "\n]}\n" }
        try handle.write(contentsOf: Data(text.utf8))
    }
}
