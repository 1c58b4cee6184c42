// load_compat_matrix: SQL reads of the dataset tables valid at a revision, parsed into types.
#include "engine/matrix/compat_matrix_loader.hpp"

#include "engine/base/diagnostic.hpp"
#include "engine/hardware/gfx_target.hpp"
#include "engine/matrix/dataset_tables.hpp"
#include "engine/matrix/index_releases.hpp"
#include "engine/matrix/learned_companions.hpp"
#include "engine/matrix/prepared_matrix.hpp"
#include "engine/matrix/wheel_rows.hpp"

#include <algorithm>
#include <map>
#include <memory>
#include <stdexcept>
#include <type_traits>

namespace torchpin {

namespace {

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

// Runs `sql` (rows valid at ?1) and calls `each` per row.
template <class Each>
void for_rows(sqlite::Database& db, const std::string& sql, std::int64_t revision, Each each) {
    auto select = db.prepare(sql);
    select.bind(1, revision);
    while (select.step()) {
        each(select);
    }
}

// The SQL condition on wheel rows that load_compat_matrix keeps for `env`.
std::string wheel_filter_for(const TagEnvironment& env) {
    // A coarse filter: pure wheels ("any", which "manylinux" also holds) are matched apart.
    return "instr(platform_tags, '" + std::string(os_word(env.os)) +
           "') > 0 OR platform_tags = 'any'";
}

// The SQL condition on the cuda_driver rows that a matrix for `env` keeps: its OS's.
std::string os_filter_for(const TagEnvironment& env) {
    return "os = '" + std::string(name(env.os)) + "'";
}

// The SQL condition on the rows of release_backend and cuda_arch_list that a matrix for `env`
// keeps: its OS and CPU, in each spelling the CPU has ("arm64" for macOS's aarch64).
std::string platform_filter_for(const TagEnvironment& env) {
    std::string arches;
    for (const std::string_view spelling : spellings(env.arch)) {
        arches += (arches.empty() ? "'" : ", '") + std::string(spelling) + "'";
    }
    return os_filter_for(env) + " AND arch IN (" + arches + ")";
}

// The torch family's wheel rows at ?1 that `wheel_filter` (an SQL condition) admits. Nearly every
// row is the family's, so a scan of the table in rowid order ('+' keeps SQLite off the index on
// package) reads them in the order wanted without a sort.
std::string family_wheels_sql(const std::string& wheel_filter) {
    return wheel_row_select() + " WHERE " + valid_at(1) +
           " AND +package IN ('torch', 'torchvision', 'torchaudio') AND (" + wheel_filter +
           ") ORDER BY id";
}

// The wheel rows of one package and public version, each decoded once and kept: every row of the
// release (one scan of its entries in the index on (package, version, tags)); the release's
// wheel_group_union rows, which say what its files are without them (a row per set of its groups
// with the same tags, WheelGroupSet); or the rows of given versions
// and tags, one seek each in that index, such as the files a machine installs best. An unpinned
// resolve asks for two to five releases; one that walks them all (no answer) reads every
// release's groups and the best files of each build (docs/performance.md).
class WheelShelf final : public WheelReader {
public:
    // `filter`: the SQL condition on the platform_tags of wheel and group rows (wheel_filter_for,
    // or "1" for every platform).
    WheelShelf(std::shared_ptr<MatrixStore> store, std::int64_t revision, std::string filter)
        : store_(std::move(store))
        , revision_(revision)
        , filter_(std::move(filter)) {}

    std::vector<const IndexFile*> files(std::string_view package,
                                        const Version& public_version) override {
        const std::string version = public_version.to_string();
        Key key{std::string(package), version};
        if (const auto it = every_.find(key); it != every_.end()) {
            return it->second;
        }
        auto files = decoded(every_id(package, version));
        return every_.emplace(std::move(key), std::move(files)).first->second;
    }

    std::vector<WheelGroup> groups(std::string_view package,
                                   const Version& public_version) override {
        auto& select = bound(
            group_rows_,
            [&] {
                return "SELECT " + dataset_columns::wheel_group_union.decoded_columns() +
                       " FROM wheel_group_union" + release_condition();
            },
            package, public_version.to_string());
        std::vector<WheelGroup> groups;
        while (select.step()) {
            add_groups_of(dataset_columns::wheel_group_union.decode(select, 0, &parsed_), groups);
        }
        return groups;
    }

