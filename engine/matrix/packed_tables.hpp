// A matrix file's seldom-read tables kept as a database in one row, so that a reading process
// parses only the schema of the tables it reads.
#pragma once

#include "engine/matrix/sqlite.hpp"

#include <optional>
#include <string>
#include <string_view>

namespace torchpin {

// SQLite parses every table and index of a connection's schema before its first statement: for a
// database file, all 33 tables and 11 indexes, 1.36 M instructions, where the tables a command
// reads need a quarter of that (docs/performance.md). So a matrix database keeps the tables
// every reading command reads (revisions, sources, wheel files, the merged derived tables, the
// prepared forms) as tables, and the rest (the curated tables, which a command reads through the
// prepared forms; the per-listing derived tables; the HTTP cache) packed: a database of their
// own, with their whole schema, in the one row of the table `image_rest`. The embedded image
// keeps its second part the same way (read_only_image.hpp).
//
// A file is in one of two states, both complete: packed (the rest in `image_rest`) or unpacked
// (every table in the file, `image_rest` empty), which a writing store keeps while it is open, so
// that every write goes to the tables as before (MatrixStore::open). A reading connection attaches
// the packed part when a statement first names one of its tables (attach_packed_part).

// Whether `table` is one that every reading command reads, kept in the file when it is packed.
bool is_read_by_every_command(std::string_view table);

// The table that holds the packed part: one row, the bytes of a database file.
inline constexpr std::string_view packed_part_table = "image_rest";

// The bytes of the packed part of `schema` (a matrix database or image), if it has one.
std::optional<std::string> packed_part(sqlite::Database& db, std::string_view schema = "main");

// Whether `db`'s main database has a packed part.
bool has_packed_part(sqlite::Database& db);

// Attaches the packed part of `db`'s main database as `image_rest`, a copy of its bytes that the
// connection keeps; nothing where it has none. What a reading store does when a statement first
// names a table it lacks (sqlite::Database::attach_on_missing_table). Throws sqlite::Error
// (is_damaged) when the part is no database or has another schema version than the file.
void attach_packed_part(sqlite::Database& db);

// Moves every table of `db`'s main database that is not read by every command, with its rows and
// indexes, into a new packed part, in the caller's transaction; nothing where the file has a
// packed part already (another store that had it open packed it). Dropping a table drops the TEMP
// triggers of this connection on it.
void pack_seldom_read_tables(sqlite::Database& db);

// Moves the packed part's tables back into `db`'s main database, with their rows and indexes, and
// empties `image_rest`, in the caller's transaction. Whether there was a packed part.
bool unpack_seldom_read_tables(sqlite::Database& db);

} // namespace torchpin
