// Compute capabilities: the dotted and the sm_XY spellings, printing.
#include "engine/hardware/compute_capability.hpp"

#include "engine/base/dotted_numbers.hpp"
#include "engine/base/text_scanner.hpp"

#include <algorithm>

namespace torchpin {

Expected<ComputeCapability> ComputeCapability::parse(std::string_view text) {
    auto parts = parse_dotted_numbers(text, {"compute capability", 2, 2});
    if (!parts) {
        return parts.error();
    }
    return ComputeCapability((*parts)[0], (*parts)[1]);
}

ComputeCapability ComputeCapability::from(std::string_view text) {
    return parse(text).value();
}

Expected<ComputeCapability> ComputeCapability::parse_sm(std::string_view text) {
    std::string_view digits = text;
    if (digits.starts_with("sm_")) {
        digits.remove_prefix(3);
    } else if (digits.starts_with("sm")) {
        digits.remove_prefix(2);
    } else {
        return ParseError{"expected an sm name like sm_86", 0, std::string(text)};
    }
    const std::size_t start = text.size() - digits.size();
    const auto bad = std::find_if_not(digits.begin(), digits.end(), is_ascii_digit);
    if (bad != digits.end()) {
        return ParseError{"unexpected '" + std::string(1, *bad) + "' in an sm name",
                          start + static_cast<std::size_t>(bad - digits.begin()),
                          std::string(text)};
    }
    if (digits.size() < 2 || digits.size() > 3 || digits.front() == '0') {
        return ParseError{"expected two or three digits after 'sm_' (sm_86, sm_120)", start,
                          std::string(text)};
    }
    const std::uint32_t number = static_cast<std::uint32_t>(std::stoul(std::string(digits)));
    return ComputeCapability(number / 10, number % 10);
}

std::string ComputeCapability::to_string() const {
    return std::to_string(major_) + "." + std::to_string(minor_);
}

std::string ComputeCapability::sm() const {
    return "sm_" + std::to_string(major_) + std::to_string(minor_);
}

} // namespace torchpin
