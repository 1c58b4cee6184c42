// Python string-literal decoding (the escapes ast.literal_eval knows) and round-trip quoting.
#include "engine/pep/python_string.hpp"

#include "engine/base/text_scanner.hpp"

#include <cstdint>
#include <optional>

namespace torchpin {

namespace {

ParseError literal_error(std::string message, std::size_t position, std::string_view literal) {
    return ParseError{std::move(message), position, std::string(literal)};
}

// Appends a code point as UTF-8; surrogates (which Python strings may hold) get the 3-byte form.
void append_utf8(std::string& out, std::uint32_t code) {
    if (code < 0x80) {
        out += static_cast<char>(code);
    } else if (code < 0x800) {
        out += static_cast<char>(0xC0 | (code >> 6));
        out += static_cast<char>(0x80 | (code & 0x3F));
    } else if (code < 0x10000) {
        out += static_cast<char>(0xE0 | (code >> 12));
        out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (code & 0x3F));
    } else {
        out += static_cast<char>(0xF0 | (code >> 18));
        out += static_cast<char>(0x80 | ((code >> 12) & 0x3F));
        out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (code & 0x3F));
    }
}

std::optional<std::uint32_t> hex_digit(char c) {
    if (is_ascii_digit(c)) {
        return static_cast<std::uint32_t>(c - '0');
    }
    const char lower = ascii_lower(c);
    if (lower >= 'a' && lower <= 'f') {
        return static_cast<std::uint32_t>(lower - 'a' + 10);
    }
    return std::nullopt;
}

// Reads exactly `count` hex digits at `at` of `body`.
std::optional<std::uint32_t> read_hex(std::string_view body, std::size_t at, std::size_t count) {
    if (at + count > body.size()) {
        return std::nullopt;
    }
    std::uint32_t value = 0;
    for (std::size_t i = at; i < at + count; ++i) {
        const auto digit = hex_digit(body[i]);
        if (!digit) {
            return std::nullopt;
        }
        value = value * 16 + *digit;
    }
    return value;
}

char simple_escape(char c) {
    switch (c) {
    case '\\':
    case '\'':
    case '"':
        return c;
    case 'a':
        return '\a';
    case 'b':
        return '\b';
    case 'f':
        return '\f';
    case 'n':
        return '\n';
    case 'r':
        return '\r';
    case 't':
        return '\t';
    case 'v':
        return '\v';
    default:
        return '\0';
    }
}

bool is_octal_digit(char c) {
    return c >= '0' && c <= '7';
}

// Decodes the escape whose backslash is at `at` of `body`; appends it and returns its length.
Expected<std::size_t> decode_escape(std::string_view body, std::size_t at, std::string& out,
                                    std::string_view literal) {
    const std::size_t position = at + 1; // offsets into `literal`, which starts with the quote
    if (at + 1 >= body.size()) {
        return literal_error("the closing quote is escaped by the '\\' before it", position,
                             literal);
    }
    const char kind = body[at + 1];
    if (kind == '\n') {
        return std::size_t{2};
    }
    if (kind == '\r') {
        return std::size_t{at + 2 < body.size() && body[at + 2] == '\n' ? 3u : 2u};
    }
    if (const char simple = simple_escape(kind); simple != '\0') {
        out += simple;
        return std::size_t{2};
    }
    if (is_octal_digit(kind)) {
        std::size_t length = 1;
        std::uint32_t code = 0;
        while (length <= 3 && at + length < body.size() && is_octal_digit(body[at + length])) {
            code = code * 8 + static_cast<std::uint32_t>(body[at + length] - '0');
            ++length;
        }
        append_utf8(out, code);
        return length;
    }
    const std::size_t digits = kind == 'x' ? 2 : kind == 'u' ? 4 : kind == 'U' ? 8 : 0;
    if (digits != 0) {
        const auto code = read_hex(body, at + 2, digits);
        if (!code || *code > 0x10FFFF) {
            return literal_error(std::string("a \\") + kind + " escape needs " +
                                     std::to_string(digits) + " hex digits" +
                                     (kind == 'U' ? " up to 0010FFFF" : ""),
                                 position, literal);
        }
        append_utf8(out, *code);
        return 2 + digits;
    }
    if (kind == 'N') {
        return literal_error("named escapes (\\N{...}) are not supported; write the character",
                             position, literal);
    }
    out += '\\'; // an unknown escape such as "\d" stays as written
    return std::size_t{1};
}

bool has_any_of(std::string_view text, std::string_view bytes) {
    return text.find_first_of(bytes) != std::string_view::npos;
}

// Characters that cannot stand unescaped inside quotes.
constexpr std::string_view line_breaks_and_nul{"\n\r\0", 3};

} // namespace

Expected<std::string> decode_python_string(std::string_view literal) {
    const bool quoted = literal.size() >= 2 &&
                        (literal.front() == '"' || literal.front() == '\'') &&
                        literal.back() == literal.front();
    if (!quoted) {
        return literal_error("expected a quoted string", 0, literal);
    }
    const std::string_view body = literal.substr(1, literal.size() - 2);
    std::string out;
    for (std::size_t i = 0; i < body.size();) {
        const char c = body[i];
        if (c == '\n' || c == '\r') {
            return literal_error("a quoted string cannot span lines", i + 1, literal);
        }
        if (c == '\0') {
            return literal_error("a quoted string cannot hold a NUL byte", i + 1, literal);
        }
        if (c != '\\') {
            out += c;
            ++i;
            continue;
        }
        auto length = decode_escape(body, i, out, literal);
        if (!length) {
            return length.error();
        }
        i += *length;
    }
    return out;
}

std::string quote_python_string(std::string_view value) {
    const std::string plain = "\"" + std::string(value) + "\"";
    if (!has_any_of(value, "\"") && !has_any_of(value, line_breaks_and_nul)) {
        const auto decoded = decode_python_string(plain);
        if (decoded && *decoded == value) {
            return plain;
        }
    }
    if (!has_any_of(value, "'\\") && !has_any_of(value, line_breaks_and_nul)) {
        return "'" + std::string(value) + "'";
    }
    std::string out = "\"";
    for (const char c : value) {
        switch (c) {
        case '\\':
            out += "\\\\";
            break;
        case '"':
            out += "\\x22";
            break;
        case '\n':
            out += "\\n";
            break;
        case '\r':
            out += "\\r";
            break;
        case '\0':
            out += "\\x00";
            break;
        default:
            out += c;
        }
    }
    return out + "\"";
}

} // namespace torchpin
