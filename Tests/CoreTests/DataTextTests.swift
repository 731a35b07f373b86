import CalloutMapCore
import XCTest

/// Each rule of `DataText`, in its order: a count reads grouped, what only looks like one does not.
final class DataTextTests: XCTestCase {
    func group(_ value: String, _ key: String = "population") -> String {
        DataText.value(value, key: key, groupingSeparator: ",")
    }

    func testOnlyAPlainWholeNumberIsGrouped() {  // rule 1
        XCTAssertEqual(group("120972"), "120,972")
        XCTAssertEqual(group("-1234567"), "-1,234,567")
        XCTAssertEqual(group("01234"), "01234", "a leading zero: a code")
        XCTAssertEqual(group("12345.5"), "12345.5")
        XCTAssertEqual(group("1e10"), "1e10")
        XCTAssertEqual(group("+12345"), "+12345")
        XCTAssertEqual(group("12 345"), "12 345")
        XCTAssertEqual(group("1234567890123456"), "1234567890123456", "past 15 digits: an id")
        XCTAssertEqual(group(""), "")
        XCTAssertEqual(group("-"), "-")
        XCTAssertEqual(group("١٢٣٤٥٦"), "١٢٣٤٥٦", "digits other than ASCII's are left as written")
    }

    func testBelowTenThousandItStaysAsWritten() {  // rule 2
        XCTAssertEqual(group("1906", "opened"), "1906")
        XCTAssertEqual(group("9999"), "9999")
        XCTAssertEqual(group("10000"), "10,000")
    }

    func testAKeyNamingACodeKeepsItsValue() {  // rule 3
        for key in ["id", "osm_id", "zipCode", "postcode", "ISO-code", "phone", "year_built", "ref", "house_number", "geonameid", "placeID"] {
            XCTAssertEqual(group("2988507", key), "2988507", key)
        }
        XCTAssertEqual(group("120972", "identity"), "120,972", "a word, not a part of one")
        XCTAssertEqual(group("120972", "people"), "120,972")
    }

    func testDigitsGoInThreesWithTheLocalesSeparator() {  // rule 4
        XCTAssertEqual(DataText.value("1234567", key: "population", groupingSeparator: "."), "1.234.567")
        XCTAssertEqual(DataText.value("1234567", key: "population", groupingSeparator: "\u{202F}"), "1\u{202F}234\u{202F}567")
        XCTAssertEqual(group("123456789012345"), "123,456,789,012,345")
    }

    func testKeysInLowerCaseWordsReadAsLabels() {
        XCTAssertEqual(DataText.key("population"), "Population")
        XCTAssertEqual(DataText.key("opening_hours"), "Opening hours")
        XCTAssertEqual(DataText.key("year2000"), "Year2000")
        for asWritten in ["addr:street", "marker-color", "NAME", "gdpMd", "_private", "a__b", "trailing_", "2nd", "", "été"] {
            XCTAssertEqual(DataText.key(asWritten), asWritten)
        }
        let entry = DataText.entry(("population", "120972"), groupingSeparator: ",")
        XCTAssertEqual(entry.key, "Population")
        XCTAssertEqual(entry.value, "120,972")
    }
}
