@testable import CalloutMapCore
import Foundation
import XCTest

/// The PMTiles v3 reader on archives written by PyPI's pmtiles 3.8 (an independent writer):
/// the shipped Helsinki tiles against the MBTiles they were converted from, a fixture whose
/// entries live in leaf directories and runs, and damaged files.
final class PMTilesTests: XCTestCase {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/vector")
    static let data = DataDirectory.locate()!.appendingPathComponent("vector")

    /// Rule 1, against the values of pmtiles' own `zxy_to_tileid`.
    func testTileIDsFollowTheHilbertCurveZoomAfterZoom() {
        let expected: [((Int, Int, Int), UInt64)] = [
            ((0, 0, 0), 0), ((1, 0, 0), 1), ((1, 0, 1), 2), ((1, 1, 1), 3), ((1, 1, 0), 4), ((2, 0, 0), 5), ((2, 3, 3), 15),
            ((12, 655, 1583), 8_921_941), ((14, 9326, 4742), 319_433_623), ((20, 524_287, 524_288), 916_259_689_812),
            ((31, 2_147_483_647, 0), 6_148_914_691_236_517_204),
        ]
        for ((z, x, y), id) in expected { XCTAssertEqual(PMTilesDirectory.tileID(zoom: z, x: x, y: y), id, "\(z)/\(x)/\(y)") }
    }

    func testTheHelsinkiArchiveHoldsTheTilesOfItsMBTiles() throws {
        let archive = try PMTilesArchive(contentsOf: Self.data.appendingPathComponent("helsinki.pmtiles"))
        XCTAssertEqual(archive.header.zoomRange, 0...14)
        XCTAssertEqual(archive.header.tileType, .mvt)
        XCTAssertEqual(archive.header.tileCompression, .gzip)
        XCTAssertEqual(archive.header.bounds.west, 24.935177, accuracy: 1e-7)
        XCTAssertEqual(archive.header.bounds.north, 60.179107, accuracy: 1e-7)
        XCTAssertEqual(archive.name, "Central Helsinki")
        XCTAssertEqual(archive.attribution, "© OpenStreetMap contributors")
        let rows = MBTilesRows.read(Self.data.appendingPathComponent("helsinki.mbtiles"))
        XCTAssertEqual(rows.count, 19)
        for r in rows {
            let bytes = try archive.tileData(for: TileID(zoom: r.zoom, x: r.column, y: r.y))
            XCTAssertEqual(bytes.map { Data($0) }, r.data, "\(r.zoom)/\(r.column)/\(r.y)")
        }
        // Beside the tiles it has, and past its zooms: none.
        let deepest = try XCTUnwrap(rows.first { $0.zoom == 14 })
        XCTAssertNil(try archive.tileData(for: TileID(zoom: 14, x: deepest.column + 5, y: deepest.y)))
        XCTAssertNil(try archive.tileData(for: TileID(zoom: 15, x: 2 * deepest.column, y: 2 * deepest.y)))
    }

    /// Zstandard directories (root and leaves), metadata and tiles, written by PyPI's pmtiles
    /// writer with Debian's zstd: every tile decodes as its gzip twin in the MBTiles.
    func testAZstandardArchiveReadsAsItsGzipTwin() throws {
        let archive = try PMTilesArchive(contentsOf: Self.fixtures.appendingPathComponent("helsinki-zstd.pmtiles"))
        XCTAssertEqual(archive.header.internalCompression, .zstd)
        XCTAssertEqual(archive.header.tileCompression, .zstd)
        XCTAssertFalse(archive.header.leafDirectories.isEmpty, "the fixture keeps its entries in leaves")
        XCTAssertEqual(archive.name, "Central Helsinki (zstd)")
        XCTAssertEqual(archive.attribution, "© OpenStreetMap contributors")
        let rows = MBTilesRows.read(Self.data.appendingPathComponent("helsinki.mbtiles")).filter { $0.zoom <= 13 }
        XCTAssertEqual(rows.count, 15)
        for r in rows {
            let bytes = try XCTUnwrap(try archive.tileData(for: TileID(zoom: r.zoom, x: r.column, y: r.y)), "\(r.zoom)/\(r.column)/\(r.y)")
            XCTAssertEqual(bytes.prefix(4), [0x28, 0xb5, 0x2f, 0xfd])
            XCTAssertEqual(try VectorTile(data: Data(bytes)).layers, try VectorTile(data: r.data).layers, "\(r.zoom)/\(r.column)/\(r.y)")
        }
    }

