// The matrix database schema: forward-only migrations numbered by PRAGMA user_version, derived from
// the table declarations (engine/matrix/dataset_tables.hpp) plus the few tables they do not hold.
#pragma once

#include "engine/matrix/sqlite.hpp"

#include <string>

namespace torchpin {

// Applies every migration newer than the database's user_version, each in its own transaction.
// Throws if the database is newer than this build knows (a downgrade).
void migrate(sqlite::Database& db);

// The schema version this build writes.
int latest_schema_version() noexcept;

// The SQL that takes a database from `version - 1` to `version` (1 <= version <= latest).
std::string migration_sql(int version);

} // namespace torchpin
