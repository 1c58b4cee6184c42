// WheelBuild's stored text and its parser.
#include "engine/matrix/wheel_build.hpp"

#include <algorithm>

namespace torchpin {

namespace {

// Whether `label` is a local version label as Version::local_label gives it: '.'-separated
// segments of lower-case letters and digits, numbers without a leading zero. (Checked by hand:
// a whole Version::parse per label cost a which on a full-size matrix 1% of its instructions.)
bool is_normalized_local_label(std::string_view label) {
    std::size_t start = 0;
    while (true) {
        const std::size_t end = std::min(label.find('.', start), label.size());
        const std::string_view segment = label.substr(start, end - start);
        if (segment.empty() || !std::ranges::all_of(segment, [](char c) {
                return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
            })) {
            return false;
        }
        const bool number =
            std::ranges::all_of(segment, [](char c) { return c >= '0' && c <= '9'; });
        if (number && segment.size() > 1 && segment.front() == '0') {
            return false;
        }
        if (end == label.size()) {
            return true;
        }
        start = end + 1;
    }
}

} // namespace

std::string to_string(const WheelBuild& build) {
    return build.label + ':' + (build.backend ? build.backend->to_string() : std::string());
}

Expected<WheelBuild> parse_wheel_build(std::string_view text) {
    const std::size_t colon = text.find(':');
    if (colon == std::string_view::npos) {
        return ParseError{"expected LABEL:BACKEND, either side empty where there is none", 0,
                          std::string(text)};
    }
    WheelBuild build;
    if (const std::string_view label = text.substr(0, colon); !label.empty()) {
        if (!is_normalized_local_label(label)) {
            return ParseError{"expected a normalized local version label (\"cu121\")", 0,
                              std::string(text)};
        }
        build.label = label;
    }
    if (const std::string_view backend = text.substr(colon + 1); !backend.empty()) {
        auto parsed = Backend::parse(backend);
        if (!parsed) {
            return ParseError{parsed.error().message, colon + 1 + parsed.error().position,
                              std::string(text)};
        }
        build.backend = *std::move(parsed);
    }
    return build;
}

} // namespace torchpin
