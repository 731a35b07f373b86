import Foundation
import Synchronization

/// A PMTiles v3 archive in a file (the format tippecanoe, Planetiler and `pmtiles convert` write):
/// a 127-byte header, a root directory, JSON metadata, leaf directories and the tiles, found by
/// tile id (`PMTilesDirectory`). Read piece by piece from any thread, so a planet-sized file
/// costs only the directories in use.
///
/// Whatever the file holds, reading it never traps: a header or a section that does not fit
/// the file is refused when it is opened, and a bad directory or tile is an error for that tile,
/// each naming the file.
package final class PMTilesArchive: Sendable {
    /// How a section is compressed (the header's codes).
    package enum Compression: UInt8, Sendable {
        case unknown = 0, none, gzip, brotli, zstd
    }

    /// The compressions CalloutMap reads: gzip by zlib, zstd by libzstd. Brotli, which the format
    /// allows but its writers do not choose by default, is refused by name when the file opens.
    private static let readable: Set<Compression> = [.none, .gzip, .zstd]

    /// What the tiles are (the header's codes).
    package enum TileType: UInt8, Sendable {
        case unknown = 0, mvt, png, jpeg, webp, avif
    }

    package struct Header: Sendable {
        package var rootDirectory: Range<UInt64>
        package var metadata: Range<UInt64>
        package var leafDirectories: Range<UInt64>
        package var tileData: Range<UInt64>
        package var addressedTiles: UInt64
        package var tileEntries: UInt64
        package var tileContents: UInt64
        package var isClustered: Bool
        package var internalCompression: Compression
        package var tileCompression: Compression
        package var tileType: TileType
        package var zoomRange: ClosedRange<Int>
        /// West, south, east, north in degrees.
        package var bounds: (west: Double, south: Double, east: Double, north: Double)
        package var centerZoom: Int
        package var center: (longitude: Double, latitude: Double)
    }

    package let path: String
    package let header: Header
    /// The metadata's JSON text, inflated (`name`, `attribution`, `vector_layers`…).
    package let metadata: [UInt8]
    private let file: InputFile.RandomAccess
    private let root: PMTilesDirectory
    /// Leaf directories read so far, by offset; let go all at once past `leafLimit`.
    private let leaves = Mutex<[UInt64: PMTilesDirectory]>([:])
    private static let leafLimit = 64
    /// A directory larger than this inflated is refused (a planet's largest leaves are a few MB).
    static let maxDirectoryBytes = 32 << 20

    package init(contentsOf url: URL) throws(TileSourceError) {
        path = url.path
        func fail(_ reason: String) -> TileSourceError { TileSourceError(source: url.path, reason: reason) }
        do { file = try InputFile.RandomAccess(url, limit: .max) } catch { throw fail(error.reason) }
        let bytes = file.bytes(at: 0, count: 127)
        guard bytes.starts(with: Array("PMTiles".utf8)) else {
            if bytes.starts(with: Array("PM".utf8)) { throw fail("is a PMTiles archive of version 1 or 2; CalloutMap reads version 3 (`pmtiles convert` upgrades it)") }
            throw fail("is not a PMTiles archive (no PMTiles header)")
        }
        guard bytes.count == 127 else { throw fail("is not a whole PMTiles archive (its header is cut short)") }
        guard bytes[7] == 3 else { throw fail("is a PMTiles archive of version \(bytes[7]); CalloutMap reads version 3") }
        header = try Self.header(bytes, fileSize: UInt64(file.size), fail: fail)
        guard Self.readable.contains(header.internalCompression) else {
            throw fail("compresses its directories with \(header.internalCompression), which CalloutMap cannot read (gzip, zstd or none)")
        }
        guard Self.readable.contains(header.tileCompression) || header.tileCompression == .unknown else {
            throw fail("compresses its tiles with \(header.tileCompression), which CalloutMap cannot read (gzip, zstd or none)")
        }
        root = try Self.directory(file, header.rootDirectory, header.internalCompression, fail: fail)
        metadata = try Self.section(file, header.metadata, header.internalCompression, fail: fail)
    }

    /// The tile's bytes as stored (compressed as `header.tileCompression` says), or nil where the
    /// archive has none. Throws, naming the file, when a directory or the tile is damaged.
    package func tileData(for tile: TileID) throws(TileSourceError) -> [UInt8]? {
        let t = tile.wrapped
        guard header.zoomRange.contains(t.zoom), t.zoom <= 31, t.y >= 0, t.y < 1 << t.zoom else { return nil }
        func fail(_ reason: String) -> TileSourceError { TileSourceError(source: path, reason: "tile \(t): \(reason)") }
        let id = PMTilesDirectory.tileID(zoom: t.zoom, x: t.x, y: t.y)
        var directory = root
        // A leaf points to leaves at most a few levels deep; more is a loop.
        for _ in 0..<4 {
            guard let entry = directory.entry(for: id) else { return nil }
            if entry.runLength > 0 {
                guard entry.length <= UInt32(Self.maxTileBytes) else { throw fail("is \(entry.length) bytes, more than a tile may be") }
                let range = try Self.range(entry.offset, UInt64(entry.length), in: header.tileData, fail: fail)
                let bytes = file.bytes(at: Int(range.lowerBound), count: Int(entry.length))
                guard bytes.count == Int(entry.length) else { throw fail("cannot be read whole (the file is shorter than it says)") }
                return bytes
            }
            directory = try leaf(at: entry, fail: fail)
        }
        throw fail("its leaf directories point deeper than four levels")
    }

    /// The metadata's `attribution`, when it says one (its `name` is `name`, or the file's).
    package var attribution: String? { metadataText("attribution") }

    func metadataText(_ key: String) -> String? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(metadata)) as? [String: Any],
              let text = object[key] as? String, !text.isEmpty else { return nil }
        return text
    }

    private func leaf(at entry: PMTilesDirectory.Entry, fail: (String) -> TileSourceError) throws(TileSourceError) -> PMTilesDirectory {
        if let known = leaves.withLock({ $0[entry.offset] }) { return known }
        let range = try Self.range(entry.offset, UInt64(entry.length), in: header.leafDirectories, fail: fail)
        let leaf = try Self.directory(file, range, header.internalCompression, fail: fail)
        leaves.withLock {
            if $0.count >= Self.leafLimit { $0 = [:] }
            $0[entry.offset] = leaf
        }
        return leaf
    }

    /// `offset..<offset+length` within `section` (offsets count from its start), or an error.
    private static func range(_ offset: UInt64, _ length: UInt64, in section: Range<UInt64>,
                              fail: (String) -> TileSourceError) throws(TileSourceError) -> Range<UInt64> {
        let (start, o1) = section.lowerBound.addingReportingOverflow(offset)
        let (end, o2) = start.addingReportingOverflow(length)
        guard !o1, !o2, end <= section.upperBound else { throw fail("points outside its section of the file") }
        return start..<end
    }

    private static func section(_ file: InputFile.RandomAccess, _ range: Range<UInt64>, _ compression: Compression,
                                fail: (String) -> TileSourceError) throws(TileSourceError) -> [UInt8] {
        guard range.count <= maxDirectoryBytes else { throw fail("has a directory of \(range.count) bytes, more than CalloutMap reads") }
        let bytes = file.bytes(at: Int(range.lowerBound), count: range.count)
        guard bytes.count == range.count else { throw fail("is shorter than its header says") }
        guard compression == .gzip || compression == .zstd else { return bytes }
        do { return try Inflate.bytes(bytes, limit: maxDirectoryBytes) } catch { throw fail("has a directory that does not decompress: \(error.reason)") }
    }

    private static func directory(_ file: InputFile.RandomAccess, _ range: Range<UInt64>, _ compression: Compression,
                                  fail: (String) -> TileSourceError) throws(TileSourceError) -> PMTilesDirectory {
        guard let directory = PMTilesDirectory(bytes: try section(file, range, compression, fail: fail)) else {
            throw fail("has a directory that is not one (its entries do not read)")
        }
        return directory
    }

    private static func header(_ b: [UInt8], fileSize: UInt64, fail: (String) -> TileSourceError) throws(TileSourceError) -> Header {
        func u64(_ at: Int) -> UInt64 { (0..<8).reduce(UInt64(0)) { $0 | UInt64(b[at + $1]) << (8 * UInt64($1)) } }
        func i32(_ at: Int) -> Double { Double(Int32(bitPattern: (0..<4).reduce(UInt32(0)) { $0 | UInt32(b[at + $1]) << (8 * UInt32($1)) })) / 1e7 }
        func section(_ at: Int, _ what: String) throws(TileSourceError) -> Range<UInt64> {
            let (offset, length) = (u64(at), u64(at + 8))
            let (end, overflow) = offset.addingReportingOverflow(length)
            guard !overflow, end <= fileSize else { throw fail("is shorter than its header says (its \(what) ends past the file)") }
            return offset..<end
        }
        let (minZoom, maxZoom) = (Int(b[100]), Int(b[101]))
        guard minZoom <= maxZoom, maxZoom <= 31 else { throw fail("says its zooms are \(minZoom) to \(maxZoom)") }
        return Header(rootDirectory: try section(8, "root directory"), metadata: try section(24, "metadata"),
                      leafDirectories: try section(40, "leaf directories"), tileData: try section(56, "tile data"),
                      addressedTiles: u64(72), tileEntries: u64(80), tileContents: u64(88), isClustered: b[96] == 1,
                      internalCompression: Compression(rawValue: b[97]) ?? .unknown,
                      tileCompression: Compression(rawValue: b[98]) ?? .unknown, tileType: TileType(rawValue: b[99]) ?? .unknown,
                      zoomRange: minZoom...maxZoom, bounds: (i32(102), i32(106), i32(110), i32(114)),
                      centerZoom: Int(b[118]), center: (i32(119), i32(123)))
    }

    /// The largest tile handed out, as for every tile source.
    package static var maxTileBytes: Int { 16 << 20 }
}
