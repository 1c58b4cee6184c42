// Rendering of diagnostics: "file:line:col: error: message" plus the source line and a caret.
#include "engine/base/diagnostic.hpp"

#include <algorithm>
#include <utility>

namespace torchpin {

namespace {

std::string location_prefix(const Diagnostic& d) {
    std::string out = d.origin.empty() ? std::string("<input>") : d.origin;
    if (d.line > 0) {
        out += ':' + std::to_string(d.line);
        if (d.column > 0) {
            out += ':' + std::to_string(d.column);
        }
    }
    return out;
}

// Tabs are kept so the caret lines up under tab-indented text in a terminal.
std::string caret_line(std::string_view source, std::size_t column) {
    std::string out;
    for (std::size_t i = 0; i + 1 < column && i < source.size(); ++i) {
        out += source[i] == '\t' ? '\t' : ' ';
    }
    for (std::size_t i = source.size(); i + 1 < column; ++i) {
        out += ' ';
    }
    return out + '^';
}

// A long line (a minified JSON page is one line of megabytes) is cut to a window around the
// column, marked with "..." where it was cut; `column` is moved to stay under the same byte.
constexpr std::size_t longest_shown_line = 160;

bool is_utf8_continuation(char c) noexcept {
    return (static_cast<unsigned char>(c) & 0xC0) == 0x80;
}

std::string window_around(std::string_view line, std::size_t& column) {
    if (line.size() <= longest_shown_line) {
        return std::string(line);
    }
    const std::size_t at = column > 0 ? std::min(column - 1, line.size()) : 0;
    std::size_t start = at > longest_shown_line / 2 ? at - longest_shown_line / 2 : 0;
    while (start > 0 && is_utf8_continuation(line[start])) {
        --start;
    }
    std::size_t end = std::min(start + longest_shown_line, line.size());
    while (end < line.size() && is_utf8_continuation(line[end])) {
        ++end;
    }
    std::string shown = start > 0 ? "..." : "";
    if (column > 0) {
        column = column - start + shown.size();
    }
    shown += line.substr(start, end - start);
    return end < line.size() ? shown + "..." : shown;
}

} // namespace

std::string render(const Diagnostic& d, Severity severity) {
    std::string out = location_prefix(d) +
                      (severity == Severity::Error ? ": error: " : ": warning: ") + d.message;
    if (!d.source_line.empty() || d.column > 0) {
        out += '\n' + excerpt_with_caret(d.source_line, d.column);
    }
    return out;
}

std::string excerpt_with_caret(std::string_view source_line, std::size_t column) {
    const std::string shown = window_around(source_line, column);
    return column > 0 ? "    " + shown + "\n    " + caret_line(shown, column) : "    " + shown;
}

Diagnostic locate(const ParseError& error, std::string_view origin, std::size_t line) {
    return Diagnostic{std::string(origin), line, error.position + 1, error.message, error.input};
}

InputError::InputError(Diagnostic diagnostic)
    : std::runtime_error(render(diagnostic))
    , diagnostic_(std::move(diagnostic)) {}

InputError::InputError(const std::string& message)
    : std::runtime_error(message)
    , diagnostic_{"", 0, 0, message, ""} {}

ParseFailure::ParseFailure(ParseError error)
    : std::invalid_argument(error.message + " in '" + error.input + "' at offset " +
                            std::to_string(error.position))
    , error_(std::move(error)) {}

} // namespace torchpin
