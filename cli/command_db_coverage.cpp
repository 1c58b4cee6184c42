// `torchpin db coverage`: for every release, which facts the matrix holds as observed, derived
// (by series or by generator) or not at all, which builds have file names and how many wheel
// rows carry a digest; the table docs/data.md shows.
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

#include <nlohmann/json.hpp>

namespace torchpin::cli {

namespace {

struct ReleaseCoverage {
    std::string torch;
    std::string torchvision;             // "exact", "range", "series", "unknown"
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

std::vector<ReleaseCoverage> coverage(MatrixStore& store, std::int64_t revision) {
    namespace tables = dataset_columns;
    sqlite::Database& db = store.database();
    std::vector<ReleaseCoverage> rows;
    std::map<std::string, std::size_t> index;
    for (const ReleaseFact& release : read_rows(db, tables::torch_release, revision)) {
        ReleaseCoverage r;
        r.torch = release.torch.to_string();
        const auto text = [](const std::optional<Version>& v) {
            return v ? std::optional(v->to_string()) : std::nullopt;
        };
        r.torchvision = companion(text(release.torchvision), release.torchvision_series, "");
        r.torchaudio =
            companion(text(release.torchaudio), release.torchaudio_series, release.torchaudio_note);
        r.python = release.python.empty() ? "unknown" : "listed";
        index[r.torch] = rows.size();
        rows.push_back(std::move(r));
    }
    // A release no torchvision or torchaudio names may still have one whose torch range holds it.
    for (const CompanionRange& range : read_rows(db, tables::companion_range, revision)) {
        for (ReleaseCoverage& r : rows) {
            std::string& pairing = range.package == "torchvision" ? r.torchvision : r.torchaudio;
            if ((pairing == "unknown" || pairing == "not released") &&
                range.torch.contains(Version::from(r.torch), true)) {
                pairing = "range";
            }
        }
    }
    const std::vector<PublishedBackend> published =
        read_rows(db, tables::release_backend, revision);
    const std::vector<ArchListFact> arch_lists = read_rows(db, tables::cuda_arch_list, revision);
    for (const PublishedBackend& build : published) {
        const auto it = index.find(build.torch.to_string());
        if (it == index.end()) {
            continue;
        }
        ReleaseCoverage& r = rows[it->second];
        ++r.backends[std::string(name(build.os))];
        r.projected |= build.projected();
        // CUDA builds on Linux x86_64, and whether an arch-list row covers each.
        if (build.os != OperatingSystem::Linux || build.arch != CpuArch::X86_64 ||
            build.backend.kind() != BackendKind::Cuda) {
            continue;
        }
        ++r.cuda_builds;
        r.cuda_arch_lists += std::any_of(arch_lists.begin(), arch_lists.end(), [&](const auto& a) {
            return a.os == build.os && a.arch == build.arch && a.backend == build.backend &&
                   a.torch.contains(build.torch, true);
        });
    }
    count_builds_and_wheels(load_compat_matrix_every_platform(store, revision), index, rows);
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
    const WheelRowTotals totals = wheel_row_totals(store, revision);
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
                           {"builds", r.builds},
                           {"builds_with_file_names", r.builds_named},
                           {"observed_wheels", r.observed_wheels},
                           {"derived_wheels", r.derived_wheels},
                           {"wheels_with_digest", r.digests}});
        }
        std::cout << nlohmann::json{{"schema", "torchpin/coverage/v1"},
                                    {"revision", revision},
                                    {"releases", out},
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
        std::cout << "| " << r.torch << " | " << r.torchvision << " | " << r.torchaudio << " | "
                  << r.python << " | " << backend_counts(r) << " | " << r.cuda_arch_lists << " of "
                  << r.cuda_builds << " | " << r.builds_named << " of " << r.builds << " | "
                  << r.observed_wheels << " / " << r.derived_wheels << " / " << r.digests << " |\n";
    }
    std::cout << "\nEvery wheel row (every package and release): " << totals.observed
              << " observed, " << totals.derived << " derived, " << totals.digests
              << " with a digest.\n";
    return 0;
}

} // namespace

void setup_db_coverage(CLI::App& db, const GlobalOptions& global, CommandResult& result) {
    db.add_subcommand("coverage",
                      "Per release: which facts are observed, derived or unknown (Markdown)")
        ->callback([&global, &result] { result.exit_code = run(global); });
}

} // namespace torchpin::cli
