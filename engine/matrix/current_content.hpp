// What the newest revision of the matrix holds, summarised: listing digests and backend labels.
#pragma once

#include "engine/matrix/revisioned_table.hpp"
#include "engine/matrix/sqlite.hpp"

#include <map>
#include <string>
#include <vector>

namespace torchpin {

// The content digest of each current listing of `table`, by listing name:
// {{"https://download.pytorch.org/whl/torch_stable.html", "<sha256 of its rows>"}}.
std::map<std::string, std::string> current_listing_digests(sqlite::Database& db,
                                                           const TableSpec& table);

// The distinct backend labels of the current wheel_file rows, sorted: {"cpu", "cu101", …}.
std::vector<std::string> current_backend_labels(sqlite::Database& db);

} // namespace torchpin
