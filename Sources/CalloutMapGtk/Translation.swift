import CCalloutMapGtk

/// The gettext domain of CalloutMap's UI strings, the library's and the app's alike: an app
/// that binds it (`bindtextdomain("calloutmap", …)`) gets the library's words translated too.
package let textDomain = "calloutmap"

/// The translation of a UI string, marked for xgettext (po/POTFILES): a plain literal, no
/// interpolation — `%@`/`%d` with `String(format:)` instead.
/// (Untranslated, gettext returns the pointer it was given: it is read while still valid.)
package func tr(_ text: String) -> String {
    text.withCString { String(cString: g_dgettext(textDomain, $0)) }
}

/// The translation of a string with a count in it, singular or plural as the language has them.
package func trn(_ singular: String, _ plural: String, _ count: Int) -> String {
    singular.withCString { one in
        plural.withCString { many in String(cString: g_dngettext(textDomain, one, many, UInt(max(0, count)))) }
    }
}
