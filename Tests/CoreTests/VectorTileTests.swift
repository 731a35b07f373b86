@testable import CalloutMapCore
import Foundation
import XCTest

/// The vector tile decoder on a tile GDAL wrote (`Fixtures/vector/README.md` says how), checked
/// against GDAL's own reading of it, and on tiles made by hand to break the spec one way each.
final class VectorTileTests: XCTestCase {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/vector")
    static let helsinki = fixtures.appendingPathComponent("helsinki-14-9326-4742.pbf")

    typealias P = TilePoint

    func testATileGDALWroteDecodesFeatureByFeature() throws {
        let tile = try VectorTile(data: Data(contentsOf: Self.helsinki))
        XCTAssertEqual(tile.problems, [])
        XCTAssertEqual(tile.layers.map(\.name), ["places"])
        let layer = try XCTUnwrap(tile.layer(named: "places"))
        XCTAssertEqual(layer.version, 2)
        XCTAssertEqual(layer.extent, 4096)
        XCTAssertEqual(layer.features.count, 6)
        let f = layer.features
        XCTAssertEqual(layer.properties(of: f[0]), ["name": .string("Café Ekberg"), "seats": .uint(40), "rating": .double(4.5),
                                                    "open": .bool(true), "floor": .int(-1)])
        XCTAssertEqual(f[0].geometry, .points([P(x: 2048, y: 2048)]))
        XCTAssertNil(f[0].id)  // GDAL writes no ids unless asked
        XCTAssertEqual(f[1].geometry, .points([P(x: 561, y: 1614), P(x: 1493, y: 1239), P(x: 2425, y: 864)]))
        XCTAssertEqual(layer.value("count", of: f[1]), .uint(3))
        XCTAssertEqual(f[2].geometry, .lines([[P(x: 188, y: 3488), P(x: 1493, y: 2738), P(x: 3730, y: 1989)]]))
        XCTAssertEqual(f[3].geometry, .lines([[P(x: 374, y: 490), P(x: 3916, y: 302)], [P(x: 561, y: 3862), P(x: 747, y: 490)]]))
        // The park: an outer ring and its hole; the two blocks: two polygons.
        XCTAssertEqual(f[4].geometry, .polygons([[[P(x: 2425, y: 3488), P(x: 2425, y: 2363), P(x: 3543, y: 2363), P(x: 3543, y: 3488)],
                                                  [P(x: 2798, y: 3113), P(x: 3170, y: 3113), P(x: 3170, y: 2738), P(x: 2798, y: 2738)]]]))
        XCTAssertEqual(f[5].geometry, .polygons([[[P(x: 561, y: 1989), P(x: 561, y: 1614), P(x: 934, y: 1614), P(x: 934, y: 1989)]],
                                                 [[P(x: 1306, y: 1989), P(x: 1306, y: 1614), P(x: 1679, y: 1614), P(x: 1679, y: 1989)]]]))
        XCTAssertEqual(layer.value("height", of: f[5])?.number, 21.5)
    }

    func testAGzippedTileDecodesAsThePlainOne() throws {
        let plain = try VectorTile(data: Data(contentsOf: Self.helsinki))
        let gzipped = try VectorTile(data: Data(contentsOf: Self.fixtures.appendingPathComponent("helsinki-14-9326-4742.pbf.gz")))
        XCTAssertEqual(gzipped.layers, plain.layers)
    }

