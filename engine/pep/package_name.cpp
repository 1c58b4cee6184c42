// PEP 503 name normalization and PEP 508 name validation.
#include "engine/pep/package_name.hpp"

#include "engine/base/text_scanner.hpp"

namespace torchpin {

namespace {

bool is_name_separator(char c) noexcept {
    return c == '-' || c == '_' || c == '.';
}

} // namespace

std::string normalize_package_name(std::string_view name) {
    std::string out;
    out.reserve(name.size());
    bool in_separator_run = false;
    for (char c : name) {
        if (is_name_separator(c)) {
            if (!in_separator_run) {
                out += '-';
            }
            in_separator_run = true;
        } else {
            out += ascii_lower(c);
            in_separator_run = false;
        }
    }
    return out;
}

bool is_valid_package_name(std::string_view name) noexcept {
    if (name.empty() || !is_ascii_alnum(name.front()) || !is_ascii_alnum(name.back())) {
        return false;
    }
    for (char c : name) {
        if (!is_ascii_alnum(c) && !is_name_separator(c)) {
            return false;
        }
    }
    return true;
}

Expected<PackageName> PackageName::parse(std::string_view text) {
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        const bool edge = i == 0 || i + 1 == text.size();
        if (!is_ascii_alnum(c) && (edge || !is_name_separator(c))) {
            return ParseError{"invalid package name: names are letters and digits, with '-', "
                              "'_' or '.' only between them",
                              i, std::string(text)};
        }
    }
    if (text.empty()) {
        return ParseError{"invalid package name: empty", 0, ""};
    }
    PackageName name;
    name.written_ = std::string(text);
    name.normalized_ = normalize_package_name(text);
    return name;
}

PackageName PackageName::from(std::string_view text) {
    return parse(text).value();
}

} // namespace torchpin