    void visit_tagged(std::string_view package, const std::vector<WheelTagColumns>& wanted,
                      const FileVisitor& visit) override {
        if (!tagged_rows_) {
            tagged_rows_ = store_->database().prepare(
                "SELECT id FROM wheel_file WHERE " + valid_at(1) +
                " AND package = ?2 AND version = ?3 AND python_tags = ?4 AND abi_tags = ?5 AND "
                "platform_tags = ?6 AND (" +
                filter_ + ")");
        }
        std::vector<std::int64_t> ids;
        for (const WheelTagColumns& tags : wanted) {
            tagged_rows_->reset();
            tagged_rows_->bind(1, revision_)
                .bind(2, package)
                .bind(3, tags.version)
                .bind(4, tags.interpreters)
                .bind(5, tags.abis)
                .bind(6, tags.platforms);
            while (tagged_rows_->step()) {
                ids.push_back(tagged_rows_->integer(0));
            }
        }
        std::ranges::sort(ids);
        ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
        for (const std::int64_t id : ids) {
            if (!visit(decoded(id))) {
                return; // a full-size index lists each file twice: the second is often not read
            }
        }
    }

private:
    using Key = std::pair<std::string, std::string>; // package, public version text

    // The rows of a release: versions from the public version's text to before that text and
    // ',': the text itself and every "text+label" (',' sorts right after '+', and nothing else
    // can follow a normalized release there). ReleaseWheels compares the parsed versions besides.
    std::string release_condition() const {
        return " WHERE " + valid_at(1) +
               " AND package = ?2 AND version >= ?3 AND version < ?4 AND (" + filter_ + ")";
    }

    // `statement` (prepared on first use from the SQL `make_sql` writes, which ends with
    // release_condition()), bound to the release.
    template <class MakeSql>
    sqlite::Statement& bound(std::optional<sqlite::Statement>& statement, MakeSql make_sql,
                             std::string_view package, const std::string& version) {
        if (!statement) {
            statement = store_->database().prepare(make_sql());
        }
        statement->reset();
        statement->bind(1, revision_).bind(2, package).bind(3, version).bind(4, version + ",");
        return *statement;
    }

    // The ids of the release's rows, in the matrix's order, each row decoded on the way.
    std::vector<std::int64_t> every_id(std::string_view package, const std::string& version) {
        auto& select = bound(
            every_row_, [&] { return wheel_row_select() + release_condition(); }, package, version);
        std::vector<std::int64_t> ids;
        while (select.step()) {
            const std::int64_t id = wheel_row_id(select);
            if (!rows_.contains(id)) {
                rows_.emplace(id, wheel_row(select));
            }
            ids.push_back(id);
        }
        std::ranges::sort(ids);
        return ids;
    }

    // The rows of `ids`, decoding those not decoded yet.
    std::vector<const IndexFile*> decoded(const std::vector<std::int64_t>& ids) {
        std::vector<const IndexFile*> files;
        for (const std::int64_t id : ids) {
            files.push_back(&decoded(id));
        }
        return files;
    }

    // The row `id`, decoded on first use.
    const IndexFile& decoded(std::int64_t id) {
        auto it = rows_.find(id);
        if (it == rows_.end()) {
            if (!row_by_id_) {
                row_by_id_ = store_->database().prepare(wheel_row_select() + " WHERE id = ?1");
            }
            row_by_id_->reset();
            row_by_id_->bind(1, id);
            if (!row_by_id_->step()) { // an import closes rows, it never deletes one
                throw std::logic_error("wheel_file row " + std::to_string(id) +
                                       " vanished while it was read");
            }
            it = rows_.emplace(id, wheel_row(*row_by_id_)).first;
        }
        return it->second;
    }

