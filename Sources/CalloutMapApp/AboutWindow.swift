import CCalloutMapAdw
import CCalloutMapGtk
import CalloutMapGtk

/// The About window (AdwAboutWindow): name, version, what is new, credits and the map data's licences.
@MainActor
enum AboutWindow {
    static func present(over window: UnsafeMutablePointer<GtkWidget>) {
        let about = adw_about_window_new()!
        let a = OpaquePointer(about)
        gtk_window_set_transient_for(cm_window(about), cm_window(window))
        gtk_window_set_application(cm_window(about), gtk_window_get_application(cm_window(window)))  // Ctrl+Q works there
        gtk_window_set_modal(cm_window(about), 1)
        adw_about_window_set_application_name(a, "CalloutMap")
        adw_about_window_set_application_icon(a, CalloutMapApplication.id)
        adw_about_window_set_version(a, CalloutMapApplication.version)
        adw_about_window_set_developer_name(a, tr("The CalloutMap developers"))
        adw_about_window_set_comments(a, tr("A map with clickable pins, and four ways to show what a pin is about, side by side."))
        adw_about_window_set_website(a, "https://github.com/calloutmap/calloutmap")
        adw_about_window_set_issue_url(a, "https://github.com/calloutmap/calloutmap/issues")
        adw_about_window_set_license_type(a, GTK_LICENSE_MIT_X11)
        // Translators: your name and address, one translator a line; shown in About.
        adw_about_window_set_translator_credits(a, tr("translator-credits"))
        adw_about_window_add_legal_section(a, tr("Offline map"),
                                           markupEscaped("Natural Earth (public domain); GSHHG © Wessel & Smith"), GTK_LICENSE_LGPL_3_0, nil)
        adw_about_window_add_legal_section(a, tr("Online map"), markupEscaped("© OpenStreetMap contributors"), GTK_LICENSE_CUSTOM,
                                           tr("Map data is available under the Open Database License."))
        adw_about_window_set_release_notes_version(a, CalloutMapApplication.version)
        adw_about_window_set_release_notes(a, releaseNotes)
        gtk_window_present(cm_window(about))
    }

    /// The current release's notes (AppStream's description markup, as in the metainfo file).
    static var releaseNotes: String {
        "<p>" + markupEscaped(tr("A GNOME application as people expect one:")) + "</p><ul>"
            + [tr("libadwaita’s look, toasts for problems, and this window"),
               tr("a primary menu, keyboard shortcuts for every command, and a window that lists them"),
               tr("one instance: opening a file from the file manager shows its places in the open window"),
               tr("the window, the view, the approach and the map source are remembered"),
               tr("translations, starting with German, and distances in the units of your locale")]
                .map { "<li>\(markupEscaped($0))</li>" }.joined() + "</ul>"
    }
}
