// The facts that speak for or against one known issue once its message matched: the generic
// ones every issue has (OS, torch range, backend, Visual C++ runtime), and those of issues whose
// cause a machine fact can confirm (the arch list, the driver, the torchvision pairing, the build).
#pragma once

#include "engine/diagnosis/error_explanation.hpp"

namespace torchpin {

// Adds to cause.evidence and cause.doubts what `facts` say about cause.issue.
void weigh_facts(ErrorCause& cause, std::string_view message, const ErrorFacts& facts);

// The names a known issue's `decided_by` may have: "gpu-arch", "driver", "torchvision-pairing",
// "cuda-build".
bool is_decisive_fact(std::string_view name) noexcept;

} // namespace torchpin
