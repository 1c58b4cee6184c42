// NVIDIA probes on Linux in order: NVML, the kernel module's files, nvidia-smi, libcuda, sysfs.
#include "detect/nvidia_detection.hpp"

#include "detect/nvidia_driver_files.hpp"
#include "detect/nvidia_probes.hpp"
#include "engine/base/program_run.hpp"
#include "engine/base/utf8_path.hpp"

namespace torchpin {

namespace {

constexpr std::string_view wsl_library_directory = "/usr/lib/wsl/lib/";

bool on_wsl(const Machine& machine) {
    return machine.wsl && machine.wsl->value;
}

std::vector<std::string> with_wsl_copy(const DetectionContext& context, const Machine& machine,
                                       std::vector<std::string> libraries, std::string_view file) {
    if (on_wsl(machine)) {
        libraries.push_back(
            utf8_of(context.root.resolve(std::string(wsl_library_directory) + std::string(file))));
    }
    return libraries;
}

// Probes 2 and 3.
void probe_driver_file(const DetectionContext& context, Machine& machine, const char* file,
                       Expected<DriverVersion> (*parse)(std::string_view)) {
    if (machine.nvidia.driver) {
        return;
    }
    const FileText content = context.root.read(file);
    if (!content.text) {
        machine.notes.push_back(std::string(file) + ": " + content.problem);
        return;
    }
    if (auto version = parse(*content.text)) {
        set_nvidia_driver(machine, *version, file);
    } else {
        machine.notes.push_back(std::string(file) + ": unexpected content (" +
                                version.error().message + ")");
    }
}

std::optional<std::filesystem::path> find_nvidia_smi(const DetectionContext& context,
                                                     const Machine& machine) {
    if (auto found = find_on_path("nvidia-smi", context.path)) {
        return found;
    }
    const std::string wsl_copy = std::string(wsl_library_directory) + "nvidia-smi";
    if (on_wsl(machine) && context.root.exists(wsl_copy)) {
        return context.root.resolve(wsl_copy);
    }
    return std::nullopt;
}

} // namespace

void detect_nvidia(const DetectionContext& context, const std::vector<PciDevice>& pci,
                   Machine& machine) {
    const bool nvml_answered = probe_nvidia_with_nvml(
        with_wsl_copy(context, machine, context.nvml_libraries, "libnvidia-ml.so.1"), machine);
    probe_driver_file(context, machine, "/sys/module/nvidia/version",
                      parse_sys_module_nvidia_version);
    probe_driver_file(context, machine, "/proc/driver/nvidia/version",
                      parse_proc_driver_nvidia_version);
    if (!nvml_answered) {
        if (const auto program = find_nvidia_smi(context, machine)) {
            probe_nvidia_with_nvidia_smi(context, *program, machine);
        } else {
            machine.notes.push_back("nvidia-smi: not found on PATH");
        }
    }
    probe_cuda_with_driver_library(
        with_wsl_copy(context, machine, context.libcuda_libraries, "libcuda.so.1"), "libcuda",
        machine);
    if (machine.nvidia.gpus.empty() && add_nvidia_gpus_from_pci(pci, machine)) {
        machine.notes.push_back("NVIDIA GPUs are on the PCI bus, but no NVIDIA driver described "
                                "them");
    }
    complete_nvidia_gpus(context, pci, machine);
    if (!machine.nvidia.driver) {
        machine.nvidia.driver = Fact<std::optional<DriverVersion>>{
            std::nullopt, "no probe found one (nvml, /sys/module/nvidia/version, "
                          "/proc/driver/nvidia/version, nvidia-smi)"};
    }
}

} // namespace torchpin
