// GPU name words and pci.ids alternatives.
#include "engine/hardware/gpu_name.hpp"

#include "engine/base/text_scanner.hpp"

#include <algorithm>
#include <array>

namespace torchpin {

namespace {

bool is_brand(std::string_view word) {
    static constexpr std::array<std::string_view, 7> brands{"nvidia", "geforce", "tesla", "amd",
                                                            "ati",    "radeon",  "intel"};
    return std::find(brands.begin(), brands.end(), word) != brands.end();
}

bool has_digit(std::string_view word) {
    return std::any_of(word.begin(), word.end(), is_ascii_digit);
}

// The words of `part` before its first word with a digit: "Radeon RX " of "Radeon RX 6800".
std::string_view leading_words(std::string_view part) {
    std::size_t at = 0;
    while (at < part.size()) {
        const std::size_t end = std::min(part.find(' ', at), part.size());
        if (has_digit(part.substr(at, end - at))) {
            return part.substr(0, at);
        }
        at = end + 1;
    }
    return {};
}

} // namespace

std::vector<std::string> gpu_name_words(std::string_view name) {
    std::vector<std::string> words;
    std::string word;
    const auto flush = [&] {
        if (!word.empty()) {
            words.push_back(std::move(word));
            word.clear();
        }
    };
    for (char c : name) {
        if (!is_ascii_alnum(c)) {
            flush();
            continue;
        }
        if (!word.empty() && is_ascii_digit(word.back()) != is_ascii_digit(c)) {
            flush();
        }
        word += ascii_lower(c);
    }
    flush();
    const auto first_other = std::find_if_not(words.begin(), words.end(), is_brand);
    if (first_other != words.end()) {
        words.erase(words.begin(), first_other);
    }
    return words;
}

std::vector<std::string> gpu_name_alternatives(std::string_view name) {
    std::vector<std::string> alternatives;
    std::size_t at = 0;
    while (at <= name.size()) {
        const std::size_t end = std::min(name.find('/', at), name.size());
        const std::string_view part = trim_ascii(name.substr(at, end - at));
        at = end + 1;
        if (part.empty()) {
            continue;
        }
        const bool starts_with_model_number = has_digit(part.substr(0, part.find(' ')));
        if (!alternatives.empty() && starts_with_model_number) {
            alternatives.push_back(std::string(leading_words(alternatives.back())) +
                                   std::string(part));
        } else {
            alternatives.emplace_back(part);
        }
    }
    return alternatives;
}

bool contains_gpu_words(const std::vector<std::string>& name_words,
                        const std::vector<std::string>& words) {
    return !words.empty() && std::search(name_words.begin(), name_words.end(), words.begin(),
                                         words.end()) != name_words.end();
}

} // namespace torchpin
