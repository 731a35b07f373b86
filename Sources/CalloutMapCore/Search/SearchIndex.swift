import Foundation

/// Finds entries by the words of their texts as fast as a person types: an index built once
/// (off the main thread for big sets: about a second for a million places), then asked per
/// keystroke. A query matches in tiers, best first:
///
/// 1. `.words` — every word of the query begins a word of the text, case and accents folded
///    (`SearchText`): "san fr" finds "San Francisco", "munchen" finds "München"; one or two
///    letters begin a name (they begin a word of nearly everything);
/// 2. `.substring` — a one-word query of three letters or more appears inside the text
///    ("francisco" in "SanFrancisco Bay");
/// 3. `.typo` — as 1 with one letter wrong, missing, extra or two swapped in one word of four
///    letters or more, in a query of four words at most ("zurihc" finds "Zurich").
///
/// Within a tier a text the query begins comes before one it is further in, a match in an
/// entry's name before one in its other texts, then the heavier entry (a bigger population),
/// then the nearer to a point (the view's centre), then the earlier entry.
public final class SearchIndex: Sendable {
    /// What can be found: its texts (a title, then other names or values) and how it ranks.
    public struct Entry: Sendable {
        /// Texts to search, the most telling first.
        public var texts: [String]
        /// Ranks it among matches of one tier: more comes first (a place's population).
        public var weight: Int
        /// Where it is, for ranking by distance; nil: last among equals.
        public var coordinate: Coordinate?
        /// How many of the first texts are its name: a match there ranks before a match in its
        /// other texts (an alternate name, a value) in the same tier.
        public var nameTexts: Int

        /// An entry.
        public init(texts: [String], weight: Int = 0, coordinate: Coordinate? = nil, nameTexts: Int = 1) {
            self.texts = texts
            self.weight = weight
            self.coordinate = coordinate
            self.nameTexts = nameTexts
        }
    }

    /// How well a query matched (lower is better).
    public enum Tier: Int, Sendable, Comparable {
        /// Every query word begins a word of the text.
        case words
        /// The query is inside the text.
        case substring
        /// Every query word begins a word of the text, one letter apart in one of them.
        case typo

        /// Whether `a` is a better tier than `b`.
        public static func < (a: Tier, b: Tier) -> Bool { a.rawValue < b.rawValue }
    }

    /// One entry found.
    public struct Match: Sendable, Equatable {
        /// The entry's index in the array the index was built from.
        public var entry: Int
        /// How it matched.
        public var tier: Tier
        /// Which of its texts matched (0: the first).
        public var text: Int
        /// How closely within its tier: 2 when the query begins the text, plus 1 when the text
        /// is the entry's name (3: the name begins with the query).
        public var quality: Int
        /// Its weight, as given.
        public var weight: Int
        /// Its distance in degrees (roughly) from the point asked about; infinity without one.
        public var distance: Double
    }

    /// Words longer than this get no typo tier: no name has one, and a pasted run of letters
    /// would cost tens of thousands of variants a keystroke.
    static let typoWordLimit = 32
    /// Queries of more words than this get no typo tier: a place's name has a few, and every
    /// word of a pasted line would cost its thousands of variants.
    static let typoQueryWordLimit = 4

    /// Substring matches gathered at most (a query inside nearly every text finds plenty first).
    static let substringCap = 10_000

    /// Every text's folded words, separated by spaces, each text ended by a 0 byte.
    private let bytes: [UInt8]
    /// Per text: where it starts in `bytes`.
    let textStart: [Int32]
    /// Per text: whose it is, its place among the entry's texts, and whether it is one of its
    /// names — together, as a match reads them together (one memory read, not three).
    struct TextInfo { var entry: Int32; var ordinal: UInt16; var isName: Bool }
    let texts: [TextInfo]
    /// Every word: its start in `bytes` and its text (negative — the bits flipped — when it is
    /// its text's first word), sorted by the word: a prefix finds its range by bisection.
    struct Word {
        var start: Int32
        private var textAndFirst: Int32
        init(start: Int32, text: Int32, isFirst: Bool) {
            self.start = start
            textAndFirst = isFirst ? ~text : text
        }
        var text: Int32 { textAndFirst < 0 ? ~textAndFirst : textAndFirst }
        var isFirst: Bool { textAndFirst < 0 }
    }
    private let words: [Word]
    /// The first word of every name text, sorted likewise: a query of one or two letters looks
    /// only here (they begin a word of nearly everything; it is a name's beginning that is meant).
    private let nameStarts: [Word]
    /// Each distinct word once, in order, ended by a 0 byte: the substring tier scans these (a
    /// word recurs across texts — "park", "district" — so this is a fraction of `bytes`), then
    /// visits the texts of each word that holds the query.
    private let distinctBytes: [UInt8]
    /// Per distinct word: its start in `distinctBytes` and the start of its run in `words`; one
    /// more at the end (the ends).
    private let distinctStart: [Int32], distinctRun: [Int32]
    /// Per entry: its weight and place together (a match reads them together).
    struct EntryInfo { var weight: Int; var latitude: Double; var longitude: Double }
    let entries: [EntryInfo]
    /// How often each byte occurs among the distinct words: the substring scan looks for the query's rarest.
    private let byteCounts: [Int]

