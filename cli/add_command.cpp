// add_command: a subcommand whose options are defined when the command line names it.
#include "cli/commands.hpp"

#include <utility>

namespace torchpin::cli {

void add_command(CLI::App& app, std::string name, std::string description,
                 std::function<void(CLI::App& command)> define) {
    CLI::App* command = app.add_subcommand(std::move(name), std::move(description));
    // CLI11 calls this once, when it meets the command's name and before it reads the command's
    // arguments (its --help included).
    command->preparse_callback([command, define = std::move(define)](
                                   std::size_t /*arguments_left*/) { define(*command); });
}

} // namespace torchpin::cli
