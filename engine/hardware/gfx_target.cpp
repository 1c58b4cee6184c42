// gfx target names from gfx versions: decimal major and minor, the stepping as one hex digit.
#include "engine/hardware/gfx_target.hpp"

#include "engine/base/dotted_numbers.hpp"

namespace torchpin {

std::optional<std::string> gfx_target_name(std::uint32_t major, std::uint32_t minor,
                                           std::uint32_t stepping) {
    if (major == 0 || minor > 9 || stepping > 15) {
        return std::nullopt;
    }
    constexpr char hex[] = "0123456789abcdef";
    return "gfx" + std::to_string(major) + std::to_string(minor) + hex[stepping];
}

Expected<std::string> gfx_target_of_override(std::string_view value) {
    auto parts = parse_dotted_numbers(value, {"HSA_OVERRIDE_GFX_VERSION value", 3, 3});
    if (!parts) {
        return parts.error();
    }
    const auto& numbers = *parts;
    if (auto name = gfx_target_name(numbers[0], numbers[1], numbers[2])) {
        return *name;
    }
    return ParseError{"HSA_OVERRIDE_GFX_VERSION value '" + std::string(value) +
                          "' names no gfx target (the major must be above 0, the minor at most "
                          "9, the stepping at most 15)",
                      0, std::string(value)};
}

} // namespace torchpin
