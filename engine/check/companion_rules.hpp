// The check rules for packages built against torch (data/ecosystem.toml's companions: xformers,
// flash-attn, PyG, torchao, triton, ...): the torch and variant each pinned release or file is
// built for, its wheels for the platforms the file is for, metadata known to be wrong, retired
// packages. Whether a release fits a torch build is companion_fit's rule; a file's label
// (companion_label) names the torch minor and variant of that one file and wins over the range.
#pragma once

#include "engine/check/check_finding.hpp"
#include "engine/check/lock_target_rules.hpp"
#include "engine/check/torch_family_pins.hpp"
#include "engine/matrix/compat_matrix.hpp"

#include <span>
#include <vector>

namespace torchpin {

// Findings for the companion entries of `file` with an exact version the matrix has a row for,
// each judged beside the file's pinned torch (a file without one is not judged): against the
// platforms its marker installs it on, and against each target whose markers hold.
std::vector<CheckFinding> check_companion_rules(const LockedRequirements& file,
                                                const std::vector<FamilyPin>& pins,
                                                const CompatMatrix& matrix,
                                                std::span<const CheckTarget> targets);

} // namespace torchpin
