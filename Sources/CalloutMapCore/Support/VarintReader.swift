/// Reads LEB128 varints (the basemap's cells, PMTiles directories); reading past `end` gives
/// zeros and sets `failed`.
struct VarintReader {
    let bytes: [UInt8]
    var position: Int
    let end: Int
    var failed = false

    var remaining: Int { end - position }

    mutating func byte() -> UInt64 {
        guard position < end else { failed = true; return 0 }
        defer { position += 1 }
        return UInt64(bytes[position])
    }

    mutating func next() -> UInt64 {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while shift < 64 {
            let b = byte()
            value |= (b & 0x7F) << shift
            if b & 0x80 == 0 || failed { break }
            shift += 7
        }
        return value
    }

    mutating func nextSigned() -> Int64 {
        let v = next()
        return Int64(bitPattern: (v >> 1) ^ (0 &- (v & 1)))
    }
}
