// What the answer's statements share: the code tables of warnings and hints (a code and its name
// for JSON and docs) and the word list their sentences write.
#pragma once

#include <array>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace torchpin {

// "a", "a and b", "a, b and c"
std::string join_words(const std::vector<std::string>& words);

// The name of `code` in a table of (code, name) pairs; "" for a code the table lacks.
template <class Code, std::size_t N>
std::string_view code_name(const std::array<std::pair<Code, const char*>, N>& table, Code code) {
    for (const auto& [c, text] : table) {
        if (c == code) {
            return text;
        }
    }
    return "";
}

// The table's codes, in its order.
template <class Code, std::size_t N>
std::vector<Code> codes_of(const std::array<std::pair<Code, const char*>, N>& table) {
    std::vector<Code> codes;
    for (const auto& [code, text] : table) {
        codes.push_back(code);
    }
    return codes;
}

} // namespace torchpin
