// From a machine profile (detected, saved or built from options) to the machine the resolver
// reasons over, with every assumption that filled a gap said out loud.
#pragma once

#include "engine/hardware/machine.hpp"
#include "engine/solver/solver.hpp"

#include <string>
#include <vector>

namespace torchpin {

struct ResolverTarget {
    TargetMachine machine;
    std::vector<AnswerWarning> assumptions; // "the glibc version is unknown: assuming 2.28 ..."
};

// The resolver's view of `machine` with its first Python interpreter. Fails (with a message that
// names the option to pass) when the OS, the CPU or the Python is unknown. An unknown glibc or
// macOS version is assumed, and a GPU without a known compute capability is left out; each of
// those becomes an assumption.
Expected<ResolverTarget> resolver_target(const Machine& machine);

// The Visual C++ runtime torch will load on a machine with these Windows facts ("14.44"), or
// nullopt where the profile records none.
std::optional<VcRuntimeVersion> vc_runtime_of(const WindowsFacts& windows);

} // namespace torchpin
