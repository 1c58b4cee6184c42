// Detecting a whole machine profile: OS, GPUs and drivers, then Python interpreters.
#pragma once

#include "detect/detection_context.hpp"
#include "detect/python_probe_cache.hpp"
#include "engine/hardware/machine.hpp"

#include <optional>
#include <string>

namespace torchpin {

// The profile of the machine `context` describes (DetectionContext::this_machine() for this
// one): the OS part, the PCI display controllers, NVIDIA, AMD and Intel GPUs (on Windows
// detect_windows_hardware(): the registry's display adapters, the GPUs and the VC++ runtime),
// then each Python interpreter python_candidates() names (described through `cache`, each
// environment once). Never throws for what the machine lacks or hides: those become notes.
Machine detect_machine(const DetectionContext& context,
                       const std::optional<std::string>& python_exe, PythonProbeCache& cache);

// Only the interpreter step of detect_machine: appends to machine.pythons (or a note).
void detect_pythons(const DetectionContext& context, const std::optional<std::string>& python_exe,
                    PythonProbeCache& cache, Machine& machine);

} // namespace torchpin
