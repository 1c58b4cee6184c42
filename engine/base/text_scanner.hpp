// A cursor over ASCII text for the hand-written parsers (versions, specifiers, requirements, tags).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

namespace torchpin {

inline bool is_ascii_digit(char c) noexcept {
    return c >= '0' && c <= '9';
}
inline bool is_ascii_alpha(char c) noexcept {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}
inline bool is_ascii_alnum(char c) noexcept {
    return is_ascii_digit(c) || is_ascii_alpha(c);
}
inline bool is_ascii_space(char c) noexcept {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}
inline char ascii_lower(char c) noexcept {
    return (c >= 'A' && c <= 'Z') ? char(c - 'A' + 'a') : c;
}

// Case-insensitive ASCII comparison: iequals("Post", "post") == true.
bool iequals(std::string_view a, std::string_view b) noexcept;

// Strips ASCII whitespace from both ends.
std::string_view trim_ascii(std::string_view text) noexcept;

// Strips whitespace as Python's str.strip() sees it, from both ends: ASCII whitespace, the
// separators U+001C..U+001F, and UTF-8-encoded Unicode spaces (U+0085, U+00A0, U+2000..U+200A,
// U+2028, U+2029, U+202F, U+205F, U+3000, U+1680). pip strips them around versions too.
std::string_view trim_whitespace(std::string_view text) noexcept;

// Length of the whitespace character (as str.strip() sees it) that starts `text`, or 0:
// leading_space_length("\xc2\xa0x") == 2 for a no-break space.
std::size_t leading_space_length(std::string_view text) noexcept;

class TextScanner {
public:
    explicit TextScanner(std::string_view text, std::size_t start = 0)
        : text_(text)
        , pos_(start) {}

    std::size_t position() const noexcept { return pos_; }
    void reset(std::size_t position) noexcept { pos_ = position; }
    bool at_end() const noexcept { return pos_ >= text_.size(); }
    char peek(std::size_t ahead = 0) const noexcept {
        return pos_ + ahead < text_.size() ? text_[pos_ + ahead] : '\0';
    }
    std::string_view rest() const noexcept {
        return text_.substr(pos_ < text_.size() ? pos_ : text_.size());
    }
    std::string_view text() const noexcept { return text_; }
    void advance(std::size_t n = 1) noexcept { pos_ += n; }

    // Consumes `c` if it is next.
    bool accept(char c) noexcept {
        if (pos_ < text_.size() && text_[pos_] == c) {
            ++pos_;
            return true;
        }
        return false;
    }
    // Consumes one of the characters in `set` if it is next.
    bool accept_any_of(std::string_view set) noexcept {
        if (pos_ < text_.size() && set.find(text_[pos_]) != std::string_view::npos) {
            ++pos_;
            return true;
        }
        return false;
    }
    // Consumes `word` (ASCII case-insensitive) if it is next.
    bool accept_word(std::string_view word) noexcept;
    // Consumes the first of `words` that is next; returns its index. List longer words first.
    template <std::size_t N>
    std::optional<std::size_t> accept_one_of(const std::string_view (&words)[N]) noexcept {
        for (std::size_t i = 0; i < N; ++i) {
            if (accept_word(words[i])) {
                return i;
            }
        }
        return std::nullopt;
    }
    void skip_spaces() noexcept;

    // Reads a run of ASCII digits as a number. Returns nullopt (consuming nothing) if no digit is
    // next; sets `overflow` and consumes the digits if the value does not fit in 64 bits.
    std::optional<std::uint64_t> read_number(bool& overflow) noexcept;

private:
    std::string_view text_;
    std::size_t pos_;
};

} // namespace torchpin
