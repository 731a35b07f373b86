import CalloutMapCore
import Foundation
import XCTest

/// Files written by GDAL's `ogr2ogr` (what QGIS and most pipelines use) from real inputs —
/// a CSV of airports and Natural Earth's cities shapefile — as GeoJSON, as newline-delimited
/// GeoJSONSeq and as RFC 8142 sequences: all load, titled by their `name`.
final class GDALFilesTests: XCTestCase {
    static let real = ClusteringTests.fixtures.appendingPathComponent("real")
    static let ogr2ogr = "/usr/bin/ogr2ogr"

    var folder: URL!

    override func setUpWithError() throws {
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: Self.ogr2ogr) || ProcessInfo.processInfo.environment["CI"] != nil,
                          "needs GDAL's ogr2ogr (Debian gdal-bin; scripts/test.sh installs it)")
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("cm-gdal-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDown() {
        if let folder { try? FileManager.default.removeItem(at: folder) }
    }

    /// Converts `input` with ogr2ogr; returns the output file.
    static func convert(_ input: URL, to name: String, in folder: URL, _ arguments: [String]) throws -> URL {
        let out = folder.appendingPathComponent(name)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: ogr2ogr)
        p.arguments = arguments + [out.path, input.path]
        var environment = ProcessInfo.processInfo.environment
        environment["CPL_LOG"] = "/dev/null"
        p.environment = environment
        let errors = Pipe()
        p.standardError = errors
        try p.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        XCTAssertEqual(p.terminationStatus, 0, "ogr2ogr \(arguments): \(message)")
        return out
    }

    static let csvOptions = ["-oo", "X_POSSIBLE_NAMES=lon", "-oo", "Y_POSSIBLE_NAMES=lat"]

    /// The airports CSV, as each of GDAL's three ways of writing GeoJSON.
    static func airports(in folder: URL) throws -> [URL] {
        let csv = real.appendingPathComponent("airports.csv")
        return [try convert(csv, to: "airports.geojson", in: folder, ["-f", "GeoJSON"] + csvOptions),
                try convert(csv, to: "airports.geojsonl", in: folder, ["-f", "GeoJSONSeq"] + csvOptions),
                try convert(csv, to: "airports.json", in: folder, ["-f", "GeoJSONSeq", "-lco", "RS=YES"] + csvOptions)]
    }

    static func cities(in folder: URL) throws -> [URL] {
        let shp = real.appendingPathComponent("naturalearth_cities.shp")
        return [try convert(shp, to: "cities.geojson", in: folder, ["-f", "GeoJSON"]),
                try convert(shp, to: "cities.geojsons", in: folder, ["-f", "GeoJSONSeq", "-lco", "RS=YES"])]
    }

    func testAirportsFromACSVInEveryForm() throws {
        let files = try Self.airports(in: folder)
        let rs = try Data(contentsOf: files[2])
        XCTAssertEqual(rs.first, 0x1E, "the RFC 8142 file starts with an RS")
        for file in files {
            let r = GeoJSONLoader.load(contentsOf: file)
            XCTAssertEqual(r.problems, [], file.lastPathComponent)
            XCTAssertEqual(r.annotations.count, 987, file.lastPathComponent)
            XCTAssertTrue(r.annotations.allSatisfy { $0.title?.isEmpty == false }, "every pin titled by its name")
            let sfo = try XCTUnwrap(r.annotations.first { $0.properties["iata"] == "SFO" })
            XCTAssertEqual(sfo.title, "San Francisco International Airport")
            XCTAssertEqual(sfo.subtitle, "icao: KSFO · iata: SFO · city: San Francisco", "a line of its other properties")
            XCTAssertEqual(sfo.coordinate.latitude, 37.618806, accuracy: 1e-9, "the CSV's lat")
        }
        let byCode = GeoJSONLoader.load(contentsOf: files[1], options: .init(titleProperty: "iata", subtitleProperty: "city"))
        XCTAssertEqual(byCode.annotations.first { $0.properties["icao"] == "KSFO" }?.title, "SFO")
        XCTAssertEqual(byCode.annotations.first { $0.properties["icao"] == "KSFO" }?.subtitle, "San Francisco")
    }

    func testNaturalEarthCitiesFromAShapefile() throws {
        for file in try Self.cities(in: folder) {
            let r = GeoJSONLoader.load(contentsOf: file)
            XCTAssertEqual(r.problems, [], file.lastPathComponent)
            XCTAssertEqual(r.annotations.count, 243, file.lastPathComponent)
            XCTAssertTrue(r.annotations.contains { $0.title == "Tokyo" })
            XCTAssertTrue(r.annotations.allSatisfy { $0.title?.isEmpty == false })
        }
        let text = try String(contentsOf: folder.appendingPathComponent("cities.geojson"), encoding: .utf8)
        XCTAssertTrue(text.contains("CRS84"), "GDAL names WGS 84 in a crs member, accepted")
    }

    func testOtherCoordinateSystemsAreRefusedByName() throws {
        let shp = Self.real.appendingPathComponent("naturalearth_cities.shp")
        let mercator = try Self.convert(shp, to: "mercator.geojson", in: folder, ["-f", "GeoJSON", "-t_srs", "EPSG:3857"])
        let r = GeoJSONLoader.load(contentsOf: mercator)
        XCTAssertEqual(r.annotations.count, 0)
        let problem = try XCTUnwrap(r.problems.first)
        XCTAssertEqual(problem.severity, .fatal)
        XCTAssertTrue(problem.message.contains("3857"), problem.description)
    }

    func testGeojsonIOFile() {
        let r = GeoJSONLoader.load(contentsOf: ClusteringTests.fixtures.appendingPathComponent("geojson.io.geojson"))
        XCTAssertEqual(r.annotations.map(\.title), ["Blue Bottle Coffee", "Ferry Plaza Farmers Market"])
        XCTAssertEqual(r.annotations.map(\.subtitle), [nil, "opens: Saturday 8:00"], "style keys make no subtitle")
        XCTAssertEqual(r.annotations.last?.identifier, "1")
        XCTAssertEqual(r.problems, [])
        XCTAssertEqual(r.overlays.map(\.title), ["Market Street"], "its line, styled as geojson.io wrote it")
        XCTAssertEqual(r.overlays.first?.style?.strokeColor, RGBA(0x555555))
        XCTAssertEqual(r.overlays.first?.style?.lineWidth, 2)
    }
}
