import Foundation

/// One zoom band of the embedded basemap (`data/basemap/*.cmb`, written by
/// `tools/basemap/build_basemap.py`). Cells are read and decoded on demand.
///
/// Layout, little-endian: "CMBM", version, min zoom, max zoom, cell zoom,
/// coordinate bits, 3 pad bytes, coverage x0 y0 x1 y1 (u32), cell count (u32);
/// then per cell x, y, offset, length (u32); then the cells: a varint layer
/// count and per layer a kind byte, a varint geometry count and per geometry
/// a varint point count and zig-zag varint deltas (the first from the cell's corner).
package final class BasemapBand: Sendable {
    package let name: String
    package let minZoom: Int
    package let maxZoom: Int
    package let cellZoom: Int
    /// The world is 2^bits units wide in this band's coordinates.
    package let bits: Int
    /// Cells [x0, x1) × [y0, y1) that this band describes; outside it says nothing.
    package let coverage: (x0: Int, y0: Int, x1: Int, y1: Int)
    private let storage: Storage
    private let index: [Int: (offset: Int, length: Int)]

    /// Where the cells' bytes are: a file read cell by cell as tiles need them (the bundled
    /// basemap: 9 MB that need not be in memory), or bytes already in memory (tests, fuzzing).
    private enum Storage: Sendable {
        case file(InputFile.RandomAccess)
        case memory([UInt8])
    }

    /// The band in a file; its header and cell index are read now, each cell when it is drawn.
    package convenience init(contentsOf url: URL) throws {
        let file: InputFile.RandomAccess
        do { file = try InputFile.RandomAccess(url) } catch {
            throw BasemapError(file: error.file, reason: error.reason)
        }
        try self.init(storage: .file(file), size: file.size, file: url.path)
    }

    /// A band from its bytes in memory.
    package convenience init(bytes: [UInt8], file: String) throws {
        try self.init(storage: .memory(bytes), size: bytes.count, file: file)
    }

    /// Checks the header and the cell index; cells are checked as they are decoded.
    private init(storage: Storage, size: Int, file: String) throws {
        name = URL(fileURLWithPath: file).lastPathComponent
        self.storage = storage
        func fail(_ reason: String) -> BasemapError { BasemapError(file: file, reason: reason) }
        let header = Self.bytes(storage, at: 0, count: 32)
        guard header.count >= 32, header[0..<4].elementsEqual("CMBM".utf8) else {
            throw fail("not a CalloutMap basemap file")
        }
        guard header[4] == 1 else { throw fail("unsupported version \(header[4])") }
        minZoom = Int(header[5]); maxZoom = Int(header[6]); cellZoom = Int(header[7]); bits = Int(header[8])
        guard bits > cellZoom, bits <= 30, cellZoom <= 20, minZoom <= maxZoom else { throw fail("bad header") }
        // A tile of the band's first zoom is drawn from at most 4 × 4 cells.
        guard cellZoom <= minZoom + 2 else { throw fail("bad header (cell zoom \(cellZoom) for zooms from \(minZoom))") }
        func u32(_ b: [UInt8], _ at: Int) -> Int {
            Int(b[at]) | Int(b[at + 1]) << 8 | Int(b[at + 2]) << 16 | Int(b[at + 3]) << 24
        }
        coverage = (u32(header, 12), u32(header, 16), u32(header, 20), u32(header, 24))
        guard coverage.x1 <= 1 << cellZoom, coverage.y1 <= 1 << cellZoom else { throw fail("bad header (coverage outside the world)") }
        let count = u32(header, 28)
        guard 32 + count * 16 <= size else { throw fail("truncated cell index") }
        let table = Self.bytes(storage, at: 32, count: count * 16)
        guard table.count == count * 16 else { throw fail("truncated cell index") }
        var index: [Int: (Int, Int)] = [:]
        index.reserveCapacity(count)
        for i in 0..<count {
            let at = i * 16
            let (x, y, offset, length) = (u32(table, at), u32(table, at + 4), u32(table, at + 8), u32(table, at + 12))
            guard offset + length <= size else { throw fail("cell \(x),\(y) lies past the end of the file") }
            guard x < 1 << cellZoom, y < 1 << cellZoom else { throw fail("cell \(x),\(y) lies outside the world at zoom \(cellZoom)") }
            index[Self.key(x, y)] = (offset, length)
        }
        self.index = index
    }

    private static func bytes(_ storage: Storage, at offset: Int, count: Int) -> [UInt8] {
        switch storage {
        case .file(let file): return file.bytes(at: offset, count: count)
        case .memory(let bytes): return offset < bytes.count ? Array(bytes[offset..<min(bytes.count, offset + count)]) : []
        }
    }

    package var cellCount: Int { index.count }

    package func covers(cellX x: Int, cellY y: Int) -> Bool {
        x >= coverage.x0 && x < coverage.x1 && y >= coverage.y0 && y < coverage.y1
    }

    /// Decodes a cell; nil when the band has nothing there (open water).
    /// A damaged cell keeps the layers decoded before the damage: every count is
    /// checked against the bytes left (a point takes at least two), so no count
    /// in the file can make the decoder loop or allocate past its cell's size.
    package func cell(x: Int, y: Int) -> BasemapCell? {
        guard let entry = index[Self.key(x, y)] else { return nil }
        var reader: VarintReader
        switch storage {
        case .memory(let bytes):
            reader = VarintReader(bytes: bytes, position: entry.offset, end: entry.offset + entry.length)
        case .file(let file):
            // A file that shrank since it was opened gives fewer bytes: the cell reads as damaged.
            let bytes = file.bytes(at: entry.offset, count: entry.length)
            reader = VarintReader(bytes: bytes, position: 0, end: bytes.count)
        }
        let cellUnits = Int64(1) << Int64(bits - cellZoom)
        var px = Int64(x) * cellUnits, py = Int64(y) * cellUnits
        var layers: [BasemapLayer] = []
        let layerCount = reader.next()
        for _ in 0..<min(layerCount, UInt64(reader.remaining)) {
            guard let kind = BasemapLayerKind(rawValue: UInt8(truncatingIfNeeded: reader.byte())) else { break }
            let geometries = reader.next()
            guard geometries <= UInt64(reader.remaining) else { break }
            var points: [Int32] = []
            var starts: [Int32] = [0]
            starts.reserveCapacity(Int(geometries) + 1)
            for _ in 0..<geometries {
                let n = reader.next()
                guard n <= UInt64(reader.remaining / 2) else { reader.failed = true; break }
                for _ in 0..<n {
                    // Wrapping: damaged deltas give wrong points, never a trap.
                    px &+= reader.nextSigned()
                    py &+= reader.nextSigned()
                    points.append(Int32(truncatingIfNeeded: px))
                    points.append(Int32(truncatingIfNeeded: py))
                }
                starts.append(Int32(truncatingIfNeeded: points.count / 2))
            }
            if reader.failed { break }
            layers.append(BasemapLayer(kind: kind, points: points, starts: starts))
        }
        return BasemapCell(x: x, y: y, layers: layers)
    }

    /// Every cell in the index, for tools and tests.
    package var cellKeys: [(x: Int, y: Int)] { index.keys.map { ($0 >> 32, $0 & 0xFFFF_FFFF) } }

    private static func key(_ x: Int, _ y: Int) -> Int { x << 32 | y }
}
