// NVML through dlopen: the handful of NVML calls torchpin needs, declared from NVML's public ABI.
#include "detect/nvml_probe.hpp"

#include "detect/nvidia_smi_output.hpp"
#include "engine/base/dynamic_library.hpp"

#include <cstring>

namespace torchpin {

namespace {

// NVML's C ABI as nvml.h documents it; only what torchpin calls.
using NvmlReturn = int;
using NvmlDevice = struct NvmlDeviceOpaque*;
constexpr NvmlReturn nvml_success = 0;
constexpr unsigned nvml_mig_enabled = 1;

struct NvmlPciInfo { // nvmlPciInfo_t (v3)
    char bus_id_legacy[16];
    unsigned domain;
    unsigned bus;
    unsigned device;
    unsigned pci_device_id; // device id in the high 16 bits, vendor id in the low 16
    unsigned pci_sub_system_id;
    char bus_id[32];
};

struct NvmlMemory { // nvmlMemory_t
    unsigned long long total;
    unsigned long long free;
    unsigned long long used;
};

struct Nvml {
    NvmlReturn (*init)();
    NvmlReturn (*shutdown)();
    const char* (*error_string)(NvmlReturn);
    NvmlReturn (*driver_version)(char*, unsigned);
    NvmlReturn (*cuda_driver_version)(int*);
    NvmlReturn (*device_count)(unsigned*);
    NvmlReturn (*device_by_index)(unsigned, NvmlDevice*);
    NvmlReturn (*device_name)(NvmlDevice, char*, unsigned);
    NvmlReturn (*compute_capability)(NvmlDevice, int*, int*);
    NvmlReturn (*pci_info)(NvmlDevice, NvmlPciInfo*);
    NvmlReturn (*memory_info)(NvmlDevice, NvmlMemory*);
    NvmlReturn (*mig_mode)(NvmlDevice, unsigned*, unsigned*);

