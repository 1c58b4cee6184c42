// TORCH_CUDA_ARCH_LIST entries ("8.6", "9.0+PTX") and the rules for which builds run on which GPU:
// cubins within a major, PTX for newer GPUs, and PTX that cannot reach a GPU newer than the build's
// CUDA.
#pragma once

#include "engine/base/expected.hpp"
#include "engine/hardware/compute_capability.hpp"
#include "engine/hardware/cuda_version.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace torchpin {

// One entry of TORCH_CUDA_ARCH_LIST: a cubin for `capability`, and with `ptx` also PTX for it.
struct ArchTarget {
    ComputeCapability capability;
    bool ptx = false;

    static Expected<ArchTarget> parse(std::string_view text); // "9.0+PTX", "8.6"
    std::string to_string() const;                            // "9.0+PTX"
    friend bool operator==(const ArchTarget&, const ArchTarget&) = default;
};

// A space- or semicolon-separated TORCH_CUDA_ARCH_LIST: "5.0 6.0 7.0 7.5 8.0 8.6 9.0+PTX".
Expected<std::vector<ArchTarget>> parse_arch_list(std::string_view text);

// How a build can run on a GPU, best first.
enum class GpuFit : std::uint8_t {
    Cubin,      // a cubin for the same major and a minor at most the GPU's (sm_80 runs on 8.6)
    Ptx,        // only through PTX for an older capability, JIT-compiled at first use
    NotBuilt,   // nothing in the list runs on it
    CudaTooOld, // PTX would cover it, but the build's CUDA predates the GPU: its bundled
                // cuBLAS/cuDNN carry no kernels for it (sm_120 needs CUDA 12.8 or newer)
};

std::string_view name(GpuFit fit) noexcept; // "cubin", "ptx", "not-built", "cuda-too-old"

// Whether a build with `arch_list`, made with CUDA `build_cuda`, runs on a GPU of capability
// `gpu` that CUDA supports from `gpu_first_cuda` on (unknown: nullopt, then PTX counts).
GpuFit fit_on_gpu(const std::vector<ArchTarget>& arch_list, const CudaVersion& build_cuda,
                  ComputeCapability gpu, const std::optional<CudaVersion>& gpu_first_cuda);

} // namespace torchpin
