// Releases of packages built against torch that the imported PyTorch index shows and no curated
// row names (xformers 0.0.36 published after data/ was curated), as companion_package facts.
#pragma once

#include "engine/matrix/compat_matrix.hpp"
#include "engine/matrix/sqlite.hpp"

#include <cstdint>
#include <vector>

namespace torchpin {

// Adds to `rows` (the companion_package rows) one learned fact per release (package and public
// version) of a package other than the torch family whose wheel metadata `update` read
// (wheel_metadata) with a torch requirement, and whose observed, unyanked files are in the PyTorch
// index's variant folders, unless a curated row names the release (curated rows win: xformers
// 0.0.34's metadata pins ==2.10.0 though later torch works). The fact's pairing and torch range are
// the metadata's
// ("exact" for ==X, "floor" for >=X, "range" otherwise), its backends the folders with its
// files, its platforms those of their tags, its Python left to the files themselves, its files
// on "pytorch-index", and `learned_from` names the wheel whose metadata was read. Call after the
// curated rows are read.
void add_companions_learned_from_index(sqlite::Database& db, std::int64_t revision,
                                       const WheelLists& wheel_lists,
                                       std::vector<CompanionPackageFact>& rows);

// Adds one learned fact per release of a package outside the torch family whose imported files
// carry a label that names the torch minor they were built for (PyG's "+pt212cu130" on a
// find-links page that `torchpin import URL` read, flash-attn's "+cu12torch2.8cxx11abiTRUE"
// release assets), unless a curated or learned row names the release: a minor series over the
// minors the labels name, its backends the labels' variants (or CUDA majors), its platforms those
// of the files' tags, its files on "find-links" (PyG) or "release-assets"; no URL scheme, since
// resolve places the listed file itself. Call after add_companions_learned_from_index.
void add_companions_learned_from_labels(sqlite::Database& db, std::int64_t revision,
                                        std::vector<CompanionPackageFact>& rows);

} // namespace torchpin