    /// The number of entries.
    public var count: Int { entries.count }

    /// Builds the index. Cancelled (from another thread), it stops soon and holds nothing.
    public init(_ entries: [Entry], cancellation: Cancellation? = nil) {
        var bytes: [UInt8] = [], textStart: [Int32] = [], texts: [TextInfo] = []
        var words: [Word] = [], nameStarts: [Word] = []
        for (i, entry) in entries.enumerated() {
            if i % 4096 == 0, cancellation?.isCancelled == true { break }
            for (t, text) in entry.texts.prefix(Int(UInt16.max)).enumerated() {
                let folded = SearchText.fold(text.prefix(1000))
                guard !folded.isEmpty, bytes.count + folded.count < Int(Int32.max) else { continue }
                let start = Int32(bytes.count)
                textStart.append(start)
                texts.append(TextInfo(entry: Int32(i), ordinal: UInt16(t), isName: t < entry.nameTexts))
                let text = Int32(textStart.count - 1)
                words.append(Word(start: start, text: text, isFirst: true))
                if t < entry.nameTexts { nameStarts.append(Word(start: start, text: text, isFirst: true)) }
                for (k, b) in folded.enumerated() where b == 0x20 {
                    words.append(Word(start: start + Int32(k) + 1, text: text, isFirst: false))
                }
                bytes += folded
                bytes.append(0)
            }
        }
        words = Self.sorted(words, bytes, cancellation: cancellation)
        nameStarts = Self.sorted(nameStarts, bytes, cancellation: cancellation)
        if cancellation?.isCancelled == true { (bytes, textStart, texts, words, nameStarts) = ([], [], [], [], []) }
        // The distinct words: runs of equal words in the sorted list.
        var distinctBytes: [UInt8] = [], distinctStart: [Int32] = [], distinctRun: [Int32] = []
        bytes.withUnsafeBufferPointer { buffer in
            let base = buffer.baseAddress
            var previous: Int32 = -1
            for (i, w) in words.enumerated() {
                if previous >= 0, Self.compareWords(base! + Int(previous), base! + Int(w.start)) == 0 { continue }
                previous = w.start
                distinctStart.append(Int32(distinctBytes.count))
                distinctRun.append(Int32(i))
                var at = Int(w.start)
                while buffer[at] != 0x20, buffer[at] != 0 { distinctBytes.append(buffer[at]); at += 1 }
                distinctBytes.append(0)
            }
        }
        distinctStart.append(Int32(distinctBytes.count))
        distinctRun.append(Int32(words.count))
        self.nameStarts = nameStarts
        self.bytes = bytes
        self.textStart = textStart
        self.texts = texts
        self.words = words
        self.distinctBytes = distinctBytes
        self.distinctStart = distinctStart
        self.distinctRun = distinctRun
        self.entries = entries.map {
            EntryInfo(weight: $0.weight, latitude: $0.coordinate?.latitude ?? .nan, longitude: $0.coordinate?.longitude ?? .nan)
        }
        var counts = [Int](repeating: 0, count: 256)
        for b in distinctBytes { counts[Int(b)] += 1 }
        byteCounts = counts
    }

