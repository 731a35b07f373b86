/// Reads the names file's format (see `tools/placenames/build_place_names.py`): a bad file is
/// an error naming what is wrong, never a trap, however its bytes are made.
struct WorldPlacesReader {
    let bytes: [UInt8]
    let file: String
    var offset = 0

    init(bytes: [UInt8], file: String) {
        self.bytes = bytes
        self.file = file
    }

    /// At most this many places or countries: more means a broken count, not a bigger world.
    static let maxCount = 10_000_000

    mutating func read() throws(WorldPlacesError) -> (places: [WorldPlace], alternatesAt: [Int32]) {
        guard bytes.count >= 5, bytes[0..<4].elementsEqual("CMPN".utf8) else { throw fail("is not a place names file") }
        guard bytes[4] == 1 else { throw fail("is version \(bytes[4]) of the place names format; this reads version 1") }
        guard bytes.count < Int(Int32.max) else { throw fail("is too big") }
        offset = 5
        let countryCount = try count()
        var countries: [(code: String, name: String)] = []
        countries.reserveCapacity(min(countryCount, 1024))
        for _ in 0..<countryCount {
            let code = try take(2)
            guard code.allSatisfy({ $0 >= 65 && $0 <= 90 }) else { throw fail("has a country code that is not two capital letters") }
            countries.append((String(decoding: code, as: UTF8.self), try text()))
        }
        let placeCount = try count()
        var places: [WorldPlace] = [], alternatesAt: [Int32] = []
        places.reserveCapacity(min(placeCount, bytes.count / 12))
        alternatesAt.reserveCapacity(min(placeCount, bytes.count / 12))
        for rank in 0..<placeCount {
            guard let kind = WorldPlace.Kind(rawValue: try take(1).first!) else { throw fail("has a place of unknown kind") }
            let country = try varint()
            let lat = Double(try int32()) / 1e5, lon = Double(try int32()) / 1e5
            let coordinate = Coordinate(latitude: lat, longitude: lon)
            guard coordinate.isValid else { throw fail("has a place at an impossible position (\(lat), \(lon))") }
            let population = try varint()
            let name = try text()
            alternatesAt.append(Int32(offset))
            _ = try alternates(skipping: true)
            let c = country < countries.count ? countries[country] : nil
            places.append(WorldPlace(rank: rank, kind: kind, name: name, coordinate: coordinate,
                                     population: min(population, Int(Int32.max)), countryCode: c?.code, countryName: c?.name))
        }
        guard offset == bytes.count else { throw fail("has \(bytes.count - offset) bytes after its last place") }
        return (places, alternatesAt)
    }

    /// A place's alternate names (from `offset`); only checked and stepped over when skipping.
    mutating func alternates(skipping: Bool = false) throws(WorldPlacesError) -> [String] {
        let n = try count()
        var names: [String] = []
        for _ in 0..<n {
            if skipping { _ = try take(try count()) } else { names.append(try text()) }
        }
        return names
    }

    private func fail(_ reason: String) -> WorldPlacesError { WorldPlacesError(file: file, reason: reason) }

    private mutating func take(_ n: Int) throws(WorldPlacesError) -> ArraySlice<UInt8> {
        guard n >= 0, n <= bytes.count - offset else { throw fail("ends in the middle of a place") }
        defer { offset += n }
        return bytes[offset..<offset + n]
    }

    private mutating func varint() throws(WorldPlacesError) -> Int {
        var value = 0, shift = 0
        while true {
            let byte = try take(1).first!
            guard shift < 56 else { throw fail("has a number too long to be one") }
            value |= Int(byte & 0x7F) << shift
            if byte & 0x80 == 0 { return value }
            shift += 7
        }
    }

    private mutating func count() throws(WorldPlacesError) -> Int {
        let n = try varint()
        guard n <= Self.maxCount else { throw fail("claims \(n) entries") }
        return n
    }

    private mutating func int32() throws(WorldPlacesError) -> Int32 {
        let b = try take(4)
        let u = UInt32(b[b.startIndex]) | UInt32(b[b.startIndex + 1]) << 8 | UInt32(b[b.startIndex + 2]) << 16 | UInt32(b[b.startIndex + 3]) << 24
        return Int32(bitPattern: u)
    }

    /// UTF-8 text; bad sequences become U+FFFD (the file is data, never trusted).
    private mutating func text() throws(WorldPlacesError) -> String {
        let n = try count()
        guard n <= 1024 else { throw fail("has a name of \(n) bytes") }
        return String(decoding: try take(n), as: UTF8.self)
    }
}
