// Quoting by the rules of CommandLineToArgvW (Microsoft's "Parsing C++ command-line arguments").
#include "engine/base/windows_command_line.hpp"

namespace torchpin {

std::string quote_windows_argument(std::string_view argument) {
    if (!argument.empty() && argument.find_first_of(" \t\n\v\"") == std::string_view::npos) {
        return std::string(argument);
    }
    std::string quoted = "\"";
    std::size_t backslashes = 0;
    for (const char c : argument) {
        if (c == '\\') {
            ++backslashes;
            continue;
        }
        if (c == '"') {
            quoted.append(2 * backslashes + 1, '\\'); // each backslash doubled, the quote escaped
        } else {
            quoted.append(backslashes, '\\');
        }
        backslashes = 0;
        quoted += c;
    }
    quoted.append(2 * backslashes, '\\'); // doubled before the closing quote
    quoted += '"';
    return quoted;
}

std::string windows_command_line(std::string_view program, const std::vector<std::string>& args) {
    std::string line = program.find_first_of(" \t") == std::string_view::npos
                           ? std::string(program)
                           : "\"" + std::string(program) + "\"";
    for (const auto& argument : args) {
        line += ' ';
        line += quote_windows_argument(argument);
    }
    return line;
}

} // namespace torchpin