    std::string describe(NvmlReturn code) const {
        const char* text = error_string != nullptr ? error_string(code) : nullptr;
        return text != nullptr ? text : "NVML error " + std::to_string(code);
    }
};

Nvml bind(const DynamicLibrary& library) {
    using R = NvmlReturn;
    Nvml nvml{};
    nvml.init = library.function<R()>("nvmlInit_v2");
    nvml.shutdown = library.function<R()>("nvmlShutdown");
    nvml.error_string = library.function<const char*(R)>("nvmlErrorString");
    nvml.driver_version = library.function<R(char*, unsigned)>("nvmlSystemGetDriverVersion");
    nvml.cuda_driver_version = library.function<R(int*)>("nvmlSystemGetCudaDriverVersion_v2");
    nvml.device_count = library.function<R(unsigned*)>("nvmlDeviceGetCount_v2");
    nvml.device_by_index =
        library.function<R(unsigned, NvmlDevice*)>("nvmlDeviceGetHandleByIndex_v2");
    nvml.device_name = library.function<R(NvmlDevice, char*, unsigned)>("nvmlDeviceGetName");
    nvml.compute_capability =
        library.function<R(NvmlDevice, int*, int*)>("nvmlDeviceGetCudaComputeCapability");
    nvml.pci_info = library.function<R(NvmlDevice, NvmlPciInfo*)>("nvmlDeviceGetPciInfo_v3");
    nvml.memory_info = library.function<R(NvmlDevice, NvmlMemory*)>("nvmlDeviceGetMemoryInfo");
    nvml.mig_mode = library.function<R(NvmlDevice, unsigned*, unsigned*)>("nvmlDeviceGetMigMode");
    return nvml;
}

// Fills what NVML tells about one device; calls that fail become notes.
NvidiaGpu read_device(const Nvml& nvml, unsigned index, NvidiaGpu gpu, NvmlDevice device,
                      std::vector<std::string>& notes) {
    const auto note = [&](const char* what, NvmlReturn code) {
        notes.push_back("nvml: GPU " + std::to_string(index) + ": " + what + ": " +
                        nvml.describe(code));
    };
    char name[96] = {};
    if (const NvmlReturn code = nvml.device_name(device, name, sizeof name); code == nvml_success) {
        gpu.name = name;
    } else {
        note("name", code);
    }
    int major = 0;
    int minor = 0;
    if (const NvmlReturn code = nvml.compute_capability(device, &major, &minor);
        code == nvml_success) {
        gpu.compute_capability = Fact<ComputeCapability>{
            ComputeCapability(static_cast<std::uint32_t>(major), static_cast<std::uint32_t>(minor)),
            "nvml"};
    } else {
        note("compute capability", code);
    }
    NvmlPciInfo pci{};
    if (const NvmlReturn code = nvml.pci_info(device, &pci); code == nvml_success) {
        gpu.pci_id = pci_id_from_combined(pci.pci_device_id);
        gpu.bus_id = std::string(pci.bus_id, strnlen(pci.bus_id, sizeof pci.bus_id));
    } else {
        note("PCI info", code);
    }
    NvmlMemory memory{};
    if (const NvmlReturn code = nvml.memory_info(device, &memory); code == nvml_success) {
        gpu.memory_mib = memory.total / (1024 * 1024);
    } else {
        note("memory", code);
    }
    unsigned current = 0;
    unsigned pending = 0;
    if (nvml.mig_mode(device, &current, &pending) == nvml_success) {
        gpu.mig = current == nvml_mig_enabled; // GPUs without MIG answer "not supported"
    }
    return gpu;
}

void read_system(const Nvml& nvml, NvmlReport& report) {
    char version[80] = {};
    if (const NvmlReturn code = nvml.driver_version(version, sizeof version);
        code != nvml_success) {
        report.notes.push_back("nvml: driver version: " + nvml.describe(code));
    } else if (auto driver = DriverVersion::parse(version)) {
        report.driver = *driver;
    } else {
        report.notes.push_back("nvml: unexpected driver version '" + std::string(version) + "'");
    }
    int cuda = 0;
    if (const NvmlReturn code = nvml.cuda_driver_version(&cuda); code == nvml_success) {
        report.cuda = cuda_version_from_integer(cuda);
    } else {
        report.notes.push_back("nvml: CUDA driver version: " + nvml.describe(code));
    }
    unsigned count = 0;
    if (const NvmlReturn code = nvml.device_count(&count); code != nvml_success) {
        report.notes.push_back("nvml: device count: " + nvml.describe(code));
        return;
    }
    for (unsigned index = 0; index < count; ++index) {
        NvmlDevice device = nullptr;
        if (const NvmlReturn code = nvml.device_by_index(index, &device); code != nvml_success) {
            report.notes.push_back("nvml: GPU " + std::to_string(index) + ": " +
                                   nvml.describe(code));
            continue;
        }
        NvidiaGpu gpu;
        gpu.source = "nvml";
        report.gpus.push_back(read_device(nvml, index, std::move(gpu), device, report.notes));
    }
}

} // namespace

std::optional<CudaVersion> cuda_version_from_integer(int version) {
    if (version <= 0) {
        return std::nullopt;
    }
    const auto value = static_cast<std::uint32_t>(version);
    return CudaVersion(value / 1000, (value % 1000) / 10);
}

NvmlReport probe_nvml(const std::vector<std::string>& libraries) {
    NvmlReport report;
    const DynamicLibrary library(libraries);
    if (!library.is_open()) {
        report.problem = library.problem();
        return report;
    }
    const Nvml nvml = bind(library);
    if (nvml.init == nullptr || nvml.shutdown == nullptr || nvml.driver_version == nullptr ||
        nvml.cuda_driver_version == nullptr || nvml.device_count == nullptr ||
        nvml.device_by_index == nullptr || nvml.device_name == nullptr ||
        nvml.compute_capability == nullptr || nvml.pci_info == nullptr ||
        nvml.memory_info == nullptr || nvml.mig_mode == nullptr) {
        report.problem =
            library.name() + " lacks an NVML function torchpin needs (driver too old?)";
        return report;
    }
    if (const NvmlReturn code = nvml.init(); code != nvml_success) {
        report.problem = "nvmlInit: " + nvml.describe(code);
        return report;
    }
    read_system(nvml, report);
    nvml.shutdown();
    return report;
}

} // namespace torchpin
