// The installed torch family against the matrix and the machine, by `check`'s rules: companions
// built for another torch or backend, a CPU build on a GPU machine, a build the driver or the
// GPUs cannot run, a build no index publishes.
#pragma once

#include "doctor/installed_family.hpp"
#include "engine/check/lock_target_rules.hpp"

#include <vector>

namespace torchpin {

// `target`: the machine, or nullptr when it is unknown (then only the pairing rules run).
std::vector<DoctorFinding> pairing_findings(const InstalledFamily& family,
                                            const CompatMatrix& every_platform,
                                            const CheckTarget* target,
                                            const FindingContext& context);

} // namespace torchpin
