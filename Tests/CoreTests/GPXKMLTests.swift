import CalloutMapCore
import Foundation
import XCTest

/// GPX and KML: what they give, checked against GDAL's reading of the same files; a track's
/// length against an independent haversine sum; and hostile XML refused by name.
final class GPXKMLTests: XCTestCase {
    static let folder = ClusteringTests.fixtures.appendingPathComponent("xml")
    static let gpx = folder.appendingPathComponent("lake-merritt.gpx")
    static let kml = folder.appendingPathComponent("oakland.kml")

    func testAGPXFileGivesItsWaypointsRouteAndTrackWithItsMeasures() throws {
        let r = PlaceFileLoader.load(contentsOf: Self.gpx)
        XCTAssertEqual(r.annotations.map(\.title), ["Start & finish", "Boat house"])
        XCTAssertEqual(r.annotations.first?.subtitle, "By the pergola")
        XCTAssertEqual(r.annotations.first?.properties["elevation"], "12.5 m")
        XCTAssertEqual(r.annotations.first?.properties["time"], "2026-05-02T07:55:00Z")
        XCTAssertEqual(r.overlays.map(\.title), ["Way to the lake", "Morning walk"])
        let track = try XCTUnwrap(r.overlays.last as? MultiPolyline, "each trkseg a part of one line")
        XCTAssertEqual(track.lines.map(\.count), [60, 60])
        XCTAssertEqual(track.subtitle, "Round the lake")
        XCTAssertEqual(track.properties["duration"], "44 min", "08:00:00 to 08:44:40")
        XCTAssertNotNil(track.properties["elevation gain"])
        XCTAssertEqual(track.properties.map(\.key), ["elevation gain", "elevation loss", "duration", "description"],
                       "GPX's element names in words (issue 42: the raw 'desc' was shown as a label)")
        XCTAssertEqual(r.problems.map(\.description), ["\(Self.gpx.path): line 6: <wpt> has latitude 95.0, beyond ±90; left out; skipped"])
    }

    func testATracksLengthMatchesAnIndependentHaversineSum() throws {
        // Python's own reading of the file and its own haversine (on the same mean radius).
        let script = """
        import math, sys, xml.etree.ElementTree as ET
        ns = {'g': 'http://www.topografix.com/GPX/1/1'}
        total = 0.0
        for seg in ET.parse(sys.argv[1]).getroot().iterfind('.//g:trk/g:trkseg', ns):
            pts = [(float(p.get('lat')), float(p.get('lon'))) for p in seg.iterfind('g:trkpt', ns)]
            for (a, b), (c, d) in zip(pts, pts[1:]):
                h = math.sin(math.radians(c - a) / 2) ** 2 + math.cos(math.radians(a)) * math.cos(math.radians(c)) * math.sin(math.radians(d - b) / 2) ** 2
                total += 2 * 6371008.8 * math.asin(math.sqrt(h))
        print(total)
        """
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        p.arguments = ["-c", script, Self.gpx.path]
        let out = Pipe()
        p.standardOutput = out
        try p.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        let theirs = try XCTUnwrap(Double(text.trimmingCharacters(in: .whitespacesAndNewlines)))
        let track = try XCTUnwrap(PlaceFileLoader.load(contentsOf: Self.gpx).overlays.last)
        let ours = ShapeMeasure.size(of: track.geometry)
        XCTAssertEqual(ours / theirs, 1, accuracy: 0.005, "ours \(ours) m, python's \(theirs) m")
        let stats = TrackStatistics([[(Coordinate(latitude: 0, longitude: 0), 10, "2026-01-01T00:00:00Z"),
                                      (Coordinate(latitude: 0, longitude: 0.01), 25, nil),
                                      (Coordinate(latitude: 0, longitude: 0.02), 5, "2026-01-01T01:30:00.5Z")]])
        XCTAssertEqual(stats.elevationGain, 15)
        XCTAssertEqual(stats.elevationLoss, 20)
        XCTAssertEqual(stats.duration, 5400.5)
        XCTAssertEqual(TrackStatistics.text(duration: 5400.5), "1 h 30 min")
    }

