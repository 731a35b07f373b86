import Foundation

/// How much data a test about scale takes. Under a sanitizer (`scripts/test.sh --sanitize` sets
/// `CALLOUTMAP_SANITIZER`) every memory access is checked and a debug build runs 5–20 times
/// slower: there such a test takes a tenth of its data — the sanitizer watches the same code —
/// while the plain pass keeps the full size its figures are pinned at.
enum SanitizerScale {
    static let isOn = ProcessInfo.processInfo.environment["CALLOUTMAP_SANITIZER"] != nil

    /// `count`, or a tenth of it (never under `least`) under a sanitizer.
    static func of(_ count: Int, atLeast least: Int = 1) -> Int { isOn ? max(count / 10, least) : count }
}
