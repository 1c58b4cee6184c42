// `torchpin check` without its command line: every rule over one read file, for zero or more
// target machines, as a sorted list of findings.
#pragma once

#include "engine/check/check_finding.hpp"
#include "engine/check/lock_target_rules.hpp"

#include <span>
#include <vector>

namespace torchpin {

// The findings of every rule on `file`: the machine-independent ones against `matrix` (loaded
// with the wheels of every platform), the others once per target. Sorted by file, line and rule;
// a finding that several targets share in the same words is listed once.
std::vector<CheckFinding> check_locked_requirements(const LockedRequirements& file,
                                                    const CompatMatrix& matrix,
                                                    std::span<const CheckTarget> targets);

} // namespace torchpin