    std::shared_ptr<MatrixStore> store_;
    std::int64_t revision_;
    std::string filter_;
    std::optional<sqlite::Statement> every_row_;
    std::optional<sqlite::Statement> group_rows_;
    std::optional<sqlite::Statement> tagged_rows_;
    std::optional<sqlite::Statement> row_by_id_;
    ParsedValues parsed_; // the group rows' versions and builds, each text parsed once
    std::map<std::int64_t, IndexFile> rows_; // decoded, by id (the addresses stay put)
    std::map<Key, std::vector<const IndexFile*>> every_;
};

// Whether platform tags ('.'-joined) could suit the OS whose platform word is `word` (the SQL
// filter of wheel_filter_for: the word has no '.', so it is in the text exactly when it is in one
// of the platforms); pure wheels always do.
bool suits_platform(std::string_view platforms, const std::string& word) {
    return platforms == "any" || platforms.find(word) != std::string_view::npos;
}

bool file_suits_platform(const IndexFile& file, const std::string& word) {
    return suits_platform(tag_columns(file).platforms, word);
}

// A reader of every platform's files narrowed to those that could suit one OS.
class NarrowedReader final : public WheelReader {
public:
    NarrowedReader(std::shared_ptr<WheelReader> every_platform, std::string word)
        : every_platform_(std::move(every_platform))
        , word_(std::move(word)) {}

    std::vector<const IndexFile*> files(std::string_view package,
                                        const Version& public_version) override {
        return suiting(every_platform_->files(package, public_version));
    }

    std::vector<WheelGroup> groups(std::string_view package,
                                   const Version& public_version) override {
        auto groups = every_platform_->groups(package, public_version);
        std::erase_if(groups,
                      [&](const WheelGroup& g) { return !suits_platform(g.platforms, word_); });
        return groups;
    }

    void visit_tagged(std::string_view package, const std::vector<WheelTagColumns>& wanted,
                      const FileVisitor& visit) override {
        every_platform_->visit_tagged(package, wanted, [&](const IndexFile& file) {
            return !file_suits_platform(file, word_) || visit(file);
        });
    }

private:
    std::vector<const IndexFile*> suiting(std::vector<const IndexFile*> files) const {
        std::erase_if(files, [&](const IndexFile* f) { return !file_suits_platform(*f, word_); });
        return files;
    }

