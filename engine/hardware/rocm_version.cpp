// ROCm versions: parsing, printing and the numeric order PyTorch's rocmX.Y[.Z] labels follow.
#include "engine/hardware/rocm_version.hpp"

#include "engine/base/dotted_numbers.hpp"

#include <tuple>

namespace torchpin {

Expected<RocmVersion> RocmVersion::parse(std::string_view text) {
    auto parts = parse_dotted_numbers(text, {"ROCm version", 2, 3});
    if (!parts) {
        return parts.error();
    }
    const auto& numbers = *parts;
    return RocmVersion(numbers[0], numbers[1],
                       numbers.size() == 3 ? std::optional(numbers[2]) : std::nullopt);
}

RocmVersion RocmVersion::from(std::string_view text) {
    return parse(text).value();
}

std::string RocmVersion::to_string() const {
    std::string out = std::to_string(major_) + "." + std::to_string(minor_);
    if (patch_) {
        out += "." + std::to_string(*patch_);
    }
    return out;
}

std::strong_ordering operator<=>(const RocmVersion& a, const RocmVersion& b) noexcept {
    return std::tuple(a.major_, a.minor_, a.patch_.value_or(0)) <=>
           std::tuple(b.major_, b.minor_, b.patch_.value_or(0));
}

} // namespace torchpin
