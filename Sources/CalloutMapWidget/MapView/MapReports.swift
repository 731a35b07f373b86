import CCalloutMapGtk

/// What the map has told its delegate (and screen readers) of its own life, so each is told
/// when it should be: the first frame once, a new size once per layout, "will change" once
/// before the region's "did change", and the summary of what is in view once things settle.
struct MapReports {
    /// The first frame has been drawn (and the delegate told, or about to be).
    var hasDrawnFirstFrame = false
    /// A new size is to be told once layout is over: more changes meanwhile are told as the last.
    var sizeChangeQueued = false
    /// A region change has begun and not yet settled (the delegate heard "will change").
    var regionIsChanging = false
    /// The pending update of the accessible summary of what is in view (a GLib source; 0: none).
    var summaryTimer: UInt32 = 0

    /// Drops the pending summary, if any (another replaces it, or the map is going).
    mutating func cancelSummary() {
        if summaryTimer != 0 { g_source_remove(summaryTimer) }
        summaryTimer = 0
    }
}
