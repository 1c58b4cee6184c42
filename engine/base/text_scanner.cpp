// TextScanner and the small ASCII helpers shared by torchpin's parsers.
#include "engine/base/text_scanner.hpp"

namespace torchpin {

bool iequals(std::string_view a, std::string_view b) noexcept {
    if (a.size() != b.size()) {
        return false;
    }
    for (std::size_t i = 0; i < a.size(); ++i) {
        if (ascii_lower(a[i]) != ascii_lower(b[i])) {
            return false;
        }
    }
    return true;
}

std::string_view trim_ascii(std::string_view text) noexcept {
    while (!text.empty() && is_ascii_space(text.front())) {
        text.remove_prefix(1);
    }
    while (!text.empty() && is_ascii_space(text.back())) {
        text.remove_suffix(1);
    }
    return text;
}

// Length of the whitespace character that starts `text`, or 0.
std::size_t leading_space_length(std::string_view text) noexcept {
    if (text.empty()) {
        return 0;
    }
    const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[i]); };
    if (is_ascii_space(text[0]) || (byte(0) >= 0x1c && byte(0) <= 0x1f)) {
        return 1;
    }
    if (text.size() >= 2 && byte(0) == 0xC2 && (byte(1) == 0x85 || byte(1) == 0xA0)) {
        return 2;
    }
    if (text.size() >= 3) {
        const unsigned code = (byte(0) & 0x0Fu) << 12 | (byte(1) & 0x3Fu) << 6 | (byte(2) & 0x3Fu);
        const bool three_byte =
            (byte(0) & 0xF0) == 0xE0 && (byte(1) & 0xC0) == 0x80 && (byte(2) & 0xC0) == 0x80;
        if (three_byte && (code == 0x1680 || (code >= 0x2000 && code <= 0x200A) || code == 0x2028 ||
                           code == 0x2029 || code == 0x202F || code == 0x205F || code == 0x3000)) {
            return 3;
        }
    }
    return 0;
}

namespace {

// Length of the whitespace character that ends `text`, or 0.
std::size_t trailing_space_length(std::string_view text) noexcept {
    for (std::size_t length = 1; length <= 3 && length <= text.size(); ++length) {
        const std::string_view tail = text.substr(text.size() - length);
        if (leading_space_length(tail) == length) {
            return length;
        }
    }
    return 0;
}

} // namespace

std::string_view trim_whitespace(std::string_view text) noexcept {
    while (const std::size_t n = leading_space_length(text)) {
        text.remove_prefix(n);
    }
    while (const std::size_t n = trailing_space_length(text)) {
        text.remove_suffix(n);
    }
    return text;
}

bool TextScanner::accept_word(std::string_view word) noexcept {
    if (iequals(rest().substr(0, word.size()), word)) {
        pos_ += word.size();
        return true;
    }
    return false;
}

void TextScanner::skip_spaces() noexcept {
    while (!at_end() && is_ascii_space(peek())) {
        ++pos_;
    }
}

std::optional<std::uint64_t> TextScanner::read_number(bool& overflow) noexcept {
    if (!is_ascii_digit(peek())) {
        return std::nullopt;
    }
    while (peek() == '0' && is_ascii_digit(peek(1))) {
        ++pos_; // leading zeros change nothing
    }
    const std::size_t start = pos_;
    while (is_ascii_digit(peek())) {
        ++pos_;
    }
    const std::string_view digits = text_.substr(start, pos_ - start);
    // 19 digits always fit in 64 bits; 20 fit up to 18446744073709551615.
    if (digits.size() > 20 || (digits.size() == 20 && digits > "18446744073709551615")) {
        overflow = true;
        return 0;
    }
    std::uint64_t value = 0;
    for (char c : digits) {
        value = value * 10 + static_cast<std::uint64_t>(c - '0');
    }
    return value;
}

} // namespace torchpin
