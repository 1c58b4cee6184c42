// Spelling tables behind the name() and parse_…() functions of torchpin's closed enums.
#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <string_view>
#include <utility>

namespace torchpin {

// The first spelling listed for a value is its name; later ones are accepted aliases.
template <class Enum, std::size_t N>
using EnumNames = std::array<std::pair<Enum, std::string_view>, N>;

template <class Enum, std::size_t N>
constexpr std::string_view name_of(const EnumNames<Enum, N>& names, Enum value) noexcept {
    for (const auto& [candidate, spelling] : names) {
        if (candidate == value) {
            return spelling;
        }
    }
    return {};
}

template <class Enum, std::size_t N>
constexpr std::optional<Enum> find_by_name(const EnumNames<Enum, N>& names,
                                           std::string_view text) noexcept {
    for (const auto& [value, spelling] : names) {
        if (spelling == text) {
            return value;
        }
    }
    return std::nullopt;
}

} // namespace torchpin
