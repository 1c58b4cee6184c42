// add_command: a command's options exist once the command line names it, for its run and its
// --help, and the commands it does not name are never defined.
#include "cli/commands.hpp"

#include <algorithm>
#include <string>
#include <vector>

#include <CLI/Config.hpp> // CLI11's formatter and config reader, which its App needs linked
#include <CLI/Formatter.hpp>
#include <boost/test/unit_test.hpp>

namespace {

struct TwoCommands {
    CLI::App app{"two commands", "tool"};
    int defined_a = 0;
    int defined_b = 0;
    std::string x;
    std::string y;

    TwoCommands() {
        torchpin::cli::add_command(app, "a", "the first", [this](CLI::App& a) {
            ++defined_a;
            a.add_option("--x", x, "an option of a");
        });
        torchpin::cli::add_command(app, "b", "the second", [this](CLI::App& b) {
            ++defined_b;
            b.add_option("--y", y, "an option of b");
        });
    }

    void parse(std::vector<std::string> arguments) {
        std::ranges::reverse(arguments); // CLI11 takes the arguments last first
        app.parse(arguments);
    }
};

} // namespace

BOOST_AUTO_TEST_SUITE(add_command)

BOOST_AUTO_TEST_CASE(only_the_named_command_is_defined) {
    TwoCommands tool;
    tool.parse({"b", "--y", "7"});
    BOOST_TEST(tool.defined_a == 0);
    BOOST_TEST(tool.defined_b == 1);
    BOOST_TEST(tool.y == "7");
    BOOST_TEST(tool.app.get_subcommand("a")->get_options().size() == 1U); // --help alone
}

BOOST_AUTO_TEST_CASE(the_top_level_help_lists_every_command_undefined) {
    TwoCommands tool;
    const std::string help = tool.app.help();
    BOOST_TEST(help.find("the first") != std::string::npos);
    BOOST_TEST(help.find("the second") != std::string::npos);
    BOOST_TEST(tool.defined_a + tool.defined_b == 0);
}

BOOST_AUTO_TEST_CASE(a_command_s_help_lists_the_options_its_definition_adds) {
    TwoCommands tool;
    BOOST_CHECK_THROW(tool.parse({"a", "--help"}), CLI::CallForHelp);
    BOOST_TEST(tool.defined_a == 1);
    BOOST_TEST(tool.app.get_subcommand("a")->help().find("--x") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(an_option_of_an_unnamed_command_is_an_error) {
    TwoCommands tool;
    BOOST_CHECK_THROW(tool.parse({"b", "--x", "1"}), CLI::ExtrasError);
}

BOOST_AUTO_TEST_SUITE_END()