    func testEntriesInLeafDirectoriesAndRunsAreFound() throws {
        let archive = try PMTilesArchive(contentsOf: Self.fixtures.appendingPathComponent("leaves.pmtiles"))
        XCTAssertFalse(archive.header.leafDirectories.isEmpty, "the fixture keeps its entries in leaves")
        XCTAssertEqual(archive.header.addressedTiles, 5461)
        XCTAssertEqual(archive.header.tileEntries, 5398)  // the 64 "sea" tiles are one run
        for z in 0...6 {
            for x in 0..<(1 << z) {
                for y in 0..<(1 << z) {
                    let sea = z == 6 && (16..<24).contains(x) && (40..<48).contains(y)
                    let text = try archive.tileData(for: TileID(zoom: z, x: x, y: y)).map { String(decoding: $0, as: UTF8.self) }
                    XCTAssertEqual(text, sea ? "sea" : "\(z)/\(x)/\(y)")
                }
            }
        }
        XCTAssertNil(try archive.tileData(for: TileID(zoom: 7, x: 0, y: 0)))
        XCTAssertEqual(try archive.tileData(for: TileID(zoom: 2, x: 4 + 1, y: 2)).map { String(decoding: $0, as: UTF8.self) }, "2/1/2",
                       "a column past the antimeridian wraps")
    }

    // MARK: Directories

    func testADirectoryReadsItsEntriesAndFindsTheOneForATile() throws {
        // Three entries: ids 5 (a run of 3), 9 (a leaf), 20; offsets "right after" (0) and given (+1).
        var bytes = VectorTileBytes()
        for v: UInt64 in [3, 5, 4, 11, 3, 0, 1, 10, 40, 7, 1, 0, 101] { bytes.varint(v) }
        let directory = try XCTUnwrap(PMTilesDirectory(bytes: Array(bytes.data)))
        XCTAssertEqual(directory.entries, [.init(tileID: 5, offset: 0, length: 10, runLength: 3),
                                           .init(tileID: 9, offset: 10, length: 40, runLength: 0),
                                           .init(tileID: 20, offset: 100, length: 7, runLength: 1)])
        XCTAssertNil(directory.entry(for: 4))
        XCTAssertEqual(directory.entry(for: 7)?.tileID, 5)  // inside the run
        XCTAssertNil(directory.entry(for: 8))               // past it
        XCTAssertEqual(directory.entry(for: 15)?.runLength, 0)  // the leaf to look in
        XCTAssertEqual(directory.entry(for: 20)?.tileID, 20)
        XCTAssertNil(directory.entry(for: 21))
    }

    func testBytesThatAreNotADirectoryAreRefused() {
        func directory(_ values: [UInt64]) -> PMTilesDirectory? {
            var bytes = VectorTileBytes()
            for v in values { bytes.varint(v) }
            return PMTilesDirectory(bytes: Array(bytes.data))
        }
        XCTAssertNil(directory([]), "no count")
        XCTAssertNil(directory([1_000_000, 1, 1, 1, 1]), "more entries than the bytes can hold")
        XCTAssertNil(directory([2, 5, 0, 1, 1, 1, 1, 1, 1]), "an id that does not rise")
        XCTAssertNil(directory([1, 5, 1, 1, 0]), "a first offset of 'right after'")
        XCTAssertNil(directory([2, 5, 1, 1, 1, 1, 1, 1]), "cut short")
        XCTAssertNil(PMTilesDirectory(bytes: [0x80, 0x80]), "a varint cut short")
        XCTAssertNotNil(directory([0]), "no entries is a directory")
    }

