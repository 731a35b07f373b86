import CalloutMapCore
import Foundation
import XCTest

/// MBTiles files and tile folders as sources: tiles found in their places (MBTiles rows count
/// from the bottom), metadata read, and every file that is not one refused by name.
final class TileSourceTests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("calloutmap-tiles-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    /// Distinct bytes per tile, so a tile found in the wrong place shows.
    func bytes(_ t: TileID) -> [UInt8] { Array("tile \(t)".utf8) }

    func refusal(_ url: URL) -> String? {
        do { _ = try MBTilesSource(contentsOf: url); return nil } catch { return error.description }
    }

    func testMBTilesTilesAreFoundInTheirPlacesWithTheirMetadata() throws {
        let url = folder.appendingPathComponent("world.mbtiles")
        let tiles = (0...2).flatMap { z in (0..<(1 << z)).flatMap { x in (0..<(1 << z)).map { y in TileID(zoom: z, x: x, y: y) } } }
        try MBTilesWriter.write(to: url, metadata: ["name": "World", "format": "png", "minzoom": "0", "maxzoom": "2",
                                                   "attribution": "© Test", "bounds": "-180,-85,180,85"],
                                tiles: Dictionary(uniqueKeysWithValues: tiles.map { ($0, bytes($0)) }))
        let source = try MBTilesSource(contentsOf: url)
        XCTAssertEqual(source.name, "World")
        XCTAssertEqual(source.attribution, "© Test")
        XCTAssertEqual(source.zoomRange, 0...2)
        XCTAssertEqual(source.format, "png")
        XCTAssertEqual(source.bounds?.west, -180)
        XCTAssertTrue(source.hasLabels, "tiles name places unless the file says not")
        for t in tiles { XCTAssertEqual(try source.data(for: t), bytes(t), "\(t)") }
        XCTAssertEqual(try source.data(for: TileID(zoom: 2, x: 5, y: 1)), bytes(TileID(zoom: 2, x: 1, y: 1)), "x wraps round the world")
        XCTAssertNil(try source.data(for: TileID(zoom: 3, x: 0, y: 0)), "deeper than maxzoom: the layer scales an ancestor")
        XCTAssertNil(try source.data(for: TileID(zoom: 2, x: 0, y: 9)))
        XCTAssertNil(try source.data(for: TileID(zoom: 40, x: 0, y: 0)))
    }

    func testMissingZoomsComeFromTheTilesAndTheNameFromTheFile() throws {
        let url = folder.appendingPathComponent("bare.mbtiles")
        try MBTilesWriter.write(to: url, metadata: [:], tiles: [TileID(zoom: 3, x: 1, y: 2): [1], TileID(zoom: 5, x: 0, y: 0): [2]])
        let source = try MBTilesSource(contentsOf: url)
        XCTAssertEqual(source.zoomRange, 3...5)
        XCTAssertEqual(source.name, "bare.mbtiles")
        XCTAssertNil(source.attribution)
        XCTAssertEqual(try source.data(for: TileID(zoom: 3, x: 1, y: 2)), [1])
        XCTAssertTrue(source.hasLabels)
        // Imagery says it has no names of its own: the map names places over it.
        for value in ["false", "FALSE", "0", "no"] {
            let imagery = folder.appendingPathComponent("imagery-\(value).mbtiles")
            try MBTilesWriter.write(to: imagery, metadata: ["labels": value], tiles: [TileID(zoom: 0, x: 0, y: 0): [1]])
            XCTAssertFalse(try MBTilesSource(contentsOf: imagery).hasLabels, value)
        }
    }

    func testWhatIsNotARasterMBTilesFileIsRefusedByName() throws {
        let text = folder.appendingPathComponent("text.mbtiles")
        try Data(String(repeating: "not a database ", count: 100).utf8).write(to: text)
        XCTAssertEqual(refusal(text), "\(text.path): is not an MBTiles file (not an SQLite database)")

        // Vector tiles open (drawn by the widget's VectorTileSource); another format does not.
        let vector = folder.appendingPathComponent("vector.mbtiles")
        try MBTilesWriter.write(to: vector, metadata: ["format": "pbf"], tiles: [TileID(zoom: 0, x: 0, y: 0): [1]])
        XCTAssertEqual(try MBTilesSource(contentsOf: vector).format, "pbf")
        let webp = folder.appendingPathComponent("webp.mbtiles")
        try MBTilesWriter.write(to: webp, metadata: ["format": "webp"], tiles: [TileID(zoom: 0, x: 0, y: 0): [1]])
        XCTAssertEqual(refusal(webp), "\(webp.path): holds tiles of format 'webp'; CalloutMap reads png, jpg and pbf (vector tiles)")

        let empty = folder.appendingPathComponent("empty.mbtiles")
        try MBTilesWriter.write(to: empty, metadata: ["format": "png"], tiles: [:])
        XCTAssertEqual(refusal(empty), "\(empty.path): has no tiles (or its minzoom and maxzoom make no sense)")

        let damaged = folder.appendingPathComponent("damaged.mbtiles")
        try MBTilesWriter.write(to: damaged, metadata: ["format": "png", "minzoom": "0", "maxzoom": "0"],
                                tiles: [TileID(zoom: 0, x: 0, y: 0): [UInt8](repeating: 7, count: 50_000)])
        var data = try Data(contentsOf: damaged)
        for i in stride(from: 100, to: data.count, by: 7) { data[i] ^= 0x5A }
        try data.write(to: damaged)
        if let message = refusal(damaged) {
            XCTAssertTrue(message.hasPrefix(damaged.path + ": "), message)
        } else {
            // SQLite may open a damaged file and fail on the tile: then the lookup says so.
            let source = try MBTilesSource(contentsOf: damaged)
            do { _ = try source.data(for: TileID(zoom: 0, x: 0, y: 0)) } catch { XCTAssertEqual(error.source, damaged.path) }
        }

        XCTAssertEqual(refusal(folder), "\(folder.path): is a folder, not a file")
        XCTAssertEqual(refusal(URL(fileURLWithPath: "/dev/zero")), "/dev/zero: is a device, not a file")
        let fifo = folder.appendingPathComponent("pipe.mbtiles")
        XCTAssertEqual(mkfifo(fifo.path, 0o600), 0)
        XCTAssertEqual(refusal(fifo), "\(fifo.path): is a pipe, not a file")
        XCTAssertEqual(refusal(folder.appendingPathComponent("gone.mbtiles")), "\(folder.path)/gone.mbtiles: does not exist")
    }

    /// Files opened as places or as the map's source: a folder, by name (.mbtiles, .pmtiles), or by a PMTiles
    /// archive's first bytes; a GeoPackage (SQLite too), GeoJSON, a pipe or a missing file are not tiles.
    func testTilesFilesAreToldFromPlacesFiles() throws {
        let shipped = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../data/vector")
        XCTAssertTrue(TileSources.holdsTiles(shipped.appendingPathComponent("helsinki.pmtiles").path))
        XCTAssertTrue(TileSources.holdsTiles(shipped.appendingPathComponent("helsinki.mbtiles").path))
        let renamed = folder.appendingPathComponent("helsinki.bin")
        try FileManager.default.copyItem(at: shipped.appendingPathComponent("helsinki.pmtiles"), to: renamed)
        XCTAssertTrue(TileSources.holdsTiles(renamed.path), "a PMTiles archive by content")
        XCTAssertTrue(TileSources.holdsTiles(folder.appendingPathComponent("Gone.MBTiles").path), "by name: opening it says what is wrong")
        XCTAssertTrue(TileSources.holdsTiles(folder.path), "a folder: of z/x/y tiles")
        let geopackage = folder.appendingPathComponent("places.gpkg")
        try MBTilesWriter.write(to: geopackage, metadata: ["format": "png"], tiles: [:])
        XCTAssertFalse(TileSources.holdsTiles(geopackage.path))
        let geojson = folder.appendingPathComponent("places.geojson")
        try Data(#"{"type":"FeatureCollection","features":[]}"#.utf8).write(to: geojson)
        XCTAssertFalse(TileSources.holdsTiles(geojson.path))
        let fifo = folder.appendingPathComponent("pipe")
        XCTAssertEqual(mkfifo(fifo.path, 0o600), 0)
        XCTAssertFalse(TileSources.holdsTiles(fifo.path), "refused without blocking on the pipe")
    }

    func testATileFolderServesItsZXYFiles() async throws {
        for (z, x, y, ext) in [(0, 0, 0, "png"), (1, 1, 0, "jpg"), (4, 3, 5, "png")] {
            let dir = folder.appendingPathComponent("\(z)/\(x)")
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            try Data(bytes(TileID(zoom: z, x: x, y: y))).write(to: dir.appendingPathComponent("\(y).\(ext)"))
        }
        let source = try TileFolderSource(folder: folder)
        XCTAssertEqual(source.zoomRange, 0...4)
        for t in [TileID(zoom: 0, x: 0, y: 0), TileID(zoom: 1, x: 1, y: 0), TileID(zoom: 4, x: 3, y: 5)] {
            let data = try await source.tileData(for: t)
            XCTAssertEqual(data, bytes(t))
        }
        let missing = try await source.tileData(for: TileID(zoom: 1, x: 0, y: 0))
        XCTAssertNil(missing)
        let empty = folder.appendingPathComponent("nothing")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        XCTAssertThrowsError(try TileFolderSource(folder: empty))
        XCTAssertEqual(source.format, "image")
        XCTAssertNil(source.bounds)
        XCTAssertEqual(source.name, folder.lastPathComponent)
    }

    /// A folder of `z/x/y.pbf` (or `.mvt`) is vector tiles; its metadata.json names it, credits
    /// it and bounds it (tippecanoe's); images beside are not its tiles.
    func testAFolderOfVectorTilesIsAVectorArchive() throws {
        for (z, x, y, ext) in [(2, 1, 1, "pbf"), (3, 2, 3, "mvt"), (3, 2, 2, "png")] {
            let dir = folder.appendingPathComponent("\(z)/\(x)")
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            try Data(bytes(TileID(zoom: z, x: x, y: y))).write(to: dir.appendingPathComponent("\(y).\(ext)"))
        }
        try Data(#"{"name": "Kallio", "bounds": "24.93,60.17,24.96,60.19", "attribution": "© OpenStreetMap contributors"}"#.utf8)
            .write(to: folder.appendingPathComponent("metadata.json"))
        let source = try TileFolderSource(folder: folder)
        XCTAssertEqual(source.format, "pbf")
        XCTAssertEqual(source.zoomRange, 2...3)
        XCTAssertEqual(source.name, "Kallio")
        XCTAssertEqual(source.attribution, "© OpenStreetMap contributors")
        XCTAssertEqual(source.bounds, GeoBounds(west: 24.93, south: 60.17, east: 24.96, north: 60.19))
        let archive: any VectorTileArchive = source
        XCTAssertEqual(try archive.vectorTileBytes(for: TileID(zoom: 2, x: 1, y: 1)), bytes(TileID(zoom: 2, x: 1, y: 1)))
        XCTAssertEqual(try archive.vectorTileBytes(for: TileID(zoom: 3, x: 2, y: 3)), bytes(TileID(zoom: 3, x: 2, y: 3)))
        XCTAssertNil(try archive.vectorTileBytes(for: TileID(zoom: 3, x: 2, y: 2)), "a picture is not a vector tile")
    }
}

/// The disk cache of downloaded tiles: kept across opens, least recently used out first.
final class TileDiskCacheTests: XCTestCase {
    func testTilesSurviveReopeningAndTheLeastRecentlyUsedGoFirst() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("calloutmap-cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("tiles.sqlite")
        let later = Date().addingTimeInterval(3600)
        do {
            let cache = try TileDiskCache(file: file, maxBytes: 10_000)
            for i in 0..<30 {
                cache.store([UInt8](repeating: UInt8(i), count: 1000), etag: "\"\(i)\"", expires: later, for: TileID(zoom: 5, x: i, y: 1))
                _ = cache.entry(for: TileID(zoom: 5, x: 0, y: 1))  // tile 0 stays in use
            }
            XCTAssertLessThanOrEqual(cache.byteCount, 10_000, "within its cap")
            XCTAssertNotNil(cache.entry(for: TileID(zoom: 5, x: 0, y: 1)), "the tile in use stays")
            XCTAssertNil(cache.entry(for: TileID(zoom: 5, x: 1, y: 1)), "the least recently used went")
            XCTAssertNotNil(cache.entry(for: TileID(zoom: 5, x: 29, y: 1)), "the newest stays")
        }
        let reopened = try TileDiskCache(file: file, maxBytes: 10_000)
        let entry = try XCTUnwrap(reopened.entry(for: TileID(zoom: 5, x: 29, y: 1)), "kept across opens")
        XCTAssertEqual(entry.data, [UInt8](repeating: 29, count: 1000))
        XCTAssertEqual(entry.etag, "\"29\"")
        XCTAssertTrue(entry.isFresh)
        reopened.refresh(TileID(zoom: 5, x: 29, y: 1), expires: Date().addingTimeInterval(-1))
        XCTAssertFalse(try XCTUnwrap(reopened.entry(for: TileID(zoom: 5, x: 29, y: 1))).isFresh)
        XCTAssertGreaterThan(reopened.byteCount, 0)

        try Data("not a database at all, just text".utf8).write(to: folder.appendingPathComponent("junk.sqlite"))
        XCTAssertThrowsError(try TileDiskCache(file: folder.appendingPathComponent("junk.sqlite"))) {
            XCTAssertTrue("\($0)".contains("junk.sqlite"), "\($0)")
        }
        let a = try TileDiskCache(source: "https://a.example/{z}/{x}/{y}.png", directory: folder)
        let b = try TileDiskCache(source: "https://b.example/{z}/{x}/{y}.png", directory: folder)
        XCTAssertNotEqual(a.file, b.file, "one cache per source")
    }
}
