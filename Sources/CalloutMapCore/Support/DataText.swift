/// How a place's data, as its file wrote it, is shown to a person: `population 120972` reads
/// "Population 120,972", as the demo's own subtitle does, while a year, a postcode or an id
/// stays exactly as written. Only what is shown changes; the data itself (and what the app's
/// events report of it) is the file's.
public enum DataText {
    /// A key written as one lower-case word or words joined by underscores (`population`,
    /// `opening_hours`) reads as a label: its first letter upper-case, underscores as spaces.
    /// Any other key (`addr:street`, `marker-color`, `NAME`, `gdpMd`) is shown as written.
    public static func key(_ key: String) -> String {
        let isWords = key.utf8.allSatisfy { ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x5F }
        guard isWords, let first = key.first, first.isLetter, !key.hasSuffix("_"), !key.contains("__") else { return key }
        return first.uppercased() + key.dropFirst().replacingOccurrences(of: "_", with: " ")
    }

    /// A value, with its digits grouped as the person's locale does (`groupingSeparator`) when it
    /// is a count. Rules, in order:
    /// 1. Only a whole number written plainly is grouped: digits, a minus sign at most, no
    ///    leading zero (a leading zero makes it a code: postcode `01234`), at most 15 digits.
    /// 2. Below 10,000 it stays as written: years, house numbers and short codes are that size.
    /// 3. A key naming a code rather than a quantity (a word of it: id, code, ref, zip, postcode,
    ///    postal, year, date, phone, tel, fax, isbn, number, no, osm; or a word ending in "id", as
    ///    geonameid or wikidataid) keeps the value.
    /// 4. Otherwise the digits go in threes from the right, with the separator between.
    public static func value(_ value: String, key: String, groupingSeparator: String) -> String {
        // 1
        let digits = value.hasPrefix("-") ? value.dropFirst() : Substring(value)
        guard !digits.isEmpty, digits.count <= 15, digits.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
              digits.first != "0" else { return value }
        // 2
        guard digits.count >= 5 else { return value }
        // 3
        if isCodeKey(key) { return value }
        // 4
        var out = ""
        for (i, digit) in digits.enumerated() {
            if i > 0, (digits.count - i) % 3 == 0 { out += groupingSeparator }
            out.append(digit)
        }
        return (value.hasPrefix("-") ? "-" : "") + out
    }

    /// A key and value as shown, by the two rules above.
    public static func entry(_ entry: AnnotationProperties.Element, groupingSeparator: String) -> AnnotationProperties.Element {
        (key(entry.key), value(entry.value, key: entry.key, groupingSeparator: groupingSeparator))
    }

    private static let codeWords: Set<String> = ["id", "code", "ref", "zip", "postcode", "postal", "year", "date", "phone",
                                                 "tel", "fax", "isbn", "number", "no", "osm"]

    /// Whether a word of the key (split at anything not a letter or digit, and at a lower-case
    /// letter followed by an upper-case one: `zipCode`, `osm_id`, `ISO-code`) names a code.
    private static func isCodeKey(_ key: String) -> Bool {
        var words: [String] = [], word = ""
        var previousIsLower = false
        for character in key {
            if !(character.isLetter || character.isNumber) {
                words.append(word)
                word = ""
                previousIsLower = false
                continue
            }
            if character.isUppercase, previousIsLower {
                words.append(word)
                word = ""
            }
            word.append(character)
            previousIsLower = character.isLowercase
        }
        words.append(word)
        return words.contains { word in
            let word = word.lowercased()
            return codeWords.contains(word) || word.hasSuffix("id")
        }
    }
}
