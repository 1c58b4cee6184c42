// Parse errors with a position, and diagnostics that name file, line and column with a caret.
#pragma once

#include <cstddef>
#include <stdexcept>
#include <string>
#include <string_view>

namespace torchpin {

// What went wrong while parsing one piece of text, and where (a byte offset into `input`).
// Example: ParseError{"expected a version number", 4, "==2.x"}.
struct ParseError {
    std::string message;
    std::size_t position = 0;
    std::string input;
};

// A problem in a user's input, located in a file (or "<stdin>", "<argument>").
// Lines and columns are 1-based; column 0 means "the whole line".
struct Diagnostic {
    std::string origin;
    std::size_t line = 0;
    std::size_t column = 0;
    std::string message;
    std::string source_line; // the offending line, shown with a caret under `column`
};

enum class Severity { Error, Warning };

// Renders "origin:line:column: error: message" (or "warning:"), then the source line and a
// caret under the column.
std::string render(const Diagnostic& diagnostic, Severity severity = Severity::Error);

// The source line (cut to a window around a long line's column) and, when `column` > 0, a caret
// under it, each line indented by four spaces: "    torch >= 2.1 cuda\n                 ^".
std::string excerpt_with_caret(std::string_view source_line, std::size_t column);

// Places a parse error of one line of text at `line` of `origin`.
Diagnostic locate(const ParseError& error, std::string_view origin, std::size_t line = 1);

// Thrown for broken user input (exit code 2). Carries the diagnostic to print.
class InputError : public std::runtime_error {
public:
    explicit InputError(Diagnostic diagnostic);
    explicit InputError(const std::string& message); // when no location is known
    const Diagnostic& diagnostic() const noexcept { return diagnostic_; }

private:
    Diagnostic diagnostic_;
};

// Thrown for bad usage that a command-line parser cannot see (exit code 2): an option value that
// does not parse ("--gpu 'RTXX 3090': unknown GPU"), options that conflict, a format a command
// does not support.
class UsageError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// Thrown by the throwing parse helpers (Version::from, ...) when given invalid text.
class ParseFailure : public std::invalid_argument {
public:
    explicit ParseFailure(ParseError error);
    const ParseError& error() const noexcept { return error_; }

private:
    ParseError error_;
};

} // namespace torchpin