    /// The best `limit` matches of a query, best first (see the type's tiers and order); `near`
    /// ranks equals by distance.
    public func matches(for query: String, limit: Int = 50, near: Coordinate? = nil) -> [Match] {
        let q = SearchText.fold(query.prefix(200))
        guard !q.isEmpty, limit > 0, !words.isEmpty else { return [] }
        let queryWords = q.split(separator: 0x20).map(Array.init)
        var collector = Collector(limit: limit, count: count, near: near)
        bytes.withUnsafeBufferPointer { buffer in
            let base = buffer.baseAddress!
            // 1. Every query word begins a word: the one beginning the fewest words narrows, the rest check.
            let oneLetter = q.count <= 2
            let list = oneLetter ? nameStarts : words
            let ranges = queryWords.map { wordRange(startingWith: $0, in: list, base) }
            let range = ranges.min { $0.count < $1.count }!
            if queryWords.count == 1 {
                noteAll(list[range], .words, in: &collector)
            } else {
                for i in range {
                    let word = list[i]
                    guard everyWord(queryWords, beginsAWordOf: word.text, base) else { continue }
                    let atStart = queryWords[0].withUnsafeBufferPointer { Self.begins(base + Int(textStart[Int(word.text)]), with: $0) }
                    collector.note(word.text, .words, atStart: atStart, self)
                }
            }
            // 2. The query inside a text: one word of three letters or more (fewer are inside
            // nearly everything; several words already match in any order above). Looked for
            // among the distinct words, then in the texts of each word holding it.
            if collector.tiers[0].seen < limit, q.count >= 3, queryWords.count == 1 {
                // The query's rarest byte is looked for, then the query around it.
                let pivot = q.indices.min { byteCounts[Int(q[$0])] < byteCounts[Int(q[$1])] }!
                distinctBytes.withUnsafeBufferPointer { pool in
                    q.withUnsafeBufferPointer { needle in
                        var offset = pivot
                        while offset < pool.count, collector.tiers[1].seen < Self.substringCap,
                              let at = Self.find(needle, pivot: pivot, in: pool, from: offset) {
                            let d = distinctIndex(at: at)
                            let atWordStart = at == Int(distinctStart[d])
                            for i in Int(distinctRun[d])..<Int(distinctRun[d + 1]) {
                                let word = words[i]
                                collector.note(word.text, .substring, atStart: atWordStart && word.isFirst, self)
                            }
                            offset = Int(distinctStart[d + 1]) + pivot  // on to the next word
                        }
                    }
                }
            }
            // 3. One letter wrong in one word (of four letters or more).
            if collector.tiers[0].seen + collector.tiers[1].seen < limit, queryWords.count <= Self.typoQueryWordLimit {
                for (w, word) in queryWords.enumerated() where word.count >= 4 && word.count <= Self.typoWordLimit {
                    // Not the word less its last letter: that is only a shorter prefix, still being typed.
                    for variant in Self.oneEditAway(word) where variant.count >= 4 && variant != Array(word.dropLast()) {
                        let found = wordRange(startingWith: variant, in: words, base)
                        if queryWords.count == 1 {
                            noteAll(words[found], .typo, atStart: false, in: &collector)
                            continue
                        }
                        // The other words are checked in the texts of whichever begins the fewest words.
                        var others = queryWords
                        others[w] = variant
                        let narrowest = others.indices.map { $0 == w ? found : ranges[$0] }.min { $0.count < $1.count }!
                        for i in narrowest where everyWord(others, beginsAWordOf: words[i].text, base) {
                            collector.note(words[i].text, .typo, atStart: false, self)
                        }
                    }
                }
            }
        }
        let tiers = collector.tiers
        // Each tier in order, until the limit.
        var result: [Match] = []
        for tier in [Tier.words, .substring, .typo] where result.count < limit {
            result += tiers[tier.rawValue].sorted.prefix(limit - result.count).map {
                Match(entry: Int($0.entry), tier: tier, text: Int(texts[Int($0.text)].ordinal), quality: Int($0.quality),
                      weight: $0.weight, distance: $0.d2.squareRoot())
            }
        }
        return result
    }

    /// Notes every word's text, the query beginning the text where the word is its first (unless
    /// `atStart` is false: a typo's match never counts as beginning the text). The
    /// texts' and entries' records are read a batch at a time before any is noted: loads that do
    /// not wait on each other overlap, where one match at a time would wait for each miss in turn
    /// (a one-letter query over a million places visits tens of thousands).
    private func noteAll(_ found: ArraySlice<Word>, _ tier: Tier, atStart: Bool = true, in collector: inout Collector) {
        let batch = 64
        var infos = [TextInfo](repeating: TextInfo(entry: 0, ordinal: 0, isName: false), count: batch)
        var records = [EntryInfo](repeating: EntryInfo(weight: 0, latitude: 0, longitude: 0), count: batch)
        texts.withUnsafeBufferPointer { texts in
            entries.withUnsafeBufferPointer { entries in
                var start = found.startIndex
                while start < found.endIndex {
                    let end = min(start + batch, found.endIndex)
                    for i in start..<end { infos[i - start] = texts[Int(found[i].text)] }
                    for i in start..<end { records[i - start] = entries[Int(infos[i - start].entry)] }
                    for i in start..<end {
                        let word = found[i]
                        collector.note(word.text, infos[i - start], records[i - start], tier, atStart: atStart && word.isFirst)
                    }
                    start = end
                }
            }
        }
    }

    // MARK: Words

    /// The range of `words` (sorted) that start with `prefix`.
    private func wordRange(startingWith prefix: [UInt8], in words: [Word], _ base: UnsafePointer<UInt8>) -> Range<Int> {
        prefix.withUnsafeBufferPointer { p in
            var lo = 0, hi = words.count
            while lo < hi {  // the first word not below the prefix
                let mid = (lo + hi) / 2
                if Self.compare(base + Int(words[mid].start), p) < 0 { lo = mid + 1 } else { hi = mid }
            }
            var end = lo, high = words.count
            while end < high {  // the first word past those it begins
                let mid = (end + high) / 2
                if Self.begins(base + Int(words[mid].start), with: p) { end = mid + 1 } else { high = mid }
            }
            return lo..<end
        }
    }

