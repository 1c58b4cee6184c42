// Options every torchpin command accepts (--db, --format, --color, -q/-v) and the output helpers
// they drive.
#pragma once

#include "engine/base/diagnostic.hpp"

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>

#include <CLI/App.hpp>

namespace torchpin::cli {

struct GlobalOptions {
    std::string db;              // --db PATH; empty: the user database or the embedded dataset
    std::string format = "text"; // --format; each command checks the values it supports
    std::string color = "auto";  // --color auto|always|never
    int verbosity = 0;           // -q: -1, default 0, -v: 1 (more -v: higher)
    std::optional<std::int64_t> revision; // --revision N: answer as of that matrix revision

    bool quiet() const noexcept { return verbosity < 0; }
    bool verbose() const noexcept { return verbosity > 0; }
};

using torchpin::UsageError; // engine/base/diagnostic.hpp: detect/ throws it for option values too

void add_global_options(CLI::App& app, GlobalOptions& options);

// Throws UsageError unless options.format is one of `allowed`.
void require_format(const GlobalOptions& options, std::string_view command,
                    std::initializer_list<std::string_view> allowed);

// Whether to colour `stream` (stdout or stderr): --color, NO_COLOR and whether it is a terminal.
bool use_color(const GlobalOptions& options, const std::ostream& stream);

// "\x1b[31m" + text + "\x1b[0m" when colour is on, else text.
std::string paint(bool color, std::string_view ansi_code, std::string_view text);

} // namespace torchpin::cli
