@testable import CalloutMapCore
import Foundation
import XCTest

/// simdjson reading a FeatureCollection's Point features ahead (`PointFeatureChunks`) gives exactly
/// what `JSONReader` alone gives, stretch size whatever, and leaves every other case to it.
final class PointFeatureChunksTests: XCTestCase {
    /// Loads `text` read ahead in stretches of `size` bytes and alone; checks both agree and
    /// returns the first, with how many features were read ahead.
    @discardableResult
    func compare(_ text: String, size: Int, file: StaticString = #filePath, line: UInt = #line) -> (LoadedPlaces, Int) {
        var options = GeoJSONLoader.Options()
        options.readAhead = size
        let ahead = GeoJSONLoader.load(data: Data(text.utf8), file: "p.geojson", options: options)
        options.readAhead = nil
        let alone = GeoJSONLoader.load(data: Data(text.utf8), file: "p.geojson", options: options)
        XCTAssertEqual(ahead.annotations.map(\.coordinate), alone.annotations.map(\.coordinate), file: file, line: line)
        XCTAssertEqual(ahead.annotations.map(\.title), alone.annotations.map(\.title), file: file, line: line)
        XCTAssertEqual(ahead.annotations.map(\.subtitle), alone.annotations.map(\.subtitle), file: file, line: line)
        XCTAssertEqual(ahead.annotations.map(\.identifier), alone.annotations.map(\.identifier), file: file, line: line)
        XCTAssertEqual(ahead.annotations.map(\.properties), alone.annotations.map(\.properties), file: file, line: line)
        XCTAssertEqual(ahead.overlays.count, alone.overlays.count, file: file, line: line)
        XCTAssertEqual(ahead.problems, alone.problems, file: file, line: line)
        return (ahead, ahead.featuresReadAhead)
    }

    func collection(_ features: [String], after: String = "") -> String {
        #"{"type":"FeatureCollection","features":[\#n\#(features.joined(separator: ",\n"))]\#(after)}"#
    }

    func point(_ i: Int, _ properties: String? = nil, id: String = "") -> String {
        let lon = Double(i % 360) - 179.5 + 0.123456789012345, lat = Double(i % 170) - 84.75
        return #"{"type":"Feature",\#(id)"geometry":{"type":"Point","coordinates":[\#(lon),\#(lat)]},"properties":\#(properties ?? #"{"title":"Place \#(i)"}"#)}"#
    }

    func testPlainPointsAreReadAheadAndMatchTheReaderExactly() {
        let features = (0..<400).map { point($0) }
        for size in [1, 100, 1_000, 7_000] {
            let (result, taken) = compare(collection(features), size: size)
            XCTAssertEqual(result.annotations.count, 400)
            XCTAssertEqual(result.annotations[399].title, "Place 399")
            XCTAssertEqual(result.annotations[7].coordinate.longitude, -172.376543210987655, accuracy: 0)
            XCTAssertGreaterThan(taken, 300, "stretches of \(size) bytes: most features read ahead")
            XCTAssertLessThan(taken, 400, "what follows the last stretch is the reader's")
        }
    }

