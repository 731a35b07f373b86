// libadwaita 1.2 (Debian 12's libadwaita-1-dev) and gettext, for the app only: the library needs GTK alone.
#include <adwaita.h>
#include <libintl.h>
#include <locale.h>

// GLib's type macros, which Swift cannot import.
static inline GApplication *cm_application(void *p) { return G_APPLICATION(p); }
static inline GtkApplication *cm_gtk_application(void *p) { return GTK_APPLICATION(p); }
static inline GtkActionable *cm_actionable(void *p) { return GTK_ACTIONABLE(p); }
