// Parsing arch lists and the cubin/PTX compatibility rules.
#include "engine/hardware/arch_list.hpp"

#include "engine/base/text_scanner.hpp"

#include <algorithm>

namespace torchpin {

namespace {

ParseError error(std::string message, std::size_t at, std::string_view text) {
    return ParseError{std::move(message), at, std::string(text)};
}

} // namespace

Expected<ArchTarget> ArchTarget::parse(std::string_view text) {
    ArchTarget target{ComputeCapability(0, 0), false};
    std::string_view body = text;
    if (const auto plus = body.find('+'); plus != std::string_view::npos) {
        if (!iequals(body.substr(plus + 1), "PTX")) {
            return error("invalid arch list entry: only \"+PTX\" may follow the capability", plus,
                         text);
        }
        target.ptx = true;
        body = body.substr(0, plus);
    }
    auto capability = ComputeCapability::parse(body);
    if (!capability) {
        return capability.error();
    }
    target.capability = *capability;
    return target;
}

std::string ArchTarget::to_string() const {
    return capability.to_string() + (ptx ? "+PTX" : "");
}

Expected<std::vector<ArchTarget>> parse_arch_list(std::string_view text) {
    std::vector<ArchTarget> list;
    std::size_t start = 0;
    while (start < text.size()) {
        const std::size_t end = std::min(text.find_first_of(" ;", start), text.size());
        if (end > start) {
            auto entry = ArchTarget::parse(text.substr(start, end - start));
            if (!entry) {
                ParseError e = entry.error();
                e.position += start;
                e.input = std::string(text);
                return e;
            }
            list.push_back(*entry);
        }
        start = end + 1;
    }
    if (list.empty()) {
        return error("empty arch list", 0, text);
    }
    return list;
}

std::string_view name(GpuFit fit) noexcept {
    static constexpr std::string_view names[] = {"cubin", "ptx", "not-built", "cuda-too-old"};
    return names[static_cast<int>(fit)];
}

GpuFit fit_on_gpu(const std::vector<ArchTarget>& arch_list, const CudaVersion& build_cuda,
                  ComputeCapability gpu, const std::optional<CudaVersion>& gpu_first_cuda) {
    // A cubin runs on GPUs of the same major with an equal or higher minor.
    for (const ArchTarget& target : arch_list) {
        if (target.capability.major() == gpu.major() && target.capability.minor() <= gpu.minor()) {
            return GpuFit::Cubin;
        }
    }
    // PTX for an older capability JIT-compiles for a newer GPU, if the build's CUDA knows the GPU.
    const bool ptx_covers =
        std::any_of(arch_list.begin(), arch_list.end(),
                    [&](const ArchTarget& t) { return t.ptx && t.capability <= gpu; });
    if (!ptx_covers) {
        return GpuFit::NotBuilt;
    }
    if (gpu_first_cuda && build_cuda < *gpu_first_cuda) {
        return GpuFit::CudaTooOld;
    }
    return GpuFit::Ptx;
}

} // namespace torchpin