    func testPropertiesOfEveryKindGoThroughTheSameRules() {
        let kinds = [
            #"{"name":"N","description":"D","price":12.50,"open":true,"closed":false,"none":null,"list":[1,{"a":[]}],"o":{}}"#,
            #"{"title":true,"name":"second choice","subtitle":7}"#,
            #"{"title":"a","title":"b","x":"1","x":"2"}"#,
            #"{"title":"\u00e9\ud83d\ude00\n\"q\"","k\u00e9y":"v\/"}"#,
            #"{"title":"\#(String(repeating: "long ", count: 60))"}"#,
            #"{"a":1,"b":2,"c":3,"d":4}"#,
            "null",
            #"{"title":1e300,"n":-0,"m":123456789012345678901234567890,"e":1E-5}"#,
        ] + (0..<20).map { #"{\#((0..<($0 + 10)).map { k in #""k\#(k % 13)":\#(k)"# }.joined(separator: ","))}"# }
        let ids = [#""id":"abc","#, #""id":17,"#, #""id":1.5,"#, #""id":null,"#, #""id":[1],"#, ""]
        let features = (0..<300).map { point($0, kinds[$0 % kinds.count], id: ids[$0 % ids.count]) }
        let (result, taken) = compare(collection(features), size: 200)
        XCTAssertEqual(result.annotations.count, 300)
        XCTAssertGreaterThan(taken, 200)
        XCTAssertEqual(result.annotations[1].title, "second choice")
        XCTAssertEqual(result.annotations[1].identifier, "17")
        XCTAssertTrue(result.problems.contains { $0.feature == 4 && $0.message.contains("cut to 200") })
    }

    /// Keys and text are compared where they are in the file when they hold no escape; with one, they
    /// are unescaped first, so an escaped "properties" or "id" is still theirs and an escaped "Point"
    /// still a Point. (Taking the escaped text as it is loses the escaped "properties" and "id".)
    func testEscapedKeysAndTypesAreReadAsTheReaderReadsThem() {
        let escaped = [
            #"{"type":"Feature","geometry":{"type":"Point","coordinates":[1,2]},"propert\u0069es":{"title":"escaped key"}}"#,
            #"{"type":"Feature","\u0069d":"x7","geometry":{"type":"Point","coordinates":[1,2]},"properties":{}}"#,
            #"{"typ\u0065":"Feature","geometry":{"type":"Point","coordinates":[1,2]},"properties":{"title":"t"}}"#,
            #"{"type":"Feat\u0075re","geometry":{"type":"Po\u0069nt","coordinates":[3,4]},"properties":{"title":"t"}}"#,
            #"{"type":"Feature","geometry":{"type":"Point","c\u006Fordinates":[5,6]},"properties":{"title":"t"}}"#,
            #"{"type":"Feature","geometr\u0079":{"type":"Point","coordinates":[7,8]},"properties":{"\u0074itle":"a \"quoted\" title"}}"#,
            #"{"type":"Feature","geometry":{"type":"Point","coordinates":[1,2]},"properties":{"title":"\\","name":"back\\slash"}}"#,
            #"{"type":"Feature","geometry":{"type":"Point","coordinates":[1,2]},"properties":{"":"empty key","title":""}}"#,
        ]
        let features = (0..<240).map { $0 % 30 == 7 ? escaped[($0 / 30) % escaped.count] : point($0) }
        let (result, taken) = compare(collection(features), size: 100)
        XCTAssertGreaterThan(taken, 200)
        XCTAssertEqual(result.annotations.count, 240)
        XCTAssertEqual(result.annotations[7].properties["title"], nil)
        XCTAssertEqual(result.annotations[7].title, "escaped key")
        XCTAssertEqual(result.annotations[37].identifier, "x7")
        XCTAssertEqual(result.annotations[97].coordinate.longitude, 3)
        XCTAssertEqual(result.annotations[127].coordinate.longitude, 5)
        XCTAssertEqual(result.annotations[157].title, "a \"quoted\" title")
        XCTAssertEqual(result.annotations[187].title, "\\")
        XCTAssertEqual(result.annotations[217].properties["title"], nil)
        XCTAssertEqual(result.annotations[217].properties[""], "empty key")
    }

    func testAnythingElseIsLeftToTheReaderAndStillMatches() {
        let odd = [
            #"{"type":"Feature","geometry":{"type":"LineString","coordinates":[[0,0],[1,1]]},"properties":{}}"#,
            #"{"type":"Feature","geometry":{"type":"Point","coordinates":[0,95]},"properties":{}}"#,
            #"{"type":"Feature","geometry":null,"properties":{"title":"unlocated"}}"#,
            #"{"geometry":{"type":"Point","coordinates":[1,2]}}"#,
            #"{"type":"Feature","geometry":{"type":"Point","coordinates":[1,2]},"properties":{"title":"\ud800 lone"}}"#,
            #"{"type":"Feature","geometry":{"type":"Point","coordinates":[1,2]},"properties":{"title":"\udc00\ud800x"}}"#,
            #"{"type":"Feature","geometry":{"type":"Point","coordinates":[1,2]},"properties":{"n":1e999}}"#,
            #"{"type":"Feature","geometry":{"type":"Point","coordinates":[1,2,3,4]},"properties":{},"crs":{"type":"name"}}"#,
            #"{"type":"Feature","type":"Feature","geometry":{"type":"Point","coordinates":[1,2]}}"#,
            #"{"type":"Feature","geometry":{"type":"Point","coordinates":[1,2]},"properties":{"title":"looks like },{ a seam"}}"#,
            #"{"type":"Feature","geometry":{"type":"Point","coordinates":[1,"2"]}}"#,
            String(repeating: "[", count: 100) + String(repeating: "]", count: 100),
        ]
        for (k, feature) in odd.enumerated() {
            let features = (0..<60).map { point($0) } + [feature] + (60..<120).map { point($0) }
            for size in [50, 300] {
                let (result, taken) = compare(collection(features), size: size)
                XCTAssertGreaterThan(taken, 0, "case \(k): stretches before it read ahead")
                XCTAssertGreaterThanOrEqual(result.annotations.count, 119, "case \(k)")
            }
        }
        // Nested to the reader's limit (the features are two levels in) and one past it.
        func nested(_ depth: Int) -> String { String(repeating: "[", count: depth) + String(repeating: "]", count: depth) }
        let (deepest, _) = compare(collection((0..<60).map { point($0) } + [nested(JSONReader.maxDepth - 2)]), size: 50)
        XCTAssertEqual(deepest.annotations.count, 60)
        let (refused, _) = compare(collection((0..<60).map { point($0) } + [nested(JSONReader.maxDepth - 1)]), size: 50)
        XCTAssertTrue(refused.annotations.isEmpty)
        XCTAssertEqual(refused.problems.first?.severity, .fatal)
        let inProperties = #"{"type":"Feature","geometry":{"type":"Point","coordinates":[1,2]},"properties":{"a":\#(nested(JSONReader.maxDepth - 4))}}"#
        let (deepProperty, taken) = compare(collection((0..<60).map { point($0) } + [inProperties] + (0..<60).map { point($0) }), size: 50)
        XCTAssertEqual(deepProperty.annotations.count, 121)
        XCTAssertGreaterThan(taken, 100)
    }

    func testBrokenTextAfterGoodStretchesIsRefusedAsTheReaderRefusesIt() {
        let good = (0..<100).map { point($0) }
        // A feature put among the first ones, where stretches are read ahead (the last is the reader's).
        func amid(_ odd: String) -> String { collection(Array(good[..<20]) + [odd] + Array(good[20...])) }
        let broken = [
            amid(#"{"type":"Feature","geometry":{"type":"Point","coordinates":[1,2]},"properties":{"t":"raw\#u{01}control"}}"#),
            amid(#"{"type":"Feature","geometry":{"type":"Point","coordinates":[1,2]},"properties":{"t":tru}}"#),
            amid(#"{"type":"Feature","geometry":{"type":"Point","coordinates":[01,2]}}"#),
            amid(#"{"type":"Feature","geometry":{"type":"Point","coordinates":[1,2]},"properties":{"t":[1,{"a":tru}]}}"#),
            amid(#"{"type":"Feature","geometry":{"type":"Point","coordinates":[1,2],"bbox":[1,2,"\x"]}}"#),
            amid(#"{"type":"Feature","geometry":{"type":"Point","coordinates":[1,2]},"x":{"a":-}}"#),
            collection(good) + " trailing",
            String(collection(good).dropLast(3)),
            collection(good, after: #","crs":{"type":"name","properties":{"name":"EPSG:3857"}}"#),
        ]
        for (k, text) in broken.enumerated() {
            let (result, _) = compare(text, size: 120)
            XCTAssertTrue(result.annotations.isEmpty, "case \(k)")
            XCTAssertEqual(result.problems.map(\.severity), [.fatal], "case \(k)")
        }
        // Invalid UTF-8 in one stretch: U+FFFD, as the reader makes it; the stretches after it read ahead.
        var bytes = Array(amid(point(100, #"{"title":"bad \#u{FF} byte"}"#)).utf8)
        let at = bytes.firstIndex(of: 0xC3)!  // "ÿ" encoded: make it one invalid byte
        bytes.replaceSubrange(at...(at + 1), with: [0xFF])
        var options = GeoJSONLoader.Options()
        options.readAhead = 120
        let ahead = GeoJSONLoader.load(data: Data(bytes), file: "p.geojson", options: options)
        XCTAssertGreaterThan(ahead.featuresReadAhead, 50)
        XCTAssertEqual(ahead.annotations[20].title, "bad \u{FFFD} byte")
        XCTAssertEqual(ahead.annotations.count, 101)
    }

    /// Found by the fuzzer: `"type": "Feature": "medium"` in a stretch read ahead. A text value
    /// used where it lies must still be read through, or simdjson skips what follows it to the
    /// next comma unchecked and the stretch passes; the reader alone refuses the file there.
    func testTextLeftUnreadDoesNotLetBrokenJSONThrough() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/fuzz/geojson/crash-value-then-colon.geojson")
        let text = try String(contentsOf: url, encoding: .utf8)
        for size in [11, 40, 200] {
            let (result, _) = compare(text, size: size)
            XCTAssertEqual(result.problems.map(\.severity), [.fatal])
            XCTAssertTrue(result.problems.first?.message.contains("at byte 414") == true, result.problems.first?.message ?? "")
        }
    }

    func testStretchesEndAtCommasBetweenFeatures() {
        let text = Array(collection((0..<50).map { point($0) }).utf8)
        let start = text.firstIndex(of: UInt8(ascii: "["))!
        let chunks = PointFeatureChunks.cut(text, after: start, size: 300)
        XCTAssertGreaterThan(chunks.count, 10)
        for chunk in chunks {
            XCTAssertEqual(text[chunk.start], UInt8(ascii: "{"))
            XCTAssertEqual(text[chunk.end], UInt8(ascii: ","))
            XCTAssertGreaterThanOrEqual(chunk.end - chunk.start, 300)
        }
        // The first stretch alone, then the rest from its comma: the same stretches.
        let first = PointFeatureChunks.cut(text, after: start, size: 300, limit: 1)
        XCTAssertEqual(first.count, 1)
        let rest = PointFeatureChunks.cut(text, after: first[0].end, size: 300)
        XCTAssertEqual((first + rest).map { [$0.start, $0.end] }, chunks.map { [$0.start, $0.end] })
    }

    /// Stretches before the first one simdjson refused are given back once read; after it the cuts
    /// may lie inside a nested array, where simdjson still reads whole stretches of Point features
    /// that the reader reads itself, so nothing is given back from there on.
    func testOnlyStretchesTheReaderJumpsOverAreGivenBack() {
        let nested = (0..<600).map { point($0 + 1_000) }.joined(separator: ",")
        let big = point(999, #"{"title":"Holder","inside":[\#(nested)]}"#)
        let before = (0..<300).map { point($0) }, after = (0..<300).map { point($0 + 2_000) }
        let text = collection(before + [big] + after)
        let (result, _) = compare(text, size: 16_384)
        XCTAssertEqual(result.annotations.count, 601)
        XCTAssertGreaterThan(result.bytesGivenBack, 16_384, "whole pages of the first stretches")
        let holder = text.utf8.count - text.utf8.drop { $0 != UInt8(ascii: "H") }.count
        XCTAssertLessThan(result.bytesGivenBack, holder, "nothing from the feature holding the nested array on")

        let (plain, _) = compare(collection(before + after), size: 16_384)
        XCTAssertGreaterThan(plain.bytesGivenBack, collection(before + after).utf8.count / 2)
    }
}
