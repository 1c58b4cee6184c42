// A deliberately naive resolver for property tests: enumerates every (torch, torchvision,
// torchaudio, backend) combination, keeps those that satisfy every rule, and sorts them by the
// documented preferences. Slow and simple, so it can be trusted to check the real one.
#pragma once

#include "engine/solver/solver.hpp"

#include <optional>
#include <string>

namespace torchpin::test {

struct ReferenceAnswer {
    std::string torch;   // "2.7.0"
    std::string backend; // "cu128"
    std::string driver_fit;
};

std::optional<ReferenceAnswer> reference_resolve(const CompatMatrix& matrix,
                                                 const TargetMachine& machine,
                                                 const ResolveRequest& request);

} // namespace torchpin::test
