// Registration of every subcommand; each lives in its own command_*.cpp file.
#pragma once

#include "cli/global_options.hpp"

#include <functional>
#include <string>

#include <CLI/App.hpp>

namespace torchpin::cli {

// Set by the subcommand that ran: 0, 1 (negative answer) or 2 (bad input it reported itself).
struct CommandResult {
    int exit_code = 0;
};

// "torchpin 0.1.0 (matrix revision 3, data as of 2026-08-21)": the line --version prints.
std::string version_banner(const GlobalOptions& global);

// Adds the subcommand NAME to APP. `define` adds its options, its own subcommands and its callback
// once the command line names it, so that a process builds one command's options, not every
// command's (1.6 M instructions, docs/performance.md). `torchpin --help` needs only the names and
// descriptions given here.
void add_command(CLI::App& app, std::string name, std::string description,
                 std::function<void(CLI::App& command)> define);

void setup_pep440(CLI::App& app, const GlobalOptions& global, CommandResult& result);
void setup_db(CLI::App& app, const GlobalOptions& global, CommandResult& result);
// `db coverage`, registered on the `db` subcommand by setup_db.
void setup_db_coverage(CLI::App& db, const GlobalOptions& global, CommandResult& result);
void setup_import(CLI::App& app, const GlobalOptions& global, CommandResult& result);
void setup_update(CLI::App& app, const GlobalOptions& global, CommandResult& result);
void setup_detect(CLI::App& app, const GlobalOptions& global, CommandResult& result);
void setup_resolve(CLI::App& app, const GlobalOptions& global, CommandResult& result);
void setup_explain(CLI::App& app, const GlobalOptions& global, CommandResult& result);
void setup_which(CLI::App& app, const GlobalOptions& global, CommandResult& result);
void setup_check(CLI::App& app, const GlobalOptions& global, CommandResult& result);
void setup_doctor(CLI::App& app, const GlobalOptions& global, CommandResult& result);
void setup_explain_error(CLI::App& app, const GlobalOptions& global, CommandResult& result);

} // namespace torchpin::cli
