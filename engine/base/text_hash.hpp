// Hash containers of std::string keys found by any text (a string_view, a literal) without a copy.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>

namespace torchpin {

// Hashes a text however it is held, for heterogeneous lookup.
struct TextHash {
    using is_transparent = void;
    std::size_t operator()(std::string_view text) const noexcept {
        return std::hash<std::string_view>{}(text);
    }
};

// Hashes a text by its length and its first and last 64 bytes only: for sets of long texts (a
// few dozen of hundreds of bytes, repeated hundreds of times) that differ near an end, where the
// set's equality check settles any two that hash alike.
struct TextEndsHash {
    using is_transparent = void;
    std::size_t operator()(std::string_view text) const noexcept {
        constexpr std::size_t end = 64;
        if (text.size() <= 2 * end) {
            return std::hash<std::string_view>{}(text);
        }
        const std::hash<std::string_view> hash;
        return hash(text.substr(0, end)) ^ (hash(text.substr(text.size() - end)) * 31) ^
               text.size();
    }
};

template <class Value>
using TextMap = std::unordered_map<std::string, Value, TextHash, std::equal_to<>>;
using TextSet = std::unordered_set<std::string, TextHash, std::equal_to<>>;

} // namespace torchpin
