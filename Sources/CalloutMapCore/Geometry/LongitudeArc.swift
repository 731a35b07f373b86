/// The narrowest arc of the circle of longitudes that holds every one of some longitudes: the
/// circle minus its widest empty gap. A box around a file's places spans this arc east–west
/// (across the antimeridian when that is narrower).
///
/// Sorting the longitudes finds the gap, but sorting a million took 100 ms on the main thread
/// when a file opened. The widest gap is found without sorting, in linear time (the classic
/// "maximum gap" by buckets): n longitudes spread over n equal buckets between the least and
/// the greatest leave a gap between two of them at least as wide as the average gap, wider than
/// a bucket; so the widest gap runs from one bucket's greatest to the next used bucket's least,
/// and only those need comparing. Gaps are compared in ascending order and the first widest
/// wins, as when walking the sorted longitudes.
struct LongitudeArc: Equatable {
    var west: Double
    var east: Double

    /// `longitudes` are finite, within ±180, and not empty.
    init(holding longitudes: [Double]) {
        let least = longitudes.min()!, greatest = longitudes.max()!
        let n = longitudes.count
        let width = (greatest - least) / Double(n)
        guard n > 2, width > 0 else {
            self = Self.sorted(longitudes)
            return
        }
        var lows = [Double](repeating: .infinity, count: n), highs = [Double](repeating: -.infinity, count: n)
        for x in longitudes {
            let b = min(Int((x - least) / width), n - 1)
            lows[b] = min(lows[b], x)
            highs[b] = max(highs[b], x)
        }
        // Across the antimeridian first, as the sorted walk starts with it.
        var gap = least + 360 - greatest, west = least, east = greatest, widestBetween = 0.0
        var previous = highs[0]  // bucket 0 holds the least
        for b in 1..<n where lows[b] <= highs[b] {
            let between = lows[b] - previous
            widestBetween = max(widestBetween, between)
            if between > gap {
                gap = between
                west = lows[b]
                east = previous
            }
            previous = highs[b]
        }
        // Two longitudes in one bucket lie less than a bucket apart; a gap between buckets only
        // just wider than one may have lost to rounding: sort then (never seen in practice).
        guard widestBetween > width * (1 + 1e-9) else {
            self = Self.sorted(longitudes)
            return
        }
        self.west = west
        self.east = east
    }

    private init(west: Double, east: Double) {
        self.west = west
        self.east = east
    }

    /// The same arc found by sorting: the reference for the above, and its way for few longitudes.
    static func sorted(_ longitudes: [Double]) -> LongitudeArc {
        let sorted = longitudes.sorted()
        var gap = sorted[0] + 360 - sorted[sorted.count - 1], west = sorted[0], east = sorted[sorted.count - 1]
        for (a, b) in zip(sorted, sorted.dropFirst()) where b - a > gap {
            gap = b - a
            west = b
            east = a
        }
        return LongitudeArc(west: west, east: east)
    }
}
