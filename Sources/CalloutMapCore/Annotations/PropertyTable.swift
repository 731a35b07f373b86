/// The properties of many places stored together: each distinct key once, each value's
/// UTF-8 back to back in one buffer, and per entry only its key's number and where its text
/// ends. `AnnotationProperties` made from a row read their keys and values from here, as
/// Strings made when asked.
///
/// A million features of three properties kept their entries as a list each: 96 bytes and
/// one allocation per place (96 MB, the largest part of the window's peak after the places
/// themselves). Here the same entries take about 34 bytes a place and no allocation of
/// their own.
///
/// Rows are only appended, by the one thread that reads the features; properties made from
/// the table are handed to other threads after its last row, so it is read, never written,
/// from then on.
package final class PropertyTable: @unchecked Sendable {
    /// Everything in one value: a class's stored properties are checked for exclusive access
    /// at run time, one check per property touched, which made a million rows 20% slower.
    private var columns = Columns()

    package init() {}

    /// Rows so far.
    package var rowCount: Int { columns.rowStarts.count - 1 }

    /// A place's own texts a row can hold besides its properties: as a String of each place
    /// they took a heap block each past 15 bytes (a subtitle also a block to hold it, 112 MB a
    /// million places), here only their bytes and eight more.
    package enum Text: Int32 {
        case title = -1
        case subtitle = -2
    }

    /// Adds a row of entries with distinct keys, in their order, after the place's own title and
    /// subtitle if given; returns the row's number, or nil when its text would not fit (2 GiB:
    /// numbers written out can be longer than in the file), and the caller keeps that row's
    /// entries itself.
    package func append(_ entries: some Collection<AnnotationProperties.Element>,
                        title: String? = nil, subtitle: String? = nil) -> Int? {
        columns.append(entries, title: title, subtitle: subtitle)
    }

    /// Where a row's properties are in the per-entry lists (its own texts, first, left out).
    func entries(of row: Int) -> Range<Int> { columns.entries(of: row) }

    /// A place's own text kept in its row, if it has one there.
    func text(_ which: Text, of row: Int) -> String? {
        var entry = Int(columns.rowStarts[row])
        while entry < Int(columns.rowStarts[row + 1]), columns.entryKeys[entry] < 0 {
            if columns.entryKeys[entry] == which.rawValue { return columns.value(of: entry) }
            entry += 1
        }
        return nil
    }

    func key(of entry: Int) -> String { columns.keys[Int(columns.entryKeys[entry])] }

    func value(of entry: Int) -> String { columns.value(of: entry) }

    /// The entry of a row with a key, if it has one.
    func entry(of row: Int, key: String) -> Int? { columns.entry(of: row, key: key) }

    /// Sheds the spare capacity the lists grew with (a third of them, on average), once the
    /// last row is in. (`Array(list)`, even of a whole slice, would keep the same storage.)
    package func finish() {
        columns.text = columns.text.withUnsafeBufferPointer(Array.init)
        columns.entryKeys = columns.entryKeys.withUnsafeBufferPointer(Array.init)
        columns.entryEnds = columns.entryEnds.withUnsafeBufferPointer(Array.init)
        columns.rowStarts = columns.rowStarts.withUnsafeBufferPointer(Array.init)
    }

    private struct Columns {
        /// Distinct keys, by number, and their numbers.
        var keys: [String] = []
        var keyNumbers: [String: Int32] = [:]
        /// The values' UTF-8, back to back.
        var text: [UInt8] = []
        /// Per entry: its key's number (a `Text`'s, below zero, for the place's own texts, which
        /// come first in a row) and the end of its value in `text` (it starts where the entry
        /// before it ends).
        var entryKeys: [Int32] = []
        var entryEnds: [Int32] = []
        /// Per row: its first entry (a row's entries end where the next row's begin).
        var rowStarts: [Int32] = [0]

        func entries(of row: Int) -> Range<Int> {
            var start = Int(rowStarts[row])
            let end = Int(rowStarts[row + 1])
            while start < end, entryKeys[start] < 0 { start += 1 }
            return start..<end
        }

        /// Compares the row's few keys with `key` rather than hashing it: a million places asked
        /// for one property (the app's clustering rule) took 0.5 s with a copy of the columns
        /// and a hash per place.
        func entry(of row: Int, key: String) -> Int? {
            entries(of: row).first { keys[Int(entryKeys[$0])] == key }
        }

        func value(of entry: Int) -> String {
            let start = entry == 0 ? 0 : Int(entryEnds[entry - 1])
            return text.withUnsafeBufferPointer { String(decoding: $0[start..<Int(entryEnds[entry])], as: UTF8.self) }
        }

        mutating func append(_ entries: some Collection<AnnotationProperties.Element>, title: String?, subtitle: String?) -> Int? {
            let bytes = entries.reduce(0) { $0 + $1.value.utf8.count } + (title?.utf8.count ?? 0) + (subtitle?.utf8.count ?? 0)
            guard bytes <= Int(Int32.max) - text.count, entryKeys.count + entries.count + 2 < Int(Int32.max) else { return nil }
            // Places of one file mostly have the same keys in the same order: the row before
            // gives each key's number without hashing it.
            let before = rowStarts.count > 1 ? self.entries(of: rowStarts.count - 2) : 0..<0
            // The place's own texts first (no list made for them: this runs per place).
            if let title { appendEntry(title, key: Text.title.rawValue) }
            if let subtitle { appendEntry(subtitle, key: Text.subtitle.rawValue) }
            for (offset, (key, value)) in entries.enumerated() {
                let number: Int32
                if offset < before.count, keys[Int(entryKeys[before.lowerBound + offset])] == key {
                    number = entryKeys[before.lowerBound + offset]
                } else if let known = keyNumbers[key] {
                    number = known
                } else {
                    number = Int32(keys.count)
                    keys.append(key)
                    keyNumbers[key] = number
                }
                appendEntry(value, key: number)
            }
            rowStarts.append(Int32(entryKeys.count))
            return rowStarts.count - 2
        }

        private mutating func appendEntry(_ value: String, key: Int32) {
            text.append(contentsOf: value.utf8)
            entryKeys.append(key)
            entryEnds.append(Int32(text.count))
        }
    }
}
