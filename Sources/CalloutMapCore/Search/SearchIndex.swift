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
///    letters or more ("zurihc" finds "Zurich").
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

    /// Substring matches gathered at most (a query inside nearly every text finds plenty first).
    static let substringCap = 10_000

    /// Every text's folded words, separated by spaces, each text ended by a 0 byte.
    private let bytes: [UInt8]
    /// Per text: where it starts in `bytes`, and whose it is.
    let textStart: [Int32], textEntry: [Int32], textOrdinal: [UInt16]
    /// Every word: its start in `bytes` and its text, sorted by the word — a prefix finds its
    /// range by bisection.
    private struct Word { var start: Int32; var text: Int32 }
    private let words: [Word]
    /// The first word of every name text, sorted likewise: a query of one or two letters looks
    /// only here (they begin a word of nearly everything; it is a name's beginning that is meant).
    private let nameStarts: [Word]
    let weights: [Int]
    let nameTexts: [UInt16]
    /// Each entry's latitude and longitude; NaN without a place.
    let latitudes: [Double], longitudes: [Double]
    /// How often each byte occurs: the substring scan looks for the query's rarest.
    private let byteCounts: [Int]

    /// The number of entries.
    public var count: Int { weights.count }

    /// Builds the index. Cancelled (from another thread), it stops soon and holds nothing.
    public init(_ entries: [Entry], cancellation: Cancellation? = nil) {
        var bytes: [UInt8] = [], textStart: [Int32] = [], textEntry: [Int32] = [], textOrdinal: [UInt16] = []
        var words: [Word] = [], nameStarts: [Word] = []
        for (i, entry) in entries.enumerated() {
            if i % 4096 == 0, cancellation?.isCancelled == true { break }
            for (t, text) in entry.texts.prefix(Int(UInt16.max)).enumerated() {
                let folded = SearchText.fold(text.prefix(1000))
                guard !folded.isEmpty, bytes.count + folded.count < Int(Int32.max) else { continue }
                let start = Int32(bytes.count)
                textStart.append(start)
                textEntry.append(Int32(i))
                textOrdinal.append(UInt16(t))
                let text = Int32(textStart.count - 1)
                words.append(Word(start: start, text: text))
                if t < entry.nameTexts { nameStarts.append(Word(start: start, text: text)) }
                for (k, b) in folded.enumerated() where b == 0x20 { words.append(Word(start: start + Int32(k) + 1, text: text)) }
                bytes += folded
                bytes.append(0)
            }
        }
        words = Self.sorted(words, bytes, cancellation: cancellation)
        nameStarts = Self.sorted(nameStarts, bytes, cancellation: cancellation)
        if cancellation?.isCancelled == true { (bytes, textStart, textEntry, textOrdinal, words, nameStarts) = ([], [], [], [], [], []) }
        self.nameStarts = nameStarts
        self.bytes = bytes
        self.textStart = textStart
        self.textEntry = textEntry
        self.textOrdinal = textOrdinal
        self.words = words
        weights = entries.map(\.weight)
        nameTexts = entries.map { UInt16(clamping: $0.nameTexts) }
        latitudes = entries.map { $0.coordinate?.latitude ?? .nan }
        longitudes = entries.map { $0.coordinate?.longitude ?? .nan }
        var counts = [Int](repeating: 0, count: 256)
        for b in bytes { counts[Int(b)] += 1 }
        byteCounts = counts
    }

    /// The best `limit` matches of a query, best first (see the type's tiers and order); `near`
    /// ranks equals by distance.
    public func matches(for query: String, limit: Int = 50, near: Coordinate? = nil) -> [Match] {
        let q = SearchText.fold(query.prefix(200))
        guard !q.isEmpty, limit > 0, !words.isEmpty else { return [] }
        let queryWords = q.split(separator: 0x20).map(Array.init)
        let k = near.map { cos($0.latitude * .pi / 180) } ?? 1
        var collector = Collector(limit: limit, count: count, near: near)
        bytes.withUnsafeBufferPointer { buffer in
            let base = buffer.baseAddress!
            // 1. Every query word begins a word: the longest query word narrows, the rest check.
            let key = queryWords.indices.max { queryWords[$0].count < queryWords[$1].count }!
            let oneLetter = q.count <= 2
            let range = wordRange(startingWith: queryWords[key], in: oneLetter ? nameStarts : words, base)
            for i in range {
                let text = oneLetter ? nameStarts[i].text : words[i].text
                if queryWords.count == 1 || everyWord(queryWords, beginsAWordOf: text, base) {
                    let atStart = queryWords[0].withUnsafeBufferPointer { Self.begins(base + Int(textStart[Int(text)]), with: $0) }
                    collector.note(text, .words, atStart: atStart, self)
                }
            }
            // 2. The query inside a text: one word of three letters or more (fewer are inside
            // nearly everything; several words already match in any order above).
            if collector.tiers[0].seen < limit, q.count >= 3, queryWords.count == 1 {
                // The query's rarest byte is looked for, then the query around it.
                let pivot = q.indices.min { byteCounts[Int(q[$0])] < byteCounts[Int(q[$1])] }!
                q.withUnsafeBufferPointer { needle in
                    var offset = pivot
                    while offset < buffer.count, collector.tiers[1].seen < Self.substringCap,
                          let at = Self.find(needle, pivot: pivot, in: buffer, from: offset) {
                        let text = textIndex(at: at)
                        collector.note(text, .substring, atStart: at == Int(textStart[Int(text)]), self)
                        offset = textEnd(text, base) + 1 + pivot  // on to the next text
                    }
                }
            }
            // 3. One letter wrong in one word (of four letters or more).
            if collector.tiers[0].seen + collector.tiers[1].seen < limit {
                for (w, word) in queryWords.enumerated() where word.count >= 4 && word.count <= Self.typoWordLimit {
                    // Not the word less its last letter: that is only a shorter prefix, still being typed.
                    for variant in Self.oneEditAway(word) where variant.count >= 4 && variant != Array(word.dropLast()) {
                        var others = queryWords
                        others[w] = variant
                        for i in wordRange(startingWith: variant, in: words, base) where everyWord(others, beginsAWordOf: words[i].text, base) {
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
                Match(entry: Int($0.entry), tier: tier, text: Int(textOrdinal[Int($0.text)]), quality: Int($0.quality),
                      weight: $0.weight, distance: $0.d2.squareRoot())
            }
        }
        return result
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

    /// The text holding a byte offset.
    private func textIndex(at offset: Int) -> Int32 {
        var lo = 0, hi = textStart.count
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if Int(textStart[mid]) <= offset { lo = mid } else { hi = mid }
        }
        return Int32(lo)
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
            var out = [Word](repeating: Word(start: 0, text: 0), count: words.count)
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
