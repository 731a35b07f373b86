@testable import CalloutMapCore
import Foundation
import XCTest

/// MapLibre style expressions one by one, the legacy filters and functions, and CSS colors.
final class StyleExpressionTests: XCTestCase {
    /// A museum of OpenMapTiles' poi layer, at zoom 15.
    let museum = StyleContext(zoom: 15, geometryType: "Point", id: .number(42)) { key in
        ["name": .string("Kiasma"), "class": .string("museum"), "rank": .number(3), "height": .number(21.5),
         "open": .bool(true), "code": .string(" 12 ")][key]
    }

    func value(_ json: String, _ context: StyleContext? = nil, notes expected: Set<String> = []) -> StyleValue {
        var reader = JSONReader(bytes: Array(json.utf8))
        var notes: Set<String> = []
        let e = StyleExpression.property(try! reader.value(), notes: &notes)
        XCTAssertEqual(notes, expected, json)
        return e.evaluate(context ?? museum)
    }

    func passes(_ json: String, _ context: StyleContext? = nil) -> Bool {
        var reader = JSONReader(bytes: Array(json.utf8))
        var notes: Set<String> = []
        let e = StyleExpression.filter(try! reader.value(), notes: &notes)
        XCTAssertEqual(notes, [], json)
        return e.matches(context ?? museum)
    }

