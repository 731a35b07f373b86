// SQLite 3 from Debian's libsqlite3-dev, for reading MBTiles files.
#include <sqlite3.h>

// SQLITE_TRANSIENT is a macro (a cast of -1 to a destructor): not importable.
static inline sqlite3_destructor_type cm_sqlite_transient(void) { return SQLITE_TRANSIENT; }
