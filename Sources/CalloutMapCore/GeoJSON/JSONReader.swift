import Foundation

/// A small, strict JSON reader over UTF-8 bytes. Foundation's JSONSerialization
/// took 3.3 s and 1 GB for 100,000 features on Linux; this reads one value at a
/// time, so a FeatureCollection can be walked feature by feature, and values
/// nobody needs are skipped without being built.
///
/// Any byte sequence is either read or refused with a `Failure` naming the byte:
/// - nesting deeper than `maxDepth` is refused (recursion stays bounded);
/// - a lone or mismatched UTF-16 surrogate in a `\u` escape reads as U+FFFD,
///   as does invalid UTF-8 inside a string (text is for showing; one bad
///   character should not cost the whole feature);
/// - a UTF-8 byte-order mark is skipped; UTF-16 and UTF-32 text (with or
///   without a mark, told apart by RFC 4627's zero-byte pattern) is converted
///   to UTF-8 first, so its offsets count bytes of that UTF-8;
/// - numbers too large for a Double read as ±infinity, for the caller to refuse.
package struct JSONReader {
    package struct Failure: Error, CustomStringConvertible, Equatable {
        /// Byte offset in the (UTF-8) text.
        package var offset: Int
        package var reason: String

        package init(offset: Int, reason: String) {
            self.offset = offset
            self.reason = reason
        }

        package var description: String { "\(reason) at byte \(offset)" }
    }

    /// Deepest nesting of arrays and objects read. GeoJSON needs about 8
    /// (a MultiPolygon's coordinates inside a feature inside a collection).
    package static let maxDepth = 128

    let bytes: [UInt8]
    private(set) var position = 0
    private var depth = 0

    package init(_ data: Data) { self.init(bytes: [UInt8](data)) }

    package init(bytes: [UInt8]) {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            self.bytes = bytes
            position = 3
        } else {
            self.bytes = Self.utf8(fromWide: bytes) ?? bytes
        }
    }

    /// How far through its bytes the reader is, 0…1.
    var fractionRead: Double { bytes.isEmpty ? 1 : Double(position) / Double(bytes.count) }

    var atEnd: Bool { mutating get { skipSpace(); return position >= bytes.count } }

    /// Fails unless only white space is left.
    package mutating func expectEnd() throws {
        guard atEnd else { throw unexpected("after the JSON value") }
    }

    /// Reads the next complete value.
    package mutating func value() throws -> JSONValue {
        switch peek() {
        case UInt8(ascii: "{"):
            var members: [(String, JSONValue)] = []
            try self.members { r, key in members.append((key, try r.value())) }
            return .object(members)
        case UInt8(ascii: "["):
            var items: [JSONValue] = []
            try elements { items.append(try $0.value()) }
            return .array(items)
        case UInt8(ascii: "\""):
            return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case nil: throw truncated()
        default:
            return .number(try number())
        }
    }

    /// Reads past the next value, checking it, building nothing but its strings.
    package mutating func skipValue() throws {
        switch peek() {
        case UInt8(ascii: "{"): try members { r, _ in try r.skipValue() }
        case UInt8(ascii: "["): try elements { try $0.skipValue() }
        default: _ = try value()
        }
    }

    /// The next value if it is a string, number, boolean or null; an array or object is skipped (nil).
    mutating func scalar() throws -> JSONValue? {
        switch peek() {
        case UInt8(ascii: "{"), UInt8(ascii: "["): try skipValue(); return nil
        default: return try value()
        }
    }

    /// Calls `body` with each member of the object that starts here; `body` must read the member's value.
    mutating func members(_ body: (inout JSONReader, String) throws -> Void) throws {
        try expect(UInt8(ascii: "{"))
        try enter()
        defer { depth -= 1 }
        if consume(UInt8(ascii: "}")) { return }
        repeat {
            skipSpace()
            let key = try string()
            try expect(UInt8(ascii: ":"))
            try body(&self, key)
        } while consume(UInt8(ascii: ","))
        try expect(UInt8(ascii: "}"))
    }

    /// Calls `body` for each element of the array that starts here; `body` must read the element.
    /// Before each element, `handOver` may take a stretch of elements starting at the reader's
    /// position (read elsewhere), returning where it ends: at the `,` after them.
    mutating func elements(_ body: (inout JSONReader) throws -> Void, handOver: (Int) throws -> Int? = { _ in nil }) throws {
        try expect(UInt8(ascii: "["))
        try enter()
        defer { depth -= 1 }
        if consume(UInt8(ascii: "]")) { return }
        repeat {
            skipSpace()
            if let end = try handOver(position) { position = end } else { try body(&self) }
        } while consume(UInt8(ascii: ","))
        try expect(UInt8(ascii: "]"))
    }

    mutating func peek() -> UInt8? {
        skipSpace()
        return position < bytes.count ? bytes[position] : nil
    }

    /// The first byte inside the array or object that starts here (spaces skipped), read no further.
    mutating func peekInside() -> UInt8? {
        guard peek() != nil else { return nil }
        var i = position + 1
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x0D || bytes[i] == 0x09 { i += 1 }
        return i < bytes.count ? bytes[i] : nil
    }

    // MARK: Pieces

    private mutating func enter() throws {
        depth += 1
        guard depth <= Self.maxDepth else {
            throw Failure(offset: position - 1, reason: "nested more than \(Self.maxDepth) levels")
        }
    }

    private func truncated() -> Failure { Failure(offset: bytes.count, reason: "the text ends before the JSON does") }

    /// "unexpected 'x' <context>", or the end of the text when there is nothing left.
    private func unexpected(_ context: String, at offset: Int? = nil) -> Failure {
        let at = offset ?? position
        guard at < bytes.count else { return truncated() }
        let b = bytes[at]
        let shown = b >= 0x21 && b < 0x7F ? "'\(Character(Unicode.Scalar(b)))'" : String(format: "byte 0x%02X", b)
        return Failure(offset: at, reason: "unexpected \(shown) \(context)")
    }

    private mutating func skipSpace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x0A, 0x0D, 0x09: position += 1
            default: return
            }
        }
    }

    private mutating func consume(_ byte: UInt8) -> Bool {
        skipSpace()
        if position < bytes.count && bytes[position] == byte { position += 1; return true }
        return false
    }

    private mutating func expect(_ byte: UInt8) throws {
        guard consume(byte) else { throw unexpected("where '\(Character(Unicode.Scalar(byte)))' should be") }
    }

    private mutating func literal(_ word: StaticString) throws {
        let count = word.utf8CodeUnitCount
        guard bytes.count - position >= count,
              word.withUTF8Buffer({ bytes[position..<(position + count)].elementsEqual($0) }) else {
            throw unexpected("where a value should be")
        }
        position += count
    }

    private mutating func number() throws -> Double {
        let start = position
        while position < bytes.count, Self.isNumberByte(bytes[position]) { position += 1 }
        guard position > start else { throw unexpected("where a value should be") }
        let digits = bytes[start..<position]
        guard Self.isJSONNumber(digits), let v = Double(String(decoding: digits, as: UTF8.self)) else {
            throw Failure(offset: start, reason: "a number JSON does not allow")
        }
        return v
    }

    private static func isNumberByte(_ b: UInt8) -> Bool {
        (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")) || b == UInt8(ascii: "-") || b == UInt8(ascii: "+")
            || b == UInt8(ascii: ".") || b == UInt8(ascii: "e") || b == UInt8(ascii: "E")
    }

    /// JSON's grammar (RFC 8259 §6), stricter than Double's parser: no "inf", "+1", ".5", "01", "1.", "1e".
    private static func isJSONNumber(_ s: ArraySlice<UInt8>) -> Bool {
        func isDigit(_ i: Int) -> Bool { i < s.endIndex && s[i] >= UInt8(ascii: "0") && s[i] <= UInt8(ascii: "9") }
        var i = s.startIndex
        if s[i] == UInt8(ascii: "-") { i += 1 }
        guard isDigit(i) else { return false }
        if s[i] == UInt8(ascii: "0") { i += 1 } else { while isDigit(i) { i += 1 } }
        if i < s.endIndex, s[i] == UInt8(ascii: ".") {
            i += 1
            guard isDigit(i) else { return false }
            while isDigit(i) { i += 1 }
        }
        if i < s.endIndex, s[i] == UInt8(ascii: "e") || s[i] == UInt8(ascii: "E") {
            i += 1
            if i < s.endIndex, s[i] == UInt8(ascii: "+") || s[i] == UInt8(ascii: "-") { i += 1 }
            guard isDigit(i) else { return false }
            while isDigit(i) { i += 1 }
        }
        return i == s.endIndex
    }

    private mutating func string() throws -> String {
        guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
            throw unexpected("where a string should be")
        }
        position += 1
        let start = position
        // Fast path: no escapes.
        while position < bytes.count, bytes[position] != UInt8(ascii: "\""), bytes[position] != UInt8(ascii: "\\") {
            guard bytes[position] >= 0x20 else { throw controlCharacter() }
            position += 1
        }
        guard position < bytes.count else { throw truncated() }
        if bytes[position] == UInt8(ascii: "\"") {
            defer { position += 1 }
            return String(decoding: bytes[start..<position], as: UTF8.self)
        }
        var out = [UInt8](bytes[start..<position])
        while position < bytes.count {
            let b = bytes[position]
            if b == UInt8(ascii: "\"") {
                position += 1
                return String(decoding: out, as: UTF8.self)
            }
            guard b >= 0x20 else { throw controlCharacter() }
            if b != UInt8(ascii: "\\") {
                out.append(b)
                position += 1
                continue
            }
            guard position + 1 < bytes.count else { throw truncated() }
            let e = bytes[position + 1]
            switch e {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                position += 2
                UTF8.encode(try unicodeEscape()) { out.append($0) }
                continue
            default:
                throw Failure(offset: position, reason: "a string escape JSON does not have")
            }
            position += 2
        }
        throw truncated()
    }

    private func controlCharacter() -> Failure {
        Failure(offset: position, reason: String(format: "a raw control character (U+%04X) inside a string", bytes[position]))
    }

    /// The scalar of a `\uXXXX` escape (position just past `\u`), joining a surrogate pair written
    /// as two escapes; a surrogate without its partner is U+FFFD and the next escape is left alone.
    private mutating func unicodeEscape() throws -> Unicode.Scalar {
        guard let unit = hex4(at: position) else {
            throw Failure(offset: position - 2, reason: "a \\u escape without four hex digits")
        }
        position += 4
        if (0xD800...0xDBFF).contains(unit), position + 1 < bytes.count,
           bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u"),
           let low = hex4(at: position + 2), (0xDC00...0xDFFF).contains(low) {
            position += 6
            return Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))!
        }
        return Unicode.Scalar(unit) ?? "\u{FFFD}"  // nil exactly for a lone surrogate
    }

    /// Four hex digits at `at`, or nil.
    private func hex4(at: Int) -> UInt32? {
        guard bytes.count - at >= 4 else { return nil }
        var v: UInt32 = 0
        for b in bytes[at..<(at + 4)] {
            let d: UInt8
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): d = b - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): d = b - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): d = b - UInt8(ascii: "A") + 10
            default: return nil
            }
            v = v << 4 | UInt32(d)
        }
        return v
    }

    /// UTF-16 or UTF-32 text as UTF-8, or nil when the text is not one of those. JSON text starts with
    /// an ASCII character, so the zero bytes around it tell the encoding when there is no byte-order mark.
    private static func utf8(fromWide b: [UInt8]) -> [UInt8]? {
        func units<U: FixedWidthInteger>(_: U.Type, bigEndian: Bool, from: Int) -> [U] {
            let width = U.bitWidth / 8
            return stride(from: from, to: b.count - width + 1, by: width).map { i in
                var v: U = 0
                for k in 0..<width { v |= U(b[i + (bigEndian ? k : width - 1 - k)]) << (8 * (width - 1 - k)) }
                return v
            }
        }
        let head = Array(b.prefix(4)) + [UInt8](repeating: 1, count: max(0, 4 - b.count))
        let text: String
        switch (head[0], head[1], head[2], head[3]) {
        case (0x00, 0x00, 0xFE, 0xFF): text = String(decoding: units(UInt32.self, bigEndian: true, from: 4), as: UTF32.self)
        case (0xFF, 0xFE, 0x00, 0x00): text = String(decoding: units(UInt32.self, bigEndian: false, from: 4), as: UTF32.self)
        case (0x00, 0x00, 0x00, _) where head[3] != 0: text = String(decoding: units(UInt32.self, bigEndian: true, from: 0), as: UTF32.self)
        case (_, 0x00, 0x00, 0x00) where head[0] != 0: text = String(decoding: units(UInt32.self, bigEndian: false, from: 0), as: UTF32.self)
        case (0xFE, 0xFF, _, _): text = String(decoding: units(UInt16.self, bigEndian: true, from: 2), as: UTF16.self)
        case (0xFF, 0xFE, _, _): text = String(decoding: units(UInt16.self, bigEndian: false, from: 2), as: UTF16.self)
        case (0x00, _, _, _) where head[1] != 0: text = String(decoding: units(UInt16.self, bigEndian: true, from: 0), as: UTF16.self)
        case (_, 0x00, _, _) where head[0] != 0 && b.count >= 2: text = String(decoding: units(UInt16.self, bigEndian: false, from: 0), as: UTF16.self)
        default: return nil
        }
        return Array(text.utf8)
    }
}
