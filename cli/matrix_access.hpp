// Which matrix a command uses: --db, $TORCHPIN_DB, the user database, or the embedded dataset.
#pragma once

#include "cli/global_options.hpp"
#include "engine/matrix/matrix_store.hpp"

#include <filesystem>
#include <optional>

namespace torchpin::cli {

// The database the contract's path rules name: --db, else $TORCHPIN_DB, else
// $XDG_DATA_HOME/torchpin/matrix.db, else ~/.local/share/torchpin/matrix.db.
std::filesystem::path user_database_path(const GlobalOptions& global);

// The matrix to read: the user database when it exists (or --db, which must exist), otherwise
// the dataset embedded in the binary.
MatrixStore open_matrix_for_reading(const GlobalOptions& global);

// The matrix to write: the user database, created on first use as a copy of the embedded
// dataset so imports build on it.
MatrixStore open_matrix_for_writing(const GlobalOptions& global);

// The revision a query answers as of: --revision N (checked to exist) or the newest one.
std::int64_t revision_to_read(MatrixStore& store, std::optional<std::int64_t> requested);

// The dataset compiled into this binary (empty in the stage-0 build that creates it).
std::span<const unsigned char> embedded_matrix();

} // namespace torchpin::cli
