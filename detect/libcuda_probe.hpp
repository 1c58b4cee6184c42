// The CUDA driver library, loaded at run time for the CUDA version its driver supports.
#pragma once

#include "engine/hardware/cuda_version.hpp"

#include <optional>
#include <string>
#include <vector>

namespace torchpin {

struct LibcudaReport {
    std::optional<CudaVersion> cuda;
    std::string problem; // why there is no version ("libcuda.so.1: cannot open shared object …")
};

// dlopen()s the first of `libraries` that loads ("libcuda.so.1", WSL's
// "/usr/lib/wsl/lib/libcuda.so.1") and calls cuDriverGetVersion: 12040 is CUDA 12.4.
LibcudaReport probe_libcuda(const std::vector<std::string>& libraries);

} // namespace torchpin
