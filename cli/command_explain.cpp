// `torchpin explain`: resolve's answer with the whole reasoning: the machine, every (torch,
// backend) candidate considered with its verdict and reasons, the decisions and the hints.
#include "cli/commands.hpp"
#include "cli/matrix_access.hpp"
#include "cli/resolution_output.hpp"
#include "cli/warning_json.hpp"
#include "cli/wrapped_text.hpp"
#include "engine/matrix/compat_matrix_loader.hpp"
#include "engine/solver/explanation.hpp"

#include <algorithm>
#include <iostream>
#include <memory>
#include <utility>

#include <nlohmann/json.hpp>

namespace torchpin::cli {

namespace {

struct ExplainOptions {
    MachineDescription machine;
    std::vector<std::string> requirements;
    std::string backend = "auto";
    bool allow_cpu_fallback = false;
    std::string index_url;                  // --index-url: a mirror
    std::optional<std::string> known_issue; // --known-issue ID: that issue in full, nothing else
};

std::vector<std::string> reasons(const Candidate& candidate) {
    std::vector<std::string> out;
    for (const Rejection& rejection : candidate.rejections) {
        out.push_back(describe(rejection));
    }
    return out;
}

// The candidate's rejections as {"code", "message", …facts}, as warnings are.
nlohmann::ordered_json reasons_json(const Candidate& candidate) {
    nlohmann::ordered_json out = nlohmann::ordered_json::array();
    for (const Rejection& rejection : candidate.rejections) {
        const RejectionFacts facts = rejection_facts(rejection);
        nlohmann::ordered_json reason{{"code", facts.code}, {"message", describe(rejection)}};
        for (const auto& [fact, value] : facts.facts) {
            reason[fact] = value;
        }
        out.push_back(std::move(reason));
    }
    return out;
}

std::string request_text(const ResolveRequest& request, const std::string& backend) {
    std::string text;
    for (const Requirement& r : request.requirements) {
        text += (text.empty() ? "" : " ") + r.to_string();
    }
    return text + "; backend " + backend +
           (request.allow_cpu_fallback ? ", CPU fallback allowed" : "");
}

// The candidates worth printing: all of them with -v or without a solution; otherwise those
// ranked before the solution and the solution itself.
std::size_t shown_candidates(const Resolution& resolution, bool verbose) {
    if (verbose || !resolution.solution) {
        return resolution.candidates.size();
    }
    std::size_t shown = 0;
    while (shown < resolution.candidates.size() && !resolution.candidates[shown].works()) {
        ++shown;
    }
    return shown + 1;
}

void print_text(const ResolverSession& session, const ResolveRequest& request,
                const Resolution& resolution, const std::string& backend, bool verbose) {
    std::cout << "Machine:  " << describe_machine(session.target) << '\n';
    std::cout << "Matrix:   revision " << session.matrix.revision << ", data as of "
              << session.matrix.data_as_of.value_or("unknown") << '\n';
    std::cout << "Request:  " << request_text(request, backend) << '\n';
    for (const AnswerWarning& warning : session.warnings) {
        std::cout << wrapped(warning.message, "Warning:  ", "          ");
    }
    const std::size_t shown = shown_candidates(resolution, verbose);
    std::cout << "\nConsidered, best first (" << resolution.candidates.size() << " candidates):\n";
    for (std::size_t i = 0; i < shown; ++i) {
        const Candidate& c = resolution.candidates[i];
        std::cout << "  " << c.torch.to_string() << " " << c.backend.to_string() << ": "
                  << verdict(c) << '\n';
        for (const std::string& reason : reasons(c)) {
            std::cout << wrapped(reason, "      ", "        ");
        }
        for (const AnswerWarning& warning : c.warnings) {
            std::cout << wrapped(warning.message, "      warning: ", "        ");
        }
    }
    if (shown < resolution.candidates.size()) {
        std::cout << "  ... " << resolution.candidates.size() - shown
                  << " candidates ranked below the answer (-v lists them)\n";
    }
    if (!resolution.solution) {
        std::cout << "\nNo solution:\n";
        for (const std::string& line : explain_unsolvable(session.target, resolution)) {
            std::cout << wrapped(line, "  ", "    ");
        }
        std::cout << "\nHints:\n";
        for (const AnswerHint& hint : hints(session.matrix, session.target, resolution)) {
            std::cout << wrapped(hint.message, "  ", "    ");
        }
        return;
    }
    const Candidate& s = *resolution.solution;
    std::cout << "\nAnswer: torch " << s.torch.to_string() << " with " << s.backend.to_string()
              << " from " << resolution.index_url() << '\n';
    for (const Pin& pin : s.pins) {
        std::cout << "  " << pin.package << pin.specifier() << '\n';
    }
    if (const auto environment = required_environment(s); !environment.empty()) {
        std::cout << "\nAssumes, wherever torch runs:\n";
        for (const EnvironmentVariable& variable : environment) {
            std::cout << "  export " << variable.name << '=' << variable.value << '\n';
        }
    }
    std::cout << "\nWhy:\n";
    for (const std::string& line : explain_solution(session.matrix, session.target, resolution)) {
        std::cout << wrapped(line, "  ", "    ");
    }
    if (!s.known_issues.empty()) {
        std::cout << "\nKnown issues of this build here:\n";
        for (const KnownIssueFact& issue : s.known_issues) {
            for (const std::string& line : describe_known_issue(issue)) {
                std::cout << "  " << line << '\n';
            }
        }
    }
}

std::string explain_json(const ResolverSession& session, const Resolution& resolution) {
    nlohmann::ordered_json out = resolve_json(session, resolution, false);
    out["schema"] = "torchpin/explain/v1";
    nlohmann::ordered_json candidates = nlohmann::ordered_json::array();
    for (const Candidate& c : resolution.candidates) {
        candidates.push_back({{"torch", c.torch.to_string()},
                              {"backend", c.backend.to_string()},
                              {"status", verdict(c)},
                              {"reasons", reasons_json(c)},
                              {"warnings", warnings_json(c.warnings)}});
    }
    out["candidates"] = std::move(candidates);
    return out.dump(2) + "\n";
}

// `explain --known-issue ID`: the issue in full, from the matrix (every OS's issues).
int run_known_issue(const GlobalOptions& global, const std::string& id) {
    auto store = std::make_shared<MatrixStore>(open_matrix_for_reading(global));
    const std::int64_t revision = revision_to_read(*store, global.revision);
    const CompatMatrix matrix = load_compat_matrix_every_platform_on_demand(store, revision);
    const auto& issues = matrix.known_issues;
    const auto issue = std::find_if(issues.begin(), issues.end(),
                                    [&](const KnownIssueFact& i) { return i.issue == id; });
    if (issue == issues.end()) {
        std::string known;
        for (const KnownIssueFact& i : issues) {
            known += (known.empty() ? "" : ", ") + i.issue;
        }
        throw UsageError("--known-issue '" + id + "': no such known issue (known: " + known + ")");
    }
    if (global.format == "json") {
        std::cout << nlohmann::ordered_json{{"schema", "torchpin/known-issue/v1"},
                                            {"id", issue->issue},
                                            {"os", issue->os},
                                            {"torch", issue->torch.to_string()},
                                            {"severity", issue->severity},
                                            {"summary", issue->summary},
                                            {"message", issue->error},
                                            {"cause", issue->cause},
                                            {"fix", issue->fix},
                                            {"links", issue->links}}
                         .dump(2)
                  << '\n';
        return 0;
    }
    for (const std::string& line : describe_known_issue(*issue)) {
        std::cout << line << '\n';
    }
    return 0;
}

int run_explain(const GlobalOptions& global, const ExplainOptions& options) {
    require_format(global, "explain", {"text", "json"});
    if (options.known_issue) {
        return run_known_issue(global, *options.known_issue);
    }
    const ResolveRequest request = parse_resolve_request(
        options.requirements, options.backend, options.allow_cpu_fallback, options.index_url);
    const ResolverSession session = open_resolver_session(global, options.machine);
    require_resolvable_packages(request, session.matrix);
    const Resolution resolution = resolve(session.matrix, session.target, request);
    if (global.format == "json") {
        std::cout << explain_json(session, resolution);
    } else {
        print_text(session, request, resolution, options.backend, global.verbose());
    }
    return resolution.solution ? 0 : 1;
}

} // namespace

void setup_explain(CLI::App& app, const GlobalOptions& global, CommandResult& result) {
    const auto define = [&global, &result](CLI::App& explain) {
        auto options = std::make_shared<ExplainOptions>();
        explain.add_option("requirement", options->requirements,
                           "PEP 508 requirements (default: torch torchvision torchaudio)");
        add_request_options(explain, options->backend, options->allow_cpu_fallback,
                            options->index_url);
        add_machine_options(explain, options->machine);
        explain
            .add_option("--known-issue", options->known_issue,
                        "Print one known issue in full (message, cause, fix, sources) and stop")
            ->type_name("ID");
        explain.callback(
            [&global, &result, options] { result.exit_code = run_explain(global, *options); });
    };
    add_command(app, "explain",
                "Like resolve, with the whole reasoning: every candidate and why it was or "
                "was not chosen",
                define);
}

} // namespace torchpin::cli
