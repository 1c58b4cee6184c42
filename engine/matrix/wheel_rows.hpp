// Reading wheel_file rows as IndexFiles with the listing that shows them: one SELECT and one
// decoder for every reader of the table's current files.
#pragma once

#include "engine/matrix/index_file.hpp"
#include "engine/matrix/sqlite.hpp"

#include <cstdint>
#include <string>

namespace torchpin {

// "SELECT id, listing, <wheel_file's declared columns> FROM wheel_file": a condition follows.
std::string wheel_row_select();

// The row of a wheel_row_select() statement.
IndexFile wheel_row(const sqlite::Statement& row);

// The row's id (the matrix's order of files) in a wheel_row_select() statement.
std::int64_t wheel_row_id(const sqlite::Statement& row);

} // namespace torchpin
