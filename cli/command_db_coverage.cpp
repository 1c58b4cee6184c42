// `torchpin db coverage`: for every release, which facts the matrix holds as observed, derived
// (by series or by generator) or not at all, which builds have file names and how many wheel
// rows carry a digest; then, for each package built against torch, its releases, pairing modes,
// where its files live and whether it is retired: the tables docs/data.md shows.
#include "cli/commands.hpp"
#include "cli/matrix_access.hpp"
#include "engine/matrix/compat_matrix_loader.hpp"
#include "engine/matrix/dataset_tables.hpp"
#include "engine/matrix/revisioned_table.hpp"
#include "engine/pep/specifier.hpp"

#include <algorithm>
#include <iostream>
#include <map>
#include <set>
#include <utility>

#include <nlohmann/json.hpp>

namespace torchpin::cli {

namespace {

struct ReleaseCoverage {
    std::string torch;
    bool from_index = false;             // no curated row: known from index listings only
    std::string torchvision;             // "exact", "metadata", "range", "series", "unknown"
    std::string torchaudio;              // "exact", "range", "series", "not released", "unknown"
    std::string python;                  // "listed", "unknown"
    std::map<std::string, int> backends; // os -> published backends
    bool projected = false;              // some are only projected from nightlies
    int cuda_builds = 0;                 // published CUDA builds on linux x86_64
    int cuda_arch_lists = 0;             // of those, with a known arch list
    int builds = 0;          // published builds, every OS and CPU, with those observed files show
    int builds_named = 0;    // of those, with a torch file name (observed or derived)
    int observed_wheels = 0; // torch rows
    int derived_wheels = 0;
    int digests = 0; // torch rows with a sha256
};

// Every wheel row of the revision, each package: how many are observed, derived, with a digest.
struct WheelRowTotals {
    int observed = 0;
    int derived = 0;
    int digests = 0;
};

std::string build_key(const PublishedBackend& build) {
    return build.torch.to_string() + ' ' + build.backend.to_string() + ' ' +
           std::string(name(build.os)) + ' ' + std::string(name(build.arch));
}

// Per release: its published builds (release_backend's and those an observed torch file shows),
// how many of them have a torch file name in the matrix (a PyTorch-index file of that build,
// observed or derived), and its torch rows.
void count_builds_and_wheels(const CompatMatrix& matrix,
                             const std::map<std::string, std::size_t>& index,
                             std::vector<ReleaseCoverage>& rows) {
    std::set<std::string> named;
    for (const IndexFile& file : matrix.wheels) {
        const auto release = index.find(file.wheel.version().public_version().to_string());
        if (file.wheel.name().normalized() != "torch" || release == index.end()) {
            continue;
        }
        ReleaseCoverage& r = rows[release->second];
        ++(file.provenance == Provenance::Observed ? r.observed_wheels : r.derived_wheels);
        r.digests += file.sha256 ? 1 : 0;
        if (const auto build = build_of(file); build && matrix.on_pytorch_index(file)) {
            named.insert(build_key(*build));
        }
    }
    for (const PublishedBackend& build : matrix.published) {
        if (const auto release = index.find(build.torch.to_string()); release != index.end()) {
            ReleaseCoverage& r = rows[release->second];
            ++r.builds;
            r.builds_named += named.contains(build_key(build)) ? 1 : 0;
        }
    }
}

WheelRowTotals wheel_row_totals(MatrixStore& store, std::int64_t revision) {
    auto select = store.database().prepare(
        "SELECT provenance, count(*), count(sha256) FROM wheel_file WHERE " + valid_at(1) +
        " GROUP BY provenance");
    select.bind(1, revision);
    WheelRowTotals totals;
    while (select.step()) {
        (select.text(0) == "observed" ? totals.observed : totals.derived) =
            static_cast<int>(select.integer(1));
        totals.digests += static_cast<int>(select.integer(2));
    }
    return totals;
}

// How the matrix pairs `package` with `release`: "exact" (curated), "metadata" (an exact pin in
// a wheel's metadata), "series", "range" (a curated or learned torch range holds it), "not
// released" or "unknown".
std::string pairing(const CompatMatrix& matrix, const ReleaseFact& release,
                    std::string_view package) {
    const bool vision = package == "torchvision";
    const auto& exact = vision ? release.torchvision : release.torchaudio;
    const auto& learned = vision ? release.torchvision_metadata_of : release.torchaudio_metadata_of;
    if (exact) {
        return learned.empty() ? "exact" : "metadata";
    }
    if (vision ? release.torchvision_series : release.torchaudio_series) {
        return "series";
    }
    const bool ranged =
        std::any_of(matrix.companion_ranges.begin(), matrix.companion_ranges.end(),
                    [&](const CompanionRange& r) {
                        return r.package == package && r.torch.contains(release.torch, true);
                    });
    if (ranged) {
        return "range";
    }
    return !vision && release.torchaudio_note.starts_with("not released") ? "not released"
                                                                          : "unknown";
}

std::vector<ReleaseCoverage> coverage(const CompatMatrix& matrix) {
    std::vector<ReleaseCoverage> rows;
    std::map<std::string, std::size_t> index;
    for (const ReleaseFact& release : matrix.releases) { // newest first
        ReleaseCoverage r;
        r.torch = release.torch.to_string();
        r.from_index = release.from_index;
        r.torchvision = pairing(matrix, release, "torchvision");
        r.torchaudio = pairing(matrix, release, "torchaudio");
        r.python = release.python.empty() ? "unknown" : "listed";
        index[r.torch] = rows.size();
        rows.push_back(std::move(r));
    }
    for (const PublishedBackend& build : matrix.published) {
        ReleaseCoverage& r = rows[index.at(build.torch.to_string())];
        ++r.backends[std::string(name(build.os))];
        r.projected |= build.projected();
        // CUDA builds on Linux x86_64, and whether an arch-list row covers each.
        if (build.os == OperatingSystem::Linux && build.arch == CpuArch::X86_64 &&
            build.backend.kind() == BackendKind::Cuda) {
            ++r.cuda_builds;
            r.cuda_arch_lists +=
                matrix.arch_list(build.torch, build.backend, build.os, build.arch) != nullptr;
        }
    }
    count_builds_and_wheels(matrix, index, rows);
    return rows;
}

// One package built against torch (companion_package): its releases, how they pair with torch,
// where their files live, and whether the package is retired; in the order of data/ecosystem.toml.
struct PackageCoverage {
    std::string package;
    int releases = 0;
    int from_index = 0;                // of those, learned from the imported index (no curated row)
    std::vector<std::string> pairings; // each mode once, in the order first seen
    std::vector<std::string> files_on;
    bool retired = false;
};

void add_once(std::vector<std::string>& words, const std::string& word) {
    if (std::find(words.begin(), words.end(), word) == words.end()) {
        words.push_back(word);
    }
}

std::vector<PackageCoverage> package_coverage(const CompatMatrix& matrix) {
    std::vector<PackageCoverage> rows;
    for (const CompanionPackageFact& fact : *matrix.companion_packages) {
        auto row = std::find_if(rows.begin(), rows.end(), [&](const PackageCoverage& r) {
            return r.package == fact.package;
        });
        if (row == rows.end()) {
            row = rows.insert(rows.end(), PackageCoverage{fact.package, 0, 0, {}, {}, false});
        }
        ++row->releases;
        row->from_index += fact.learned_from.empty() ? 0 : 1;
        add_once(row->pairings, fact.pairing);
        for (const std::string& where : fact.files_on) {
            add_once(row->files_on, where);
        }
        row->retired |= fact.retired;
    }
    return rows;
}

std::string joined(const std::vector<std::string>& words) {
    std::string out;
    for (const std::string& word : words) {
        out += (out.empty() ? "" : ", ") + word;
    }
    return out;
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
    const CompatMatrix matrix = load_compat_matrix_every_platform(store, revision);
    const auto rows = coverage(matrix);
    const auto packages = package_coverage(matrix);
    const WheelRowTotals totals = wheel_row_totals(store, revision);
    if (global.format == "json") {
        nlohmann::json out = nlohmann::json::array();
        for (const auto& r : rows) {
            out.push_back({{"torch", r.torch},
                           {"evidence", r.from_index ? "index" : "curated"},
                           {"torchvision", r.torchvision},
                           {"torchaudio", r.torchaudio},
                           {"python", r.python},
                           {"backends", r.backends},
                           {"backends_projected", r.projected},
                           {"cuda_builds", r.cuda_builds},
                           {"cuda_arch_lists", r.cuda_arch_lists},
                           {"builds", r.builds},
                           {"builds_with_file_names", r.builds_named},
                           {"observed_wheels", r.observed_wheels},
                           {"derived_wheels", r.derived_wheels},
                           {"wheels_with_digest", r.digests}});
        }
        nlohmann::json package_rows = nlohmann::json::array();
        for (const auto& p : packages) {
            package_rows.push_back({{"package", p.package},
                                    {"releases", p.releases},
                                    {"from_index", p.from_index},
                                    {"pairings", p.pairings},
                                    {"files_on", p.files_on},
                                    {"retired", p.retired}});
        }
        std::cout << nlohmann::json{{"schema", "torchpin/coverage/v1"},
                                    {"revision", revision},
                                    {"releases", std::move(out)},
                                    {"packages", std::move(package_rows)},
                                    {"wheel_rows",
                                     {{"observed", totals.observed},
                                      {"derived", totals.derived},
                                      {"with_digest", totals.digests}}}}
                         .dump(2)
                  << '\n';
        return 0;
    }
    std::cout << "| torch | torchvision | torchaudio | Python | backends (linux, windows, macos) | "
                 "CUDA arch lists (linux x86_64) | builds with file names | torch wheels "
                 "(observed / derived / with digest) |\n"
              << "|---|---|---|---|---|---|---|---|\n";
    for (const auto& r : rows) {
        std::cout << "| " << r.torch << (r.from_index ? " (index)" : "") << " | " << r.torchvision
                  << " | " << r.torchaudio << " | " << r.python << " | " << backend_counts(r)
                  << " | " << r.cuda_arch_lists << " of " << r.cuda_builds << " | "
                  << r.builds_named << " of " << r.builds << " | " << r.observed_wheels << " / "
                  << r.derived_wheels << " / " << r.digests << " |\n";
    }
    std::cout << "\nEvery wheel row (every package and release): " << totals.observed
              << " observed, " << totals.derived << " derived, " << totals.digests
              << " with a digest.\n";
    if (!packages.empty()) {
        std::cout << "\n| package built against torch | releases | pairing with torch | files on | "
                     "retired |\n"
                  << "|---|---|---|---|---|\n";
        for (const auto& p : packages) {
            const std::string learned =
                p.from_index > 0 ? " (" + std::to_string(p.from_index) + " from the index)" : "";
            std::cout << "| " << p.package << " | " << p.releases << learned << " | "
                      << joined(p.pairings) << " | " << joined(p.files_on) << " | "
                      << (p.retired ? "yes" : "no") << " |\n";
        }
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
