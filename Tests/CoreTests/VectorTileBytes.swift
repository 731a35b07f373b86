import Foundation

/// Writes Mapbox Vector Tile protobuf bytes by hand, so tests can make tiles that break the spec
/// in one exact way. Only what the tests need: varints, zigzag, length-delimited fields.
struct VectorTileBytes {
    private(set) var bytes: [UInt8] = []

    var data: Data { Data(bytes) }

    mutating func varint(_ value: UInt64) {
        var v = value
        while v >= 0x80 {
            bytes.append(UInt8(v & 0x7f) | 0x80)
            v >>= 7
        }
        bytes.append(UInt8(v))
    }

    mutating func key(_ field: Int, wire: Int) { varint(UInt64(field << 3 | wire)) }

    mutating func uint(_ field: Int, _ value: UInt64) {
        key(field, wire: 0)
        varint(value)
    }

    mutating func message(_ field: Int, _ body: [UInt8]) {
        key(field, wire: 2)
        varint(UInt64(body.count))
        bytes += body
    }

    mutating func message(_ field: Int, _ build: (inout VectorTileBytes) -> Void) {
        var inner = VectorTileBytes()
        build(&inner)
        message(field, inner.bytes)
    }

    mutating func string(_ field: Int, _ text: String) { message(field, Array(text.utf8)) }

    mutating func packed(_ field: Int, _ values: [UInt32]) {
        var inner = VectorTileBytes()
        for v in values { inner.varint(UInt64(v)) }
        message(field, inner.bytes)
    }

    static func zigzag(_ n: Int32) -> UInt32 { UInt32(bitPattern: (n << 1) ^ (n >> 31)) }

    /// A geometry command integer.
    static func command(_ id: UInt32, _ count: UInt32) -> UInt32 { id | count << 3 }

    /// Commands and their parameters from absolute points: MoveTo the first, LineTo the rest, and
    /// ClosePath when `closed`. Positions become deltas from `cursor`, which is left at the last.
    static func path(_ points: [(Int32, Int32)], closed: Bool = false, cursor: inout (Int32, Int32)) -> [UInt32] {
        var out: [UInt32] = []
        for (i, p) in points.enumerated() {
            if i == 0 { out.append(command(1, 1)) }
            if i == 1 { out.append(command(2, UInt32(points.count - 1))) }
            out += [zigzag(p.0 - cursor.0), zigzag(p.1 - cursor.1)]
            cursor = p
        }
        if closed { out.append(command(7, 1)) }
        return out
    }

    /// A tile of one layer "l" with keys and string values, and features of (type, geometry, tags).
    static func tile(keys: [String] = [], values: [String] = [], features: [(type: UInt64, geometry: [UInt32], tags: [UInt32])],
                     extent: UInt64? = nil, version: UInt64 = 2) -> Data {
        var tile = VectorTileBytes()
        tile.message(3) { layer in
            layer.uint(15, version)
            layer.string(1, "l")
            for f in features {
                layer.message(2) { feature in
                    if !f.tags.isEmpty { feature.packed(2, f.tags) }
                    feature.uint(3, f.type)
                    feature.packed(4, f.geometry)
                }
            }
            for k in keys { layer.string(3, k) }
            for v in values { layer.message(4) { $0.string(1, v) } }
            if let extent { layer.uint(5, extent) }
        }
        return tile.data
    }
}
