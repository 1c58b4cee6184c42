// Rendering of diagnostics: "file:line:col: error: message" plus the source line and a caret.
#include "engine/diagnostic.hpp"

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

} // namespace

std::string render(const Diagnostic& d) {
    std::string out = location_prefix(d) + ": error: " + d.message;
    if (!d.source_line.empty() || d.column > 0) {
        out += "\n    " + d.source_line;
        if (d.column > 0) {
            out += "\n    " + caret_line(d.source_line, d.column);
        }
    }
    return out;
}

Diagnostic locate(const ParseError& error, std::string_view origin, std::size_t line) {
    return Diagnostic{std::string(origin), line, error.position + 1, error.message, error.input};
}

Diagnostic locate_offset(std::string_view content, std::size_t offset, std::string_view origin,
                         std::string message) {
    offset = std::min(offset, content.size());
    const std::size_t line_start = content.rfind('\n', offset == 0 ? 0 : offset - 1);
    const std::size_t begin = line_start == std::string_view::npos || offset == 0 ? 0 : line_start + 1;
    const std::size_t end = std::min(content.find('\n', begin), content.size());
    const std::size_t line =
        1 + static_cast<std::size_t>(std::count(content.begin(), content.begin() + static_cast<std::ptrdiff_t>(begin), '\n'));
    std::string source(content.substr(begin, end - begin));
    if (!source.empty() && source.back() == '\r') {
        source.pop_back();
    }
    return Diagnostic{std::string(origin), line, offset - begin + 1, std::move(message), std::move(source)};
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