    func testAKMLFileGivesItsPlacemarksWithTheirStyles() throws {
        let r = PlaceFileLoader.load(contentsOf: Self.kml)
        XCTAssertEqual(r.annotations.map(\.title), ["Fairyland", "Islands"])
        XCTAssertEqual(r.annotations.first?.subtitle, "Children's park", "HTML in a description is shown as plain text")
        XCTAssertEqual(r.annotations.first?.properties["opened"], "1950", "ExtendedData")
        XCTAssertEqual(r.overlays.map(\.title), ["Lakeshore trail", "Lake Merritt", "Islands"])
        let trail = try XCTUnwrap(r.overlays[0] as? Polyline)
        XCTAssertEqual(trail.coordinates.count, 3)
        XCTAssertEqual(trail.style?.strokeColor, RGBA(0xFF0000), "a StyleMap's normal style; KML's ff0000ff is opaque red")
        XCTAssertEqual(trail.style?.lineWidth, 5)
        let lake = try XCTUnwrap(r.overlays[1] as? Polygon)
        XCTAssertEqual(lake.holes.count, 1)
        XCTAssertEqual(lake.style?.strokeColor, RGBA(0x1A55B0))
        XCTAssertEqual(lake.style?.fillColor, RGBA(0xB0551A))
        XCTAssertEqual(lake.style?.fillOpacity ?? 0, 0x66 / 255.0, accuracy: 1e-9)
        let islands = try XCTUnwrap(r.overlays[2] as? MultiPolygon)
        XCTAssertEqual(islands.polygons.count, 2)
        XCTAssertEqual(islands.style?.fillColor, RGBA(0x00FF00), "its own Style")
        XCTAssertEqual(islands.style?.lineWidth, 0, "outline 0")
        XCTAssertEqual(r.problems.map(\.description),
                       ["\(Self.kml.path): line 25: <Placemark> \"Broken\" has a LineString of fewer than 2 positions; skipped"])
    }

