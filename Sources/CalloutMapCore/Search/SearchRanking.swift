import Foundation

/// How one query's matches are gathered and ordered (see `SearchIndex`): each entry once, in
/// the best tier and the best of its texts it matched in, and per tier only the best few kept.
extension SearchIndex {
    /// What one query found so far: each entry once, in the best tier it matched in (and, within
    /// it, in its name if it matched there at all).
    struct Collector {
        /// Per entry: 0 not found; else 1 + 4 × tier + its match's quality (`Best.Item.quality`).
        var matched: [UInt8]
        var tiers: [Best]
        let nearLatitude: Double, nearLongitude: Double, k: Double

        init(limit: Int, count: Int, near: Coordinate?) {
            matched = [UInt8](repeating: 0, count: count)
            tiers = [Best(limit: limit), Best(limit: limit), Best(limit: limit)]
            nearLatitude = near?.latitude ?? .nan
            nearLongitude = near?.longitude ?? .nan
            k = near.map { cos($0.latitude * .pi / 180) } ?? 1
        }

        mutating func note(_ text: Int32, _ tier: Tier, atStart: Bool, _ index: SearchIndex) {
            let info = index.texts[Int(text)]
            note(text, info, index.entries[Int(info.entry)], tier, atStart: atStart)
        }

        /// `note` with the text's and its entry's records already read (`SearchIndex.noteAll`
        /// reads a batch of them first).
        mutating func note(_ text: Int32, _ info: TextInfo, _ entry: EntryInfo, _ tier: Tier, atStart: Bool) {
            let e = Int(info.entry)
            let quality = UInt8((atStart ? 2 : 0) + (info.isName ? 1 : 0))
            let state = 1 + 4 * UInt8(tier.rawValue) + quality
            // Found before in this tier by a lesser match (later in a text, outside its name): it
            // moves up. Else each entry once, in its first (best) tier.
            let before = matched[e]
            guard before == 0 || (before < state && (before - 1) / 4 == UInt8(tier.rawValue)) else { return }
            let upgrade = before != 0
            matched[e] = state
            // Full of better ones already: no need to measure the distance.
            guard upgrade || tiers[tier.rawValue].couldTake(quality: quality, weight: entry.weight) else {
                tiers[tier.rawValue].count()
                return
            }
            // Squared degrees, longitude shrunk by the cosine of the latitude asked from: enough to
            // say which of two places is nearer, with no trigonometry per place (NaN: no place).
            var dLon = abs(entry.longitude - nearLongitude)
            if dLon > 180 { dLon = 360 - dLon }
            let dLat = entry.latitude - nearLatitude
            let d2 = dLon * k * dLon * k + dLat * dLat
            tiers[tier.rawValue].offer(Best.Item(quality: quality, weight: entry.weight, d2: d2.isNaN ? .infinity : d2,
                                                 entry: Int32(e), text: text), replacing: upgrade)
        }
    }

    /// The best `limit` of a tier's matches — heaviest, then nearest, then first — kept as they
    /// come, so a query matching half a million texts sorts only its few dozen best.
    struct Best {
        struct Item {
            /// 2 when the query begins the text, plus 1 when the text is the entry's name.
            var quality: UInt8
            var weight: Int, d2: Double, entry: Int32, text: Int32
            func beats(_ o: Item) -> Bool {
                if quality != o.quality { return quality > o.quality }
                return weight != o.weight ? weight > o.weight : d2 != o.d2 ? d2 < o.d2 : entry < o.entry
            }
        }
        let limit: Int
        private(set) var items: [Item] = []
        private var worst = 0
        /// Matches offered in all.
        private(set) var seen = 0

        init(limit: Int) { self.limit = limit }

        /// Takes a match if it is among the best; `replacing`: the entry was offered before, in
        /// another of its texts, and this one is better.
        mutating func offer(_ item: Item, replacing: Bool = false) {
            if replacing, let i = items.firstIndex(where: { $0.entry == item.entry }) {
                items[i] = item
                if items.count == limit { findWorst() }
                return
            }
            if !replacing { seen += 1 }
            if items.count < limit {
                items.append(item)
                if items.count == limit { findWorst() }
            } else if item.beats(items[worst]) {
                items[worst] = item
                findWorst()
            }
        }

        /// Whether a match of this quality and weight might be among the best (the distance decides ties).
        func couldTake(quality: UInt8, weight: Int) -> Bool {
            guard items.count == limit else { return true }
            let w = items[worst]
            return quality != w.quality ? quality > w.quality : weight >= w.weight
        }

        /// Counts a match that was not among the best.
        mutating func count() { seen += 1 }

        private mutating func findWorst() {
            worst = 0
            for i in items.indices.dropFirst() where items[worst].beats(items[i]) { worst = i }
        }

        var sorted: [Item] { items.sorted { $0.beats($1) } }
    }
}
