// What every row of a matrix database must satisfy (the CHECK and foreign-key constraints the
// schema declared until version 24), held where it costs no reader anything: temporary triggers
// that only a writing connection creates, and the queries `db verify` runs over stored rows.
#pragma once

#include "engine/matrix/sqlite.hpp"

#include <string>
#include <vector>

namespace torchpin {

// A condition every row of `table` meets, as a CHECK constraint states one: `holds` is SQL whose
// columns are written "$.column" (a NULL result passes, as in a CHECK).
struct RowCheck {
    std::string table;
    std::string what; // what a breaking row does wrong, for messages: "valid_to is not after ..."
    std::string holds;
};

// A column of `table` that names a row of `parent` by `key`, as a foreign key does: a non-NULL
// value must be some row's key, and a row whose key is named cannot be deleted or rekeyed.
struct RowReference {
    std::string table;
    std::string column;
    std::string parent;
    std::string key;
};

struct WriteRules {
    std::vector<RowCheck> checks;
    std::vector<RowReference> references;
};

// Every rule, for the tables of the newest schema: the validity range and the references to
// source and revision of every revisioned table and listing, each flag column's 0 or 1, and those
// of the provenance tables and the HTTP cache.
const WriteRules& write_rules();

// Creates the rules as TEMP triggers of `db` (a connection that writes): an insert or update that
// breaks one, or a delete or rekeying of a row another names, fails with SQLITE_CONSTRAINT and a
// message naming the table and the rule.
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