    /// GDAL reads the same numbers of waypoints, routes, tracks and placemarks (counting those
    /// CalloutMap leaves out by name).
    func testTheCountsMatchWhatGDALReads() throws {
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: "/usr/bin/ogrinfo") || ProcessInfo.processInfo.environment["CI"] != nil,
                          "needs GDAL's ogrinfo (Debian gdal-bin; scripts/test.sh installs it)")
        func counts(_ file: URL) throws -> [String: Int] {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: "/usr/bin/ogrinfo")
            p.arguments = ["-so", "-al", file.path]
            var environment = ProcessInfo.processInfo.environment
            environment["CPL_LOG"] = "/dev/null"
            p.environment = environment
            let out = Pipe()
            p.standardOutput = out
            try p.run()
            let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            p.waitUntilExit()
            var result: [String: Int] = [:], layer = ""
            for line in text.split(separator: "\n") {
                if line.hasPrefix("Layer name: ") { layer = String(line.dropFirst(12)) }
                if line.hasPrefix("Feature Count: ") { result[layer] = Int(line.dropFirst(15)) }
            }
            return result
        }
        let gdal = try counts(Self.gpx)
        let gpx = PlaceFileLoader.load(contentsOf: Self.gpx)
        let skipped = gpx.problems.filter { $0.severity == .skipped }
        XCTAssertEqual(gdal["waypoints"], gpx.annotations.count + skipped.filter { $0.message.hasPrefix("<wpt>") }.count)
        XCTAssertEqual(gdal["routes"], gpx.overlays.filter { $0 is Polyline }.count)
        XCTAssertEqual(gdal["tracks"], gpx.overlays.filter { $0 is MultiPolyline }.count)
        XCTAssertEqual(gdal["track_points"], (gpx.overlays.last as? MultiPolyline)?.lines.reduce(0) { $0 + $1.count })

        let kml = PlaceFileLoader.load(contentsOf: Self.kml)
        let placemarks = Set(kml.annotations.compactMap(\.title) + kml.overlays.compactMap(\.title)).count
            + kml.problems.filter { $0.severity == .skipped }.count
        XCTAssertEqual(try counts(Self.kml).values.reduce(0, +), placemarks)
    }

    func testXMLSpaceIsTrimmedAsXMLDefinesIt() {
        XCTAssertEqual(" \n\t a b\r\n".trimmingXMLSpace, "a b")
        XCTAssertEqual(" \n ".trimmingXMLSpace, "")
        XCTAssertEqual("x".trimmingXMLSpace, "x")
        XCTAssertEqual("\u{00A0}x\u{00A0}".trimmingXMLSpace, "\u{00A0}x\u{00A0}", "only XML's four spaces")
    }

    func testFormatsAreToldApartByContent() {
        XCTAssertEqual(PlaceFileLoader.format(of: Array("\u{FEFF}<?xml version=\"1.0\"?>\n<!-- x --><gpx>".utf8)), .gpx)
        XCTAssertEqual(PlaceFileLoader.format(of: Array("<kml:kml xmlns:kml=\"http://www.opengis.net/kml/2.2\">".utf8)), .kml)
        XCTAssertEqual(PlaceFileLoader.format(of: Array(#"{"type":"Point"}"#.utf8)), .geoJSON)
        XCTAssertEqual(PlaceFileLoader.format(of: Array("<html>".utf8)), .geoJSON, "read as GeoJSON, which says it is not")
        let r = PlaceFileLoader.load(data: Data("<svg/>".utf8), file: "x.svg")
        XCTAssertEqual(r.problems.first?.severity, .fatal)
    }

    func testHostileXMLIsRefusedByNameAndNothingIsFetchedOrExpanded() {
        let laughs = """
        <?xml version="1.0"?>
        <!DOCTYPE gpx [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">
        <!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;"><!ENTITY e "&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;"><!ENTITY f "&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;">
        <!ENTITY g "&f;&f;&f;&f;&f;&f;&f;&f;&f;&f;"><!ENTITY h "&g;&g;&g;&g;&g;&g;&g;&g;&g;&g;"><!ENTITY i "&h;&h;&h;&h;&h;&h;&h;&h;&h;&h;">]>
        <gpx><wpt lat="1" lon="2"><name>&i;</name></wpt></gpx>
        """
        let start = Date()
        let bomb = GPXLoader.load(data: Data(laughs.utf8), file: "laughs.gpx")
        XCTAssertLessThan(Date().timeIntervalSince(start), 5, "no billion laughs")
        XCTAssertLessThanOrEqual(bomb.annotations.first?.title?.count ?? 0, GeoJSONLoader.maxTextLength)

        let secret = """
        <?xml version="1.0"?><!DOCTYPE kml [<!ENTITY x SYSTEM "file:///etc/passwd">]>
        <kml><Placemark><name>&x;</name><Point><coordinates>1,2</coordinates></Point></Placemark></kml>
        """
        let xxe = KMLLoader.load(data: Data(secret.utf8), file: "xxe.kml")
        XCTAssertFalse((xxe.annotations.first?.title ?? "").contains("root:"), "no external entity is read")

        let remote = """
        <?xml version="1.0"?><!DOCTYPE gpx SYSTEM "http://127.0.0.1:9/gpx.dtd"><gpx><wpt lat="1" lon="2"><name>n</name></wpt></gpx>
        """
        XCTAssertEqual(GPXLoader.load(data: Data(remote.utf8), file: "dtd.gpx").annotations.count, 1, "no DTD is fetched")

        let deep = "<kml>" + String(repeating: "<Folder>", count: 200) + String(repeating: "</Folder>", count: 200) + "</kml>"
        XCTAssertEqual(KMLLoader.load(data: Data(deep.utf8), file: "deep.kml").problems.map(\.description),
                       ["deep.kml: line 1: is not well-formed XML (nests elements more than 64 deep); nothing was loaded from it"])

        let cut = try! String(contentsOf: Self.gpx, encoding: .utf8).prefix(900)
        let truncated = GPXLoader.load(data: Data(cut.utf8), file: "cut.gpx")
        XCTAssertEqual(truncated.problems.first?.severity, .fatal)
        XCTAssertTrue(truncated.problems.first?.description.hasPrefix("cut.gpx: line ") == true, truncated.problems.description)

        XCTAssertEqual(GPXLoader.load(data: Data("<kml/>".utf8), file: "k.gpx").problems.map(\.message),
                       ["is XML whose root element is <kml>, not GPX's <gpx>"])
    }
}
