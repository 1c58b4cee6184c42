// `torchpin update`: fetch the live package index and import what changed as one revision.
#include "cli/commands.hpp"
#include "cli/index_layout.hpp"
#include "cli/index_update.hpp"
#include "cli/link_issue_report.hpp"
#include "cli/matrix_access.hpp"
#include "cli/page_fetching.hpp"
#include "engine/base/diagnostic.hpp"
#include "engine/base/interrupt.hpp"

#include <algorithm>
#include <chrono>
#include <iostream>

#include <nlohmann/json.hpp>

namespace torchpin::cli {

namespace {

struct UpdateOptions {
    std::string index_url = "https://download.pytorch.org/whl";
    std::vector<std::string> packages;
    std::size_t jobs = 8;
    double timeout_seconds = 60;
    double connect_timeout_seconds = 10;
    int retries = 3;
    bool skip_invalid = false;
};

std::chrono::milliseconds milliseconds(double seconds) {
    return std::chrono::milliseconds(static_cast<long long>(seconds * 1000));
}

UpdateSettings settings_from(const UpdateOptions& options) {
    UpdateSettings settings;
    settings.base = index_base(options.index_url);
    for (const std::string& text : std::vector<std::string>{"torch", "torchvision", "torchaudio"}) {
        settings.packages.push_back(PackageName::from(text));
    }
    for (const std::string& text : options.packages) {
        auto package = PackageName::parse(text);
        if (!package) {
            throw UsageError("--package " + text +
                             " is not a valid project name: " + package.error().message);
        }
        if (std::find(settings.packages.begin(), settings.packages.end(), *package) ==
            settings.packages.end()) {
            settings.packages.push_back(*package);
        }
    }
    settings.fetch = index_fetch_settings();
    settings.fetch.parallel = options.jobs;
    settings.fetch.total_timeout = milliseconds(options.timeout_seconds);
    settings.fetch.connect_timeout = milliseconds(options.connect_timeout_seconds);
    settings.fetch.retries = options.retries;
    settings.skip_invalid = options.skip_invalid;
    return settings;
}

std::string_view outcome_name(PageOutcome outcome) {
    switch (outcome) {
    case PageOutcome::Fetched:
        return "fetched";
    case PageOutcome::Unchanged:
        return "unchanged";
    case PageOutcome::Skipped:
        return "not published";
    }
    return "";
}

void print_summary(const GlobalOptions& global, const UpdateSettings& settings,
                   const UpdateResult& result) {
    const ImportResult& imported = result.import;
    if (global.format == "json") {
        std::cout << nlohmann::json{{"schema", "torchpin/update/v1"},
                                    {"index_url", settings.base},
                                    {"revision", imported.revision
                                                     ? nlohmann::json(*imported.revision)
                                                     : nlohmann::json(nullptr)},
                                    {"pages_fetched", result.fetched},
                                    {"pages_unchanged", result.unchanged},
                                    {"pages_skipped", result.skipped},
                                    {"listings_changed", imported.listings_changed},
                                    {"listings_unchanged", imported.listings_unchanged},
                                    {"rows_added", imported.rows.added},
                                    {"rows_removed", imported.rows.removed},
                                    {"rows_changed", imported.rows.changed},
                                    {"rows_unchanged", imported.rows.unchanged},
                                    {"other_files", result.other_files},
                                    {"metadata_fetched", result.metadata_fetched},
                                    {"metadata_reused", result.metadata_reused},
                                    {"issues", result.issues.size()}}
                         .dump(2)
                  << '\n';
        return;
    }
    if (imported.revision) {
        std::cout << "revision " << *imported.revision << ": " << imported.listings_changed
                  << " listing(s) changed (" << imported.rows.added << " added, "
                  << imported.rows.removed << " removed, " << imported.rows.changed << " changed)";
    } else {
        std::cout << "no change";
    }
    std::cout << "; pages: " << result.fetched << " fetched, " << result.unchanged
              << " unchanged (304), " << result.skipped << " skipped (not published)";
    if (result.metadata_fetched + result.metadata_reused > 0) {
        std::cout << "; wheel metadata: " << result.metadata_fetched << " fetched, "
                  << result.metadata_reused << " already read";
    }
    std::cout << '\n';
}

int run(const GlobalOptions& global, const UpdateOptions& options) {
    require_format(global, "update", {"text", "json"});
    const UpdateSettings settings = settings_from(options);
    auto store = open_matrix_for_writing(global);
    UpdateResult result;
    {
        const InterruptCatcher ctrl_c; // Ctrl-C stops between transfers; the revision is not made
        ProgressLine progress(ProgressLine::wanted(global.quiet()));
        result = update_index(store, settings, progress,
                              [&](const std::string& url, PageOutcome outcome, long status) {
                                  if (global.verbose()) {
                                      progress.clear();
                                      std::cerr << status << ' ' << outcome_name(outcome) << ' '
                                                << url << '\n';
                                  }
                              });
    }
    LinkIssueReport issues(global, std::cerr);
    for (const LinkIssue& issue : result.issues) {
        issues.add(issue);
    }
    issues.finish();
    print_summary(global, settings, result);
    return 0;
}

} // namespace

void setup_update(CLI::App& app, const GlobalOptions& global, CommandResult& result) {
    const auto define = [&global, &result](CLI::App& command) {
        auto options = std::make_shared<UpdateOptions>();
        command
            .add_option("--index-url", options->index_url,
                        "The index to read (any PEP 503 or PEP 691 index or mirror)")
            ->type_name("BASE")
            ->capture_default_str();
        command
            .add_option("--package", options->packages,
                        "Also fetch this project's pages (besides torch, torchvision, torchaudio)")
            ->type_name("NAME");
        command.add_option("--jobs", options->jobs, "Transfers at once")
            ->type_name("N")
            ->check(CLI::Range(1, 64))
            ->capture_default_str();
        command
            .add_option("--timeout", options->timeout_seconds,
                        "Seconds one attempt at a page may take")
            ->type_name("SECONDS")
            ->check(CLI::PositiveNumber)
            ->capture_default_str();
        command
            .add_option("--connect-timeout", options->connect_timeout_seconds,
                        "Seconds to wait for a connection")
            ->type_name("SECONDS")
            ->check(CLI::PositiveNumber)
            ->capture_default_str();
        command
            .add_option("--retries", options->retries,
                        "Retries after a 5xx answer, a timeout or a dropped connection")
            ->type_name("N")
            ->check(CLI::Range(0, 10))
            ->capture_default_str();
        command.add_flag("--skip-invalid", options->skip_invalid,
                         "Report links with invalid wheel names and import the rest");
        command.callback([&global, &result, options] { result.exit_code = run(global, *options); });
    };
    add_command(app, "update",
                "Fetch the live package index and import what changed as one new revision", define);
}

} // namespace torchpin::cli
