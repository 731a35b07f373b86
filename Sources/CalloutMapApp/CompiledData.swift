import Foundation

/// Files compiled from the sources for the app to read at run time — the settings schema and
/// the translations: in the source tree's `build/` (scripts/build-data.sh) or, installed, in
/// `<prefix>/share` next to the data (`<prefix>/share/calloutmap/data`).
enum CompiledData {
    case schemas, locale

    /// The first of the build tree's and the install's folder that exists.
    func directory(dataDirectory: URL) -> URL? {
        let data = dataDirectory.standardizedFileURL
        let share = data.deletingLastPathComponent().deletingLastPathComponent()
        let candidates: [URL]
        switch self {
        case .schemas:
            candidates = [data.deletingLastPathComponent().appendingPathComponent("build/schemas"),
                          share.appendingPathComponent("glib-2.0/schemas")]
        case .locale:
            candidates = [data.deletingLastPathComponent().appendingPathComponent("build/locale"),
                          share.appendingPathComponent("locale")]
        }
        return candidates.first { FileManager.default.fileExists(atPath: $0.path) }
    }
}
