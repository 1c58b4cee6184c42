// Fuzz target: message patterns (engine/diagnosis/message_pattern.hpp). The input is a pattern,
// a line break and a message. A pattern matches its own text (one line), and on short inputs the
// linear matcher agrees with a plain backtracking reading of the documented rules.
#include "engine/diagnosis/message_pattern.hpp"
#include "fuzz/fuzz_target.hpp"

#include <cstdint>
#include <string_view>

namespace {

bool quote(char c) {
    return c == '\'' || c == '"' || c == '`';
}

bool space(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

char lower(char c) {
    return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}

// Whether pattern p matches a prefix of the prepared message m (docs/data.md's rules).
bool reference_prefix(std::string_view p, std::string_view m) {
    if (p.empty()) {
        return true;
    }
    std::size_t blank = 0; // white space before a gap belongs to it
    while (blank < p.size() && space(p[blank])) {
        ++blank;
    }
    if (p.substr(blank).starts_with("...")) {
        std::string_view rest = p.substr(blank + 3);
        while (!rest.empty() && (space(rest[0]) || rest.starts_with("..."))) {
            rest.remove_prefix(rest.starts_with("...") ? 3 : 1);
        }
        for (std::size_t i = 0; i <= m.size(); ++i) {
            if (reference_prefix(rest, m.substr(i))) {
                return true;
            }
            if (i < m.size() && m[i] == '\n') {
                return false;
            }
        }
        return false;
    }
    if (space(p[0])) {
        std::size_t n = 0;
        while (n < p.size() && space(p[n])) {
            ++n;
        }
        return !m.empty() && (m[0] == ' ' || m[0] == '\n') &&
               reference_prefix(p.substr(n), m.substr(1));
    }
    if (quote(p[0])) {
        return (!m.empty() && quote(m[0]) && reference_prefix(p.substr(1), m.substr(1))) ||
               reference_prefix(p.substr(1), m);
    }
    return !m.empty() && lower(p[0]) == m[0] && reference_prefix(p.substr(1), m.substr(1));
}

bool reference_matches(std::string_view pattern, std::string_view message) {
    for (std::size_t i = 0; i <= message.size(); ++i) {
        if (reference_prefix(pattern, message.substr(i))) {
            return true;
        }
    }
    return false;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view input(reinterpret_cast<const char*>(data), size);
    const std::size_t cut = input.find('\n');
    const std::string_view pattern_text = input.substr(0, cut);
    const std::string_view message =
        cut == std::string_view::npos ? std::string_view() : input.substr(cut + 1);
    const auto pattern = torchpin::MessagePattern::parse(pattern_text);
    if (!pattern) {
        return 0;
    }
    // Its own text, unless a line break ('\r') stands where a gap, which stays within a line,
    // takes in the white space around it.
    if (pattern_text.find('\r') == std::string_view::npos) {
        FUZZ_CHECK(pattern->matches(torchpin::PreparedMessage(pattern_text)));
    }
    const torchpin::PreparedMessage prepared(message);
    const bool matched = pattern->matches(prepared);
    if (pattern_text.size() <= 24 && message.size() <= 96) {
        FUZZ_CHECK(matched == reference_matches(pattern_text, prepared.text()));
    }
    return 0;
}
