import CalloutMapCore
import Foundation
import XCTest

/// Vector tiles through the command line: `render --tiles` with the shipped Helsinki PMTiles
/// archive and MBTiles file, drawn with the built-in style, past the tiles' deepest zoom too.
final class VectorMapEndToEndTests: XCTestCase {
    static let data = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../data/vector")

    func render(_ arguments: [String]) throws -> (status: Int32, stderr: String, shot: Screenshot?) {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("vector-\(UUID().uuidString.prefix(6)).png").path
        defer { try? FileManager.default.removeItem(atPath: out) }
        var env = ProcessInfo.processInfo.environment
        env["DISPLAY"] = nil
        let r = try runCalloutMap(["render", "--no-demo", "--size", "400x300", "--out", out] + arguments, environment: env)
        return (r.status, r.stderr, Screenshot(png: out))
    }

    /// How many pixels have each colour.
    static func counts(_ shot: Screenshot) -> [UInt32: Int] {
        var counts: [UInt32: Int] = [:]
        for y in 0..<shot.height { for x in 0..<shot.width { counts[shot.pixel(x, y) ?? 0, default: 0] += 1 } }
        return counts
    }

    func testBothHelsinkiFilesDrawTheCityAsTheBuiltInStyleSays() throws {
        let centre = ["--center", "60.1690,24.9410"]
        let pm = try render(["--tiles", Self.data.appendingPathComponent("helsinki.pmtiles").path, "--zoom", "16"] + centre)
        XCTAssertEqual(pm.status, 0, pm.stderr)
        let mb = try render(["--tiles", Self.data.appendingPathComponent("helsinki.mbtiles").path, "--zoom", "16"] + centre)
        XCTAssertEqual(mb.status, 0, mb.stderr)
        let a = try XCTUnwrap(pm.shot), b = try XCTUnwrap(mb.shot)
        let counts = Self.counts(a)
        // Buildings, main roads, points of interest (the light style's colours), a tenth of the picture or more for buildings.
        XCTAssertGreaterThan(counts[0xdeddda] ?? 0, 400 * 300 / 10, "buildings")
        XCTAssertGreaterThan(counts[0xf9f06b] ?? 0, 1000, "main roads")
        XCTAssertGreaterThan(counts[0xe66100] ?? 0, 100, "points of interest")
        XCTAssertEqual(Self.counts(b), counts, "the MBTiles file and the PMTiles archive hold the same tiles")
        // Zoom 18: four zooms past the tiles', drawn from zoom 14's features, lines still sharp.
        let deep = try render(["--tiles", Self.data.appendingPathComponent("helsinki.pmtiles").path, "--zoom", "18"] + centre)
        XCTAssertEqual(deep.status, 0, deep.stderr)
        XCTAssertGreaterThan(Self.counts(try XCTUnwrap(deep.shot))[0xdeddda] ?? 0, 400 * 300 / 10)
    }

    func testADamagedArchiveIsNamedAndNothingIsDrawnFromIt() throws {
        let whole = try Data(contentsOf: Self.data.appendingPathComponent("helsinki.pmtiles"))
        let cut = FileManager.default.temporaryDirectory.appendingPathComponent("cut-\(UUID().uuidString.prefix(6)).pmtiles")
        defer { try? FileManager.default.removeItem(at: cut) }
        try whole.prefix(whole.count / 2).write(to: cut)
        let r = try render(["--tiles", cut.path, "--center", "60.1690,24.9410", "--zoom", "16"])
        XCTAssertNotEqual(r.status, 0)
        XCTAssertTrue(r.stderr.contains("\(cut.path): is shorter than its header says"), r.stderr)
    }
}
