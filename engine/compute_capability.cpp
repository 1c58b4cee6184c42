// Parsing compute capabilities and arch lists, and the cubin/PTX compatibility rules.
#include "engine/compute_capability.hpp"

#include "engine/text_scanner.hpp"

#include <algorithm>

namespace torchpin {

namespace {

ParseError error(std::string message, std::size_t at, std::string_view text) {
    return ParseError{std::move(message), at, std::string(text)};
}

} // namespace

Expected<ComputeCapability> ComputeCapability::parse(std::string_view text) {
    std::string_view rest = trim_ascii(text);
    const std::size_t offset = static_cast<std::size_t>(rest.data() - text.data());
    for (std::string_view prefix : {"sm_", "sm", "compute_"}) {
        if (rest.substr(0, prefix.size()) == prefix) {
            rest.remove_prefix(prefix.size());
            break;
        }
    }
    const std::size_t start = static_cast<std::size_t>(rest.data() - text.data());
    ComputeCapability cc;
    if (const auto dot = rest.find('.'); dot != std::string_view::npos) {
        const auto major = rest.substr(0, dot);
        const auto minor = rest.substr(dot + 1);
        if (major.empty() || minor.size() != 1 ||
            !std::all_of(major.begin(), major.end(), is_ascii_digit) || !is_ascii_digit(minor[0]) ||
            major.size() > 2) {
            return error("invalid compute capability: expected MAJOR.MINOR like 8.6 or sm_86",
                         offset, text);
        }
        cc.major = static_cast<std::uint32_t>(std::stoul(std::string(major)));
        cc.minor = static_cast<std::uint32_t>(minor[0] - '0');
        return cc;
    }
    if (rest.size() < 2 || rest.size() > 3 ||
        !std::all_of(rest.begin(), rest.end(), is_ascii_digit)) {
        return error("invalid compute capability: expected MAJOR.MINOR like 8.6 or sm_86", start,
                     text);
    }
    cc.major = static_cast<std::uint32_t>(std::stoul(std::string(rest.substr(0, rest.size() - 1))));
    cc.minor = static_cast<std::uint32_t>(rest.back() - '0');
    return cc;
}

ComputeCapability ComputeCapability::from(std::string_view text) {
    return parse(text).value();
}

std::string ComputeCapability::to_string() const {
    return std::to_string(major) + "." + std::to_string(minor);
}

std::string ComputeCapability::sm_name() const {
    return "sm_" + std::to_string(major) + std::to_string(minor);
}

Expected<ArchTarget> ArchTarget::parse(std::string_view text) {
    ArchTarget target;
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
        if (target.capability.major == gpu.major && target.capability.minor <= gpu.minor) {
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
