/// A PMTiles v3 directory: entries sorted by tile id, each a run of tiles sharing one stored
/// tile, or (run length 0) a pointer to a leaf directory. The rules of the format, as the code
/// applies them:
///
/// 1. Tiles are numbered along a Hilbert curve within each zoom, zoom after zoom: the id of
///    z/x/y is the count of tiles at the zooms above, plus its position on that zoom's curve.
/// 2. A directory is varints: the entry count, then each entry's tile id as a difference from
///    the one before, then the run lengths, then the lengths, then the offsets, where 0 means
///    "right after the entry before" and any other value is the offset plus one.
/// 3. The entry for a tile is the last whose id is not past it. A run length of 0 points to a
///    leaf directory to look in; otherwise the tile is there when its id falls inside the run.
package struct PMTilesDirectory: Sendable, Equatable {
    package struct Entry: Sendable, Equatable {
        package var tileID: UInt64
        package var offset: UInt64
        package var length: UInt32
        package var runLength: UInt32
    }

    package var entries: [Entry]

    /// Rule 1: the tile id of z/x/y (zoom 0…31; x and y inside the zoom).
    package static func tileID(zoom: Int, x: Int, y: Int) -> UInt64 {
        var id = ((UInt64(1) << (2 * UInt64(zoom))) - 1) / 3
        var (x, y) = (UInt64(x), UInt64(y))
        var s = zoom > 0 ? UInt64(1) << UInt64(zoom - 1) : 0
        while s > 0 {
            let rx: UInt64 = x & s > 0 ? 1 : 0, ry: UInt64 = y & s > 0 ? 1 : 0
            id += s * s * ((3 * rx) ^ ry)
            if ry == 0 {  // rotate the quadrant; wrapping: only the bits under s are read after
                if rx == 1 { (x, y) = (s &- 1 &- x, s &- 1 &- y) }
                (x, y) = (y, x)
            }
            s >>= 1
        }
        return id
    }

    /// Rule 2: a directory from its (inflated) bytes; nil when they are not one.
    package init?(bytes: [UInt8]) {
        var reader = VarintReader(bytes: bytes, position: 0, end: bytes.count)
        func next() -> UInt64? {
            let value = reader.next()
            return reader.failed ? nil : value
        }
        // Each entry takes at least four bytes: more entries than that is not a directory.
        guard let count = next(), count <= UInt64(bytes.count / 4) else { return nil }
        var entries = [Entry](repeating: Entry(tileID: 0, offset: 0, length: 0, runLength: 0), count: Int(count))
        var id: UInt64 = 0
        for i in entries.indices {
            guard let delta = next() else { return nil }
            let (sum, overflow) = id.addingReportingOverflow(delta)
            guard !overflow, i == 0 || delta > 0 else { return nil }  // ids only rise
            id = sum
            entries[i].tileID = id
        }
        for i in entries.indices {
            guard let run = next(), run <= UInt64(UInt32.max) else { return nil }
            entries[i].runLength = UInt32(run)
        }
        for i in entries.indices {
            guard let length = next(), length <= UInt64(UInt32.max) else { return nil }
            entries[i].length = UInt32(length)
        }
        for i in entries.indices {
            guard let value = next() else { return nil }
            if value == 0 {
                guard i > 0 else { return nil }
                let (next, overflow) = entries[i - 1].offset.addingReportingOverflow(UInt64(entries[i - 1].length))
                guard !overflow else { return nil }
                entries[i].offset = next
            } else {
                entries[i].offset = value - 1
            }
        }
        self.entries = entries
    }

    package init(entries: [Entry]) { self.entries = entries }

    /// Rule 3: the entry that holds `tileID` or points to the leaf that may, or nil.
    package func entry(for tileID: UInt64) -> Entry? {
        var low = 0, high = entries.count  // the first entry past tileID
        while low < high {
            let mid = (low + high) / 2
            if entries[mid].tileID <= tileID { low = mid + 1 } else { high = mid }
        }
        guard low > 0 else { return nil }
        let entry = entries[low - 1]
        if entry.runLength == 0 { return entry }
        return tileID - entry.tileID < UInt64(entry.runLength) ? entry : nil
    }
}
