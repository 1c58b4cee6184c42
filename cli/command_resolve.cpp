// `torchpin resolve`: the exact torch/torchvision/torchaudio pins (and of the packages built
// against torch the request names) and index for the machine, in the chosen format, with a one-line
// summary on stderr; exit 1 with hints when nothing fits.
#include "cli/commands.hpp"
#include "cli/output.hpp"
#include "cli/resolution_output.hpp"
#include "cli/wrapped_text.hpp"
#include "engine/base/terminal.hpp"
#include "engine/solver/explanation.hpp"

#include <iostream>
#include <memory>

namespace torchpin::cli {

namespace {

struct ResolveOptions {
    MachineDescription machine;
    std::vector<std::string> requirements;
    std::string backend = "auto";
    bool allow_cpu_fallback = false;
    std::string index_url; // --index-url: a mirror
    bool hashes = false;
    std::string output; // -o FILE
};

std::string format_solution(const std::string& format, const ResolvedAnswer& answer) {
    if (format == "pip") {
        return format_pip_command(answer);
    }
    if (format == "uv") {
        return format_uv_command(answer);
    }
    if (format == "uv-project") {
        return format_uv_project(answer);
    }
    if (format == "pylock") {
        return format_pylock(answer);
    }
    return format_requirements(answer);
}

void print_unsolvable(const ResolverSession& session, const Resolution& resolution) {
    std::cerr << "torchpin: no solution\n";
    for (const std::string& line : explain_unsolvable(session.target, resolution)) {
        std::cerr << wrapped(line, "  ", "    ");
    }
    for (const AnswerHint& hint : hints(session.matrix, session.target, resolution)) {
        std::cerr << wrapped(hint.message, "hint: ", "  ");
    }
}

// Pins whose installed file has no digest in the matrix, named on stderr for --hashes.
void report_missing_digests(const ResolverSession& session, const Candidate& solution) {
    for (const PinFiles& files : pin_files(session.matrix, solution)) {
        if (!files.installed_hashed) {
            std::cerr << "torchpin: warning: no hashes for " << files.package << ": "
                      << files.missing_digest() << '\n';
        }
    }
}

// PEP 751 gives every package the files to install with their digests, so a pin whose file for
// this machine has no known digest has no valid pylock.toml: say so instead of writing one that
// cannot install here.
bool refuse_pylock_without_digests(const ResolverSession& session, const Candidate& solution) {
    std::string missing;
    for (const PinFiles& files : pin_files(session.matrix, solution)) {
        if (!files.installed_hashed) {
            missing += (missing.empty() ? "" : "; ") + files.missing_digest();
        }
    }
    if (missing.empty()) {
        return false;
    }
    std::cerr << "torchpin: cannot write a pylock.toml: PEP 751 needs the file to install and its "
                 "digest for every package, and "
              << missing
              << "; run 'torchpin update' to import the index pages with their digests, or use "
                 "--format requirements\n";
    return true;
}

int run_resolve(const GlobalOptions& global, const ResolveOptions& options) {
    require_format(global, "resolve",
                   {"text", "requirements", "pip", "uv", "uv-project", "pylock", "json"});
    const ResolveRequest request = parse_resolve_request(
        options.requirements, options.backend, options.allow_cpu_fallback, options.index_url);
    const ResolverSession session = open_resolver_session(global, options.machine);
    require_resolvable_packages(request, session.matrix);
    // Only the answer is printed, and the whole derivation only when there is none.
    const Resolution resolution =
        resolve(session.matrix, session.target, request, Evaluation::UntilAnswer);
    if (global.format == "json") {
        write_output(format_resolve_json(session, resolution, options.hashes), options.output);
        if (!global.quiet()) {
            std::cerr << summary_line(session, resolution) << '\n';
        }
        return resolution.solution ? 0 : 1;
    }
    if (!resolution.solution) {
        print_unsolvable(session, resolution);
        return 1;
    }
    if (global.format == "pylock" && refuse_pylock_without_digests(session, *resolution.solution)) {
        return 1;
    }
    write_output(format_solution(global.format, {session, resolution, options.hashes}),
                 options.output);
    // On a terminal the answer's header already shows the warnings: printing them again on
    // stderr would only double them. In a file or a pipe the header is not read: stderr is.
    const bool header_on_terminal = options.output.empty() && is_terminal(StandardStream::Out) &&
                                    header_shows_warnings(global.format);
    if (!global.quiet()) {
        std::cerr << summary_line(session, resolution) << '\n';
        if (!header_on_terminal) {
            for (const auto* list : {&session.warnings, &resolution.solution->warnings}) {
                for (const AnswerWarning& warning : *list) {
                    std::cerr << wrapped(warning.message, "torchpin: warning: ", "  ");
                }
            }
        }
        if (options.hashes) {
            report_missing_digests(session, *resolution.solution);
        }
    }
    return 0;
}

} // namespace

void setup_resolve(CLI::App& app, const GlobalOptions& global, CommandResult& result) {
    const auto define = [&global, &result](CLI::App& resolve) {
        auto options = std::make_shared<ResolveOptions>();
        resolve.add_option(
            "requirement", options->requirements,
            "PEP 508 requirements on torch, torchvision, torchaudio or a package built "
            "against torch: xformers, flash-attn, torch-scatter, ... (default: torch "
            "torchvision torchaudio)");
        add_request_options(resolve, options->backend, options->allow_cpu_fallback,
                            options->index_url);
        resolve.add_flag("--hashes", options->hashes,
                         "Add the sha256 of every pinned file the matrix knows a digest of");
        resolve.add_option("-o,--output", options->output, "Write to FILE atomically")
            ->type_name("FILE");
        add_machine_options(resolve, options->machine);
        resolve.footer("Formats (--format): requirements (default), pip, uv, uv-project, pylock, "
                       "json.");
        resolve.callback(
            [&global, &result, options] { result.exit_code = run_resolve(global, *options); });
    };
    add_command(app, "resolve",
                "Pick exact torch/torchvision/torchaudio pins (and the packages built against "
                "torch you name) and the index for a machine",
                define);
}

} // namespace torchpin::cli
