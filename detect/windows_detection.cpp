// Windows detection in order: OS facts, display adapters, NVIDIA, AMD, Intel, the VC++ runtime.
#include "detect/windows_detection.hpp"

#include "detect/amd_detection.hpp"
#include "detect/intel_detection.hpp"
#include "detect/windows_display_adapters.hpp"
#include "detect/windows_nvidia_detection.hpp"
#include "detect/windows_vc_runtime.hpp"

namespace torchpin {

namespace {

void record_display_adapters(const DetectionContext& context,
                             const std::vector<PciDevice>& adapters, Machine& machine) {
    for (const auto& adapter : adapters) {
        WindowsDisplayAdapter recorded{adapter.name, adapter.id, std::nullopt};
        if (auto version = context.registry->text(adapter.source, "DriverVersion")) {
            recorded.driver_version = Fact<std::string>{*version, adapter.source};
        }
        machine.windows.display_adapters.push_back(std::move(recorded));
    }
    if (adapters.empty()) {
        machine.notes.push_back("no display adapter with a PCI id under " +
                                std::string(display_class_key));
    }
}

} // namespace

void detect_windows_os(const DetectionContext& context, Machine& machine) {
    machine.os = Fact<OperatingSystem>{OperatingSystem::Windows, "host"};
    if (auto arch = parse_cpu_arch(context.uname_machine)) {
        machine.arch = Fact<CpuArch>{*arch, "IsWow64Process2"};
    } else {
        machine.notes.push_back("IsWow64Process2: unknown CPU architecture '" +
                                context.uname_machine + "'");
    }
    if (context.windows_build) {
        machine.os_version = Fact<std::string>{*context.windows_build, "RtlGetVersion"};
    } else {
        machine.notes.push_back("RtlGetVersion: the Windows build is unknown");
    }
}

void detect_windows_hardware(const DetectionContext& context, Machine& machine) {
    const auto adapters = read_windows_display_adapters(*context.registry);
    record_display_adapters(context, adapters, machine);
    detect_windows_nvidia(context, adapters, machine);
    add_amd_gpus_from_pci(context, adapters, machine);
    detect_intel(context, adapters, machine);
    detect_vc_runtime(context, machine);
}

} // namespace torchpin
