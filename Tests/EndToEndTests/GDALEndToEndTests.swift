import CalloutMapCore
import Foundation
import XCTest

/// Files written by GDAL's `ogr2ogr` in the real app: each opens in `render` and in the
/// window with its pins titled by their `name`, and a selected place shows its data.
final class GDALEndToEndTests: XCTestCase {
    static let real = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("CoreTests/Fixtures/real")
    var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("cm-gdal-e2e-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDown() {
        if let folder { try? FileManager.default.removeItem(at: folder) }
    }

    func convert(_ input: String, to name: String, _ arguments: [String]) throws -> URL {
        let out = folder.appendingPathComponent(name)
        XCTAssertEqual(runTool("ogr2ogr", arguments + [out.path, Self.real.appendingPathComponent(input).path]), 0, "ogr2ogr \(arguments)")
        return out
    }

    func files() throws -> [(file: URL, title: String)] {
        let csv = ["-oo", "X_POSSIBLE_NAMES=lon", "-oo", "Y_POSSIBLE_NAMES=lat"]
        let sfo = "San Francisco International Airport"
        return [(try convert("airports.csv", to: "airports.geojson", ["-f", "GeoJSON"] + csv), sfo),
                (try convert("airports.csv", to: "airports.geojsonl", ["-f", "GeoJSONSeq"] + csv), sfo),
                (try convert("airports.csv", to: "airports.txt", ["-f", "GeoJSONSeq", "-lco", "RS=YES"] + csv), sfo),
                (try convert("naturalearth_cities.shp", to: "cities.geojson", ["-f", "GeoJSON"]), "San Francisco"),
                (try convert("naturalearth_cities.shp", to: "cities.geojsons", ["-f", "GeoJSONSeq"]), "San Francisco")]
    }

    /// Files as other tools write them: geojson.io, one Feature, one MultiPoint (titled by its
    /// feature), one bare geometry (no title).
    func otherFiles() throws -> [(file: URL, title: String?)] {
        func write(_ name: String, _ text: String) throws -> URL {
            let url = folder.appendingPathComponent(name)
            try text.write(to: url, atomically: true, encoding: .utf8)
            return url
        }
        return [(Self.real.deletingLastPathComponent().appendingPathComponent("geojson.io.geojson"), "Ferry Plaza Farmers Market"),
                (try write("one.geojson", #"{"type":"Feature","geometry":{"type":"Point","coordinates":[-122.4,37.8,12]},"properties":{"NAME":"One"}}"#), "One"),
                (try write("multi.json", #"{"type":"Feature","geometry":{"type":"MultiPoint","coordinates":[[-122.4,37.8],[-122.3,37.7]]},"properties":{"label":"Stops"}}"#), "Stops"),
                (try write("bare.geojson", #"{"type":"Point","coordinates":[-122.4,37.8]}"#), nil)]
    }

    func testRenderFindsThePlacesOfEveryFileByName() throws {
        var env = ProcessInfo.processInfo.environment
        env["DISPLAY"] = nil
        for (file, title) in try files().map({ ($0.file, Optional($0.title)) }) + (try otherFiles()) {
            let out = folder.appendingPathComponent(file.lastPathComponent + ".png").path
            let (status, message) = try runCalloutMap(["render", "--no-demo", "--data", file.path, "--size", "400x300", "--out", out]
                                                      + (title.map { ["--select", $0] } ?? []), environment: env)
            XCTAssertEqual(status, 0, "\(file.lastPathComponent): \(message)")
            XCTAssertEqual(message, "", "\(file.lastPathComponent): every file loads silently (geojson.io's LineString too)")
            XCTAssertNotNil(Screenshot(png: out))
        }
    }

    /// The window opens an RFC 8142 file from GDAL, titles its pins by name, and the selected
    /// place's callout lists its data until the side panel's switch says not to.
    func testTheWindowShowsAPlacesTitleAndData() throws {
        try XCTSkipUnless(ProcessInfo.processInfo.environment["DISPLAY"] != nil, "needs an X display")
        try XCTSkipUnless(hasTool("xdotool"), "needs xdotool")
        let file = try files()[2].file
        let title = "San Francisco International Airport"
        let app = try AppProcess(["--log-events", "--no-demo", "--data", file.path, "--select", title, "--mode", "standard",
                                  "--center", "37.62,-122.38", "--zoom", "11", "--size", "1100x750"], keepingStandardError: true)
        XCTAssertEqual(app.next("select", timeout: 20)?["title"] as? String, title)
        let withData = try XCTUnwrap(app.next("callout-shown")?["callout"] as? [String: Double])
        let buttons = try app.atspiButtons()
        let toggle = try XCTUnwrap(buttons.first { $0["name"] as? String == "Show a place's data in its callout" })
        func click(_ b: [String: Any]) {
            let x = (b["x"] as! Int) + (b["width"] as! Int) / 2, y = (b["y"] as! Int) + (b["height"] as! Int) / 2
            XCTAssertEqual(runTool("xdotool", ["mousemove", "\(x)", "\(y)", "sleep", "0.1", "click", "1"]), 0)
        }
        click(toggle)
        usleep(300_000)
        XCTAssertEqual(runTool("xdotool", ["key", "Escape"]), 0)
        XCTAssertNotNil(app.next("deselect"))
        let pin = try XCTUnwrap(try app.atspiButtons().first { $0["name"] as? String == title }, "the pin, by its title")
        click(pin)
        XCTAssertEqual(app.next("select")?["title"] as? String, title)
        let plain = try XCTUnwrap(app.next("callout-shown")?["callout"] as? [String: Double])
        XCTAssertGreaterThan(withData["height"]!, plain["height"]! + 60, "the data list (icao, iata, city, …) made it taller")
        XCTAssertFalse(app.standardError.contains("CRITICAL"), app.standardError)
    }
}
