// torchpin entry point: builds the command line and funnels every outcome into the exit codes
// 0/1/2/3.
#include "cli/commands.hpp"
#include "cli/matrix_access.hpp"
#include "engine/base/diagnostic.hpp"
#include "engine/base/host_system.hpp"
#include "engine/base/interrupt.hpp"
#include "engine/base/terminal.hpp"
#include "engine/base/utf8_path.hpp"
#include "engine/matrix/matrix_store.hpp"

#include <algorithm>
#include <exception>
#include <iostream>
#include <optional>
#include <string>

#include <CLI/App.hpp>
#include <CLI/Config.hpp>
#include <CLI/Formatter.hpp>

namespace {

constexpr int exit_bad_input = 2;
constexpr int exit_internal_error = 3;
constexpr int exit_interrupted = 130; // as a shell reports a process ended by SIGINT

void report(const torchpin::cli::GlobalOptions& global, std::string_view message) {
    const bool color = torchpin::cli::use_color(global, std::cerr);
    std::cerr << torchpin::cli::paint(color, "1;31", "torchpin: error: ") << message << '\n';
}

// A SQLite failure that is the database file's fault (locked, read-only) as "FILE: error: …";
// nullopt for a bug. The file is the user database: the embedded one can fail neither way.
std::optional<std::string> database_file_message(const torchpin::cli::GlobalOptions& global,
                                                 const torchpin::sqlite::Error& error) {
    const auto problem = torchpin::database_file_problem(error);
    if (!problem) {
        return std::nullopt;
    }
    std::string file;
    try {
        file = torchpin::utf8_of(torchpin::cli::user_database_path(global));
    } catch (const torchpin::cli::UsageError&) {
        file = "the matrix database";
    }
    return torchpin::render(torchpin::Diagnostic{file, 0, 0, *problem, ""});
}

} // namespace

int main(int argc, char** argv) {
    using namespace torchpin::cli;
    torchpin::prepare_console();
    CLI::App app{"torchpin: the right PyTorch build for a machine, and lockfile checks for CI",
                 "torchpin"};
    app.fallthrough();
    app.allow_windows_style_options(false); // "/tmp/x" is a path on every system, never "/option"
    GlobalOptions global;
    CommandResult result;
    add_global_options(app, global);
    app.set_version_flag("--version", [&global] { return version_banner(global); });
    setup_pep440(app, global, result);
    setup_db(app, global, result);
    setup_import(app, global, result);
    setup_update(app, global, result);
    setup_detect(app, global, result);
    setup_resolve(app, global, result);
    setup_explain(app, global, result);
    setup_explain_error(app, global, result);
    setup_which(app, global, result);
    setup_check(app, global, result);
    setup_doctor(app, global, result);

    try {
        std::vector<std::string> arguments = torchpin::host_arguments(argc, argv);
        std::ranges::reverse(arguments); // CLI11 takes the arguments last first
        app.parse(arguments);
        if (app.get_subcommands().empty()) {
            report(global, "no command given (try 'torchpin --help')");
            return exit_bad_input;
        }
        std::cout.flush();
        return result.exit_code;
    } catch (const CLI::Success& e) {
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        report(global, e.what());
        std::cerr << "Run 'torchpin --help' for usage.\n";
        return exit_bad_input;
    } catch (const torchpin::InputError& e) {
        std::cerr << e.what() << '\n'; // already "file:line:col: error: ..." with a caret
        return exit_bad_input;
    } catch (const torchpin::Interrupted&) {
        std::cerr << "\ntorchpin: interrupted; the database is unchanged\n";
        return exit_interrupted;
    } catch (const UsageError& e) {
        report(global, e.what());
        return exit_bad_input;
    } catch (const torchpin::sqlite::Error& e) {
        if (auto message = database_file_message(global, e)) {
            std::cerr << *message << '\n';
            return exit_bad_input;
        }
        report(global,
               std::string("internal error (a bug in torchpin, please report it): ") + e.what());
        return exit_internal_error;
    } catch (const std::exception& e) {
        report(global,
               std::string("internal error (a bug in torchpin, please report it): ") + e.what());
        return exit_internal_error;
    } catch (...) {
        report(global, "internal error (a bug in torchpin, please report it): unknown exception");
        return exit_internal_error;
    }
}
