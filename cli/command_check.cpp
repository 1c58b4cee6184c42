// `torchpin check FILE...`: reads requirements files and lockfiles, runs every rule (the machine
// rules once per target) and prints the findings as text, JSON, GitHub annotations or SARIF; a
// file that cannot be read or parsed is a finding too, and the others are still checked.
#include "cli/check_output.hpp"
#include "cli/commands.hpp"
#include "cli/machine_options.hpp"
#include "cli/matrix_access.hpp"
#include "cli/resolver_session.hpp"
#include "engine/base/diagnostic.hpp"
#include "engine/base/utf8_path.hpp"
#include "engine/check/lock_check.hpp"
#include "engine/matrix/compat_matrix_loader.hpp"
#include "engine/solver/target_machine.hpp"
#include "importers/lock/lockfile_reader.hpp"

#include <future>
#include <iostream>
#include <map>
#include <memory>
#include <optional>

namespace torchpin::cli {

namespace {

struct CheckOptions {
    std::vector<std::string> files;
    MachineDescription machine;
    bool strict = false;
};

// The targets the options describe: none without any machine option (then only the
// machine-independent rules run), else one per --machine file, or the described machine.
std::vector<CheckTarget> check_targets(const GlobalOptions& global, const CheckOptions& options,
                                       const CompatMatrix& every_platform,
                                       std::vector<std::string>& warnings) {
    std::vector<CheckTarget> targets;
    if (options.machine.machine_files.empty() && !options.machine.describes_machine()) {
        return targets;
    }
    const std::vector<Machine> machines = build_machines(options.machine, global);
    for (std::size_t i = 0; i < machines.size(); ++i) {
        const std::string name = i < options.machine.machine_files.size()
                                     ? options.machine.machine_files[i]
                                     : "the described machine";
        auto target = resolver_target(machines[i]);
        if (!target) {
            throw UsageError(name + ": " + target.error().message);
        }
        for (const AnswerWarning& assumption : target->assumptions) {
            warnings.push_back(name + ": " + assumption.message);
        }
        CompatMatrix matrix = narrowed_to_platform(every_platform, target->machine.tags);
        targets.push_back(CheckTarget{name, target->machine, std::move(matrix)});
    }
    return targets;
}

// The file's findings under its own path, then those in files it includes under theirs.
void add_checked(std::vector<CheckedFile>& out, const std::string& path,
                 const LockedRequirements& file, std::vector<CheckFinding> findings) {
    const std::string format(lock_format_name(file.format));
    out.push_back(CheckedFile{path, format, {}});
    std::map<std::string, std::vector<CheckFinding>> included;
    for (CheckFinding& f : findings) {
        if (f.where.file.empty() || f.where.file == file.path) {
            out.back().findings.push_back(std::move(f));
        } else {
            included[f.where.file].push_back(std::move(f));
        }
    }
    for (auto& [included_path, its_findings] : included) {
        out.push_back(CheckedFile{included_path, format, std::move(its_findings)});
    }
}

// A FILE that could not be read or parsed: one unreadable-file finding at the place the reader
// names (an include's own path when the error is inside it), so the other files are still
// checked and every output format reports it.
void add_unreadable(std::vector<CheckedFile>& out, const std::string& path,
                    const Diagnostic& error) {
    std::string fix = error.line > 0
                          ? "correct line " + std::to_string(error.line) +
                                " where the reader stopped, then check again; until then no "
                                "other rule judges this file"
                          : "give a readable requirements file or lockfile (UTF-8 text); until "
                            "then no other rule judges it";
    CheckFinding finding =
        make_finding("unreadable-file", SourceLocation{error.origin, error.line, error.column},
                     error.message, std::move(fix));
    finding.source_line = error.source_line;
    out.push_back(CheckedFile{path, "", {}});
    if (error.origin.empty() || error.origin == path) {
        out.back().findings.push_back(std::move(finding));
    } else {
        out.push_back(CheckedFile{error.origin, "", {std::move(finding)}});
    }
}

int run_check(const GlobalOptions& global, const CheckOptions& options) {
    require_format(global, "check", {"text", "json", "github", "sarif"});
    // The matrix loads on another thread while the files are read (a large uv.lock's TOML is
    // most of a check); its errors still come after the files' own, as they did in sequence.
    // The wheel rows are read per release a file pins, when a rule first asks for them. A
    // lockfile pins its packages and the companion rules look every pin up among the companion
    // packages, so those are read here, beside the files' parse rather than after it.
    auto loading = std::async(std::launch::async, [&global] {
        auto store = std::make_shared<MatrixStore>(open_matrix_for_reading(global));
        const std::int64_t revision = revision_to_read(*store, global.revision);
        CompatMatrix matrix = load_compat_matrix_every_platform_on_demand(store, revision);
        matrix.companion_packages.read_ahead();
        return matrix;
    });
    // Every file is read; one that fails is a finding, not the end of the run.
    std::vector<std::optional<LockedRequirements>> files;
    std::vector<std::optional<Diagnostic>> read_errors;
    for (const std::string& path : options.files) {
        try {
            files.emplace_back(read_locked_requirements(path_from_utf8(path)));
            read_errors.emplace_back();
        } catch (const InputError& e) {
            files.emplace_back();
            read_errors.emplace_back(e.diagnostic());
        }
    }
    const CompatMatrix matrix = loading.get();
    std::vector<std::string> warnings;
    const std::vector<CheckTarget> targets = check_targets(global, options, matrix, warnings);
    if (auto stale = stale_data_warning(matrix.data_as_of, today())) {
        warnings.push_back(stale->message);
    }
    std::vector<CheckedFile> checked;
    bool any_unreadable = false;
    for (std::size_t i = 0; i < files.size(); ++i) {
        if (read_errors[i]) {
            add_unreadable(checked, options.files[i], *read_errors[i]);
            any_unreadable = true;
        } else {
            add_checked(checked, options.files[i], *files[i],
                        check_locked_requirements(*files[i], matrix, targets));
        }
    }
    if (global.format == "json") {
        std::cout << check_json(checked);
    } else if (global.format == "github") {
        std::cout << check_github(checked);
    } else if (global.format == "sarif") {
        std::cout << check_sarif(checked);
    } else {
        std::cout << check_text(checked, use_color(global, std::cout));
    }
    if (!global.quiet()) {
        for (const std::string& warning : warnings) {
            std::cerr << "torchpin: warning: " << warning << '\n';
        }
    }
    // docs/cli.md: an unreadable or malformed file is bad input (2), even beside other errors.
    if (any_unreadable) {
        return 2;
    }
    const CheckTotals totals = count_findings(checked);
    return totals.errors > 0 || (options.strict && totals.warnings > 0) ? 1 : 0;
}

} // namespace

void setup_check(CLI::App& app, const GlobalOptions& global, CommandResult& result) {
    const auto define = [&global, &result](CLI::App& check) {
        auto options = std::make_shared<CheckOptions>();
        check
            .add_option("FILE", options->files,
                        "requirements.txt, pip freeze output, uv.lock, "
                        "pylock.toml")
            ->required();
        check.add_flag("--strict", options->strict, "Warnings count as errors for the exit code");
        add_machine_options(check, options->machine, /*many_machines=*/true);
        check.callback(
            [&global, &result, options] { result.exit_code = run_check(global, *options); });
    };
    add_command(app, "check",
                "Check requirements files and lockfiles for torch pins that cannot work", define);
}

} // namespace torchpin::cli