    /// A colour property's colours are read once, where values come out, never in a condition.
    func testColoursAreReadOnceWhereTheyComeOut() throws {
        var reader = JSONReader(bytes: Array(##"["match", ["get", "class"], "museum", "#e66100", ["case", ["==", ["get", "name"], "red"], "red", "nonsense"]]"##.utf8))
        var notes: Set<String> = []
        let e = StyleExpression.property(try reader.value(), notes: &notes).readingColors()
        guard case .match(_, let arms, let fallback) = e, case .literal(let museum) = arms[0].1,
              case .cases(let branches, let otherwise) = fallback, case .compare(_, _, .literal(let condition)) = branches[0].0,
              case .literal(let red) = branches[0].1, case .literal(let nonsense) = otherwise else { return XCTFail("\(e)") }
        XCTAssertEqual(museum, .color(StyleColor(red: 230 / 255, green: 97 / 255, blue: 0)))
        XCTAssertEqual(red, .color(StyleColor(red: 1, green: 0, blue: 0)))
        XCTAssertEqual(condition, .string("red"), "a condition's string stays a string")
        XCTAssertEqual(nonsense, .string("nonsense"), "not a colour: as written")
        XCTAssertEqual(e.evaluate(self.museum), .color(StyleColor(red: 230 / 255, green: 97 / 255, blue: 0)))
    }

    func testLookupsAndDecisions() {
        XCTAssertEqual(value(#"["get", "name"]"#), .string("Kiasma"))
        XCTAssertEqual(value(#"["get", "missing"]"#), .null)
        XCTAssertEqual(value(#"["has", "name"]"#), .bool(true))
        XCTAssertEqual(value(#"["zoom"]"#), .number(15))
        XCTAssertEqual(value(#"["geometry-type"]"#), .string("Point"))
        XCTAssertEqual(value(#"["id"]"#), .number(42))
        XCTAssertEqual(value(#"["literal", [1, "a"]]"#), .array([.number(1), .string("a")]))
        XCTAssertEqual(value(#"["case", ["==", ["get", "class"], "park"], "green", ["<", ["get", "rank"], 5], "important", "other"]"#),
                       .string("important"))
        XCTAssertEqual(value(#"["match", ["get", "class"], ["cafe", "bar"], 1, "museum", 2, 0]"#), .number(2))
        XCTAssertEqual(value(#"["match", ["get", "rank"], [1, 2], "top", "rest"]"#), .string("rest"))
        XCTAssertEqual(value(#"["coalesce", ["get", "name:en"], ["get", "name:latin"], ["get", "name"]]"#), .string("Kiasma"))
    }

    func testComparisonsAndLogic() {
        XCTAssertEqual(value(#"["==", ["get", "rank"], 3]"#), .bool(true))
        XCTAssertEqual(value(#"["!=", ["get", "missing"], 3]"#), .bool(true))
        XCTAssertEqual(value(#"[">=", ["get", "height"], 21.5]"#), .bool(true))
        XCTAssertEqual(value(#"["<", ["get", "name"], "L"]"#), .bool(true), "text compares as text")
        XCTAssertEqual(value(#"["<", ["get", "name"], 5]"#), .bool(false), "text and a number never compare")
        XCTAssertEqual(value(#"["in", ["get", "class"], ["literal", ["museum", "gallery"]]]"#), .bool(true))
        XCTAssertEqual(value(#"["in", "asm", ["get", "name"]]"#), .bool(true), "a substring")
        XCTAssertEqual(value(#"["all", ["has", "name"], ["get", "open"]]"#), .bool(true))
        XCTAssertEqual(value(#"["any", ["has", "x"], ["==", 1, 2]]"#), .bool(false))
        XCTAssertEqual(value(#"["none", ["has", "x"]]"#), .bool(true))
        XCTAssertEqual(value(#"["!", ["has", "name"]]"#), .bool(false))
        XCTAssertEqual(value(#"["!", ["get", "name"]]"#), .null, "not of text is no answer")
    }

    func testCurves() {
        let z = { (zoom: Double) in StyleContext(zoom: zoom) }
        let linear = #"["interpolate", ["linear"], ["zoom"], 10, 1, 20, 5]"#
        XCTAssertEqual(value(linear, z(5)), .number(1), "below the first stop")
        XCTAssertEqual(value(linear, z(12.5)), .number(2))
        XCTAssertEqual(value(linear, z(25)), .number(5), "past the last")
        XCTAssertEqual(value(#"["interpolate", ["exponential", 1.2], ["zoom"], 10, 1, 20, 5]"#, z(15)).number!, 2.1466837904779377,
                       accuracy: 1e-12)
        XCTAssertEqual(value(##"["interpolate", ["linear"], ["zoom"], 0, "#000000", 10, "#ffffff"]"##, z(5)),
                       .color(StyleColor(red: 0.5, green: 0.5, blue: 0.5)))
        XCTAssertEqual(value(#"["interpolate", ["linear"], ["zoom"], 0, ["literal", [0, 2]], 10, ["literal", [10, 4]]]"#, z(5)),
                       .array([.number(5), .number(3)]))
        let step = #"["step", ["zoom"], "small", 10, "medium", 14, "large"]"#
        XCTAssertEqual(value(step, z(9.9)), .string("small"))
        XCTAssertEqual(value(step, z(10)), .string("medium"))
        XCTAssertEqual(value(step, z(16)), .string("large"))
        XCTAssertEqual(value(#"["interpolate", ["cubic-bezier", 0, 0, 1, 1], ["zoom"], 0, 0, 10, 10]"#, z(5),
                             notes: ["the interpolation \"cubic-bezier\" is drawn as linear"]), .number(5))
    }

    func testTextAndNumbers() {
        XCTAssertEqual(value(#"["concat", ["get", "name"], " (", ["get", "rank"], ")"]"#), .string("Kiasma (3)"))
        XCTAssertEqual(value(#"["format", ["get", "name"], {"font-scale": 1.2}, "\n", {}, ["get", "class"], {}]"#), .string("Kiasma\nmuseum"))
        XCTAssertEqual(value(#"["to-string", ["get", "height"]]"#), .string("21.5"))
        XCTAssertEqual(value(#"["to-string", ["get", "open"]]"#), .string("true"))
        XCTAssertEqual(value(#"["to-string", ["get", "missing"]]"#), .string(""))
        XCTAssertEqual(value(#"["to-number", ["get", "code"]]"#), .number(12))
        XCTAssertEqual(value(#"["to-number", ["get", "name"], ["get", "rank"]]"#), .number(3), "the first that converts")
        XCTAssertEqual(value(#"["to-number", ["get", "name"]]"#), .null)
        XCTAssertEqual(value(#"["upcase", ["get", "name"]]"#), .string("KIASMA"))
        XCTAssertEqual(value(#"["*", ["get", "rank"], 2, 0.5]"#), .number(3))
        XCTAssertEqual(value(#"["-", ["get", "rank"]]"#), .number(-3))
        XCTAssertEqual(value(#"["+", ["get", "name"], 1]"#), .null)
    }

    func testWhatItDoesNotKnowIsNotedOnceAndIsNull() {
        var notes: Set<String> = []
        var reader = JSONReader(bytes: Array(#"["concat", ["number-format", 3, {}], ["number-format", 4, {}], ["get"]]"#.utf8))
        let e = StyleExpression.compile(try! reader.value(), notes: &notes)
        XCTAssertEqual(notes, ["the expression \"number-format\" is not supported", "the expression \"get\" has arguments it cannot take"])
        XCTAssertEqual(e.evaluate(museum), .string(""))
    }

    // MARK: Legacy syntax

    func testLegacyFiltersAreToldApartAsMapLibreDoes() {
        func isExpression(_ json: String) -> Bool {
            var reader = JSONReader(bytes: Array(json.utf8))
            return StyleExpression.isExpressionFilter(try! reader.value())
        }
        XCTAssertFalse(isExpression(#"["==", "class", "park"]"#))
        XCTAssertTrue(isExpression(#"["==", ["get", "class"], "park"]"#))
        XCTAssertFalse(isExpression(#"["in", "class", "park", "wood"]"#))
        XCTAssertTrue(isExpression(#"["in", ["get", "class"], ["literal", ["park"]]]"#))
        XCTAssertFalse(isExpression(#"["has", "$type"]"#))
        XCTAssertTrue(isExpression(#"["has", "name"]"#))
        XCTAssertFalse(isExpression(#"["all", ["==", "class", "park"], ["has", "name"]]"#))
        XCTAssertFalse(isExpression(#"["!has", "name"]"#))
        XCTAssertTrue(isExpression("true"))
    }

    func testLegacyFilters() {
        let park = StyleContext(zoom: 12, geometryType: "Polygon", id: .number(7)) { ["class": .string("park"), "rank": .number(2)][$0] }
        XCTAssertTrue(passes(#"["==", "class", "park"]"#, park))
        XCTAssertTrue(passes(#"["!=", "subclass", "park"]"#, park), "a missing key differs")
        XCTAssertTrue(passes(#"["==", "$type", "Polygon"]"#, park))
        XCTAssertTrue(passes(#"["==", "$id", 7]"#, park))
        XCTAssertTrue(passes(#"["in", "class", "wood", "park"]"#, park))
        XCTAssertFalse(passes(#"["!in", "class", "wood", "park"]"#, park))
        XCTAssertTrue(passes(#"["has", "rank"]"#, park))
        XCTAssertTrue(passes(#"["!has", "name"]"#, park))
        XCTAssertTrue(passes(#"["<=", "rank", 2]"#, park))
        XCTAssertTrue(passes(#"["all", ["==", "$type", "Polygon"], ["in", "class", "park", "grass"], ["!has", "name"]]"#, park))
        XCTAssertTrue(passes(#"["none", ["==", "class", "wood"], ["has", "name"]]"#, park))
        XCTAssertFalse(passes(#"["any", ["==", "class", "wood"], [">", "rank", 5]]"#, park))
        XCTAssertTrue(passes("true", park))
    }

    func testLegacyFunctions() {
        let z = { (zoom: Double) in StyleContext(zoom: zoom) { ["rank": .number(3), "class": .string("museum")][$0] } }
        XCTAssertEqual(value(#"{"base": 1.2, "stops": [[10, 1], [20, 5]]}"#, z(15)).number!, 2.1466837904779377, accuracy: 1e-12)
        XCTAssertEqual(value(##"{"stops": [[5, "#000"], [10, "#fff"]]}"##, z(7.5)), .color(StyleColor(red: 0.5, green: 0.5, blue: 0.5)))
        XCTAssertEqual(value(#"{"stops": [[5, "none"], [10, "visible"]]}"#, z(9)), .string("none"), "text steps: interval")
        XCTAssertEqual(value(#"{"stops": [[5, "none"], [10, "visible"]]}"#, z(4)), .string("none"))
        XCTAssertEqual(value(#"{"property": "rank", "type": "interval", "stops": [[0, "a"], [2, "b"], [5, "c"]]}"#, z(1)), .string("b"))
        XCTAssertEqual(value(#"{"property": "class", "type": "categorical", "stops": [["museum", 1], ["cafe", 2]], "default": 0}"#, z(1)),
                       .number(1))
        XCTAssertEqual(value(#"{"property": "kind", "type": "categorical", "stops": [["a", 1]], "default": 9}"#, z(1)), .number(9))
        XCTAssertEqual(value(#"{"property": "class", "type": "identity"}"#, z(1)), .string("museum"))
        XCTAssertEqual(value(#"{"property": "class", "stops": [[0, 1], [10, 2]], "default": 7}"#, z(1)), .number(7),
                       "a property that is not a number takes the default")
    }

    // MARK: Colors

    func testCSSColors() {
        func c(_ s: String) -> StyleColor? { StyleColor(css: s) }
        XCTAssertEqual(c("#f80"), StyleColor(red: 1, green: 0x88 / 255, blue: 0))
        XCTAssertEqual(c("#FF880080"), StyleColor(red: 1, green: 0x88 / 255, blue: 0, alpha: 0x80 / 255))
        XCTAssertEqual(c("rgb(255, 0, 51)"), StyleColor(red: 1, green: 0, blue: 0.2))
        XCTAssertEqual(c("rgba(255,0,51,0.5)"), StyleColor(red: 1, green: 0, blue: 0.2, alpha: 0.5))
        let hsl = c("hsl(200, 60%, 50%)")!
        XCTAssertEqual(hsl.red, 0.2, accuracy: 1e-9)
        XCTAssertEqual(hsl.green, 0.6, accuracy: 1e-9)
        XCTAssertEqual(hsl.blue, 0.8, accuracy: 1e-9)
        XCTAssertEqual(c("hsla(200, 60%, 50%, 0.25)")?.alpha, 0.25)
        XCTAssertEqual(c("White"), StyleColor(red: 1, green: 1, blue: 1))
        XCTAssertEqual(c("transparent")?.alpha, 0)
        for bad in ["", "#12", "#ggg", "rgb(1,2)", "hsl(x, 1%, 1%)", "blurple", "rgb(1,2,3"] { XCTAssertNil(c(bad), bad) }
        XCTAssertEqual(StyleValue.color(c("#ff8000")!).text, "rgba(255,128,0,1)")
    }
}
