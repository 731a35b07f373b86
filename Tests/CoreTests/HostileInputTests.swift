import CalloutMapCore
import Foundation
import XCTest

/// Bytes no one should write, read or refused with a message that says where — never a trap,
/// a stack overflow, a hang or memory out of proportion to the file.
final class HostileInputTests: XCTestCase {
    func parse(_ bytes: [UInt8]) throws -> JSONValue {
        var r = JSONReader(bytes: bytes)
        let v = try r.value()
        try r.expectEnd()
        return v
    }

    func parse(_ text: String) throws -> JSONValue { try parse(Array(text.utf8)) }

    func failure(_ text: String) -> JSONReader.Failure? {
        do { _ = try parse(text); return nil } catch { return error as? JSONReader.Failure }
    }

    func collection(_ features: String...) -> String {
        #"{"type":"FeatureCollection","features":[\#(features.joined(separator: ","))]}"#
    }

    func point(_ props: String = "{}", at coordinates: String = "[1,2]") -> String {
        #"{"type":"Feature","geometry":{"type":"Point","coordinates":\#(coordinates)},"properties":\#(props)}"#
    }

    // MARK: \u escapes

    func testSurrogateEscapesPairOrBecomeTheReplacementCharacter() throws {
        XCTAssertEqual(try parse(#""\ud83d\ude00""#).string, "😀")
        XCTAssertEqual(try parse(#""\uD83D\uDE00""#).string, "😀", "upper-case hex")
        // The two files that crashed the app: a high surrogate followed by an escape that is not a low one.
        XCTAssertEqual(try parse(#""\ud800\u0041""#).string, "\u{FFFD}A")
        XCTAssertEqual(try parse(#""\udbff\ud800\udc00""#).string, "\u{FFFD}𐀀", "the second escape still pairs")
        XCTAssertEqual(try parse(#""\udc00x""#).string, "\u{FFFD}x", "a lone low surrogate")
        XCTAssertEqual(try parse(#""a\ud800""#).string, "a\u{FFFD}", "a high surrogate at the end")
        XCTAssertEqual(try parse(#""\ud800\n""#).string, "\u{FFFD}\n")
        XCTAssertEqual(try parse(#""\u0000""#).string, "\u{0}", "NUL is text like any other")
        for bad in [#""\u12""#, #""\uZZZZ""#, #""\u12G4""#, #""\ud800\u12""#, #""\u"#, #""\"#] {
            XCTAssertNotNil(failure(bad), bad)
        }
        XCTAssertEqual(failure(#""ab\u12x""#), JSONReader.Failure(offset: 3, reason: "a \\u escape without four hex digits"))
    }

    func testInvalidUTF8InAStringBecomesTheReplacementCharacter() throws {
        for (bytes, expected) in [([0xFF], "\u{FFFD}"), ([0xC3], "\u{FFFD}"), ([0xE2, 0x82], "\u{FFFD}"),
                                  ([0xED, 0xA0, 0x80], "\u{FFFD}\u{FFFD}\u{FFFD}"), ([0x41, 0xC0, 0xAF], "A\u{FFFD}\u{FFFD}")] as [([UInt8], String)] {
            XCTAssertEqual(try parse([0x22] + bytes + [0x22]).string, expected, "\(bytes)")
            XCTAssertEqual(try parse([0x22, 0x5C, 0x6E] + bytes + [0x22]).string, "\n" + expected, "after an escape: \(bytes)")
        }
        let parts = collection(point(#"{"title":"Caf#"}"#)).split(separator: "#").map { Array($0.utf8) }
        let r = GeoJSONLoader.load(data: Data(parts[0] + [0xE9] + parts[1]), file: "latin1.geojson")
        XCTAssertEqual(r.annotations.first?.title, "Caf\u{FFFD}", "a Latin-1 byte in UTF-8 text")
    }

    // MARK: Structure

    func testNestingIsLimitedAndSaysWhere() throws {
        let deep = String(repeating: "[", count: JSONReader.maxDepth) + String(repeating: "]", count: JSONReader.maxDepth)
        XCTAssertNoThrow(try parse(deep), "exactly the limit reads")
        let tooDeep = "[" + deep + "]"
        XCTAssertEqual(failure(tooDeep), JSONReader.Failure(offset: JSONReader.maxDepth, reason: "nested more than 128 levels"))
        // One of the two files that crashed the app: a million brackets.
        let million = String(repeating: "[", count: 1_000_000)
        XCTAssertEqual(failure(million)?.reason, "nested more than 128 levels")
        XCTAssertEqual(failure(String(repeating: #"{"a":"#, count: 200))?.reason, "nested more than 128 levels")
        let text = collection(point(#"{"deep":\#(million)}"#))
        let r = GeoJSONLoader.load(data: Data(text.utf8), file: "deep.geojson")
        // Collection, features, feature and properties are 4 levels: the 125th bracket is one too many.
        let at = text.utf8.distance(from: text.utf8.startIndex, to: text.range(of: #""deep":"#)!.upperBound.samePosition(in: text.utf8)!) + 124
        XCTAssertEqual(r.problems.map(\.description),
                       ["deep.geojson: is not valid JSON: nested more than 128 levels at byte \(at); nothing was loaded from it"])
    }

    func testEveryTruncationIsRefusedNeverACrash() {
        let text = collection(point(#"{"title":"Caf\u00e9 \ud83d\ude00","n":-1.5e3,"b":true,"z":null,"a":[{}]}"#), point())
        let bytes = Array(text.utf8)
        XCTAssertEqual(GeoJSONLoader.load(data: Data(bytes), file: "f").annotations.count, 2)
        for end in 0..<bytes.count {
            let r = GeoJSONLoader.load(data: Data(bytes[..<end]), file: "cut.geojson")
            XCTAssertEqual(r.annotations.count, 0)
            XCTAssertEqual(r.problems.count, 1, "cut at \(end)")
            XCTAssertEqual(r.problems.first?.severity, .fatal)
        }
        XCTAssertEqual(failure(#"{"a":[1,2"#), JSONReader.Failure(offset: 9, reason: "the text ends before the JSON does"))
    }

    func testMessagesSayWhatAndWhere() {
        XCTAssertEqual(failure("[1] x")?.description, "unexpected 'x' after the JSON value at byte 4")
        XCTAssertEqual(failure("[1 2]")?.description, "unexpected '2' where ']' should be at byte 3")
        XCTAssertEqual(failure("\"a\tb\"")?.description, "a raw control character (U+0009) inside a string at byte 2")
        XCTAssertEqual(failure("[\u{1}]")?.description, "unexpected byte 0x01 where a value should be at byte 1")
        XCTAssertEqual(failure(#""\x""#)?.description, "a string escape JSON does not have at byte 1")
        XCTAssertEqual(failure("[01]")?.description, "a number JSON does not allow at byte 1")
        for bad in ["1.", "1e", "1e+", "-", "--1", "1.e5", ".5", "+1", "1ee2", "0x10", "Infinity", "NaN", "tr", "nul"] {
            XCTAssertNotNil(failure(bad), bad)
        }
        for good in ["0", "-0", "1.5e+3", "1E-2", "123456789012345678901234567890", "-0.0e0"] {
            XCTAssertNoThrow(try parse(good), good)
        }
    }

    func testOverflowingNumbersAreOneSkippedFeature() {
        let r = GeoJSONLoader.load(data: Data(collection(point(at: "[1e400,2]"), point(at: "[-1e400,2]"), point(at: "[1,2]")).utf8),
                                   file: "big.geojson")
        XCTAssertEqual(r.annotations.count, 1)
        XCTAssertEqual(r.problems.map(\.feature), [0, 1])
        XCTAssertTrue(r.problems.allSatisfy { $0.message == "has a coordinate that is not a finite number" })
        let huge = GeoJSONLoader.load(data: Data(collection(point(#"{"n":1e400,"m":-1e400,"k":123456789012345678901234567890}"#)).utf8),
                                      file: "f")
        XCTAssertEqual(huge.annotations.first?.properties["n"], "inf", "a property too big for a Double is kept as text")
        XCTAssertEqual(huge.annotations.first?.properties["k"], "1.2345678901234568e+29")
    }

    // MARK: Encodings

    func testByteOrderMarksAndWideEncodingsAreRead() throws {
        let text = collection(point(#"{"title":"Zürich 😀"}"#))
        var variants: [(String, [UInt8])] = [("UTF-8 with BOM", [0xEF, 0xBB, 0xBF] + Array(text.utf8))]
        let utf16 = Array(text.utf16)
        let le16 = utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }, be16 = utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        variants += [("UTF-16LE BOM", [0xFF, 0xFE] + le16), ("UTF-16BE BOM", [0xFE, 0xFF] + be16),
                     ("UTF-16LE", le16), ("UTF-16BE", be16)]
        let scalars = text.unicodeScalars.map(\.value)
        let le32 = scalars.flatMap { v in (0..<4).map { UInt8((v >> (8 * $0)) & 0xFF) } }
        let be32 = scalars.flatMap { v in (0..<4).reversed().map { UInt8((v >> (8 * $0)) & 0xFF) } }
        variants += [("UTF-32LE BOM", [0xFF, 0xFE, 0, 0] + le32), ("UTF-32BE BOM", [0, 0, 0xFE, 0xFF] + be32),
                     ("UTF-32LE", le32), ("UTF-32BE", be32)]
        for (name, bytes) in variants {
            let r = GeoJSONLoader.load(data: Data(bytes), file: name)
            XCTAssertEqual(r.problems, [], name)
            XCTAssertEqual(r.annotations.first?.title, "Zürich 😀", name)
        }
        // Odd byte counts and lone surrogates in UTF-16 do not trap.
        XCTAssertNotNil(failure(String(decoding: [0xFF, 0xFE, 0x22, 0x00, 0x00, 0xD8, 0x22, 0x00, 0x41], as: UTF8.self)))
        XCTAssertEqual(try parse([0xFF, 0xFE, 0x22, 0x00, 0x00, 0xD8, 0x22, 0x00]).string, "\u{FFFD}")
        XCTAssertThrowsError(try parse([0x00]))
        XCTAssertThrowsError(try parse([0xFE, 0xFF]))
    }

    // MARK: Memory

    func testBigValuesNobodyNeedsAreSkippedNotBuilt() {
        // 2 million array elements in a property (skipped), and a polygon of 500,000 points (kept).
        let vertices = SanitizerScale.of(500_000)
        let array = "[" + Array(repeating: "0", count: SanitizerScale.of(2_000_000)).joined(separator: ",") + "]"
        let ring = "[[" + Array(repeating: "[1,2]", count: vertices).joined(separator: ",") + "]]"
        let text = collection(point(#"{"title":"kept","blob":\#(array)}"#),
                              #"{"type":"Feature","geometry":{"type":"Polygon","coordinates":\#(ring)},"properties":{}}"#)
        let r = GeoJSONLoader.load(data: Data(text.utf8), file: "big.geojson")
        XCTAssertEqual(r.annotations.map(\.title), ["kept"])
        XCTAssertNil(r.annotations.first?.properties["blob"], "arrays in properties are not kept")
        XCTAssertEqual(r.problems, [])
        XCTAssertEqual(r.overlays.map(\.geometry.vertexCount), [vertices])
    }

    func testAFeatureOfManyPropertiesLoadsInLinearTimeKeepingTheFirstThousand() throws {
        // 200,000 properties (3 MB) once took 90 s: each key was looked up by a scan as it was added.
        let members = (0..<200_000).map { #""key\#($0)":"v\#($0)""# }.joined(separator: ",")
        let text = collection(point(#"{"name":"Many",\#(members),"key7":"again"}"#))
        let start = Date()
        let r = GeoJSONLoader.load(data: Data(text.utf8), file: "many.geojson")
        XCTAssertLessThan(Date().timeIntervalSince(start), 20, "a scan per key is back (it took 90 s)")
        let a = try XCTUnwrap(r.annotations.first)
        XCTAssertEqual(a.title, "Many")
        XCTAssertEqual(a.properties.count, GeoJSONLoader.maxProperties)
        XCTAssertEqual(a.properties.first?.key, "key0")
        XCTAssertEqual(a.properties.last?.key, "key999")
        XCTAssertEqual(a.properties["key7"], "again", "a repeated key keeps its place and its last value")
        XCTAssertEqual(r.problems.map(\.description), ["many.geojson: feature 0: has 200000 properties; the first 1000 kept, 199000 left out"])
        XCTAssertEqual(r.problems.map(\.severity), [.adjusted])
    }

    func testRepeatedPropertiesKeepTheirFirstPlaceAndLastValue() throws {
        let r = GeoJSONLoader.load(data: Data(collection(point(#"{"a":"1","title":"T","b":2,"a":"3","title":"U"}"#)).utf8), file: "f")
        let a = try XCTUnwrap(r.annotations.first)
        XCTAssertEqual(a.title, "U")
        XCTAssertEqual(a.properties.map(\.key), ["a", "b"])
        XCTAssertEqual(a.properties.map(\.value), ["3", "2"])
        XCTAssertEqual(r.problems, [])
    }

    func testTitlesThatAreContainersAreProblemsNotSilence() {
        let r = GeoJSONLoader.load(data: Data(collection(point(#"{"title":["a"],"name":"Named"}"#), point(#"{"subtitle":{"x":1}}"#)).utf8), file: "f")
        XCTAssertEqual(r.annotations.map(\.title), ["Named", nil], "the next candidate gives the title")
        XCTAssertEqual(r.problems.map(\.message), ["has a title that is not text; left out", "has a subtitle that is not text; left out"])
        XCTAssertEqual(r.problems.map(\.severity), [.adjusted, .adjusted])
    }

    // MARK: Regressions from the fuzzer's corpus

    /// Every file in the committed corpus (seeds and the inputs that once crashed) still loads or is refused.
    func testTheFuzzCorpusLoadsOrIsRefused() throws {
        let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/fuzz")
        let geojson = try FileManager.default.contentsOfDirectory(at: corpus.appendingPathComponent("geojson"), includingPropertiesForKeys: nil)
        XCTAssertGreaterThan(geojson.count, 5)
        for url in geojson {
            let r = GeoJSONLoader.load(contentsOf: url)
            XCTAssertFalse(r.problems.contains { $0.severity == .fatal } && !r.annotations.isEmpty, url.lastPathComponent)
        }
        for format in ["gpx", "kml"] {
            let files = try FileManager.default.contentsOfDirectory(at: corpus.appendingPathComponent(format), includingPropertiesForKeys: nil)
            XCTAssertGreaterThan(files.count, 2, format)
            for url in files {
                let r = PlaceFileLoader.load(contentsOf: url)
                XCTAssertFalse(r.problems.contains { $0.severity == .fatal } && !(r.annotations.isEmpty && r.overlays.isEmpty), url.lastPathComponent)
            }
        }
        // Found by the fuzzer: an elevation of 10^42 metres overflowed the track's climb.
        let huge = PlaceFileLoader.load(contentsOf: corpus.appendingPathComponent("gpx/crash-huge-elevation.gpx"))
        XCTAssertEqual(huge.overlays.last?.title, "Morning walk")
        let basemap = try FileManager.default.contentsOfDirectory(at: corpus.appendingPathComponent("basemap"), includingPropertiesForKeys: nil)
        XCTAssertGreaterThan(basemap.count, 1)
        for url in basemap {
            guard let band = try? BasemapBand(contentsOf: url) else { continue }
            for (x, y) in band.cellKeys { XCTAssertNotNil(band.cell(x: x, y: y)) }
        }
        for url in try FileManager.default.contentsOfDirectory(at: corpus.appendingPathComponent("mbtiles"), includingPropertiesForKeys: nil) {
            do {
                let source = try MBTilesSource(contentsOf: url)
                for z in source.zoomRange.clamped(to: 0...3) { _ = try? source.data(for: TileID(zoom: z, x: 0, y: 0)) }
            } catch {
                XCTAssertEqual(error.source, url.path)
            }
        }
        let tiles = try FileManager.default.contentsOfDirectory(at: corpus.appendingPathComponent("vectortile"), includingPropertiesForKeys: nil)
        XCTAssertGreaterThan(tiles.count, 1)
        for url in tiles {
            do { _ = try VectorTile(data: Data(contentsOf: url)) } catch let error as VectorTileError { XCTAssertFalse(error.message.isEmpty) }
        }
        for url in try FileManager.default.contentsOfDirectory(at: corpus.appendingPathComponent("pmtiles"), includingPropertiesForKeys: nil) {
            do {
                let archive = try PMTilesArchive(contentsOf: url)
                for z in archive.header.zoomRange.clamped(to: 0...3) { _ = try? archive.tileData(for: TileID(zoom: z, x: 0, y: 0)) }
            } catch {
                XCTAssertEqual(error.source, url.path)
            }
        }
        for url in try FileManager.default.contentsOfDirectory(at: corpus.appendingPathComponent("style"), includingPropertiesForKeys: nil) {
            guard let style = try? MapStyle(json: Array(Data(contentsOf: url))) else { continue }
            for layer in style.layers { _ = layer.draws(StyleContext(zoom: 10)) }
        }
        let cli = try FileManager.default.contentsOfDirectory(at: corpus.appendingPathComponent("cli"), includingPropertiesForKeys: nil)
        XCTAssertGreaterThan(cli.count, 1)
        for url in cli {
            let text = String(decoding: try InputFile.read(url), as: UTF8.self)
            if let c = Coordinate(parsing: text) { XCTAssertTrue(c.isValid, url.lastPathComponent) }
            _ = Size(parsing: text)
        }
    }
}
