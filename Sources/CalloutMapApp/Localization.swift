import CCalloutMapAdw
import CCalloutMapGtk
import CalloutMapGtk
import CalloutMapCore
import Foundation

/// gettext for the app's own strings (domain "calloutmap"). Strings are marked `tr("…")` or
/// `trn("…", "…", n)`; po/POTFILES lists the files and xgettext reads them as C, so a marked
/// string is a plain literal — no interpolation: use `%@`/`%d` with `String(format:)`.
enum Localization {
    static let domain = textDomain
    /// Numbers are written as LC_NUMERIC says (Foundation on Linux does not follow it).
    static let numbers = UserLocale.numbers()
    /// What goes between groups of three digits where the person's numbers are written.
    static let groupingSeparator = numbers.groupingSeparator ?? ","

    /// A place's data as shown (`DataText`): keys as labels, counts grouped.
    static func readable(_ data: AnnotationProperties) -> AnnotationProperties {
        var shown = AnnotationProperties()
        for entry in data where shown[DataText.key(entry.key)] == nil {
            let (key, value) = DataText.entry(entry, groupingSeparator: groupingSeparator)
            shown[key] = value
        }
        return shown
    }

    /// Takes the locale from the environment and finds the translations (CompiledData).
    /// A locale that is set but not generated on this system (no `locale -a` entry) still gets
    /// its translations: the C library then stays in C.UTF-8 and is told the language instead.
    static func setUp(dataDirectory: URL) {
        gtk_disable_setlocale()  // done here, before GTK starts, with the fallback below
        if setlocale(LC_ALL, "") == nil {
            setlocale(LC_ALL, "C.UTF-8")
            if let language = UserLocale.identifier(for: "LC_MESSAGES") { setenv("LANGUAGE", language, 0) }
        }
        if let dir = CompiledData.locale.directory(dataDirectory: dataDirectory) {
            bindtextdomain(domain, dir.path)
        }
        bind_textdomain_codeset(domain, "UTF-8")
        textdomain(domain)
    }
}

/// A count as the person writes numbers ("12,345", "12.345").
func localized(_ count: Int) -> String {
    count.formatted(.number.locale(Localization.numbers))
}

/// A number with this many digits after the decimal sign ("37.7749", "37,7749").
func localized(_ value: Double, digits: Int) -> String {
    value.formatted(.number.locale(Localization.numbers).grouping(.never).precision(.fractionLength(digits)))
}
