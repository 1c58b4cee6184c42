// Tables whose rows carry the revision range they are valid in, and the generic
// "replace one listing's rows" step every import uses, so no row is ever overwritten.
#pragma once

#include "engine/matrix/sqlite.hpp"
#include "engine/matrix/value_type.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace torchpin {

struct Column {
    std::string name;
    ValueType type = ValueType::Text;
    bool required = true; // false: may be NULL ("unknown", stated as such in the data)
    // The schema version that added it. A column added to an existing table is optional: a NULL
    // value is left out of the content digest and a value enters it as "name=value", so that
    // content imported before the column existed keeps its digest.
    int since = 1;
    std::string allowed = {}; // Enum and EnumList: the words allowed, space-separated
};

// A revisioned table: besides its columns every row has `listing` (the page or data file that
// states it), `source` (the exact bytes it was read from) and `valid_from`/`valid_to` (the
// revisions it is valid in: valid_from <= r < valid_to, valid_to NULL while current).
// Rows are identified within a listing by their key columns. Declared once, with typed columns,
// in engine/matrix/dataset_tables.cpp (table_declaration.hpp); this is the runtime view.
struct TableSpec {
    std::string name;
    std::vector<Column> key;
    std::vector<Column> values;
    int since = 1; // the schema version that created the table

    std::vector<Column> columns() const; // key, then values
    bool added_later(const Column& column) const noexcept { return column.since > since; }
};

// One row's key and value columns, in TableSpec::columns() order; nullopt is SQL NULL.
// Integer columns hold their decimal text.
using RowValues = std::vector<std::optional<std::string>>;

// What replacing a listing changed.
struct ListingChange {
    std::size_t added = 0;
    std::size_t removed = 0;
    std::size_t changed = 0;
    std::size_t unchanged = 0;
};

// The digest of a listing's content (rows of `spec`'s columns): rows sorted, so order on the
// page does not matter.
std::string content_digest(const std::vector<RowValues>& rows, const TableSpec& spec);

// Makes `rows` the current content of `listing` from `revision` on: closes rows that vanished
// or changed, inserts new and changed ones, leaves identical ones alone. Rows with the same key
// as an earlier row are ignored (the first one wins).
ListingChange replace_listing(sqlite::Database& db, const TableSpec& spec,
                              const std::string& listing, const std::vector<RowValues>& rows,
                              std::int64_t source, std::int64_t revision);

// replace_listing for many listings of one table, with its statements prepared once.
class ListingReplacer {
public:
    ListingReplacer(sqlite::Database& db, const TableSpec& spec);
    ListingChange replace(const std::string& listing, const std::vector<RowValues>& rows,
                          std::int64_t source, std::int64_t revision);

private:
    std::vector<Column> columns_;
    std::size_t key_count_;
    sqlite::Statement select_current_;
    sqlite::Statement insert_;
    sqlite::Statement close_;
};

// SQL condition selecting rows valid at revision ?N (N = the given parameter number).
std::string valid_at(int parameter);

} // namespace torchpin
