// `torchpin db coverage`: for every release, which facts the matrix holds as observed, derived
// (by series or by generator) or not at all; the table docs/data.md shows.
#include "cli/commands.hpp"
#include "cli/matrix_access.hpp"
#include "engine/matrix/revisioned_table.hpp"
#include "engine/pep/specifier.hpp"

#include <algorithm>
#include <iostream>
#include <map>

#include <nlohmann/json.hpp>

namespace torchpin::cli {

namespace {

struct ReleaseCoverage {
    std::string torch;
    std::string torchvision;             // "exact", "range", "series", "unknown"
    std::string torchaudio;              // "exact", "series", "not released", "unknown"
    std::string python;                  // "listed", "unknown"
    std::map<std::string, int> backends; // os -> published backends
    bool projected = false;              // some are only projected from nightlies
    int cuda_builds = 0;                 // published CUDA builds on linux x86_64
    int cuda_arch_lists = 0;             // of those, with a known arch list
    int observed_wheels = 0;
    int derived_wheels = 0;
};

std::string companion(const std::optional<std::string>& exact,
                      const std::optional<std::string>& series, const std::string& note) {
    if (exact) {
        return "exact";
    }
    if (series) {
        return "series";
    }
    return note.starts_with("not released") ? "not released" : "unknown";
}

std::vector<ReleaseCoverage> coverage(MatrixStore& store, std::int64_t revision) {
    sqlite::Database& db = store.database();
    std::vector<ReleaseCoverage> rows;
    std::map<std::string, std::size_t> index;
    auto releases =
        db.prepare("SELECT torch, torchvision, torchvision_series, torchaudio, torchaudio_series, "
                   "coalesce(torchaudio_note, ''), python FROM torch_release WHERE " +
                   valid_at(1));
    releases.bind(1, revision);
    while (releases.step()) {
        ReleaseCoverage r;
        r.torch = releases.text(0);
        r.torchvision = companion(releases.optional_text(1), releases.optional_text(2), "");
        r.torchaudio =
            companion(releases.optional_text(3), releases.optional_text(4), releases.text(5));
        r.python = releases.is_null(6) ? "unknown" : "listed";
        index[r.torch] = rows.size();
        rows.push_back(std::move(r));
    }
    // A release no torchvision names may still have one whose torch range holds it.
    auto ranges = db.prepare(
        "SELECT torch FROM companion_range WHERE package = 'torchvision' AND " + valid_at(1));
    ranges.bind(1, revision);
    while (ranges.step()) {
        const auto spec = SpecifierSet::parse(ranges.text(0));
        for (ReleaseCoverage& r : rows) {
            if (spec && r.torchvision == "unknown" &&
                spec->contains(Version::from(r.torch), true)) {
                r.torchvision = "range";
            }
        }
    }
    auto backends = db.prepare("SELECT torch, os, count(*), max(evidence = 'projected') FROM "
                               "release_backend WHERE " +
                               valid_at(1) + " GROUP BY torch, os");
    backends.bind(1, revision);
    while (backends.step()) {
        if (auto it = index.find(backends.text(0)); it != index.end()) {
            rows[it->second].backends[backends.text(1)] = static_cast<int>(backends.integer(2));
            rows[it->second].projected |= backends.integer(3) != 0;
        }
    }
    // CUDA builds on Linux x86_64 and whether an arch-list row's specifier covers each is checked
    // in C++: the torch column of cuda_arch_list is a PEP 440 specifier.
    std::vector<std::pair<SpecifierSet, std::string>> arch_lists;
    auto lists = db.prepare(
        "SELECT torch, backend FROM cuda_arch_list WHERE os = 'linux' AND arch = 'x86_64' AND " +
        valid_at(1));
    lists.bind(1, revision);
    while (lists.step()) {
        if (auto spec = SpecifierSet::parse(lists.text(0))) {
            arch_lists.emplace_back(*spec, lists.text(1));
        }
    }
    auto builds =
        db.prepare("SELECT torch, backend FROM release_backend WHERE os = 'linux' AND arch = "
                   "'x86_64' AND backend LIKE 'cu%' AND " +
                   valid_at(1));
    builds.bind(1, revision);
    while (builds.step()) {
        auto it = index.find(builds.text(0));
        if (it == index.end()) {
            continue;
        }
        ReleaseCoverage& r = rows[it->second];
        ++r.cuda_builds;
        const Version torch = Version::from(r.torch);
        for (const auto& [spec, backend] : arch_lists) {
            if (backend == builds.text(1) && spec.contains(torch, true)) {
                ++r.cuda_arch_lists;
                break;
            }
        }
    }
    auto wheels = db.prepare(
        "SELECT version, provenance, count(*) FROM wheel_file WHERE package = 'torch' AND " +
        valid_at(1) + " GROUP BY version, provenance");
    wheels.bind(1, revision);
    while (wheels.step()) {
        auto version = Version::parse(wheels.text(0));
        if (!version) {
            continue;
        }
        if (auto it = index.find(version->public_version().to_string()); it != index.end()) {
            (wheels.text(1) == "observed" ? rows[it->second].observed_wheels
                                          : rows[it->second].derived_wheels) +=
                static_cast<int>(wheels.integer(2));
        }
    }
    std::sort(rows.begin(), rows.end(), [](const auto& a, const auto& b) {
        return Version::from(b.torch) < Version::from(a.torch);
    });
    return rows;
}

std::string backend_counts(const ReleaseCoverage& r) {
    std::string out;
    for (const char* os : {"linux", "windows", "macos"}) {
        const auto it = r.backends.find(os);
        out += (out.empty() ? "" : ", ") + std::string(os) + " " +
               std::to_string(it == r.backends.end() ? 0 : it->second);
    }
    return r.projected ? out + " (projected)" : out;
}

int run(const GlobalOptions& global) {
    require_format(global, "db coverage", {"text", "json"});
    auto store = open_matrix_for_reading(global);
    const std::int64_t revision = revision_to_read(store, global.revision);
    const auto rows = coverage(store, revision);
    if (global.format == "json") {
        nlohmann::json out = nlohmann::json::array();
        for (const auto& r : rows) {
            out.push_back({{"torch", r.torch},
                           {"torchvision", r.torchvision},
                           {"torchaudio", r.torchaudio},
                           {"python", r.python},
                           {"backends", r.backends},
                           {"backends_projected", r.projected},
                           {"cuda_builds", r.cuda_builds},
                           {"cuda_arch_lists", r.cuda_arch_lists},
                           {"observed_wheels", r.observed_wheels},
                           {"derived_wheels", r.derived_wheels}});
        }
        std::cout << nlohmann::json{{"schema", "torchpin/coverage/v1"},
                                    {"revision", revision},
                                    {"releases", out}}
                         .dump(2)
                  << '\n';
        return 0;
    }
    std::cout << "| torch | torchvision | torchaudio | Python | backends (linux, windows, macos) | "
                 "CUDA arch lists (linux x86_64) | torch wheels (observed / derived) |\n"
              << "|---|---|---|---|---|---|---|\n";
    for (const auto& r : rows) {
        std::cout << "| " << r.torch << " | " << r.torchvision << " | " << r.torchaudio << " | "
                  << r.python << " | " << backend_counts(r) << " | " << r.cuda_arch_lists << " of "
                  << r.cuda_builds << " | " << r.observed_wheels << " / " << r.derived_wheels
                  << " |\n";
    }
    return 0;
}

} // namespace

void setup_db_coverage(CLI::App& db, const GlobalOptions& global, CommandResult& result) {
    db.add_subcommand("coverage",
                      "Per release: which facts are observed, derived or unknown (Markdown)")
        ->callback([&global, &result] { result.exit_code = run(global); });
}

} // namespace torchpin::cli
