// Everything host detection reads from outside the file system, so that tests can replace it:
// the root, PATH, environment, uname, the C library, NVIDIA's libraries, the GPU tables, and on
// Windows the registry, the Windows build and file versions.
#pragma once

#include "detect/host_root.hpp"
#include "engine/base/host_system.hpp"
#include "engine/base/registry.hpp"
#include "engine/hardware/gpu_catalog.hpp"
#include "engine/pep/platform_tag.hpp"

#include <chrono>
#include <filesystem>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace torchpin {

struct DetectionContext {
    HostKind host = HostKind::Posix;               // which probes run: /proc and /sys, or Windows'
    const Registry* registry = &system_registry(); // Windows: the VC runtime, adapters, Python
    HostRoot root{"/"};
    std::string path; // $PATH: nvidia-smi, python3, rocm tools; on Windows ';'-separated
    // VIRTUAL_ENV, CONDA_PREFIX, ROCM_PATH; on Windows SystemRoot, ProgramFiles, LOCALAPPDATA
    std::map<std::string, std::string> environment;
    std::string uname_machine;      // "x86_64", as uname -m prints it (Windows: its native CPU)
    std::optional<OsVersion> glibc; // the glibc torchpin runs on; nullopt on musl and Windows
    std::optional<std::string> windows_build; // Windows: RtlGetVersion's "10.0.22631"
    // NVML, then the CUDA driver library; Windows: windows_nvml_libraries(environment) and
    // windows_cuda_driver_libraries(environment) (detect/windows_nvidia_detection.hpp).
    std::vector<std::string> nvml_libraries{"libnvidia-ml.so.1"};
    std::vector<std::string> libcuda_libraries{"libcuda.so.1"};
    // Windows: the version resource of a file ("14.44.35211.0" for System32's msvcp140.dll), as
    // GetFileVersionInfoW reads it; nullopt when the file or its version is missing.
    std::function<std::optional<std::string>(const std::filesystem::path&)> file_version =
        [](const std::filesystem::path&) { return std::optional<std::string>(); };
    std::chrono::milliseconds timeout{2000}; // for each helper program (nvidia-smi, python)
    // The GPU tables, loaded on first use (only GPUs a driver did not describe need them);
    // returns nullptr when there are none.
    std::function<const GpuCatalog*()> gpu_catalog = [] { return nullptr; };

    // This machine: "/", the process's PATH and environment, its CPU and C library, as the
    // platform layer (engine/base/host_system.hpp) reports them.
    static DetectionContext this_machine();

    // An environment variable's value, empty when unset: context.variable("VIRTUAL_ENV"). On
    // Windows names are case-insensitive: variable("SystemRoot") finds "SYSTEMROOT".
    std::string variable(std::string_view name) const;
};

} // namespace torchpin
