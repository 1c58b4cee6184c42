// Splits dotted decimal numbers, reporting the first byte that breaks the expected shape.
#include "engine/base/dotted_numbers.hpp"

#include "engine/base/text_scanner.hpp"

#include <limits>
#include <string>

namespace torchpin {

Expected<std::vector<std::uint32_t>> parse_dotted_numbers(std::string_view text,
                                                          const DottedNumberRules& rules) {
    const auto fail = [&](std::string detail, std::size_t position) {
        return ParseError{"invalid " + std::string(rules.what) + ": " + std::move(detail), position,
                          std::string(text)};
    };
    std::vector<std::uint32_t> parts;
    std::size_t pos = 0;
    while (true) {
        const std::size_t start = pos;
        std::uint64_t value = 0;
        while (pos < text.size() && is_ascii_digit(text[pos])) {
            value = value * 10 + static_cast<std::uint64_t>(text[pos] - '0');
            if (value > std::numeric_limits<std::uint32_t>::max()) {
                return fail("number too large", start);
            }
            ++pos;
        }
        if (pos == start) {
            return fail(pos == text.size()
                            ? "expected a number, found the end"
                            : "expected a number, found '" + std::string(1, text[pos]) + "'",
                        pos);
        }
        if (!rules.leading_zeros && text[start] == '0' && pos - start > 1) {
            return fail("leading zero", start);
        }
        parts.push_back(static_cast<std::uint32_t>(value));
        if (pos == text.size()) {
            break;
        }
        if (text[pos] != '.') {
            return fail("unexpected '" + std::string(1, text[pos]) + "'", pos);
        }
        if (parts.size() == rules.max_parts) {
            return fail("at most " + std::to_string(rules.max_parts) + " numbers", pos);
        }
        ++pos;
    }
    if (parts.size() < rules.min_parts) {
        return fail("expected at least " + std::to_string(rules.min_parts) + " dotted numbers",
                    text.size());
    }
    return parts;
}

std::strong_ordering compare_dotted_numbers(const std::vector<std::uint32_t>& a,
                                            const std::vector<std::uint32_t>& b) noexcept {
    for (std::size_t i = 0; i < a.size() || i < b.size(); ++i) {
        const std::uint32_t x = i < a.size() ? a[i] : 0;
        const std::uint32_t y = i < b.size() ? b[i] : 0;
        if (x != y) {
            return x <=> y;
        }
    }
    return std::strong_ordering::equal;
}

} // namespace torchpin
