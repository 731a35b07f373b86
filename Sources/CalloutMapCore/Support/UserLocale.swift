import Foundation

/// The person's locale as POSIX programs read it — LC_ALL, then the category's variable, then
/// LANG — for what Foundation on Linux does not follow (its `Locale.current` ignores them):
/// how numbers are written and which units a scale bar uses.
public enum UserLocale {
    /// The locale set for a category ("LC_NUMERIC", "LC_MEASUREMENT"), e.g. "de_DE"; nil for
    /// C/POSIX, nothing set, or a value no locale name looks like. The encoding and modifier
    /// ("de_DE.UTF-8@euro") are dropped.
    public static func identifier(for category: String,
                                  environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        let value = [environment["LC_ALL"], environment[category], environment["LANG"]]
            .compactMap { $0 }.first { !$0.isEmpty } ?? ""
        let name = String(value.prefix { $0 != "." && $0 != "@" })
        // Only what a locale name can be ("de_DE", "sr_RS", "es_419"): ICU overruns a buffer on
        // a long name of other bytes (found by fuzzing), and such a name means nothing anyway.
        let wellFormed = (2...32).contains(name.utf8.count) && name.first?.isASCII == true && name.first?.isLetter == true
            && name.unicodeScalars.allSatisfy { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "_" || $0 == "-") }
        return !wellFormed || name == "POSIX" ? nil : name
    }

    /// The locale numbers are written in (LC_NUMERIC).
    public static func numbers(environment: [String: String] = ProcessInfo.processInfo.environment) -> Locale {
        Locale(identifier: identifier(for: "LC_NUMERIC", environment: environment) ?? "en_US_POSIX")
    }

    /// The units customary where the person is (LC_MEASUREMENT): miles and feet in the United
    /// States, Liberia and Myanmar, as glibc's and CLDR's locale data have it; metres elsewhere.
    public static func scaleUnits(environment: [String: String] = ProcessInfo.processInfo.environment) -> ScaleUnits {
        guard let id = identifier(for: "LC_MEASUREMENT", environment: environment),
              let region = id.split(separator: "_").dropFirst().first else { return .metric }
        return ["US", "LR", "MM"].contains(region) ? .imperial : .metric
    }
}

/// The units of a scale bar.
public enum ScaleUnits: String, Sendable, CaseIterable {
    /// Metres and kilometres.
    case metric
    /// Feet and miles.
    case imperial
}
