// RFC 3986 reference resolution (sections 5.2 and 5.3) and percent-decoding of file names.
#include "importers/input/url_reference.hpp"

#include "engine/base/text_scanner.hpp"

#include <algorithm>
#include <optional>

namespace torchpin {

namespace {

struct UrlComponents {
    std::optional<std::string_view> scheme;
    std::optional<std::string_view> authority;
    std::string_view path;
    std::optional<std::string_view> query;
    std::optional<std::string_view> fragment;
};

bool is_scheme(std::string_view text) noexcept {
    if (text.empty() || !is_ascii_alpha(text.front())) {
        return false;
    }
    for (const char c : text) {
        if (!is_ascii_alnum(c) && c != '+' && c != '-' && c != '.') {
            return false;
        }
    }
    return true;
}

// The first position at or after `from` holding one of the delimiters, or text.size().
// (string_view::find_first_of searches the delimiter set once per character: slower here.)
template <char... delimiters>
std::size_t find_delimiter(std::string_view text, std::size_t from = 0) noexcept {
    for (std::size_t i = from; i < text.size(); ++i) {
        if (((text[i] == delimiters) || ...)) {
            return i;
        }
    }
    return text.size();
}

// Section 3: scheme ":" "//" authority path "?" query "#" fragment, each part optional.
UrlComponents split_components(std::string_view text) noexcept {
    UrlComponents parts;
    const auto colon = text.find(':');
    if (colon != std::string_view::npos && colon < find_delimiter<'/', '?', '#'>(text) &&
        is_scheme(text.substr(0, colon))) {
        parts.scheme = text.substr(0, colon);
        text.remove_prefix(colon + 1);
    }
    if (text.starts_with("//")) {
        const auto end = find_delimiter<'/', '?', '#'>(text, 2);
        parts.authority = text.substr(2, end - 2);
        text.remove_prefix(end);
    }
    const auto path_end = find_delimiter<'?', '#'>(text);
    parts.path = text.substr(0, path_end);
    text.remove_prefix(path_end);
    if (text.starts_with('?')) {
        const auto hash = std::min(text.find('#'), text.size());
        parts.query = text.substr(1, hash - 1);
        text.remove_prefix(hash);
    }
    if (text.starts_with('#')) {
        parts.fragment = text.substr(1);
    }
    return parts;
}

void drop_last_segment(std::string& output) {
    const auto slash = output.rfind('/');
    output.erase(slash == std::string::npos ? 0 : slash);
}

// Section 5.2.4: "/whl/cu121/../cpu/./x.whl" -> "/whl/cpu/x.whl".
std::string remove_dot_segments(std::string_view input) {
    std::string output;
    output.reserve(input.size());
    while (!input.empty()) {
        if (input.starts_with("../")) {
            input.remove_prefix(3);
        } else if (input.starts_with("./")) {
            input.remove_prefix(2);
        } else if (input.starts_with("/./")) {
            input.remove_prefix(2);
        } else if (input == "/.") {
            input = "/";
        } else if (input.starts_with("/../")) {
            input.remove_prefix(3);
            drop_last_segment(output);
        } else if (input == "/..") {
            input = "/";
            drop_last_segment(output);
        } else if (input == "." || input == "..") {
            input = {};
        } else {
            const auto end = std::min(input.find('/', 1), input.size());
            output += input.substr(0, end);
            input.remove_prefix(end);
        }
    }
    return output;
}

// Section 5.2.3: a relative path continues the base's directory.
std::string merge_paths(const UrlComponents& base, std::string_view relative) {
    if (base.authority && base.path.empty()) {
        return "/" + std::string(relative);
    }
    const auto slash = base.path.rfind('/');
    if (slash == std::string_view::npos) {
        return std::string(relative);
    }
    return std::string(base.path.substr(0, slash + 1)) + std::string(relative);
}

int hex_digit_value(char c) noexcept {
    if (is_ascii_digit(c)) {
        return c - '0';
    }
    const char lower = ascii_lower(c);
    return lower >= 'a' && lower <= 'f' ? lower - 'a' + 10 : -1;
}

std::string percent_decode(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] == '%' && i + 2 < text.size() && hex_digit_value(text[i + 1]) >= 0 &&
            hex_digit_value(text[i + 2]) >= 0) {
            out +=
                static_cast<char>(hex_digit_value(text[i + 1]) * 16 + hex_digit_value(text[i + 2]));
            i += 2;
        } else {
            out += text[i];
        }
    }
    return out;
}

} // namespace

std::string resolve_url(std::string_view base_url, std::string_view reference) {
    const UrlComponents base = split_components(base_url);
    const UrlComponents ref = split_components(reference);
    UrlComponents target;
    std::string path;
    if (ref.scheme) {
        target = ref;
        path = remove_dot_segments(ref.path);
    } else {
        target.scheme = base.scheme;
        target.query = ref.query;
        if (ref.authority) {
            target.authority = ref.authority;
            path = remove_dot_segments(ref.path);
        } else {
            target.authority = base.authority;
            if (ref.path.empty()) {
                path = base.path;
                target.query = ref.query ? ref.query : base.query;
            } else if (ref.path.starts_with('/')) {
                path = remove_dot_segments(ref.path);
            } else {
                path = remove_dot_segments(merge_paths(base, ref.path));
            }
        }
    }
    std::string out;
    out.reserve(base_url.size() + reference.size());
    if (target.scheme) {
        out.append(*target.scheme).append(":");
    }
    if (target.authority) {
        out.append("//").append(*target.authority);
    }
    out += path;
    if (target.query) {
        out.append("?").append(*target.query);
    }
    if (ref.fragment) {
        out.append("#").append(*ref.fragment);
    }
    return out;
}

UrlAndFragment split_fragment(std::string_view reference) noexcept {
    const auto hash = reference.find('#');
    if (hash == std::string_view::npos) {
        return {reference, {}};
    }
    return {reference.substr(0, hash), reference.substr(hash + 1)};
}

std::string url_file_name(std::string_view url) {
    const std::string_view path = split_components(url).path;
    const auto slash = path.rfind('/');
    return percent_decode(slash == std::string_view::npos ? path : path.substr(slash + 1));
}

bool is_relative_path(std::string_view reference) noexcept {
    const UrlComponents parts = split_components(reference);
    return !parts.scheme && !parts.authority && !parts.path.starts_with('/');
}

std::string_view url_directory(std::string_view url) noexcept {
    const UrlComponents parts = split_components(url);
    const auto path_start = static_cast<std::size_t>(parts.path.data() - url.data());
    const auto slash = parts.path.rfind('/');
    return slash == std::string_view::npos ? url.substr(0, path_start)
                                           : url.substr(0, path_start + slash + 1);
}

} // namespace torchpin
