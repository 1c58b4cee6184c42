// Findings from the smoke test: each failed step, its message explained by the known issues.
#pragma once

#include "doctor/library_findings.hpp"
#include "doctor/smoke_test.hpp"

#include <vector>

namespace torchpin {

std::vector<DoctorFinding> smoke_findings(const SmokeResult& smoke, const FindingContext& context);

} // namespace torchpin
