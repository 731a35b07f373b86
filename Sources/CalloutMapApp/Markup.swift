import CCalloutMapGtk

/// Text made safe to put in Pango or GtkBuilder markup (toasts' titles, the About window's
/// release notes, the shortcuts window's XML): text from data or translations is never markup.
func markupEscaped(_ text: String) -> String {
    guard let escaped = g_markup_escape_text(text, -1) else { return "" }
    defer { g_free(escaped) }
    return String(cString: escaped)
}
