// NVIDIA's management library (NVML), loaded at run time: driver, CUDA version and every GPU.
#pragma once

#include "engine/hardware/cuda_version.hpp"
#include "engine/hardware/driver_version.hpp"
#include "engine/hardware/machine.hpp"

#include <optional>
#include <string>
#include <vector>

namespace torchpin {

// What NVML reported, or why it could not: {.problem = "libnvidia-ml.so.1: cannot open shared
// object file: No such file or directory"}. GPUs carry source "nvml".
struct NvmlReport {
    std::optional<DriverVersion> driver;
    std::optional<CudaVersion> cuda;
    std::vector<NvidiaGpu> gpus;
    std::string problem;            // empty when NVML answered
    std::vector<std::string> notes; // per-device calls that failed ("GPU 1: memory: Not Supported")
};

// dlopen()s the first of `libraries` that loads ("libnvidia-ml.so.1", then WSL's
// "/usr/lib/wsl/lib/libnvidia-ml.so.1"), asks it, and unloads it. torchpin does not link NVML:
// a machine without NVIDIA's driver just gets a report with a problem.
NvmlReport probe_nvml(const std::vector<std::string>& libraries);

// The CUDA driver API's version integer: 12040 -> 12.4, 11080 -> 11.8 (as cuDriverGetVersion
// and nvmlSystemGetCudaDriverVersion return it).
std::optional<CudaVersion> cuda_version_from_integer(int version);

} // namespace torchpin
