// The packages built against torch (data/ecosystem.toml's companions) installed beside torch, each
// judged against the installed torch build by companion_fit and by what its local label says.
#pragma once

#include "doctor/installed_family.hpp"
#include "engine/check/lock_target_rules.hpp"

#include <vector>

namespace torchpin {

struct InstalledCompanions {
    std::vector<InstalledCompanion> companions; // one per installed companion, in the data's order
    std::vector<InstalledPackage> packages;     // those the family's list lacks, for the report
    std::vector<DoctorFinding> findings;
};

// `target`: the machine, or nullptr; it only tells which build PyPI's unlabelled torch is. Without
// torch in the family nothing is judged.
InstalledCompanions installed_companions(const SitePackages& site, const InstalledFamily& family,
                                         const CompatMatrix& matrix, const CheckTarget* target,
                                         const FindingContext& context);

} // namespace torchpin
