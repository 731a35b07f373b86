/// Where each object of a list is in it, found by the object's identity: a hash table that
/// holds only the slot numbers (4 bytes a bucket) and reads each key back from the list.
///
/// A `[ObjectIdentifier: Int32]` for a million annotations took 24 MB (2 million buckets of
/// key and value) and a SipHash per insertion; this takes 8 MB and a multiply. Open
/// addressing with linear probing, at most half full; removal shifts the entries after a
/// gap back, so no tombstones pile up.
struct SlotTable {
    /// Per bucket: a slot of the list, or -1 when empty.
    private var buckets: [Int32] = []
    private var shift = 64  // hash bits kept: 64 - shift
    private(set) var count = 0

    /// The slot of `key`, if present. `key(at:)` reads the key of a slot back from the list.
    func slot(of key: ObjectIdentifier, key keyAt: (Int32) -> ObjectIdentifier) -> Int32? {
        place(of: key, key: keyAt).map { buckets[$0] }
    }

    /// Puts `slot` for `key` unless the key is already there; returns the slot it has then.
    mutating func insert(_ key: ObjectIdentifier, slot: Int32, key keyAt: (Int32) -> ObjectIdentifier) -> Int32? {
        if 2 * (count + 1) > buckets.count { grow(toHold: count + 1, key: keyAt) }
        var b = bucket(of: key)
        while true {
            let existing = buckets[b]
            if existing < 0 {
                buckets[b] = slot
                count += 1
                return nil
            }
            if keyAt(existing) == key { return existing }
            b = (b + 1) & (buckets.count - 1)
        }
    }

    /// Reads the bucket where each key's probe starts. Keys spread over megabytes of buckets miss
    /// the cache; an insert waits for its own miss before the next one starts, so a million
    /// inserts waited a million times in a row (over 90% of adding a million annotations). Read
    /// first, a batch's misses overlap, and its inserts then find their buckets in the cache.
    mutating func readAhead(_ keys: some Sequence<ObjectIdentifier>) {
        var seen: Int32 = 0
        for key in keys { seen |= buckets[bucket(of: key)] }
        bucketsSeen = seen
    }
    /// What `readAhead` read, kept only so that its reads are not optimised away.
    private var bucketsSeen: Int32 = 0

    /// Makes room for `capacity` keys in all, so that adding them rehashes nothing.
    mutating func reserve(_ capacity: Int, key keyAt: (Int32) -> ObjectIdentifier) {
        if 2 * capacity > buckets.count { grow(toHold: capacity, key: keyAt) }
    }

    /// Changes the slot recorded for `key` (present) to `slot`.
    mutating func move(_ key: ObjectIdentifier, to slot: Int32, key keyAt: (Int32) -> ObjectIdentifier) {
        guard let b = place(of: key, key: keyAt) else { return }
        buckets[b] = slot
    }

    /// Takes `key` out (if present); returns its slot. `keyAt` must still answer for every slot
    /// in the table, the removed one included.
    @discardableResult
    mutating func remove(_ key: ObjectIdentifier, key keyAt: (Int32) -> ObjectIdentifier) -> Int32? {
        guard var gap = place(of: key, key: keyAt) else { return nil }
        let removed = buckets[gap]
        let mask = buckets.count - 1
        // Entries after the gap whose probe started at or before it move back into it.
        var b = (gap + 1) & mask
        while buckets[b] >= 0 {
            let home = bucket(of: keyAt(buckets[b]))
            if (b - home) & mask >= (b - gap) & mask {
                buckets[gap] = buckets[b]
                gap = b
            }
            b = (b + 1) & mask
        }
        buckets[gap] = -1
        count -= 1
        return removed
    }

    mutating func removeAll() {
        buckets = []
        shift = 64
        count = 0
    }

    /// The bucket holding `key`, if present.
    private func place(of key: ObjectIdentifier, key keyAt: (Int32) -> ObjectIdentifier) -> Int? {
        guard count > 0 else { return nil }
        var b = bucket(of: key)
        while buckets[b] >= 0 {
            if keyAt(buckets[b]) == key { return b }
            b = (b + 1) & (buckets.count - 1)
        }
        return nil
    }

    /// Fibonacci hashing of the address (objects are 16-byte aligned: its low bits say nothing).
    private func bucket(of key: ObjectIdentifier) -> Int {
        let address = UInt64(UInt(bitPattern: key)) >> 4
        return Int(truncatingIfNeeded: (address &* 0x9E37_79B9_7F4A_7C15) >> UInt64(shift))
    }

    private mutating func grow(toHold capacity: Int, key keyAt: (Int32) -> ObjectIdentifier) {
        var bits = 3
        while (1 << bits) < 2 * capacity { bits += 1 }
        let old = buckets
        buckets = [Int32](repeating: -1, count: 1 << bits)
        shift = 64 - bits
        let mask = buckets.count - 1
        for slot in old where slot >= 0 {
            var b = bucket(of: keyAt(slot))
            while buckets[b] >= 0 { b = (b + 1) & mask }
            buckets[b] = slot
        }
    }
}
