// The SQLite C API, as Debian's libsqlite3-dev installs it.
#ifndef BINDERY_CSQLITE_SHIM_H
#define BINDERY_CSQLITE_SHIM_H
#include <sqlite3.h>
#endif
