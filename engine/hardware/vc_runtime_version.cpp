// Visual C++ runtime versions: parsing that keeps the written form, numeric ordering per part.
#include "engine/hardware/vc_runtime_version.hpp"

#include "engine/base/dotted_numbers.hpp"

namespace torchpin {

Expected<VcRuntimeVersion> VcRuntimeVersion::parse(std::string_view text) {
    auto parts = parse_dotted_numbers(text, {"Visual C++ runtime version", 2, 4, true});
    if (!parts) {
        return parts.error();
    }
    return VcRuntimeVersion(*std::move(parts), std::string(text));
}

VcRuntimeVersion VcRuntimeVersion::from(std::string_view text) {
    return parse(text).value();
}

std::strong_ordering operator<=>(const VcRuntimeVersion& a, const VcRuntimeVersion& b) noexcept {
    return compare_dotted_numbers(a.parts_, b.parts_);
}

} // namespace torchpin
