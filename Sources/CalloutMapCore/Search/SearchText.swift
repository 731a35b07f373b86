import Foundation

/// How search compares text, as GLib's `g_str_match_string` folds it: lower case, accents and
/// other marks removed ("Zürich" → "zurich", "Straße" → "strasse"), split into words at
/// anything that is not a letter or digit, the words joined by one space.
package enum SearchText {
    /// The folded words of a text, joined by single spaces, as UTF-8.
    package static func fold(_ text: some StringProtocol) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        var pendingSpace = false
        func append(_ byte: UInt8) {
            if pendingSpace, !out.isEmpty { out.append(0x20) }
            pendingSpace = false
            out.append(byte)
        }
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            // Most names are plain ASCII: no Unicode tables needed.
            for b in text.utf8 {
                switch b {
                case 0x41...0x5A: append(b + 0x20)
                case 0x61...0x7A, 0x30...0x39: append(b)
                default: pendingSpace = true
                }
            }
            return out
        }
        for scalar in String(text).decomposedStringWithCompatibilityMapping.unicodeScalars {
            let properties = scalar.properties
            switch properties.generalCategory {
            case .nonspacingMark, .spacingMark, .enclosingMark, .format:
                continue  // an accent: dropped, the word goes on
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
                 .decimalNumber, .letterNumber, .otherNumber:
                let lower = properties.lowercaseMapping
                let replaced = replacements[lower] ?? lower
                for b in replaced.utf8 { append(b) }
            default:
                pendingSpace = true
            }
        }
        return out
    }

    /// Letters that do not decompose into a base letter and a mark, written as a Latin
    /// keyboard would ("Łódź" → "lodz", "Ærø" → "aero").
    private static let replacements: [String: String] = [
        "ß": "ss", "æ": "ae", "œ": "oe", "ø": "o", "ł": "l", "đ": "d", "ð": "d", "þ": "th", "ı": "i", "ħ": "h", "ŧ": "t",
    ]

    /// The folded text as a string (for tests and messages).
    package static func folded(_ text: some StringProtocol) -> String { String(decoding: fold(text), as: UTF8.self) }
}
