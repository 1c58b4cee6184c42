// The matrix database schema: forward-only migrations numbered by PRAGMA user_version, and the
// specs of the revisioned tables they create.
#pragma once

#include "engine/matrix/revisioned_table.hpp"
#include "engine/matrix/sqlite.hpp"

#include <vector>

namespace torchpin {

// Applies every migration newer than the database's user_version, each in its own transaction.
// Throws if the database is newer than this build knows (a downgrade).
void migrate(sqlite::Database& db);

// The schema version this build writes.
int latest_schema_version() noexcept;

// wheel_file: key (url); values: file_name, package, version, backend, the three tag sets,
// sha256, requires_python, yanked, yanked_reason, core_metadata, upload_time, provenance,
// seen_in (added later).
const TableSpec& wheel_file_table();

// Every revisioned table, for verify, diff and export.
const std::vector<const TableSpec*>& revisioned_tables();

} // namespace torchpin
