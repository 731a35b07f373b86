// libsoup 3 from Debian's libsoup-3.0-dev: HTTP for online map tiles.
#include <libsoup/soup.h>

// max-conns-per-host is construct-only and soup_session_new_with_options is variadic.
static inline SoupSession *cm_soup_session_new(int max_conns_per_host, const char *user_agent, guint timeout_seconds) {
    return soup_session_new_with_options("max-conns-per-host", max_conns_per_host,
                                         "user-agent", user_agent,
                                         "timeout", timeout_seconds, NULL);
}