    private func everyWord(_ queryWords: [[UInt8]], beginsAWordOf text: Int32, _ base: UnsafePointer<UInt8>) -> Bool {
        let start = Int(textStart[Int(text)]), end = textEnd(text, base)
        return queryWords.allSatisfy { word in
            word.withUnsafeBufferPointer { w in
                var at = start
                while at < end {
                    if Self.begins(base + at, with: w) { return true }
                    while at < end, base[at] != 0x20 { at += 1 }
                    at += 1
                }
                return false
            }
        }
    }

    /// The distinct word holding a byte offset of `distinctBytes`.
    private func distinctIndex(at offset: Int) -> Int {
        var lo = 0, hi = distinctStart.count - 1
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if Int(distinctStart[mid]) <= offset { lo = mid } else { hi = mid }
        }
        return lo
    }

    /// Where a text's 0 byte is.
    private func textEnd(_ text: Int32, _ base: UnsafePointer<UInt8>) -> Int {
        if Int(text) + 1 < textStart.count { return Int(textStart[Int(text) + 1]) - 1 }
        return bytes.count - 1
    }

    /// The words in byte order: put in buckets by their first two bytes (a counting sort), each
    /// bucket then sorted alone — faster than one sort of millions, and cancellable between buckets.
    private static func sorted(_ words: [Word], _ bytes: [UInt8], cancellation: Cancellation?) -> [Word] {
        guard !words.isEmpty else { return [] }
        return bytes.withUnsafeBufferPointer { buffer in
            let base = buffer.baseAddress!
            func key(_ w: Word) -> Int {
                let a = base[Int(w.start)], first = a == 0x20 ? 0 : Int(a)
                guard first != 0 else { return 0 }
                let b = base[Int(w.start) + 1]
                return first << 8 | (b == 0x20 ? 0 : Int(b))
            }
            var starts = [Int](repeating: 0, count: 65_537)
            for w in words { starts[key(w) + 1] += 1 }
            for k in 1..<starts.count { starts[k] += starts[k - 1] }
            var next = starts
            var out = [Word](repeating: Word(start: 0, text: 0, isFirst: false), count: words.count)
            for w in words {
                let k = key(w)
                out[next[k]] = w
                next[k] += 1
            }
            for k in 0..<65_536 where starts[k + 1] - starts[k] > 1 {
                if k % 256 == 0, cancellation?.isCancelled == true { return [] }
                out[starts[k]..<starts[k + 1]].sort { compareWords(base + Int($0.start), base + Int($1.start)) < 0 }
            }
            return out
        }
    }

    /// Words end at a space or a 0 byte; compared as bytes.
    private static func compareWords(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>) -> Int {
        var i = 0
        while true {
            let x = a[i] == 0x20 ? 0 : a[i], y = b[i] == 0x20 ? 0 : b[i]
            if x != y { return Int(x) - Int(y) }
            if x == 0 { return 0 }
            i += 1
        }
    }

    /// A word against a query word: negative when the word sorts before it (and does not begin with it).
    private static func compare(_ word: UnsafePointer<UInt8>, _ p: UnsafeBufferPointer<UInt8>) -> Int {
        for i in 0..<p.count {
            let x = word[i] == 0x20 ? 0 : word[i]
            if x != p[i] { return Int(x) - Int(p[i]) }
        }
        return 0
    }

    private static func begins(_ word: UnsafePointer<UInt8>, with p: UnsafeBufferPointer<UInt8>) -> Bool {
        for i in 0..<p.count where word[i] != p[i] || word[i] == 0 { return false }
        return true
    }

    /// Where `needle` next occurs in `haystack`, its byte `pivot` at or after `from`: memchr
    /// finds each candidate for the pivot (the query's rarest byte), memcmp checks the whole.
    /// (glibc's memmem is not visible to Swift.)
    private static func find(_ needle: UnsafeBufferPointer<UInt8>, pivot: Int, in haystack: UnsafeBufferPointer<UInt8>,
                             from: Int) -> Int? {
        let base = haystack.baseAddress!, n = needle.count
        var at = from
        while at < haystack.count, haystack.count - (at - pivot) >= n {
            guard let hit = memchr(base + at, Int32(needle[pivot]), haystack.count - at) else { return nil }
            at = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
            let start = at - pivot
            if start >= 0, haystack.count - start >= n, memcmp(base + start, needle.baseAddress!, n) == 0 { return start }
            at += 1
        }
        return nil
    }
}
