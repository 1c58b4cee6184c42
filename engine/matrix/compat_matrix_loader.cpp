// load_compat_matrix: SQL reads of the dataset tables valid at a revision, parsed into types.
#include "engine/matrix/compat_matrix_loader.hpp"

#include "engine/base/diagnostic.hpp"
#include "engine/hardware/gfx_target.hpp"
#include "engine/matrix/matrix_schema.hpp"

#include <algorithm>
#include <map>
#include <memory>
#include <sstream>
#include <tuple>
#include <unordered_map>

namespace torchpin {

namespace {

std::vector<std::string> words(const std::string& text) {
    std::istringstream in(text);
    std::vector<std::string> out;
    for (std::string word; in >> word;) {
        out.push_back(word);
    }
    return out;
}

// A Lines column: one item per line.
std::vector<std::string> lines(const std::string& text) {
    std::istringstream in(text);
    std::vector<std::string> out;
    for (std::string line; std::getline(in, line);) {
        out.push_back(line);
    }
    return out;
}

// Parses a column, or throws naming where the bad value sits.
template <class T>
T parsed(Expected<T> value, const std::string& table, const std::string& key,
         const std::string& column) {
    if (!value) {
        throw InputError(
            Diagnostic{"matrix table " + table, 0, 0,
                       "row " + key + ": column " + column + ": " + value.error().message, ""});
    }
    return std::move(value).value();
}

// The tables repeat the same few hundred version and backend texts thousands of times (every
// release_backend row names its torch); each distinct text is parsed once per load.
class ParsedTexts {
public:
    const Version& version(const std::string& text, const std::string& table,
                           const std::string& key, const std::string& column) {
        return memo(versions_, text,
                    [&] { return parsed(Version::parse(text), table, key, column); });
    }
    const Backend& backend(const std::string& text, const std::string& table,
                           const std::string& key, const std::string& column) {
        return memo(backends_, text,
                    [&] { return parsed(Backend::parse(text), table, key, column); });
    }

private:
    template <class T, class Parse>
    static const T& memo(std::unordered_map<std::string, T>& seen, const std::string& text,
                         Parse parse) {
        if (auto it = seen.find(text); it != seen.end()) {
            return it->second;
        }
        return seen.emplace(text, parse()).first->second;
    }

    std::unordered_map<std::string, Version> versions_;
    std::unordered_map<std::string, Backend> backends_;
};

// Runs `sql` (rows valid at ?1) and calls `each` per row.
template <class Each>
void for_rows(sqlite::Database& db, const std::string& sql, std::int64_t revision, Each each) {
    auto select = db.prepare(sql);
    select.bind(1, revision);
    while (select.step()) {
        each(select);
    }
}

OperatingSystem os_of(const std::string& text, const std::string& table, const std::string& key) {
    auto os = parse_operating_system(text);
    if (!os) {
        throw InputError(
            Diagnostic{"matrix table " + table, 0, 0, "row " + key + ": unknown os " + text, ""});
    }
    return *os;
}

CpuArch arch_of(const std::string& text, const std::string& table, const std::string& key) {
    auto arch = parse_cpu_arch(text);
    if (!arch) {
        throw InputError(
            Diagnostic{"matrix table " + table, 0, 0, "row " + key + ": unknown arch " + text, ""});
    }
    return *arch;
}

// A platform-tag word that can suit the OS, for a coarse SQL filter on wheel rows; pure wheels
// ("any", which "manylinux" also contains) are matched separately.
std::string platform_word(const TagEnvironment& env) {
    switch (env.os) {
    case OperatingSystem::Windows:
        return "win";
    case OperatingSystem::Macos:
        return "macosx";
    case OperatingSystem::Linux:
        break;
    }
    return "linux";
}

const std::string wheel_select =
    "SELECT listing, url, file_name, backend, sha256, requires_python, yanked, yanked_reason, "
    "core_metadata, upload_time, provenance, seen_in FROM wheel_file";

// A row of `wheel_select`. Not wheel_file_from_row (matrix_store.hpp), which takes an import's
// RowValues: this reads the columns in place, parses each backend text once, and reports a bad
// file name as an InputError naming the row.
IndexFile wheel_row(sqlite::Statement& row, ParsedTexts& texts) {
    const std::string url = row.text(1);
    IndexFile file{
        .listing = row.text(0),
        .wheel = parsed(WheelFilename::parse(row.text(2)), "wheel_file", url, "file_name"),
        .backend = std::nullopt,
        .url = url,
        .sha256 = row.optional_text(4),
        .requires_python = row.optional_text(5),
        .yanked = row.integer(6) != 0,
        .yanked_reason = row.text(7),
        .core_metadata = row.optional_text(8),
        .upload_time = row.optional_text(9),
        .provenance = parse_provenance(row.text(10)).value_or(Provenance::Observed),
        .seen_in = row.optional_text(11),
    };
    if (auto backend = row.optional_text(3)) {
        file.backend = texts.backend(*backend, "wheel_file", url, "backend");
    }
    return file;
}

// The SQL condition on wheel rows that load_compat_matrix keeps for `env`.
std::string wheel_filter_for(const TagEnvironment& env) {
    return "instr(platform_tags, '" + platform_word(env) + "') > 0 OR platform_tags = 'any'";
}

// The torch family's wheel rows at ?1 that `wheel_filter` (an SQL condition) admits. Nearly every
// row is the family's, so a scan of the table in rowid order ('+' keeps SQLite off the index on
// package) reads them in the order wanted without a sort.
std::string family_wheels_sql(const std::string& wheel_filter) {
    return wheel_select + " WHERE " + valid_at(1) +
           " AND +package IN ('torch', 'torchvision', 'torchaudio') AND (" + wheel_filter +
           ") ORDER BY id";
}

// The wheel rows of one package and public version at a time, each read once and kept. An
// unpinned resolve asks for two to five releases; one that walks them all (no answer) costs
// about what reading every row at once does (docs/performance.md).
class WheelShelf {
public:
    WheelShelf(std::shared_ptr<MatrixStore> store, std::int64_t revision, const TagEnvironment& env)
        : store_(std::move(store))
        , revision_(revision)
        , filter_(wheel_filter_for(env)) {}

