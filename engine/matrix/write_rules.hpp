// What every row of a matrix database must satisfy (the CHECK and foreign-key constraints the
// schema declared until version 24), held where it costs no reader anything: temporary triggers
// that only a writing connection creates, and the queries `db verify` runs over stored rows.
#pragma once

#include "engine/matrix/sqlite.hpp"

#include <string>
#include <vector>

namespace torchpin {

// Creates the rules as TEMP triggers of `db` (a connection that writes). They are derived from the
// table declarations: each revisioned table's validity range and its references to source and
// revision, each flag column's 0 or 1, and those of the provenance tables and the HTTP cache. An
// insert or update that breaks one, or a delete or rekeying of a row another names, fails with
// SQLITE_CONSTRAINT and a message naming the table and the rule.
void create_write_triggers(sqlite::Database& db);

// Schema version 24: removes every CHECK and foreign-key constraint from the stored definitions of
// `db`'s tables, as SQLite documents for such constraints (an edit of sqlite_schema under
// writable_schema, then a new schema_version; https://sqlite.org/lang_altertable.html#otheralter).
// Throws std::logic_error, for the caller's transaction to roll back, if a table's columns
// (names, types, NOT NULL, defaults, keys) would change, or a constraint is left.
void remove_declared_constraints(sqlite::Database& db);

// What the stored rows break: "wheel_file: 2 rows: source names no source row", one line per
// rule broken; empty when every row keeps every rule.
std::vector<std::string> broken_write_rules(sqlite::Database& db);

} // namespace torchpin
