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

    /// The settings schema for a run from the source tree: compiled beside the data (into the
    /// `build/schemas` that scripts/build-data.sh fills) when it is missing or older than
    /// `data/…gschema.xml`, so a binary run straight from `swift build` remembers its settings.
    /// Nil when there is no schema source beside the data (an install) or it cannot be compiled.
    @MainActor static func compileSchemaIfNeeded(dataDirectory: URL) -> URL? {
        let data = dataDirectory.standardizedFileURL
        let source = data.appendingPathComponent("\(CalloutMapApplication.id).gschema.xml")
        let target = data.deletingLastPathComponent().appendingPathComponent("build/schemas")
        let compiled = target.appendingPathComponent("gschemas.compiled")
        let files = FileManager.default
        guard let sourceDate = (try? files.attributesOfItem(atPath: source.path))?[.modificationDate] as? Date else { return nil }
        if let date = (try? files.attributesOfItem(atPath: compiled.path))?[.modificationDate] as? Date, date >= sourceDate { return target }
        guard (try? files.createDirectory(at: target, withIntermediateDirectories: true)) != nil else { return nil }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["glib-compile-schemas", "--strict", "--targetdir=\(target.path)", data.path]
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        guard (try? p.run()) != nil else { return nil }
        p.waitUntilExit()
        return p.terminationStatus == 0 && files.fileExists(atPath: compiled.path) ? target : nil
    }
}
