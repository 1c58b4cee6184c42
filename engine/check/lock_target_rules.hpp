// The check rules that need a target machine: a wheel for its Python and platform, a build its
// driver and GPUs can run, known issues on its OS, and the file pip would install there.
#pragma once

#include "engine/check/check_finding.hpp"
#include "engine/check/torch_family_pins.hpp"
#include "engine/matrix/compat_matrix.hpp"
#include "engine/solver/solver.hpp"

#include <string>
#include <vector>

namespace torchpin {

// A machine to check a file for: "gpu-box.json", the resolver's view of it, and the matrix
// loaded for its OS and CPU.
struct CheckTarget {
    std::string name;
    TargetMachine machine;
    CompatMatrix matrix;
};

// Findings for the entries of `pins` whose markers hold on `target`. When several torch entries
// hold there (a uv.lock with a variant per extra), the target needs one of them to run: once one
// variant runs, the findings of those that do not (machine fit and known issues) are dropped.
std::vector<CheckFinding> check_target_rules(const std::vector<FamilyPin>& pins,
                                             const CheckTarget& target);

} // namespace torchpin
