// Global options, format checking and terminal colour decisions shared by all subcommands.
#include "cli/global_options.hpp"

#include "engine/base/terminal.hpp"

#include <cstdio>
#include <cstdlib>
#include <iostream>

namespace torchpin::cli {

void add_global_options(CLI::App& app, GlobalOptions& options) {
    app.add_option("--db", options.db,
                   "Matrix database (default: $TORCHPIN_DB, the user database, else the embedded "
                   "dataset)")
        ->type_name("PATH");
    app.add_option("--format", options.format,
                   "Output format (text, json; some commands have more)")
        ->type_name("FORMAT");
    app.add_option("--color", options.color, "Colour: auto, always or never")
        ->check(CLI::IsMember({"auto", "always", "never"}))
        ->type_name("WHEN");
    app.add_option("--revision", options.revision,
                   "Answer as of this matrix revision (see 'torchpin db revisions')")
        ->type_name("N");
    app.add_flag_function(
        "-q,--quiet", [&options](std::int64_t n) { options.verbosity -= static_cast<int>(n); },
        "Less output on stderr");
    app.add_flag_function(
        "-v,--verbose", [&options](std::int64_t n) { options.verbosity += static_cast<int>(n); },
        "More output on stderr");
}

void require_format(const GlobalOptions& options, std::string_view command,
                    std::initializer_list<std::string_view> allowed) {
    std::string list;
    for (std::string_view format : allowed) {
        if (format == options.format) {
            return;
        }
        list += list.empty() ? "" : ", ";
        list += format;
    }
    throw UsageError("'" + std::string(command) + "' does not support --format " + options.format +
                     " (supported: " + list + ")");
}

bool use_color(const GlobalOptions& options, const std::ostream& stream) {
    if (options.color != "auto") {
        return options.color == "always";
    }
    if (const char* no_color = std::getenv("NO_COLOR"); no_color && *no_color) {
        return false;
    }
    return is_terminal(&stream == &std::cerr ? StandardStream::Err : StandardStream::Out);
}

std::string paint(bool color, std::string_view ansi_code, std::string_view text) {
    if (!color) {
        return std::string(text);
    }
    return std::string("\x1b[") + std::string(ansi_code) + "m" + std::string(text) + "\x1b[0m";
}

} // namespace torchpin::cli