    std::shared_ptr<WheelReader> every_platform_;
    std::string word_;
};

// An hsa_override row's runs_as must be the target its hsa_version names, so that a typo in
// either cannot send a GPU to kernels the source never named.
void check_hsa_override(const HsaOverrideFact& fact) {
    const std::string named =
        parsed(gfx_target_of_override(fact.hsa_version), "hsa_override", fact.gfx, "hsa_version");
    if (named != fact.runs_as) {
        throw InputError(Diagnostic{"matrix table hsa_override", 0, 0,
                                    "row " + fact.gfx + ": column runs_as: " + fact.runs_as +
                                        ", but HSA_OVERRIDE_GFX_VERSION=" + fact.hsa_version +
                                        " runs a GPU as " + named,
                                    ""});
    }
}

// A cuda_branch row names a toolkit minor (13.4), not a release of it: NVIDIA gives one branch per
// major.minor, and a third number would read as if 13.4.1 and 13.4.2 could differ.
void check_cuda_branch(const CudaBranch& row) {
    if (row.cuda.patch()) {
        throw InputError(Diagnostic{"matrix table cuda_branch", 0, 0,
                                    "row " + row.cuda.to_string() +
                                        ": column cuda: a driver branch is NVIDIA's per CUDA "
                                        "major.minor; write " +
                                        CudaVersion(row.cuda.major(), row.cuda.minor()).to_string(),
                                    ""});
    }
}

// A companion_package row's torch column goes with its pairing: "exact" and "floor" state one,
// "none" and "pinned-by-torch" have none (the latter names the torch releases in built_against).
void check_companion_package(const CompanionPackageFact& row) {
    const bool states = row.pairing == "exact" || row.pairing == "floor";
    const bool without = row.pairing == "none" || row.pairing == "pinned-by-torch";
    std::string problem;
    if (states && !row.torch) {
        problem = "a \"" + row.pairing + "\" pairing needs the torch it accepts";
    } else if (without && row.torch) {
        problem = "a \"" + row.pairing + "\" pairing has no torch column";
    } else if (row.pairing == "pinned-by-torch" && row.built_against.empty()) {
        problem = "a \"pinned-by-torch\" pairing names the torch releases in built_against";
    }
    if (!problem.empty()) {
        throw InputError(
            Diagnostic{"matrix table companion_package", 0, 0,
                       "row " + row.package + " " + row.version.to_string() + ": " + problem, ""});
    }
}

// The wheel_file listings at `revision` that came from wheel lists (source kind "wheel-list").
void read_wheel_lists(sqlite::Database& db, std::int64_t revision, CompatMatrix& m) {
    for_rows(db,
             "SELECT l.name FROM listing l JOIN source s ON s.id = l.source WHERE "
             "l.table_name = 'wheel_file' AND s.kind = 'wheel-list' AND l.valid_from <= ?1 AND "
             "(l.valid_to IS NULL OR l.valid_to > ?1)",
             revision, [&](sqlite::Statement& row) { m.wheel_lists.insert(row.text(0)); });
}

// The companion_package rows at `revision`, each checked, then those learned from the index.
std::vector<CompanionPackageFact> companion_packages_at(sqlite::Database& db, std::int64_t revision,
                                                        const WheelLists& wheel_lists) {
    auto rows = read_rows(db, dataset_columns::companion_package, revision);
    std::for_each(rows.begin(), rows.end(), check_companion_package);
    add_companions_learned_from_index(db, revision, wheel_lists, rows);
    add_companions_learned_from_labels(db, revision, rows);
    return rows;
}

// The hsa_override rows at `revision`, each checked.
std::vector<HsaOverrideFact> hsa_overrides_at(sqlite::Database& db, std::int64_t revision) {
    auto rows = read_rows(db, dataset_columns::hsa_override, revision);
    std::for_each(rows.begin(), rows.end(), check_hsa_override);
    return rows;
}

// Sets the tables only some questions read: the companion packages (a request that names one,
// check, doctor), the ROCm targets and the HSA overrides (a machine with an AMD GPU), the builds
// PyPI serves (check, doctor, explain-error). `wrap` makes the matrix's value of each from its
// read, a function of the database: read now, or on demand.
template <class Wrap>
void set_asked_tables(CompatMatrix& m, std::int64_t revision, Wrap wrap) {
    m.pypi_builds = wrap([revision](sqlite::Database& db) {
        return read_rows(db, dataset_columns::pypi_backend, revision);
    });
    m.companion_packages = wrap([revision, wheel_lists = m.wheel_lists](sqlite::Database& db) {
        return companion_packages_at(db, revision, wheel_lists);
    });
    m.rocm_targets = wrap([revision](sqlite::Database& db) {
        return read_rows(db, dataset_columns::rocm_target, revision);
    });
    m.hsa_overrides =
        wrap([revision](sqlite::Database& db) { return hsa_overrides_at(db, revision); });
}

// Every table at `revision` but those set_asked_tables sets, with the builds, arch lists and driver
// minimums of `platform_of`'s OS and CPU (nullptr: every platform's) and the wheel rows that
// `wheel_filter` (an SQL condition) admits, or none without one.
CompatMatrix load(MatrixStore& store, std::int64_t revision, const TagEnvironment* platform_of,
                  const std::optional<std::string>& wheel_filter) {
    sqlite::Database& db = store.database();
    const std::string platform = platform_of != nullptr ? platform_filter_for(*platform_of) : "1";
    const std::string os = platform_of != nullptr ? os_filter_for(*platform_of) : "1";
    CompatMatrix m;
    m.revision = revision;
    m.data_as_of = store.data_as_of(revision);
    m.releases = read_rows(db, dataset_columns::torch_release, revision);
    m.published = read_rows(db, dataset_columns::release_backend, revision, platform);
    read_wheel_lists(db, revision, m);
    add_releases_shown_by_files(db, revision, platform_of, m);
    m.backend_cuda = read_rows(db, dataset_columns::backend_cuda, revision);
    m.release_cuda = read_rows(db, dataset_columns::release_cuda, revision);
    m.companion_ranges = read_rows(db, dataset_columns::companion_range, revision);
    add_pairings_from_metadata(db, revision, m);
    m.cuda_drivers = read_rows(db, dataset_columns::cuda_driver, revision, os);
    m.compat_floors = read_rows(db, dataset_columns::cuda_compat, revision);
    m.cuda_branches = read_rows(db, dataset_columns::cuda_branch, revision);
    std::for_each(m.cuda_branches.begin(), m.cuda_branches.end(), check_cuda_branch);
    m.arch_lists = read_rows(db, dataset_columns::cuda_arch_list, revision, platform);
    m.first_cuda = read_rows(db, dataset_columns::compute_capability, revision);
    m.known_issues = read_rows(db, dataset_columns::known_issue, revision);
    if (wheel_filter) {
        for_rows(db, family_wheels_sql(*wheel_filter), revision,
                 [&](sqlite::Statement& row) { m.wheels.push_back(wheel_row(row)); });
    }
    return m;
}

// Every table at `revision`, with the platform facts of `platform_of` and the wheel rows
// `wheel_filter` admits.
CompatMatrix load_whole(MatrixStore& store, std::int64_t revision,
                        const TagEnvironment* platform_of, const std::string& wheel_filter) {
    CompatMatrix m = load(store, revision, platform_of, wheel_filter);
    set_asked_tables(m, revision, [&](const auto& read) { return read(store.database()); });
    return m;
}

// What `load` reads without wheel rows: from the prepared form the store keeps of `revision` for
// `platform_of`'s OS and CPU (nullptr: every platform), or else from the tables.
CompatMatrix eager_tables(MatrixStore& store, std::int64_t revision,
                          const TagEnvironment* platform_of) {
    if (const auto form = store.prepared_form(revision, prepared_platform(platform_of))) {
        return matrix_from_prepared(*form);
    }
    return load(store, revision, platform_of, std::nullopt);
}

// The matrix with the platform facts of `platform_of` and without wheel rows, reading those
// `filter` admits per release through a shelf, and the tables set_asked_tables names when first
// asked for.
CompatMatrix load_on_demand(std::shared_ptr<MatrixStore> store, std::int64_t revision,
                            const TagEnvironment* platform_of, std::string filter) {
    CompatMatrix m = eager_tables(*store, revision, platform_of);
    set_asked_tables(m, revision, [&store](auto read) {
        using Rows = std::invoke_result_t<decltype(read), sqlite::Database&>;
        return OnDemand<Rows>::read_by([store, read] { return read(store->database()); });
    });
    m.read_wheels = std::make_shared<WheelShelf>(std::move(store), revision, std::move(filter));
    return m;
}

} // namespace

CompatMatrix load_compat_matrix(MatrixStore& store, std::int64_t revision,
                                const TagEnvironment& env) {
    return load_whole(store, revision, &env, wheel_filter_for(env));
}

CompatMatrix load_compat_matrix_wheels_on_demand(std::shared_ptr<MatrixStore> store,
                                                 std::int64_t revision, const TagEnvironment& env,
                                                 PlatformFacts platform) {
    return load_on_demand(std::move(store), revision,
                          platform == PlatformFacts::OfTheMachine ? &env : nullptr,
                          wheel_filter_for(env));
}

CompatMatrix load_compat_matrix_every_platform_on_demand(std::shared_ptr<MatrixStore> store,
                                                         std::int64_t revision) {
    return load_on_demand(std::move(store), revision, nullptr, "1");
}

CompatMatrix load_compat_matrix_tables(MatrixStore& store, std::int64_t revision,
                                       const TagEnvironment* platform_of) {
    return load(store, revision, platform_of, std::nullopt);
}

CompatMatrix load_compat_matrix_every_platform(MatrixStore& store, std::int64_t revision) {
    return load_whole(store, revision, nullptr, "1");
}

CompatMatrix narrowed_to_platform(CompatMatrix every_platform, const TagEnvironment& env) {
    const std::string word(os_word(env.os));
    std::erase_if(every_platform.wheels,
                  [&](const IndexFile& file) { return !file_suits_platform(file, word); });
    if (every_platform.read_wheels) {
        every_platform.read_wheels =
            std::make_shared<NarrowedReader>(std::move(every_platform.read_wheels), word);
    }
    return every_platform;
}

} // namespace torchpin
