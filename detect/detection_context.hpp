// Everything host detection reads from outside the file system, so that tests can replace it:
// the root, PATH, environment, uname, the C library, NVIDIA's libraries, the GPU tables, and on
// Windows the registry.
#pragma once

#include "detect/host_root.hpp"
#include "engine/base/host_system.hpp"
#include "engine/base/registry.hpp"
#include "engine/hardware/gpu_catalog.hpp"
#include "engine/pep/platform_tag.hpp"

#include <chrono>
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
    std::string path;                               // $PATH: nvidia-smi, python3, rocm tools
    std::map<std::string, std::string> environment; // VIRTUAL_ENV, CONDA_PREFIX, ROCM_PATH
    std::string uname_machine;                      // "x86_64", as uname -m prints it
    std::optional<OsVersion> glibc;                 // the glibc torchpin runs on; nullopt on musl
    std::vector<std::string> nvml_libraries{"libnvidia-ml.so.1"};
    std::vector<std::string> libcuda_libraries{"libcuda.so.1"};
    std::chrono::milliseconds timeout{2000}; // for each helper program (nvidia-smi, python)
    // The GPU tables, loaded on first use (only GPUs a driver did not describe need them);
    // returns nullptr when there are none.
    std::function<const GpuCatalog*()> gpu_catalog = [] { return nullptr; };

    // This machine: "/", the process's PATH and environment, its CPU and C library, as the
    // platform layer (engine/base/host_system.hpp) reports them.
    static DetectionContext this_machine();

    // An environment variable's value, empty when unset: context.variable("VIRTUAL_ENV"); on
    // Windows the name matches in any case.
    std::string variable(std::string_view name) const;
};

} // namespace torchpin
