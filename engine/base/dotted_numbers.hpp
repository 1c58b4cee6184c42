// Dotted decimal numbers ("12.1", "535.104.05") for the version schemes that are nothing more.
#pragma once

#include "engine/base/expected.hpp"

#include <compare>
#include <cstdint>
#include <string_view>
#include <vector>

namespace torchpin {

// The shape a dotted number must have; `what` names it in error messages ("CUDA version").
struct DottedNumberRules {
    std::string_view what;
    std::size_t min_parts = 1;
    std::size_t max_parts = 3;
    bool leading_zeros = false; // "535.104.05" needs them; "12.01" is no CUDA version
};

// parse_dotted_numbers("12.1.1", {"CUDA version", 2, 3}) -> {12, 1, 1}. Every part must fit in
// 32 bits; errors point at the offending byte.
Expected<std::vector<std::uint32_t>> parse_dotted_numbers(std::string_view text,
                                                          const DottedNumberRules& rules);

// Part by part, a missing part counting as 0: {6, 2} == {6, 2, 0} < {6, 2, 4}.
std::strong_ordering compare_dotted_numbers(const std::vector<std::uint32_t>& a,
                                            const std::vector<std::uint32_t>& b) noexcept;

} // namespace torchpin