    const std::vector<IndexFile>& files(std::string_view package, const Version& public_version) {
        Key key{std::string(package), public_version.to_string()};
        if (const auto it = read_.find(key); it != read_.end()) {
            return it->second;
        }
        std::vector<IndexFile> files = read_one(key);
        return read_.emplace(std::move(key), std::move(files)).first->second;
    }

private:
    using Key = std::pair<std::string, std::string>; // package, public version text

    // Versions from the public version's text to before that text and ',': the text itself and
    // every "text+label" (',' sorts right after '+', and nothing else can follow a normalized
    // release there). ReleaseWheels compares the parsed versions besides.
    std::vector<IndexFile> read_one(const Key& key) {
        if (!one_release_) {
            one_release_ = store_->database().prepare(
                wheel_select + " WHERE " + valid_at(1) +
                " AND package = ?2 AND version >= ?3 AND version < ?4 AND (" + filter_ +
                ") ORDER BY id");
        }
        one_release_->reset();
        one_release_->bind(1, revision_)
            .bind(2, key.first)
            .bind(3, key.second)
            .bind(4, key.second + ",");
        std::vector<IndexFile> files;
        while (one_release_->step()) {
            files.push_back(wheel_row(*one_release_, texts_));
        }
        return files;
    }

    std::shared_ptr<MatrixStore> store_;
    std::int64_t revision_;
    std::string filter_;
    std::optional<sqlite::Statement> one_release_;
    ParsedTexts texts_;
    std::map<Key, std::vector<IndexFile>> read_;
};

// A row of hsa_override. Its runs_as must be the target its hsa_version names, so that a typo
// in either cannot send a GPU to kernels the source never named.
HsaOverrideFact hsa_override_row(sqlite::Statement& row) {
    const std::string gfx = row.text(0);
    HsaOverrideFact fact{gfx,          row.text(1), row.text(2),       row.text(3),
                         std::nullopt, row.text(5), words(row.text(6))};
    const std::string named =
        parsed(gfx_target_of_override(fact.hsa_version), "hsa_override", gfx, "hsa_version");
    if (named != fact.runs_as) {
        throw InputError(Diagnostic{"matrix table hsa_override", 0, 0,
                                    "row " + gfx + ": column runs_as: " + fact.runs_as +
                                        ", but HSA_OVERRIDE_GFX_VERSION=" + fact.hsa_version +
                                        " runs a GPU as " + named,
                                    ""});
    }
    if (auto up_to = row.optional_text(4)) {
        fact.rocm_up_to = parsed(RocmVersion::parse(*up_to), "hsa_override", gfx, "rocm_up_to");
    }
    return fact;
}

// The wheel_file listings at `revision` that came from wheel lists (source kind "wheel-list").
void read_wheel_lists(sqlite::Database& db, std::int64_t revision, CompatMatrix& m) {
    for_rows(db,
             "SELECT l.name FROM listing l JOIN source s ON s.id = l.source WHERE "
             "l.table_name = 'wheel_file' AND s.kind = 'wheel-list' AND l.valid_from <= ?1 AND "
             "(l.valid_to IS NULL OR l.valid_to > ?1)",
             revision, [&](sqlite::Statement& row) { m.wheel_lists.insert(row.text(0)); });
}

// Adds to m.published each build of a known release (m.releases) that an observed torch file of
// the PyTorch index shows (build_shown_by) and release_backend lacks, and marks a projected one
// seen: a file on the index is the strongest evidence that its build was published. Reads one row
// per listing, version, backend, platform and URL folder (the URL up to its last '/'), not every
// file.
void add_builds_shown_by_files(sqlite::Database& db, std::int64_t revision, ParsedTexts& texts,
                               CompatMatrix& m) {
    std::map<std::tuple<Version, Backend, OperatingSystem, CpuArch>, std::size_t> known;
    for (std::size_t i = 0; i < m.published.size(); ++i) {
        const PublishedBackend& p = m.published[i];
        known.emplace(std::tuple(p.torch, p.backend, p.os, p.arch), i);
    }
    for_rows(db,
             "SELECT DISTINCT listing, file_name, backend, rtrim(url, replace(url, '/', '')) "
             "FROM wheel_file WHERE " +
                 valid_at(1) +
                 " AND package = 'torch' AND provenance = 'observed' AND backend IS NOT NULL",
             revision, [&](sqlite::Statement& row) {
                 const std::string listing = row.text(0);
                 const auto wheel = WheelFilename::parse(row.text(1));
                 if (!wheel) {
                     return; // wheel_row reports it where the file is read
                 }
                 const IndexFile file{
                     .listing = listing,
                     .wheel = *wheel,
                     .backend = texts.backend(row.text(2), "wheel_file", row.text(1), "backend"),
                     .url = row.text(3) + row.text(1),
                     .sha256 = std::nullopt,
                     .requires_python = std::nullopt,
                     .yanked = false,
                     .yanked_reason = "",
                     .core_metadata = std::nullopt,
                     .upload_time = std::nullopt,
                     .provenance = Provenance::Observed,
                     .seen_in = std::nullopt,
                 };
                 const auto build = build_shown_by(file);
                 if (!build || !m.on_pytorch_index(file) || m.release(build->torch) == nullptr) {
                     return;
                 }
                 const auto [it, fresh] =
                     known.emplace(std::tuple(build->torch, build->backend, build->os, build->arch),
                                   m.published.size());
                 if (fresh) {
                     m.published.push_back(*build);
                 } else {
                     m.published[it->second].projected = false; // seen, no longer expected
                 }
             });
}

// Every table at `revision`, with the wheel rows that `wheel_filter` (an SQL condition) admits,
// or none without one.
CompatMatrix load(MatrixStore& store, std::int64_t revision,
                  const std::optional<std::string>& wheel_filter) {
    sqlite::Database& db = store.database();
    CompatMatrix m;
    m.revision = revision;
    m.data_as_of = store.data_as_of(revision);
    ParsedTexts texts;
    const std::string valid = " WHERE " + valid_at(1);
    for_rows(db,
             "SELECT torch, torchvision, torchaudio, torchaudio_note, python, install_style, "
             "release_date, torchvision_series, torchaudio_series FROM torch_release" +
                 valid,
             revision, [&](sqlite::Statement& row) {
                 const std::string key = row.text(0);
                 ReleaseFact r;
                 r.torch = parsed(Version::parse(key), "torch_release", key, "torch");
                 if (auto v = row.optional_text(1)) {
                     r.torchvision =
                         parsed(Version::parse(*v), "torch_release", key, "torchvision");
                 }
                 if (auto v = row.optional_text(2)) {
                     r.torchaudio = parsed(Version::parse(*v), "torch_release", key, "torchaudio");
                 }
                 r.torchaudio_note = row.optional_text(3).value_or("");
                 r.python = words(row.optional_text(4).value_or(""));
                 r.install_style = row.optional_text(5);
                 r.release_date = row.optional_text(6);
                 r.torchvision_series = row.optional_text(7);
                 r.torchaudio_series = row.optional_text(8);
                 m.releases.push_back(std::move(r));
             });
    std::sort(m.releases.begin(), m.releases.end(),
              [](const ReleaseFact& a, const ReleaseFact& b) { return b.torch < a.torch; });
    // release_backend and pypi_backend: (torch, backend, os, arch) rows of the same shape.
    const auto read_builds = [&](const std::string& table, std::vector<PublishedBackend>& out) {
        const std::string evidence = table == "release_backend" ? "evidence" : "''";
        for_rows(db, "SELECT torch, backend, os, arch, " + evidence + " FROM " + table + valid,
                 revision, [&](sqlite::Statement& row) {
                     const std::string torch = row.text(0);
                     const std::string backend = row.text(1);
                     const std::string os = row.text(2);
                     const std::string arch = row.text(3);
                     const std::string key = torch + " " + backend + " " + os + " " + arch;
                     out.push_back(PublishedBackend{
                         texts.version(torch, table, key, "torch"),
                         texts.backend(backend, table, key, "backend"), os_of(os, table, key),
                         arch_of(arch, table, key), row.text(4) == "projected"});
                 });
    };
    read_builds("release_backend", m.published);
    read_builds("pypi_backend", m.pypi_builds);
    read_wheel_lists(db, revision, m);
    add_builds_shown_by_files(db, revision, texts, m);
    for_rows(db, "SELECT backend, cuda FROM backend_cuda" + valid, revision,
             [&](sqlite::Statement& row) {
                 const std::string key = row.text(0);
                 m.backend_cuda.emplace_back(
                     parsed(Backend::parse(key), "backend_cuda", key, "backend"),
                     parsed(CudaVersion::parse(row.text(1)), "backend_cuda", key, "cuda"));
             });
    for_rows(db, "SELECT torch, backend, cuda FROM release_cuda" + valid, revision,
             [&](sqlite::Statement& row) {
                 const std::string key = row.text(0) + " " + row.text(1);
                 m.release_cuda.push_back(ReleaseCuda{
                     texts.version(row.text(0), "release_cuda", key, "torch"),
                     texts.backend(row.text(1), "release_cuda", key, "backend"),
                     parsed(CudaVersion::parse(row.text(2)), "release_cuda", key, "cuda")});
             });
    for_rows(db, "SELECT package, version, torch, released_with FROM companion_range" + valid,
             revision, [&](sqlite::Statement& row) {
                 const std::string key = row.text(0) + " " + row.text(1);
                 m.companion_ranges.push_back(CompanionRange{
                     row.text(0), texts.version(row.text(1), "companion_range", key, "version"),
                     parsed(SpecifierSet::parse(row.text(2)), "companion_range", key, "torch"),
                     texts.version(row.text(3), "companion_range", key, "released_with")});
             });
    for_rows(db, "SELECT cuda, os, coalesce(used, toolkit_minimum) FROM cuda_driver" + valid,
             revision, [&](sqlite::Statement& row) {
                 const std::string key = row.text(0) + " " + row.text(1);
                 CudaDriverFact fact{
                     parsed(CudaVersion::parse(row.text(0)), "cuda_driver", key, "cuda"),
                     os_of(row.text(1), "cuda_driver", key), std::nullopt};
                 if (auto used = row.optional_text(2)) {
                     fact.minimum = parsed(DriverVersion::parse(*used), "cuda_driver", key, "used");
                 }
                 m.cuda_drivers.push_back(std::move(fact));
             });
    for_rows(db, "SELECT cuda_major, os, minimum_driver, below_driver FROM cuda_compat" + valid,
             revision, [&](sqlite::Statement& row) {
                 const std::string key = row.text(0) + " " + row.text(1);
                 CompatFloor floor{static_cast<std::uint32_t>(std::stoul(row.text(0))),
                                   os_of(row.text(1), "cuda_compat", key),
                                   parsed(DriverVersion::parse(row.text(2)), "cuda_compat", key,
                                          "minimum_driver"),
                                   std::nullopt};
                 if (auto below = row.optional_text(3)) {
                     floor.below =
                         parsed(DriverVersion::parse(*below), "cuda_compat", key, "below_driver");
                 }
                 m.compat_floors.push_back(std::move(floor));
             });
    for_rows(db, "SELECT torch, backend, os, arch, arch_list, basis FROM cuda_arch_list" + valid,
             revision, [&](sqlite::Statement& row) {
                 const std::string key =
                     row.text(0) + " " + row.text(1) + " " + row.text(2) + " " + row.text(3);
                 m.arch_lists.push_back(ArchListFact{
                     parsed(SpecifierSet::parse(row.text(0)), "cuda_arch_list", key, "torch"),
                     parsed(Backend::parse(row.text(1)), "cuda_arch_list", key, "backend"),
                     os_of(row.text(2), "cuda_arch_list", key),
                     arch_of(row.text(3), "cuda_arch_list", key),
                     parsed(parse_arch_list(row.text(4)), "cuda_arch_list", key, "arch_list"),
                     row.text(5)});
             });
    for_rows(
        db, "SELECT sm, first_cuda FROM compute_capability" + valid, revision,
        [&](sqlite::Statement& row) {
            const std::string key = row.text(0);
            m.first_cuda.emplace_back(
                parsed(ComputeCapability::parse(key), "compute_capability", key, "sm"),
                parsed(CudaVersion::parse(row.text(1)), "compute_capability", key, "first_cuda"));
        });
    for_rows(
        db, "SELECT backend, gfx FROM rocm_target" + valid, revision, [&](sqlite::Statement& row) {
            const std::string key = row.text(0);
            m.rocm_targets.push_back(RocmTargets{
                parsed(Backend::parse(key), "rocm_target", key, "backend"), words(row.text(1))});
        });
    for_rows(db,
             "SELECT issue, os, torch, backend, severity, error, cause, fix, links, summary, "
             "fix_summary, unless_vc_runtime, patterns, message_source, message_only, decided_by "
             "FROM "
             "known_issue" +
                 valid,
             revision, [&](sqlite::Statement& row) {
                 const std::string key = row.text(0);
                 KnownIssueFact issue{
                     key,
                     row.text(1),
                     parsed(SpecifierSet::parse(row.text(2)), "known_issue", key, "torch"),
                     std::nullopt,
                     row.text(4),
                     row.text(5),
                     row.text(6),
                     row.text(7),
                     words(row.text(8)),
                     row.optional_text(9).value_or(""),
                     row.optional_text(10).value_or(""),
                     std::nullopt};
                 if (auto backend = row.optional_text(3)) {
                     issue.backend =
                         parsed(Backend::parse(*backend), "known_issue", key, "backend");
                 }
                 issue.summary = row.optional_text(9).value_or("");
                 issue.fix_summary = row.optional_text(10).value_or("");
                 if (auto runtime = row.optional_text(11)) {
                     issue.unless_vc_runtime = parsed(VcRuntimeVersion::parse(*runtime),
                                                      "known_issue", key, "unless_vc_runtime");
                 }
                 issue.patterns = lines(row.optional_text(12).value_or(""));
                 issue.message_source = row.optional_text(13).value_or("");
                 issue.message_only = row.optional_integer(14).value_or(0) != 0;
                 issue.decided_by = row.optional_text(15).value_or("");
                 m.known_issues.push_back(std::move(issue));
             });
    for_rows(db,
             "SELECT gfx, chip, hsa_version, runs_as, rocm_up_to, statement, cites FROM "
             "hsa_override" +
                 valid,
             revision,
             [&](sqlite::Statement& row) { m.hsa_overrides.push_back(hsa_override_row(row)); });
    if (wheel_filter) {
        for_rows(db, family_wheels_sql(*wheel_filter), revision,
                 [&](sqlite::Statement& row) { m.wheels.push_back(wheel_row(row, texts)); });
    }
    return m;
}

} // namespace

CompatMatrix load_compat_matrix(MatrixStore& store, std::int64_t revision,
                                const TagEnvironment& env) {
    return load(store, revision, wheel_filter_for(env));
}

CompatMatrix load_compat_matrix_wheels_on_demand(std::shared_ptr<MatrixStore> store,
                                                 std::int64_t revision, const TagEnvironment& env) {
    CompatMatrix m = load(*store, revision, std::nullopt);
    m.read_wheels = [shelf = std::make_shared<WheelShelf>(std::move(store), revision, env)](
                        std::string_view package,
                        const Version& public_version) -> const std::vector<IndexFile>& {
        return shelf->files(package, public_version);
    };
    return m;
}

CompatMatrix load_compat_matrix_every_platform(MatrixStore& store, std::int64_t revision) {
    return load(store, revision, std::string("1"));
}

CompatMatrix narrowed_to_platform(CompatMatrix every_platform, const TagEnvironment& env) {
    // The SQL filter above, on the parsed file name: the word has no '.', so it is in the
    // '.'-joined platform_tags column exactly when it is in one of the platforms.
    const std::string word = platform_word(env);
    std::erase_if(every_platform.wheels, [&](const IndexFile& file) {
        const auto& platforms = file.wheel.tag_set().platforms();
        const bool any = platforms.size() == 1 && platforms.front() == "any";
        return !any && std::none_of(platforms.begin(), platforms.end(), [&](const std::string& p) {
            return p.find(word) != std::string::npos;
        });
    });
    return every_platform;
}

} // namespace torchpin
