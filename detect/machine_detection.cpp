// The detection steps in order, and interpreters deduplicated by the environment they run in.
#include "detect/machine_detection.hpp"

#include "detect/amd_detection.hpp"
#include "detect/intel_detection.hpp"
#include "detect/nvidia_detection.hpp"
#include "detect/os_detection.hpp"
#include "detect/pci_devices.hpp"
#include "detect/python_discovery.hpp"
#include "detect/windows_detection.hpp"

#include <set>

namespace torchpin {

void detect_pythons(const DetectionContext& context, const std::optional<std::string>& python_exe,
                    PythonProbeCache& cache, Machine& machine) {
    std::set<std::pair<std::string, std::string>> environments; // (executable, prefix)
    for (const auto& candidate : python_candidates(context, python_exe, machine.notes)) {
        auto description = cache.describe(candidate, context.timeout, machine.notes);
        if (description &&
            environments.emplace(description->executable, description->prefix).second) {
            machine.pythons.push_back(std::move(description->interpreter));
        }
    }
    cache.save();
    if (machine.pythons.empty()) {
        machine.notes.push_back("no Python interpreter could be described");
    }
}

Machine detect_machine(const DetectionContext& context,
                       const std::optional<std::string>& python_exe, PythonProbeCache& cache) {
    Machine machine;
    detect_os(context, machine);
    if (context.host == HostKind::Windows) {
        detect_windows_hardware(context, machine);
    } else {
        const auto pci = read_pci_display_devices(context.root);
        detect_nvidia(context, pci, machine);
        detect_amd(context, pci, machine);
        detect_intel(context, pci, machine);
    }
    detect_pythons(context, python_exe, cache, machine);
    return machine;
}

} // namespace torchpin
