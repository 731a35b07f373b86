/// Cairo surfaces by key within a byte budget: the least recently used go first, the oldest
/// quarter at once so eviction stays rare. The basemap's tile cache and each tile layer keep
/// their images in one. A key may hold no surface (a tile layer's "nothing there").
struct SurfaceLRU<Key: Hashable> {
    private final class Entry {
        let surface: Surface?
        var lastUse: UInt64
        init(surface: Surface?, lastUse: UInt64) {
            self.surface = surface
            self.lastUse = lastUse
        }
    }

    let byteBudget: Int
    private var entries: [Key: Entry] = [:]
    private var clock: UInt64 = 0
    private(set) var byteCount = 0

    init(byteBudget: Int) { self.byteBudget = byteBudget }

    var count: Int { entries.count }

    /// Whether `count` images `side` device pixels square (ARGB, 4 bytes a pixel) fit in the
    /// budget together: what may be made ahead without pushing out what is shown.
    func fits(_ count: Int, side: Int) -> Bool { count * side * side * 4 <= byteBudget }

    /// Whether `key` is held, and what it holds; marks it used.
    mutating func lookup(_ key: Key) -> Surface?? {
        guard let entry = entries[key] else { return nil }
        clock += 1
        entry.lastUse = clock
        return .some(entry.surface)
    }

    mutating func insert(_ surface: Surface?, for key: Key) {
        clock += 1
        byteCount -= entries[key]?.surface?.byteCount ?? 0
        entries[key] = Entry(surface: surface, lastUse: clock)
        byteCount += surface?.byteCount ?? 0
        guard byteCount > byteBudget else { return }
        let victims = entries.filter { $0.key != key }.sorted { $0.value.lastUse < $1.value.lastUse }
        for (k, e) in victims.prefix(max(1, victims.count / 4)) {
            entries[k] = nil
            byteCount -= e.surface?.byteCount ?? 0
        }
    }

    mutating func removeAll() {
        entries.removeAll()
        byteCount = 0
    }
}
