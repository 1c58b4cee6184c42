// What the imported index states beyond the curated data: torch releases its listings show that
// no curated row names, and the companions' pairings with torch that their wheel metadata states.
#pragma once

#include "engine/matrix/compat_matrix.hpp"
#include "engine/matrix/sqlite.hpp"

#include <cstdint>

namespace torchpin {

// Adds to m.releases each final torch release (no pre-, post- or dev-release) that observed torch
// files of the PyTorch index show (index_build_union) and no curated row names, marked from_index,
// and to m.published every build those files show of a release m.releases then holds, for
// `machine`'s OS and CPU (nullptr: for every platform), marking a projected one seen: a file on
// the index is the strongest evidence of a build. m.releases stays newest first.
void add_releases_shown_by_files(sqlite::Database& db, std::int64_t revision,
                                 const TagEnvironment* machine, CompatMatrix& m);

// Adds the pairings torchvision's and torchaudio's wheel metadata state (wheel_metadata) where the
// curated data has none: an exact pin of a release in m.releases pairs that release (its
// torchvision or torchaudio, if unset, with the metadata's wheel recorded); a range becomes a
// companion range released with the oldest release it admits. Curated pairings and ranges win.
void add_pairings_from_metadata(sqlite::Database& db, std::int64_t revision, CompatMatrix& m);

// The release `set` pins exactly ("==2.15.0"); nullopt for a range or a wildcard.
std::optional<Version> exact_pin(const SpecifierSet& set);

// `set` with each clause's local label dropped (==2.15.0+cu130 -> ==2.15.0): a companion built
// for one variant of torch pairs with the release; the variant is the backend's to choose.
SpecifierSet without_local_labels(const SpecifierSet& set);

} // namespace torchpin