    /// GDAL's MVT reader is an independent decoder: it gives each feature's properties and its
    /// geometry in web Mercator metres, which the tile's own coordinates must give too.
    func testGDALReadsTheSameFeatures() throws {
        let tile = try VectorTile(data: Data(contentsOf: Self.helsinki))
        let layer = try XCTUnwrap(tile.layer(named: "places"))
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("gdal-\(UUID().uuidString).geojson")
        defer { try? FileManager.default.removeItem(at: out) }
        // The tile's place comes from its path, as GDAL reads a z/x/y folder.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mvt-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("14/9326"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Self.helsinki, to: folder.appendingPathComponent("14/9326/4742.pbf"))
        let status = try Self.run("ogr2ogr", ["-f", "GeoJSON", out.path, folder.appendingPathComponent("14/9326/4742.pbf").path,
                                              "-oo", "CLIP=NO"])
        XCTAssertEqual(status, 0, "ogr2ogr could not read the tile (gdal-bin comes from scripts/install-deps.sh test)")
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: out)) as! [String: Any]
        let features = json["features"] as! [[String: Any]]
        XCTAssertEqual(features.count, layer.features.count)
        let world = 2 * Double.pi * 6378137.0, n = 16384.0
        func metres(_ p: TilePoint) -> [Double] {
            [(9326 + Double(p.x) / 4096) / n * world - world / 2, world / 2 - (4742 + Double(p.y) / 4096) / n * world]
        }
        for (ours, theirs) in zip(layer.features, features) {
            let properties = theirs["properties"] as! [String: Any]
            for (key, value) in layer.properties(of: ours) {
                switch value {
                case .string(let s): XCTAssertEqual(properties[key] as? String, s, key)
                case .bool(let b): XCTAssertEqual(properties[key] as? Bool, b, key)
                default: XCTAssertEqual((properties[key] as? NSNumber)?.doubleValue, value.number, key)
                }
            }
            let geometry = theirs["geometry"] as! [String: Any]
            // GDAL closes rings, and gives two polygons as a MultiPolygon.
            let expected: Any
            switch ours.geometry {
            case .points(let points): expected = points.count == 1 ? metres(points[0]) : points.map(metres)
            case .lines(let lines): expected = lines.count == 1 ? lines[0].map(metres) : lines.map { $0.map(metres) }
            case .polygons(let polygons):
                let rings = polygons.map { $0.map { ($0 + [$0[0]]).map(metres) } }
                expected = geometry["type"] as? String == "Polygon" ? rings[0] : rings
            }
            XCTAssertTrue(Self.close(expected, geometry["coordinates"]!), "\(ours.geometry) against \(geometry)")
        }
    }

    /// Every tile of the shipped Helsinki tileset (tilemaker, OpenMapTiles schema, gzip'd) decodes
    /// with no problem, each layer with as many features as GDAL reads in it.
    func testEveryTileOfTheHelsinkiTilesetDecodesAsGDALReadsIt() throws {
        let rows = MBTilesRows.read(DataDirectory.locate()!.appendingPathComponent("vector/helsinki.mbtiles"))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mvt-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        var layerNames: Set<String> = [], features = 0
        for r in rows {
            let tile = try VectorTile(data: r.data)
            XCTAssertEqual(tile.problems, [], "\(r.zoom)/\(r.column)/\(r.y)")
            features += tile.layers.reduce(0) { $0 + $1.features.count }
            layerNames.formUnion(tile.layers.map(\.name))
            let path = folder.appendingPathComponent("\(r.zoom)/\(r.column)/\(r.y).pbf")
            try FileManager.default.createDirectory(at: path.deletingLastPathComponent(), withIntermediateDirectories: true)
            try r.data.write(to: path)
            XCTAssertEqual(Dictionary(tile.layers.map { ($0.name, $0.features.count) }, uniquingKeysWith: +),
                           try Self.gdalFeatureCounts(path), "\(r.zoom)/\(r.column)/\(r.y)")
        }
        let tiles = rows.count
        XCTAssertEqual(tiles, 19)
        XCTAssertGreaterThan(features, 5000)
        XCTAssertTrue(layerNames.isSuperset(of: ["building", "transportation", "transportation_name", "poi", "water", "place"]),
                      "\(layerNames.sorted())")
    }

    /// Features a layer, as `ogrinfo -so` counts them in one tile.
    static func gdalFeatureCounts(_ tile: URL) throws -> [String: Int] {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["ogrinfo", "-ro", "-so", "-al", "-oo", "CLIP=NO", tile.path]
        let pipe = Pipe()
        p.standardOutput = pipe
        p.standardError = FileHandle.nullDevice
        try p.run()
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        var counts: [String: Int] = [:], layer = ""
        for line in text.split(separator: "\n") {
            if line.hasPrefix("Layer name: ") { layer = String(line.dropFirst("Layer name: ".count)) }
            if line.hasPrefix("Feature Count: ") { counts[layer, default: 0] += Int(line.dropFirst("Feature Count: ".count)) ?? -1 }
        }
        return counts
    }

    // MARK: Tiles that break the spec

    func testAFeatureWhoseCommandsBreakTheSpecIsLeftOutAndNamed() throws {
        var c = (Int32(0), Int32(0))
        let good = VectorTileBytes.path([(10, 10), (20, 20)], cursor: &c)
        let cases: [(UInt64, [UInt32], String)] = [
            (2, [VectorTileBytes.command(2, 1), 2, 2], "a LineTo with no MoveTo before it"),
            (2, [VectorTileBytes.command(1, 1), 2], "a command wants more parameters than there are"),
            (2, [VectorTileBytes.command(1, 2), 2, 2, 4, 4], "a MoveTo of more than one point"),
            (2, [VectorTileBytes.command(1, 1), 2, 2], "a line of one point"),
            (2, [VectorTileBytes.command(3, 1), 2, 2], "an unknown command"),
            (2, [VectorTileBytes.command(1, 0)], "a command of count 0"),
            (3, [VectorTileBytes.command(1, 1), 0, 0, VectorTileBytes.command(2, 2), 20, 0, 0, 20], "a ring without ClosePath"),
            (3, [VectorTileBytes.command(1, 1), 0, 0, VectorTileBytes.command(2, 1), 20, 0, VectorTileBytes.command(7, 1)],
             "a ring of fewer than three points"),
            (2, good + [VectorTileBytes.command(7, 1)], "a ClosePath out of place"),
            (1, [VectorTileBytes.command(1, 1), 2, 2, VectorTileBytes.command(2, 1), 4, 4], "a LineTo in a point feature"),
            (1, [VectorTileBytes.command(1, 2), UInt32.max - 1, 0, UInt32.max - 1, 0], "a point out of range"),
            (1, [], "no geometry"),
        ]
        for (type, geometry, why) in cases {
            let tile = try VectorTile(data: VectorTileBytes.tile(features: [(2, good, []), (type, geometry, []), (2, good, [])]))
            XCTAssertEqual(tile.layers[0].features.count, 2, why)
            XCTAssertEqual(tile.problems, ["layer \"l\", feature 1: \(why): left out"])
        }
    }

    func testTagsPointingPastTheTablesAreDroppedAndTheFeatureKept() throws {
        var c = (Int32(0), Int32(0))
        let point = VectorTileBytes.path([(5, 5)], cursor: &c)
        let tile = try VectorTile(data: VectorTileBytes.tile(keys: ["name", "class"], values: ["Kiasma", "museum"],
                                                            features: [(1, point, [0, 0, 1, 1, 2, 0, 0, 7, 1])]))
        let layer = tile.layers[0]
        XCTAssertEqual(layer.properties(of: layer.features[0]), ["name": .string("Kiasma"), "class": .string("museum")])
        XCTAssertEqual(tile.problems, ["layer \"l\", feature 0: 3 of its tags point past the layer's keys or values: dropped"])
    }

    func testFeaturesOfUnknownTypeAreIgnoredQuietly() throws {
        var c = (Int32(0), Int32(0))
        let point = VectorTileBytes.path([(5, 5)], cursor: &c)
        let tile = try VectorTile(data: VectorTileBytes.tile(features: [(0, point, []), (9, point, []), (1, point, [])]))
        XCTAssertEqual(tile.layers[0].features.map(\.geometry), [.points([P(x: 5, y: 5)])])
        XCTAssertEqual(tile.problems, [])
    }

    func testLayersThatBreakTheSpecAreLeftOutAndNamed() throws {
        var c = (Int32(0), Int32(0))
        let point = VectorTileBytes.path([(5, 5)], cursor: &c)
        var bytes = VectorTileBytes()
        bytes.message(3) { $0.uint(15, 2) }                                        // no name
        bytes.message(3) { $0.uint(15, 3); $0.string(1, "future") }                 // a version it does not know
        bytes.message(3) { $0.string(1, "flat"); $0.uint(5, 0) }                    // extent 0
        bytes.message(3) { $0.uint(1, 7); $0.string(9, "unknown field") }           // a name of the wrong wire type is no name
        bytes.message(3) { l in
            l.string(1, "kept"); l.uint(15, 1); l.uint(5, 512); l.uint(77, 1)       // version 1 is read; unknown fields skipped
            l.message(2) { $0.uint(3, 1); $0.packed(4, point); $0.uint(12, 5); $0.uint(1, 42) }
        }
        bytes.uint(9, 1)  // an unknown field of the tile
        let tile = try VectorTile(data: bytes.data)
        XCTAssertEqual(tile.layers.map(\.name), ["kept"])
        XCTAssertEqual(tile.layers[0].extent, 512)
        XCTAssertEqual(tile.layers[0].version, 1)
        XCTAssertEqual(tile.layers[0].features, [VectorTile.Feature(id: 42, geometry: .points([P(x: 5, y: 5)]))])
        XCTAssertEqual(tile.problems, ["layer 0 has no name: left out",
                                       "layer \"future\" is of version 3, which this reader does not know: left out",
                                       "layer \"flat\" has an extent of 0: left out",
                                       "layer 3 has no name: left out"])
    }

    func testBytesThatAreNotATileThrowAndAnEmptyOneHasNoLayers() throws {
        let whole = try Data(contentsOf: Self.helsinki)
        for cut in [1, 2, 10, 100, whole.count - 1] {
            XCTAssertThrowsError(try VectorTile(data: whole.prefix(cut))) { error in
                XCTAssertTrue("\(error)".hasPrefix("it is not a vector tile: "), "\(cut): \(error)")
            }
        }
        XCTAssertThrowsError(try VectorTile(data: Data([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3, 0xff, 0xff, 0xff]))) { error in
            XCTAssertTrue("\(error)".hasPrefix("its compressed data is corrupt"), "\(error)")
        }
        let gzipped = try Data(contentsOf: Self.fixtures.appendingPathComponent("helsinki-14-9326-4742.pbf.gz"))
        XCTAssertThrowsError(try VectorTile(data: gzipped.prefix(gzipped.count / 2))) { error in
            XCTAssertEqual("\(error)", "its compressed data ends early")
        }
        XCTAssertEqual(try VectorTile(data: Data()).layers, [])
    }

    /// Zstandard (as PMTiles may hold tiles) is told from gzip by its first bytes and read the same.
    func testAZstandardTileReadsAsThePlainOneAndItsDamageIsNamed() throws {
        let plain = try VectorTile(data: Data(contentsOf: Self.helsinki))
        let zstd = try Data(contentsOf: Self.fixtures.appendingPathComponent("helsinki-14-9326-4742.pbf.zst"))
        XCTAssertEqual(zstd.prefix(4), Data([0x28, 0xb5, 0x2f, 0xfd]))
        let read = try VectorTile(data: zstd)
        XCTAssertEqual(read.layers, plain.layers)
        XCTAssertFalse(read.layers.isEmpty)
        XCTAssertThrowsError(try VectorTile(data: zstd.prefix(zstd.count / 2))) { error in
            XCTAssertEqual("\(error)", "its compressed data ends early")
        }
        var damaged = zstd
        damaged.replaceSubrange(4..<8, with: [0xff, 0xff, 0xff, 0xff])
        XCTAssertThrowsError(try VectorTile(data: damaged)) { error in
            XCTAssertTrue("\(error)".hasPrefix("its compressed data is corrupt ("), "\(error)")
        }
        // 34 bytes of Zstandard that claim 256 KB stop at the limit, as gzip does.
        let bomb = try Data(contentsOf: Self.fixtures.appendingPathComponent("inflates-to-256-KB.pbf.zst"))
        XCTAssertThrowsError(try VectorTile(data: bomb, maxInflatedBytes: 100_000)) { error in
            XCTAssertEqual("\(error)", "it inflates past 100000 bytes")
        }
        XCTAssertEqual(try VectorTile(data: bomb).problemCount, 1 << 17)
    }

    /// A few hundred bytes of gzip that claim far more stop at the limit; under it, every empty
    /// layer is a problem, 32 of them kept.
    func testATileInflatingPastTheLimitIsRefused() throws {
        let bomb = try Data(contentsOf: Self.fixtures.appendingPathComponent("inflates-to-256-KB.pbf.gz"))
        XCTAssertThrowsError(try VectorTile(data: bomb, maxInflatedBytes: 100_000)) { error in
            XCTAssertEqual("\(error)", "it inflates past 100000 bytes")
        }
        let tile = try VectorTile(data: bomb)
        XCTAssertEqual(tile.layers, [])
        XCTAssertEqual(tile.problems.count, 32)
        XCTAssertEqual(tile.problemCount, 1 << 17)
    }

    // MARK: Rings

    func testRingsGroupIntoPolygonsAsMapLibreReadsThem() {
        let square = [P(x: 0, y: 0), P(x: 10, y: 0), P(x: 10, y: 10), P(x: 0, y: 10)]  // clockwise on screen: positive
        let hole = [P(x: 2, y: 2), P(x: 2, y: 4), P(x: 4, y: 4), P(x: 4, y: 2)]        // the other way
        let far = square.map { P(x: $0.x + 20, y: $0.y) }
        let flat = [P(x: 0, y: 0), P(x: 5, y: 0), P(x: 10, y: 0)]
        XCTAssertGreaterThan(VectorTileRings.signedArea(square), 0)
        XCTAssertLessThan(VectorTileRings.signedArea(hole), 0)
        // Rule 3: same winding starts a polygon, the other way is a hole of the one before.
        XCTAssertEqual(VectorTileRings.polygons([square, hole, far]), [[square, hole], [far]])
        // Rule 1: a ring of no area is dropped.
        XCTAssertEqual(VectorTileRings.polygons([flat, square, flat, hole]), [[square, hole]])
        // Rule 2: the first ring is outer whichever way it winds (tiles of version 1).
        let reversed = square.reversed().map { $0 }, reversedHole = hole.reversed().map { $0 }
        XCTAssertEqual(VectorTileRings.polygons([reversed, reversedHole]), [[reversed, reversedHole]])
        XCTAssertEqual(VectorTileRings.polygons([hole, square]), [[hole, square]])
        // Coordinates near the 32-bit limits keep their sign (no 64-bit overflow).
        let huge = [P(x: .min, y: .min), P(x: .max, y: .min), P(x: .max, y: .max), P(x: .min, y: .max)]
        XCTAssertGreaterThan(VectorTileRings.signedArea(huge), 0)
    }

    // MARK: Helpers

    static func run(_ tool: String, _ arguments: [String]) throws -> Int32 {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = [tool] + arguments
        p.standardError = FileHandle.nullDevice
        try p.run()
        p.waitUntilExit()
        return p.terminationStatus
    }

    /// Nested arrays of numbers equal within a centimetre.
    static func close(_ a: Any, _ b: Any) -> Bool {
        if let x = a as? Double, let y = (b as? NSNumber)?.doubleValue { return abs(x - y) < 0.01 }
        if let x = a as? [Any], let y = b as? [Any] { return x.count == y.count && zip(x, y).allSatisfy { close($0, $1) } }
        return false
    }
}
