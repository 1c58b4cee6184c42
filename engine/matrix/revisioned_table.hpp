// Tables whose rows carry the revision range they are valid in, and the generic
// "replace one listing's rows" step every import uses, so no row is ever overwritten.
#pragma once

#include "engine/matrix/sqlite.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace torchpin {

// Lines: text holding a list whose items may contain spaces, one item per line (a TOML array
// of strings in the data files; other lists are space-separated Text).
enum class ColumnType { Text, Integer, Lines };

struct Column {
    std::string name;
    ColumnType type = ColumnType::Text;
    bool required = true; // false: may be NULL ("unknown", stated as such in the data)
    // Added to its table by a later migration (optional then): a NULL value is left out of the
    // content digest and a value enters it as "name=value", so that content imported before the
    // column existed keeps its digest.
    bool added_later = false;
};

// A revisioned table: besides its columns every row has `listing` (the page or data file that
// states it), `source` (the exact bytes it was read from) and `valid_from`/`valid_to` (the
// revisions it is valid in: valid_from <= r < valid_to, valid_to NULL while current).
// Rows are identified within a listing by their key columns.
struct TableSpec {
    std::string name;
    std::vector<Column> key;
    std::vector<Column> values;

    std::vector<Column> columns() const; // key, then values
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
