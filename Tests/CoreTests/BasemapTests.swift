import CalloutMapCore
import Foundation
import XCTest

final class BasemapTests: XCTestCase {
    static let basemap: Basemap = {
        try! Basemap(directory: DataDirectory.locate()!.appendingPathComponent("basemap"))
    }()

    func testShippedBandsCoverEveryZoom() {
        let bands = Self.basemap.bands
        XCTAssertEqual(bands.map(\.minZoom), [0, 3, 6, 9, 12])
        for z in 0...19 {
            let tile = TileID(containing: Coordinate(latitude: 37.8, longitude: -122.4), zoom: z)
            XCTAssertNotNil(Self.basemap.cells(for: tile), "zoom \(z)")
        }
    }

    func testSanFranciscoAtZoom12UsesTheFullResolutionPack() throws {
        let tile = TileID(containing: Coordinate(latitude: 37.7749, longitude: -122.4194), zoom: 12)
        let (band, cells) = try XCTUnwrap(Self.basemap.cells(for: tile))
        XCTAssertEqual(band.minZoom, 12)
        let land = cells.flatMap(\.layers).filter { $0.kind == .land }
        XCTAssertGreaterThan(land.map(\.geometryCount).reduce(0, +), 3, "the peninsula, Alcatraz, Angel Island…")
    }

    func testOutsideTheRegionalPackFallsBackToTheWorldwideBand() throws {
        let tokyo = TileID(containing: Coordinate(latitude: 35.68, longitude: 139.77), zoom: 13)
        let (band, cells) = try XCTUnwrap(Self.basemap.cells(for: tokyo))
        XCTAssertEqual(band.minZoom, 9)
        XCTAssertFalse(cells.isEmpty)
    }

    func testOpenOceanHasNoCells() throws {
        let pacific = TileID(containing: Coordinate(latitude: 10, longitude: -140), zoom: 10)
        let (_, cells) = try XCTUnwrap(Self.basemap.cells(for: pacific))
        XCTAssertTrue(cells.isEmpty)
    }

    func testDecodedCoordinatesLieInTheirCell() throws {
        let band = Self.basemap.bands[3]
        let tile = TileID(containing: Coordinate(latitude: 37.8, longitude: -122.4), zoom: band.cellZoom)
        let cell = try XCTUnwrap(band.cell(x: tile.x, y: tile.y))
        let cellUnits = 1 << (band.bits - band.cellZoom)
        let margin = cellUnits / 8
        for layer in cell.layers {
            XCTAssertEqual(Int(layer.starts.last!) * 2, layer.points.count)
            for i in stride(from: 0, to: layer.points.count, by: 2) {
                let x = Int(layer.points[i]), y = Int(layer.points[i + 1])
                XCTAssertTrue((tile.x * cellUnits - margin)...((tile.x + 1) * cellUnits + margin) ~= x)
                XCTAssertTrue((tile.y * cellUnits - margin)...((tile.y + 1) * cellUnits + margin) ~= y)
            }
        }
    }

    func testBadFilesGiveErrorsNamingTheFile() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("cm-basemap-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let junk = dir.appendingPathComponent("junk.cmb")
        try Data("not a basemap at all, not even close".utf8).write(to: junk)
        XCTAssertThrowsError(try BasemapBand(contentsOf: junk)) { error in
            XCTAssertTrue("\(error)".contains("junk.cmb"), "\(error)")
        }
        // A real header whose index points past the end of the file.
        let real = try Data(contentsOf: DataDirectory.locate()!.appendingPathComponent("basemap/z03-05.cmb"))
        let cut = dir.appendingPathComponent("cut.cmb")
        try real.prefix(200).write(to: cut)
        XCTAssertThrowsError(try BasemapBand(contentsOf: cut)) { error in
            XCTAssertTrue("\(error)".contains("cut.cmb"), "\(error)")
        }
        XCTAssertThrowsError(try Basemap(directory: dir.appendingPathComponent("missing")))
    }

    /// The band reads cells from its file as tiles need them; a file cut short after it was
    /// opened gives damaged (short or empty) cells, never a trap, and the same cells as the
    /// bytes in memory while it is whole.
    func testCellsAreReadFromTheFileAndACutFileGivesDamagedCells() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("cm-basemap-cut-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let real = try Data(contentsOf: DataDirectory.locate()!.appendingPathComponent("basemap/z03-05.cmb"))
        let copy = dir.appendingPathComponent("z03-05.cmb")
        try real.write(to: copy)
        let fromFile = try BasemapBand(contentsOf: copy)
        let inMemory = try BasemapBand(bytes: [UInt8](real), file: "z03-05.cmb")
        let keys = fromFile.cellKeys.sorted { ($0.x, $0.y) < ($1.x, $1.y) }
        XCTAssertEqual(keys.count, 61)
        func points(_ band: BasemapBand) -> [Int] {
            keys.map { band.cell(x: $0.x, y: $0.y)?.layers.map(\.points.count).reduce(0, +) ?? -1 }
        }
        let whole = points(inMemory)
        XCTAssertEqual(points(fromFile), whole)
        XCTAssertEqual(whole.reduce(0, +) > 100_000, true, "\(whole.reduce(0, +)) coordinates")
        // Cut to half: the cells past the cut decode to nothing, those before it as they were.
        let handle = try FileHandle(forWritingTo: copy)
        try handle.truncate(atOffset: UInt64(real.count / 2))
        try handle.close()
        let cut = points(fromFile)
        XCTAssertEqual(cut.count, whole.count)
        XCTAssertLessThan(cut.reduce(0, +), whole.reduce(0, +))
        XCTAssertTrue(zip(cut, whole).contains { $0 == $1 && $0 > 0 }, "cells before the cut are whole")
    }
}
