// The check rules that need no target machine: pairing, builds and indexes, unpinned entries,
// conda exports, file hashes, yanked files and versions newer than the matrix.
#pragma once

#include "engine/check/check_finding.hpp"
#include "engine/check/torch_family_pins.hpp"
#include "engine/matrix/compat_matrix.hpp"

#include <vector>

namespace torchpin {

// Findings for `file`, whose torch-family entries are `pins`, against `matrix` (loaded with the
// wheels of every platform): docs/checks.md describes each rule.
std::vector<CheckFinding> check_file_rules(const LockedRequirements& file,
                                           const std::vector<FamilyPin>& pins,
                                           const CompatMatrix& matrix);

} // namespace torchpin
