// NVIDIA on Windows: NVML and nvidia-smi.exe where the driver installs them, the adapters'
// registry keys for the driver, nvcuda.dll for the CUDA version.
#include "detect/windows_nvidia_detection.hpp"

#include "detect/nvidia_probes.hpp"
#include "detect/windows_driver_version.hpp"
#include "engine/base/program_search.hpp"
#include "engine/base/utf8_path.hpp"

namespace torchpin {

namespace {

std::optional<std::filesystem::path> system32(const DetectionContext& context) {
    const std::string root = context.variable("SystemRoot");
    return root.empty() ? std::nullopt : std::optional(path_from_utf8(root) / "System32");
}

std::optional<std::filesystem::path> nvsmi(const DetectionContext& context) {
    const std::string program_files = context.variable("ProgramFiles");
    if (program_files.empty()) {
        return std::nullopt;
    }
    return path_from_utf8(program_files) / "NVIDIA Corporation" / "NVSMI";
}

// Probe 3: the driver as the registry gives it, in nvidia-smi's form.
void probe_driver_in_registry(const DetectionContext& context,
                              const std::vector<PciDevice>& adapters, Machine& machine) {
    for (const auto& adapter : adapters) {
        if (machine.nvidia.driver || adapter.id.vendor != pci_vendor_nvidia) {
            continue;
        }
        const auto windows_version = context.registry->text(adapter.source, "DriverVersion");
        if (!windows_version) {
            machine.notes.push_back(adapter.source + ": no DriverVersion");
            continue;
        }
        if (auto version = nvidia_driver_from_windows_version(*windows_version)) {
            set_nvidia_driver(machine, *version,
                              adapter.source + " (DriverVersion " + *windows_version +
                                  " in nvidia-smi's form)");
        } else {
            machine.notes.push_back(adapter.source + ": DriverVersion '" + *windows_version +
                                    "': " + version.error().message);
        }
    }
}

} // namespace

std::vector<std::string> windows_nvml_libraries(const DetectionContext& context) {
    std::vector<std::string> libraries;
    if (const auto folder = system32(context)) {
        libraries.push_back(utf8_of(*folder / "nvml.dll"));
    } else {
        libraries.emplace_back("nvml.dll");
    }
    if (const auto folder = nvsmi(context)) {
        libraries.push_back(utf8_of(*folder / "nvml.dll"));
    }
    return libraries;
}

std::vector<std::string> windows_cuda_driver_libraries(const DetectionContext& context) {
    const auto folder = system32(context);
    return {folder ? utf8_of(*folder / "nvcuda.dll") : std::string("nvcuda.dll")};
}

std::optional<std::filesystem::path> find_windows_nvidia_smi(const DetectionContext& context) {
    std::vector<std::filesystem::path> folders;
    for (const auto& folder : {system32(context), nvsmi(context)}) {
        if (folder) {
            folders.push_back(*folder);
        }
    }
    for (auto& folder : path_directories(context.path, HostKind::Windows)) {
        folders.push_back(std::move(folder));
    }
    return find_file_in("nvidia-smi.exe", folders);
}

void detect_windows_nvidia(const DetectionContext& context, const std::vector<PciDevice>& adapters,
                           Machine& machine) {
    if (!probe_nvidia_with_nvml(context.nvml_libraries, machine)) {
        if (const auto program = find_windows_nvidia_smi(context)) {
            probe_nvidia_with_nvidia_smi(context, *program, machine);
        } else {
            machine.notes.push_back("nvidia-smi.exe: not in %SystemRoot%\\System32, "
                                    "%ProgramFiles%\\NVIDIA Corporation\\NVSMI or on PATH");
        }
    }
    probe_driver_in_registry(context, adapters, machine);
    probe_cuda_with_driver_library(context.libcuda_libraries, "nvcuda", machine);
    if (machine.nvidia.gpus.empty() && add_nvidia_gpus_from_pci(adapters, machine)) {
        machine.notes.push_back("NVIDIA display adapters are in the registry, but neither NVML "
                                "nor nvidia-smi described them");
    }
    complete_nvidia_gpus(context, adapters, machine);
    if (!machine.nvidia.driver) {
        machine.nvidia.driver = Fact<std::optional<DriverVersion>>{
            std::nullopt,
            "no probe found one (nvml, nvidia-smi.exe, the display adapters' registry keys)"};
    }
}

} // namespace torchpin
