import CalloutMapCore
import Foundation

/// Search: building the index of the world's places and of a million loaded places, and the
/// time each keystroke's answer takes over both together (as the search bar asks them).
@MainActor
enum SearchBenchmarks {
    /// Made-up place names from syllables ("Karolen Mesta", "Vintaro Park"), deterministic:
    /// words of real-looking length and spread, so prefixes find realistic numbers of them.
    static func names(_ count: Int, seed: UInt64 = 3) -> [SearchIndex.Entry] {
        let syllables = ["ka", "ro", "len", "vi", "ta", "mes", "par", "do", "ri", "san", "el", "mon", "tre", "lu", "ber", "na",
                         "ho", "ze", "fa", "gor", "ich", "un", "sta", "wil", "os", "ne", "qui", "pe", "ath", "bro"]
        let kinds = ["Park", "Street", "Café", "Market", "Hall", "Station", "Bridge", "Square", "Garden", "Tower"]
        var random = SeededRandom(seed: seed)
        func word() -> String {
            let n = 2 + Int(random.next() * 3)
            let w = (0..<n).map { _ in syllables[Int(random.next() * Double(syllables.count))] }.joined()
            return w.prefix(1).uppercased() + w.dropFirst()
        }
        return (0..<count).map { _ in
            let title = "\(word()) \(kinds[Int(random.next() * Double(kinds.count))])"
            let c = Coordinate(latitude: -60 + random.next() * 130, longitude: -180 + random.next() * 360)
            return SearchIndex.Entry(texts: [title, "\(word()) district", String(Int(random.next() * 500))], coordinate: c)
        }
    }

    static func run(data: URL) -> [String: Any] {
        let file = data.appendingPathComponent("places/world-places.cmpn")
        guard let world = try? WorldPlaces(contentsOf: file) else { return ["error": "\(file.path) could not be read"] }
        var t0 = DispatchTime.now().uptimeNanoseconds
        world.prepareSearch()
        let worldMs = Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e6
        let entries = names(1_000_000)
        let residentBefore = Benchmarks.residentKilobytes()
        t0 = DispatchTime.now().uptimeNanoseconds
        let loaded = SearchIndex(entries)
        let loadedMs = Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e6
        // What the index holds once built (the building's scratch is freed by then, mostly).
        let indexMB = Double(Benchmarks.residentKilobytes() - residentBefore) / 1024

        // Typed a letter at a time: each prefix is one keystroke, answered from both indexes.
        let queries = ["san francisco", "münchen", "zurihc", "new york", "springfield", "karolen park", "vintaro",
                       "37.8, -122.4", "paris", "tokyo", "rio de janeiro", "mesta", "xq"]
        let near = Coordinate(latitude: 48.85, longitude: 2.35)
        var times: [Double] = [], counts: [Int] = [], slowest: [(Double, String)] = []
        for query in queries {
            for end in 1...query.count {
                let typed = String(query.prefix(end))
                let t = DispatchTime.now().uptimeNanoseconds
                let found = loaded.matches(for: typed, limit: 50, near: near).count + world.search(typed, limit: 50, near: near).count
                times.append(Double(DispatchTime.now().uptimeNanoseconds - t) / 1e6)
                counts.append(found)
                slowest.append((times.last!, typed))
            }
        }
        return ["build_world_ms": worldMs, "world_places": world.places.count,
                "build_1m_loaded_ms": loadedMs, "loaded_places": entries.count, "index_1m_resident_growth_mb": indexMB.rounded(),
                "keystroke_ms": ["median": Benchmarks.median(times), "p95": Benchmarks.percentile(times, 0.95),
                                 "max": times.max() ?? 0, "keystrokes": times.count],
                "slowest_keystrokes": slowest.sorted { $0.0 > $1.0 }.prefix(5).map { "\($0.1): \(($0.0 * 100).rounded() / 100) ms" }]
    }
}
