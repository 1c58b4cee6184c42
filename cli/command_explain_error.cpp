// `torchpin explain-error [MESSAGE...]`: the known issues a pasted error message (from the
// arguments, or stdin) is, most likely first, each with what speaks for and against it, its
// cause, the fix and the sources.
#include "cli/commands.hpp"
#include "cli/machine_options.hpp"
#include "cli/matrix_access.hpp"
#include "cli/wrapped_text.hpp"
#include "engine/diagnosis/error_explanation.hpp"
#include "engine/matrix/compat_matrix_loader.hpp"
#include "importers/input/text_input.hpp"

#include <iostream>
#include <memory>
#include <utility>

#include <nlohmann/json.hpp>

namespace torchpin::cli {

namespace {

struct ExplainErrorOptions {
    std::vector<std::string> message; // words joined with spaces; none or "-": stdin
    MachineDescription machine;
    std::optional<std::string> torch;
    std::optional<std::string> torchvision;
};

std::string read_message(const std::vector<std::string>& words) {
    if (words.empty() || (words.size() == 1 && words.front() == "-")) {
        return TextInput::read_stream(std::cin, "<stdin>").content();
    }
    std::string message;
    for (const std::string& word : words) {
        message += (message.empty() ? "" : " ") + word;
    }
    return message;
}

std::optional<Version> installed_version(const std::optional<std::string>& text,
                                         const std::string& option) {
    if (!text) {
        return std::nullopt;
    }
    auto version = Version::parse(*text);
    if (!version) {
        throw UsageError(option + " '" + *text + "': " + version.error().message);
    }
    return *version;
}

void print_text(const std::vector<ErrorCause>& causes) {
    std::cout << (causes.size() == 1 ? "1 known issue fits"
                                     : std::to_string(causes.size()) + " known issues fit")
              << " this message, most likely first:\n";
    int rank = 0;
    for (const ErrorCause& cause : causes) {
        const KnownIssueFact& issue = cause.issue;
        std::cout << '\n'
                  << wrapped(issue.summary.empty() ? issue.error : issue.summary,
                             std::to_string(++rank) + ". [" + issue.issue + "] ", "     ");
        for (const std::string& line : cause.evidence) {
            std::cout << wrapped(line, "   + ", "     ");
        }
        for (const std::string& line : cause.doubts) {
            std::cout << wrapped(line, "   - ", "     ");
        }
        std::cout << wrapped(issue.cause, "   cause: ", "     ");
        std::cout << wrapped(issue.fix, "   fix: ", "     ");
        for (const std::string& link : issue.links) {
            std::cout << "   see: " << link << '\n';
        }
    }
}

std::string explain_error_json(const std::vector<ErrorCause>& causes) {
    nlohmann::ordered_json list = nlohmann::ordered_json::array();
    for (const ErrorCause& cause : causes) {
        const KnownIssueFact& issue = cause.issue;
        list.push_back({{"id", issue.issue},
                        {"os", issue.os},
                        {"torch", issue.torch.to_string()},
                        {"severity", issue.severity},
                        {"summary", issue.summary},
                        {"pattern", cause.pattern},
                        {"evidence", cause.evidence},
                        {"doubts", cause.doubts},
                        {"message", issue.error},
                        {"message_source", issue.message_source},
                        {"cause", issue.cause},
                        {"fix", issue.fix},
                        {"links", issue.links}});
    }
    return nlohmann::ordered_json{{"schema", "torchpin/explain-error/v1"},
                                  {"causes", std::move(list)}}
               .dump(2) +
           "\n";
}

int run_explain_error(const GlobalOptions& global, const ExplainErrorOptions& options) {
    require_format(global, "explain-error", {"text", "json"});
    ErrorFacts facts;
    facts.torch = installed_version(options.torch, "--torch");
    facts.torchvision = installed_version(options.torchvision, "--torchvision");
    const std::string message = read_message(options.message);
    const Machine machine = build_machine(options.machine, global);
    facts.machine = &machine;
    if (machine.os) {
        facts.os = std::string(name(machine.os->value));
    }
    auto store = std::make_shared<MatrixStore>(open_matrix_for_reading(global));
    const std::int64_t revision = revision_to_read(*store, global.revision);
    const CompatMatrix matrix = load_compat_matrix_every_platform_on_demand(store, revision);
    facts.matrix = &matrix;
    const std::vector<ErrorCause> causes = explain_error(message, matrix.known_issues, facts);
    if (global.format == "json") {
        std::cout << explain_error_json(causes);
    } else if (causes.empty()) {
        std::cout << "torchpin knows no issue with this message; run `torchpin doctor` to check "
                     "the installed environment\n";
    } else {
        print_text(causes);
    }
    return causes.empty() ? 1 : 0;
}

} // namespace

void setup_explain_error(CLI::App& app, const GlobalOptions& global, CommandResult& result) {
    const auto define = [&global, &result](CLI::App& command) {
        auto options = std::make_shared<ExplainErrorOptions>();
        command.add_option("message", options->message,
                           "The error message or traceback (none or '-': read it from stdin)");
        add_machine_options(command, options->machine);
        command.add_option("--torch", options->torch, "The installed torch (2.4.0+cu121)")
            ->type_name("VERSION");
        command.add_option("--torchvision", options->torchvision, "The installed torchvision")
            ->type_name("VERSION");
        command.callback([&global, &result, options] {
            result.exit_code = run_explain_error(global, *options);
        });
    };
    add_command(app, "explain-error",
                "Which known issues an error message is, with their causes and fixes", define);
}

} // namespace torchpin::cli
