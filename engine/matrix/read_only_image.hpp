// The embedded matrix's form: a matrix database's tables and rows without what only writes need.
#pragma once

#include "engine/matrix/sqlite.hpp"

#include <filesystem>
#include <span>

namespace torchpin {

// Writes the matrix database file `full` as a new file `image`: every table with the same
// columns, types, primary key and rows, the same user_version, and the indexes reads use; but no
// NOT NULL, CHECK, UNIQUE or foreign-key constraint, and no partial index (those on current rows,
// WHERE valid_to IS NULL, which imports use). SQLite parses a database's whole schema before a
// process's first query: on the embedded matrix, what only writes use was a third of that
// (docs/performance.md). Writes `image` atomically. Throws sqlite::Error, or std::runtime_error
// when `full` is no matrix database or has an index on an expression, which this does not copy.
// The image keeps its seldom-read tables as a database file does, packed in its `image_rest`
// table (packed_tables.hpp), which MatrixStore::open_image attaches when a statement first names
// one of them.
void write_read_only_image(const std::filesystem::path& full, const std::filesystem::path& image);

// Copies every row of `image` (a read-only image, both its parts, or a whole database of the same
// schema version) into `into`, a matrix database with the whole schema and no rows, in one
// transaction:
// the user database made from the embedded matrix has every NOT NULL column, key and index, and
// where `into` holds the rows' rules (MatrixStore::open), each row is checked against them.
// Throws std::runtime_error when the schema versions differ, sqlite::Error when a row is refused.
void copy_image_rows(sqlite::Database& into, std::span<const unsigned char> image);

} // namespace torchpin
