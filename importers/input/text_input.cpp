// TextInput: reads, validates (size, NUL bytes, UTF-8) and splits text into numbered lines.
#include "importers/input/text_input.hpp"

#include "engine/base/diagnostic.hpp"
#include "engine/base/utf8_path.hpp"

#include <cstdint>
#include <cstring>
#include <fstream>
#include <istream>
#include <iterator>
#include <optional>

namespace torchpin {

namespace {

std::string megabytes(std::size_t bytes) {
    return std::to_string((bytes + (1u << 20) - 1) >> 20) + " MB";
}

// Appends the rest of `in` to `content`, failing past `max_bytes`.
std::string read_all(std::istream& in, std::string content, const std::string& origin,
                     std::size_t max_bytes) {
    char buffer[1 << 16];
    while (in.read(buffer, sizeof buffer) || in.gcount() > 0) {
        content.append(buffer, static_cast<std::size_t>(in.gcount()));
        if (content.size() > max_bytes) {
            throw InputError(Diagnostic{
                origin, 0, 0, "input too large (more than " + megabytes(max_bytes) + ")", ""});
        }
    }
    return content;
}

// Length of the UTF-8 sequence starting at s[i], or 0 if it is malformed (RFC 3629 rules:
// no overlong forms, no surrogates, nothing above U+10FFFF).
std::size_t utf8_sequence_length(std::string_view s, std::size_t i) {
    const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(s[k]); };
    const unsigned char lead = byte(i);
    if (lead < 0x80) {
        return 1;
    }
    std::size_t length = 0;
    unsigned char low = 0x80;
    unsigned char high = 0xBF;
    if (lead >= 0xC2 && lead <= 0xDF) {
        length = 2;
    } else if (lead >= 0xE0 && lead <= 0xEF) {
        length = 3;
        low = lead == 0xE0 ? 0xA0 : 0x80;
        high = lead == 0xED ? 0x9F : 0xBF;
    } else if (lead >= 0xF0 && lead <= 0xF4) {
        length = 4;
        low = lead == 0xF0 ? 0x90 : 0x80;
        high = lead == 0xF4 ? 0x8F : 0xBF;
    } else {
        return 0;
    }
    if (i + length > s.size()) {
        return 0;
    }
    if (byte(i + 1) < low || byte(i + 1) > high) {
        return 0;
    }
    for (std::size_t k = 2; k < length; ++k) {
        if (byte(i + k) < 0x80 || byte(i + k) > 0xBF) {
            return 0;
        }
    }
    return length;
}

// Where the run of non-NUL ASCII bytes from s[i] ends, read eight bytes at a time: nearly all of
// a lockfile or requirements file is such a run, and its bytes need no other check.
std::size_t end_of_ascii_run(std::string_view s, std::size_t i) noexcept {
    constexpr std::uint64_t ones = 0x0101010101010101ULL;
    constexpr std::uint64_t highs = 0x8080808080808080ULL;
    for (; i + 8 <= s.size(); i += 8) {
        std::uint64_t word = 0;
        std::memcpy(&word, s.data() + i, 8);
        const bool non_ascii = (word & highs) != 0;
        const bool has_nul = ((word - ones) & ~word & highs) != 0;
        if (non_ascii || has_nul) {
            break;
        }
    }
    return i;
}

std::string printable_prefix(std::string_view line, std::size_t column) {
    std::string out;
    for (std::size_t i = 0; i < line.size() && i < column; ++i) {
        const auto c = static_cast<unsigned char>(line[i]);
        out += (c >= 0x20 && c < 0x7f) || c == '\t' ? static_cast<char>(c) : '?';
    }
    return out;
}

[[noreturn]] void reject(const std::string& origin, const TextLine& line, std::size_t offset,
                         std::string message) {
    throw InputError(Diagnostic{origin, line.number, offset + 1, std::move(message),
                                printable_prefix(line.text, offset + 1)});
}

} // namespace

TextInput::TextInput(std::string content, std::string origin)
    : content_(std::make_unique<const std::string>(std::move(content)))
    , origin_(std::move(origin)) {
    std::string_view all = *content_;
    if (all.substr(0, 3) == "\xEF\xBB\xBF") {
        all.remove_prefix(3); // a UTF-8 byte order mark is not content
    }
    std::size_t number = 1;
    while (!all.empty()) {
        const std::size_t end = all.find('\n');
        std::string_view text = all.substr(0, end);
        if (!text.empty() && text.back() == '\r') {
            text.remove_suffix(1);
        }
        lines_.push_back(TextLine{number++, text});
        if (end == std::string_view::npos) {
            break;
        }
        all.remove_prefix(end + 1);
    }
    for (const TextLine& line : lines_) {
        for (std::size_t i = end_of_ascii_run(line.text, 0); i < line.text.size();
             i = end_of_ascii_run(line.text, i)) {
            if (line.text[i] == '\0') {
                reject(origin_, line, i, "this is a binary file, not text (NUL byte)");
            }
            const std::size_t length = utf8_sequence_length(line.text, i);
            if (length == 0) {
                reject(
                    origin_, line, i, "invalid UTF-8 (byte 0x" + [&] {
                        static constexpr char hex[] = "0123456789abcdef";
                        const auto c = static_cast<unsigned char>(line.text[i]);
                        return std::string{hex[c >> 4], hex[c & 15]};
                    }() + ")");
            }
            i += length;
        }
    }
}

TextInput TextInput::read_file(const std::filesystem::path& path, std::size_t max_bytes) {
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec)) {
        throw InputError(Diagnostic{utf8_of(path), 0, 0, "is a directory, not a file", ""});
    }
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        throw InputError(Diagnostic{utf8_of(path), 0, 0, "cannot open file for reading", ""});
    }
    const auto size = std::filesystem::file_size(path, ec);
    if (!ec && size > max_bytes) {
        throw InputError(Diagnostic{utf8_of(path), 0, 0,
                                    "file too large (" + megabytes(size) + "; the limit is " +
                                        megabytes(max_bytes) + ")",
                                    ""});
    }
    std::string content;
    if (!ec) {
        content.reserve(static_cast<std::size_t>(size)); // one allocation for a 2 MB lockfile
    }
    return TextInput(read_all(in, std::move(content), utf8_of(path), max_bytes), utf8_of(path));
}

TextInput TextInput::read_stream(std::istream& in, std::string origin, std::size_t max_bytes) {
    std::string content = read_all(in, std::string(), origin, max_bytes);
    return TextInput(std::move(content), std::move(origin));
}

TextInput TextInput::from_string(std::string content, std::string origin) {
    return TextInput(std::move(content), std::move(origin));
}

} // namespace torchpin