    // MARK: Damaged archives

    func testDamagedArchivesAreRefusedNamingTheFile() throws {
        let good = try Data(contentsOf: Self.data.appendingPathComponent("helsinki.pmtiles"))
        func refusal(_ bytes: Data) -> String? {
            let url = FileManager.default.temporaryDirectory.appendingPathComponent("damaged-\(UUID().uuidString).pmtiles")
            defer { try? FileManager.default.removeItem(at: url) }
            try? bytes.write(to: url)
            do {
                _ = try PMTilesArchive(contentsOf: url)
                return nil
            } catch {
                XCTAssertEqual(error.source, url.path)
                return error.reason
            }
        }
        func patched(_ at: Int, _ values: [UInt8]) -> Data {
            var d = good
            d.replaceSubrange(at..<at + values.count, with: values)
            return d
        }
        XCTAssertEqual(refusal(Data()), "is not a PMTiles archive (no PMTiles header)")
        XCTAssertEqual(refusal(good.prefix(100)), "is not a whole PMTiles archive (its header is cut short)")
        XCTAssertEqual(refusal(Data("PM".utf8) + Data([2, 0]) + Data(count: 200)),
                       "is a PMTiles archive of version 1 or 2; CalloutMap reads version 3 (`pmtiles convert` upgrades it)")
        XCTAssertEqual(refusal(patched(7, [4])), "is a PMTiles archive of version 4; CalloutMap reads version 3")
        XCTAssertEqual(refusal(good.prefix(good.count / 2)), "is shorter than its header says (its tile data ends past the file)")
        XCTAssertEqual(refusal(patched(8, [0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff])),
                       "is shorter than its header says (its root directory ends past the file)")
        XCTAssertEqual(refusal(patched(97, [3])), "compresses its directories with brotli, which CalloutMap cannot read (gzip, zstd or none)")
        XCTAssertEqual(refusal(patched(98, [3])), "compresses its tiles with brotli, which CalloutMap cannot read (gzip, zstd or none)")
        XCTAssertEqual(refusal(patched(100, [9, 3])), "says its zooms are 9 to 3")
        // The root directory's gzip stream, its first bytes of data overwritten.
        XCTAssertEqual(refusal(patched(127 + 10, [0xff, 0xff, 0xff, 0xff])),
                       "has a directory that does not decompress: its compressed data is corrupt (invalid block type)")
        // Uncompressed directories read as they are: a root of garbage is no directory.
        XCTAssertEqual(refusal(patched(97, [1])), "has a directory that is not one (its entries do not read)")
    }

    /// A tile entry pointing past the tile data is an error for that tile, naming the file.
    func testATileOutsideItsSectionIsAnErrorForThatTile() throws {
        let source = Self.fixtures.appendingPathComponent("leaves.pmtiles")
        var bytes = try Data(contentsOf: source)
        // Shrink the tile data section by a byte: the last tile then ends past it.
        let length = (0..<8).reduce(UInt64(0)) { $0 | UInt64(bytes[64 + $1]) << (8 * UInt64($1)) } - 1
        bytes.replaceSubrange(64..<72, with: (0..<8).map { UInt8(truncatingIfNeeded: length >> (8 * UInt64($0))) })
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("short-\(UUID().uuidString).pmtiles")
        defer { try? FileManager.default.removeItem(at: url) }
        try bytes.write(to: url)
        let archive = try PMTilesArchive(contentsOf: url)
        XCTAssertEqual(try archive.tileData(for: TileID(zoom: 0, x: 0, y: 0)).map { String(decoding: $0, as: UTF8.self) }, "0/0/0")
        // The last tile written is the one with the highest id: zoom 6's curve ends at x 63, y 0.
        XCTAssertThrowsError(try archive.tileData(for: TileID(zoom: 6, x: 63, y: 0))) { error in
            XCTAssertEqual("\(error)", "\(url.path): tile 6/63/0: points outside its section of the file")
        }
    }
}
