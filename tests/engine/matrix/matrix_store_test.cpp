// MatrixStore: revisions instead of overwrites, no-op re-imports, diffs, atomic failure,
// read-only images, verification, a compact file after each import, surviving SIGKILL mid-import
// with readers running, and the resolver's loader narrowing wheels and platform facts to a
// machine's or reading them per release, and reading the tables only some questions ask about
// when they first do.
#include "engine/base/diagnostic.hpp"
#include "engine/matrix/compat_matrix_loader.hpp"
#include "engine/matrix/dataset_tables.hpp"
#include "engine/matrix/matrix_schema.hpp"
#include "engine/matrix/matrix_store.hpp"
#include "engine/matrix/release_wheels.hpp"
#include "tests/engine/matrix/matrix_store_fixtures.hpp"
#include "tests/support/printing.hpp"

#include <array>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>
#include <thread>

#include <boost/test/unit_test.hpp>

using namespace torchpin;
using namespace torchpin::test::store;

BOOST_AUTO_TEST_SUITE(matrix_store)

BOOST_AUTO_TEST_CASE(creates_the_schema_and_imports_a_first_revision) {
    TempDatabase temp;
    auto store = MatrixStore::open(temp.path, true);
    BOOST_TEST(store.database().user_version() == latest_schema_version());
    BOOST_TEST(!store.latest_revision().has_value());
    BOOST_TEST(!store.latest_revision_number().has_value());
    const auto result =
        store.import(request({listing({wheel(a, "aa"), wheel(b), wheel(c)}, "d1")}));
    BOOST_REQUIRE(result.revision.has_value());
    BOOST_TEST(*result.revision == 1);
    BOOST_TEST(result.rows.added == 3u);
    const auto files = store.wheel_files({.package = "torch"}, 1);
    BOOST_REQUIRE_EQUAL(files.size(), 3u);
    BOOST_TEST(files[0].listing == cu121_page);
    BOOST_TEST((files == std::vector<IndexFile>{wheel(c), wheel(b), wheel(a, "aa")}));
    const auto latest = store.latest_revision();
    BOOST_TEST(latest->wheel_files == 3);
    BOOST_TEST(latest->data_as_of == std::optional<std::string>("2026-11-30"));
    BOOST_TEST(store.latest_revision_number() == std::optional<std::int64_t>(1));
    BOOST_TEST(store.data_as_of(1) == std::optional<std::string>("2026-11-30"));
    BOOST_TEST(!store.data_as_of(2).has_value());
    BOOST_TEST(latest->sources.size() == 1u);
    BOOST_TEST(store.verify().empty());
}

BOOST_AUTO_TEST_CASE(reading_a_row_back_gives_the_same_file) {
    TempDatabase temp;
    auto store = MatrixStore::open(temp.path, true);
    IndexFile file = wheel(a, "abc123");
    file.yanked = true;
    file.yanked_reason = "broken <build>";
    file.core_metadata = "sha256=ff";
    file.upload_time = "2024-01-01T00:00:00Z";
    store.import(request({listing({file}, "d1")}));
    const auto files = store.wheel_files({}, 1);
    BOOST_REQUIRE_EQUAL(files.size(), 1u);
    BOOST_TEST((files[0] == file));
}

BOOST_AUTO_TEST_CASE(importing_the_same_content_again_makes_no_revision) {
    TempDatabase temp;
    auto store = MatrixStore::open(temp.path, true);
    store.import(request({listing({wheel(a), wheel(b)}, "d1")}));
    // Same rows in another order, and another page digest (the TIMESTAMP comment changed).
    const auto again = store.import(request({listing({wheel(b), wheel(a)}, "d2")}));
    BOOST_TEST(!again.revision.has_value());
    BOOST_TEST(again.listings_unchanged == 1u);
    BOOST_TEST(store.revisions().size() == 1u);
}

BOOST_AUTO_TEST_CASE(a_second_import_is_a_new_revision_and_the_old_one_stays_queryable) {
    TempDatabase temp;
    auto store = MatrixStore::open(temp.path, true);
    store.import(request({listing({wheel(a, "aa"), wheel(b), wheel(c)}, "d1")}));
    IndexFile yanked = wheel(c);
    yanked.yanked = true;
    const auto second =
        store.import(request({listing({wheel(a, "a2"), yanked, wheel(d)}, "d2")}, "hash change"));
    BOOST_REQUIRE(second.revision == std::optional<std::int64_t>(2));
    BOOST_TEST(second.rows.added == 1u);
    BOOST_TEST(second.rows.removed == 1u);
    BOOST_TEST(second.rows.changed == 2u);
    BOOST_TEST(store.wheel_files({}, 1).size() == 3u);
    BOOST_TEST(store.wheel_files({}, 2).size() == 3u);
    BOOST_TEST(store.wheel_files({.version = "2.1.0+cu121"}, 1).empty());
    BOOST_TEST(store.wheel_files({.version = "2.1.0+cu121"}, 2).size() == 1u);

    const auto changes = store.diff(1, 2);
    std::map<std::string, const RowDifference*> by_key; // by file name (the key is the URL)
    for (const auto& change : changes) {
        by_key[change.key.substr(change.key.rfind('/') + 1)] = &change;
    }
    BOOST_REQUIRE_EQUAL(changes.size(), 4u);
    BOOST_TEST((by_key[a]->kind == RowDifference::Kind::Changed));
    BOOST_REQUIRE_EQUAL(by_key[a]->fields.size(), 1u);
    BOOST_TEST(by_key[a]->fields[0].column == "sha256");
    BOOST_TEST(by_key[a]->fields[0].before == std::optional<std::string>("aa"));
    BOOST_TEST(by_key[a]->fields[0].after == std::optional<std::string>("a2"));
    BOOST_TEST(by_key[c]->fields[0].column == "yanked");
    BOOST_TEST((by_key[b]->kind == RowDifference::Kind::Removed));
    BOOST_TEST((by_key[d]->kind == RowDifference::Kind::Added));
    BOOST_TEST(store.diff(2, 2).empty());
    BOOST_TEST(store.verify().empty());
    const auto revisions = store.revisions();
    BOOST_TEST(revisions[1].parent == std::optional<std::int64_t>(1));
    BOOST_TEST(revisions[1].note == "hash change");
    BOOST_TEST(revisions[0].content_digest != revisions[1].content_digest);
}

// An import writes the pages of the wheel files, their indexes and the tables derived from them
// in turns; after it, each table's pages lie together again.
BOOST_AUTO_TEST_CASE(an_import_leaves_each_table_in_consecutive_pages) {
    TempDatabase temp;
    auto store = MatrixStore::open(temp.path, true);
    std::vector<IndexFile> files;
    for (int patch = 0; patch < 400; ++patch) {
        for (const char* python : {"cp310-cp310", "cp311-cp311", "cp312-cp312"}) {
            files.push_back(wheel("torch-2.1." + std::to_string(patch) + "+cu121-" + python +
                                  "-linux_x86_64.whl"));
        }
    }
    BOOST_REQUIRE(store.import(request({listing(files, "d1")})).revision);
    // The table's pages in file order, and how many of them do not follow the one before.
    auto pages = store.database().prepare(
        "SELECT count(*), sum(step > 1) FROM (SELECT pageno - lag(pageno) OVER (ORDER BY pageno) "
        "AS step FROM dbstat WHERE name = 'wheel_file')");
    BOOST_REQUIRE(pages.step());
    BOOST_TEST(pages.integer(0) > 50); // enough pages for the order to tell
    BOOST_TEST(pages.integer(1) <= 2); // after the root page, one run
}

BOOST_AUTO_TEST_CASE(a_failure_anywhere_writes_nothing) {
    TempDatabase temp;
    auto store = MatrixStore::open(temp.path, true);
    store.import(request({listing({wheel(a)}, "d1")}));
    ListingImport good = listing({wheel(b)}, "d2");
    ListingImport bad = listing({wheel(c)}, "d3");
    bad.name = "https://download.pytorch.org/whl/cu118/torch/";
    bad.rows[0][10] = "not a number"; // yanked is an INTEGER column
    BOOST_CHECK_THROW(store.import(request({good, bad})), std::exception);
    BOOST_TEST(store.revisions().size() == 1u);
    BOOST_TEST(store.wheel_files({}, 1).size() == 1u);
    BOOST_TEST(store.verify().empty());
    // The same connection still works afterwards.
    BOOST_TEST(store.import(request({good})).revision == std::optional<std::int64_t>(2));
}

BOOST_AUTO_TEST_CASE(verify_reports_damage) {
    TempDatabase temp;
    auto store = MatrixStore::open(temp.path, true);
    store.import(request({listing({wheel(a)}, "d1")}));
    store.database().execute("UPDATE wheel_file SET sha256 = 'forged'");
    const std::string columns =
        "listing, url, file_name, package, version, backend, python_tags, abi_tags, platform_tags, "
        "sha256, requires_python, yanked, yanked_reason, core_metadata, upload_time, provenance, "
        "seen_in, source, valid_from, valid_to";
    store.database().execute("INSERT INTO wheel_file (" + columns + ") SELECT " + columns +
                             " FROM wheel_file");
    const auto problems = store.verify();
    BOOST_TEST_MESSAGE(problems.size() << " problems");
    BOOST_TEST(std::any_of(problems.begin(), problems.end(), [](const auto& p) {
        return p.find("valid twice") != std::string::npos;
    }));
    BOOST_TEST(std::any_of(problems.begin(), problems.end(), [](const auto& p) {
        return p.find("do not match the recorded content digest") != std::string::npos;
    }));
}

BOOST_AUTO_TEST_CASE(an_image_opens_read_only_in_memory) {
    TempDatabase temp;
    {
        auto store = MatrixStore::open(temp.path, true);
        store.import(request({listing({wheel(a), wheel(b)}, "d1")}));
        store.database().execute("PRAGMA wal_checkpoint(TRUNCATE)");
        store.database().execute("PRAGMA journal_mode = DELETE");
    }
    std::ifstream in(temp.path, std::ios::binary);
    const std::vector<unsigned char> image{std::istreambuf_iterator<char>(in), {}};
    auto store = MatrixStore::open_image(image);
    BOOST_TEST(store.wheel_files({}, 1).size() == 2u);
    BOOST_TEST(store.verify().empty());
    BOOST_CHECK_THROW(store.import(request({listing({wheel(c)}, "d2")})), sqlite::Error);
}

BOOST_AUTO_TEST_CASE(a_database_from_a_newer_torchpin_is_refused) {
    TempDatabase temp;
    {
        auto db = sqlite::Database::open(temp.path, sqlite::Database::Mode::Create);
        db.set_user_version(latest_schema_version() + 1);
    }
    BOOST_CHECK_EXCEPTION(
        MatrixStore::open(temp.path, false), std::runtime_error,
        [](const auto& e) { return std::string(e.what()).find("newer") != std::string::npos; });
}

// A reader that closes last keeps the WAL files for the next command to open, emptied: what was
// committed is folded into the database file first, and a writer closing last still removes both.
BOOST_AUTO_TEST_CASE(a_reader_closing_last_keeps_the_wal_files_empty) {
    TempDatabase temp;
    const std::filesystem::path wal = temp.path.string() + "-wal";
    const std::filesystem::path shm = temp.path.string() + "-shm";
    {
        auto reader = MatrixStore::open(temp.path, true);
        reader.database().keep_wal_files();
        {
            auto writer = MatrixStore::open(temp.path, false);
            writer.database().execute("PRAGMA wal_autocheckpoint = 0"); // the rows stay in the WAL
            BOOST_REQUIRE(writer.import(request({listing({wheel(a)}, "d1")})).revision);
        } // the writer closes first
        BOOST_TEST(std::filesystem::file_size(wal) > 0u);
        reader.read_one_snapshot();
        BOOST_TEST(reader.latest_revision_number() == 1);
    }
    BOOST_TEST(std::filesystem::exists(shm));
    BOOST_REQUIRE(std::filesystem::exists(wal));
    BOOST_TEST(std::filesystem::file_size(wal) == 0u);
    BOOST_TEST(MatrixStore::open(temp.path, false).latest_revision_number() == 1);
    BOOST_TEST(!std::filesystem::exists(wal));
    BOOST_TEST(!std::filesystem::exists(shm));
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(compat_matrix_loader)

BOOST_AUTO_TEST_CASE(narrowing_a_loaded_matrix_keeps_the_wheels_loading_for_the_platform_reads) {
    TempDatabase temp;
    auto store = MatrixStore::open(temp.path, true);
    const std::vector<IndexFile> files{
        wheel(a),
        wheel("torch-2.1.2+cu121-cp311-cp311-win_amd64.whl"),
        wheel("torch-2.1.2-cp311-none-macosx_11_0_arm64.whl"),
        wheel("torch-2.1.2+cpu-cp311-cp311-manylinux_2_17_aarch64.manylinux2014_aarch64.whl"),
        wheel("torchaudio-2.1.2-py3-none-any.whl"),
        wheel("torchvision-0.16.2-py2.py3-none-any.whl"),
        wheel("torch-2.1.2-cp311-cp311-musllinux_1_1_x86_64.whl"),
        wheel("numpy-1.26.0-cp311-cp311-linux_x86_64.whl"), // not in the torch family
    };
    BOOST_REQUIRE(store.import(request({listing(files, "d1")})).revision);
    const CompatMatrix every = load_compat_matrix_every_platform(store, 1);
    BOOST_TEST(every.wheels.size() == files.size() - 1);
    for (const OperatingSystem os :
         {OperatingSystem::Linux, OperatingSystem::Windows, OperatingSystem::Macos}) {
        TagEnvironment env;
        env.os = os;
        const std::vector<IndexFile> read = load_compat_matrix(store, 1, env).wheels;
        BOOST_TEST_CONTEXT(name(os)) {
            BOOST_TEST(read.size() < every.wheels.size());
            BOOST_TEST(read.size() >= 3u); // the two pure wheels and the OS's own
            BOOST_TEST((narrowed_to_platform(every, env).wheels == read));
        }
    }
}

namespace {

// One hsa_override listing with a row (gfx, hsa_version, runs_as, rocm_up_to).
ListingImport hsa_overrides(const std::string& gfx, const std::string& hsa_version,
                            const std::string& runs_as, std::optional<std::string> rocm_up_to) {
    return ListingImport{
        &hsa_override_table(),
        "data/hsa_overrides.toml",
        SourceInfo{"tables", "data/hsa_overrides.toml", "h1", "2026-11-30T00:00:00Z", "a test"},
        {RowValues{gfx, "Navi 22", hsa_version, runs_as, std::move(rocm_up_to), "a source sets it",
                   "source-a source-b"}}};
}

} // namespace

namespace {

// One cuda_branch listing with a row (cuda, branch).
ListingImport cuda_branches(const std::string& cuda, const std::string& branch) {
    return ListingImport{
        &cuda_branch_table(),
        "data/cuda.toml",
        SourceInfo{"tables", "data/cuda.toml", "c1", "2026-11-30T00:00:00Z", "a test"},
        {RowValues{cuda, branch, std::nullopt, "source-a"}}};
}

} // namespace

BOOST_AUTO_TEST_CASE(a_driver_branch_is_keyed_by_cuda_major_minor_only) {
    TempDatabase temp;
    auto store = MatrixStore::open(temp.path, true);
    BOOST_REQUIRE(store.import(request({cuda_branches("13.4", "615")})).revision);
    const CompatMatrix matrix = load_compat_matrix_every_platform(store, 1);
    const CudaBranch* branch = matrix.cuda_branch(CudaVersion::from("13.4.1"));
    BOOST_TEST_REQUIRE(branch != nullptr);
    BOOST_TEST(branch->branch.to_string() == "615");

    // Import loads what it imported, for the revision's prepared forms: a row the load refuses
    // fails the import, which writes nothing.
    TempDatabase other;
    auto keyed_by_release = MatrixStore::open(other.path, true);
    try {
        keyed_by_release.import(request({cuda_branches("13.4.1", "615")}));
        BOOST_FAIL("a driver branch keyed by a toolkit release was imported");
    } catch (const InputError& e) {
        BOOST_TEST(std::string(e.what()).find("row 13.4.1: column cuda") != std::string::npos,
                   e.what());
    }
    BOOST_TEST(!keyed_by_release.latest_revision_number());
}

BOOST_AUTO_TEST_CASE(hsa_overrides_load_typed) {
    TempDatabase temp;
    auto store = MatrixStore::open(temp.path, true);
    BOOST_REQUIRE(
        store.import(request({hsa_overrides("gfx1031", "10.3.0", "gfx1030", "5.2")})).revision);
    const CompatMatrix matrix = load_compat_matrix_every_platform(store, 1);
    const HsaOverrideFact* fact = matrix.hsa_override("gfx1031");
    BOOST_TEST_REQUIRE(fact != nullptr);
    BOOST_TEST(fact->chip == "Navi 22");
    BOOST_TEST(fact->hsa_version == "10.3.0");
    BOOST_TEST(fact->runs_as == "gfx1030");
    BOOST_TEST((fact->rocm_up_to == RocmVersion::from("5.2")));
    BOOST_TEST(fact->statement == "a source sets it");
    BOOST_TEST((fact->cites == std::vector<std::string>{"source-a", "source-b"}));
    BOOST_TEST(matrix.hsa_override("gfx1100") == nullptr);
}

BOOST_AUTO_TEST_CASE(an_hsa_override_must_run_as_the_target_its_value_names) {
    TempDatabase temp;
    auto store = MatrixStore::open(temp.path, true);
    BOOST_REQUIRE(
        store.import(request({hsa_overrides("gfx1031", "10.3.0", "gfx1100", std::nullopt)}))
            .revision);
    try {
        load_compat_matrix_every_platform(store, 1);
        BOOST_FAIL("a runs_as the value does not name was loaded");
    } catch (const InputError& e) {
        BOOST_TEST(
            std::string(e.what()).find("runs_as: gfx1100, but HSA_OVERRIDE_GFX_VERSION=10.3.0 "
                                       "runs a GPU as gfx1030") != std::string::npos,
            e.what());
    }
    // Loaded on demand, the overrides (and the ROCm targets) are read when a question about an
    // AMD GPU first asks: only that question fails.
    const auto shared = std::make_shared<MatrixStore>(std::move(store));
    const CompatMatrix on_demand = load_compat_matrix_every_platform_on_demand(shared, 1);
    BOOST_TEST(on_demand.rocm(Backend::from("rocm6.2"), Version::from("2.5.1")) == nullptr);
    BOOST_CHECK_THROW(on_demand.hsa_override("gfx1031"), InputError);
}

namespace {

// One companion_package listing with a row: xformers 0.0.33 paired as `pairing` with `torch`.
ListingImport xformers_row(const std::string& pairing, std::optional<std::string> torch) {
    return ListingImport{
        &companion_package_table(),
        "data/ecosystem.toml",
        SourceInfo{"tables", "data/ecosystem.toml", "e1", "2026-11-30T00:00:00Z", "a test"},
        {RowValues{"xformers", "0.0.33", pairing, std::move(torch), std::nullopt, std::nullopt,
                   "cu128", std::nullopt, "linux_x86_64", "pytorch-index", std::nullopt,
                   std::nullopt, "0", std::nullopt, std::nullopt, "a test", "source-a"}}};
}

} // namespace

// A matrix loaded on demand reads its companion packages when a question first asks for them
// (resolving torch alone never does), once for all its copies; a whole load reads them at once.
BOOST_AUTO_TEST_CASE(companion_packages_are_read_when_first_asked_for) {
    TempDatabase temp;
    auto store = std::make_shared<MatrixStore>(MatrixStore::open(temp.path, true));
    BOOST_REQUIRE(store->import(request({xformers_row("exact", "==2.9.0")})).revision);
    const CompatMatrix matrix = load_compat_matrix_every_platform_on_demand(store, 1);
    const CompatMatrix copy = matrix;
    BOOST_TEST_REQUIRE(copy.companion_packages->size() == 1u);
    BOOST_TEST(&*copy.companion_packages == &*matrix.companion_packages);
    BOOST_TEST(matrix.companion_packages->front().package == "xformers");
    BOOST_TEST(load_compat_matrix_every_platform(*store, 1).companion_packages->size() == 1u);

    // An "exact" pairing without its torch: only the read of the companion packages fails.
    TempDatabase other;
    auto damaged = std::make_shared<MatrixStore>(MatrixStore::open(other.path, true));
    BOOST_REQUIRE(damaged->import(request({xformers_row("exact", std::nullopt)})).revision);
    const CompatMatrix on_demand = load_compat_matrix_every_platform_on_demand(damaged, 1);
    BOOST_CHECK_THROW(*on_demand.companion_packages, InputError);
    BOOST_CHECK_THROW(*on_demand.companion_packages, InputError); // tried again, still damaged
    BOOST_CHECK_THROW(load_compat_matrix_every_platform(*damaged, 1), InputError);
}

namespace {

// One pypi_backend listing with a row: PyPI's torch 2.7.1 for Linux x86_64 is its cu126 build.
ListingImport pypi_row() {
    return ListingImport{
        &pypi_backend_table(),
        "data/backends.toml",
        SourceInfo{"tables", "data/backends.toml", "p1", "2026-11-30T00:00:00Z", "a test"},
        {RowValues{"2.7.1", "linux", "x86_64", "cu126", std::nullopt, "source-a"}}};
}

} // namespace

// A matrix loaded on demand reads the builds PyPI serves when a question first asks for one
// (check, doctor, explain-error; a resolve never does): a damaged row fails only those questions.
BOOST_AUTO_TEST_CASE(pypi_builds_are_read_when_first_asked_for) {
    TempDatabase temp;
    auto store = std::make_shared<MatrixStore>(MatrixStore::open(temp.path, true));
    BOOST_REQUIRE(store->import(request({pypi_row()})).revision);
    const Version release = Version::from("2.7.1");
    const CompatMatrix matrix = load_compat_matrix_every_platform_on_demand(store, 1);
    BOOST_TEST((matrix.pypi_build(release, OperatingSystem::Linux, CpuArch::X86_64) ==
                Backend::from("cu126")));
    BOOST_TEST(!matrix.pypi_build(release, OperatingSystem::Windows, CpuArch::X86_64));

    store->database().execute("UPDATE pypi_backend SET backend = 'cu12x'");
    const CompatMatrix on_demand = load_compat_matrix_every_platform_on_demand(store, 1);
    BOOST_CHECK_THROW(on_demand.pypi_build(release, OperatingSystem::Linux, CpuArch::X86_64),
                      InputError);
    BOOST_CHECK_THROW(load_compat_matrix_every_platform(*store, 1), InputError);
}

namespace {

// Each build as "torch backend os arch", with " projected" where only expected.
std::vector<std::string> described(const std::vector<PublishedBackend>& builds) {
    std::vector<std::string> out;
    for (const PublishedBackend& p : builds) {
        out.push_back(p.torch.to_string() + " " + p.backend.to_string() + " " +
                      std::string(name(p.os)) + " " + std::string(name(p.arch)) +
                      (p.projected() ? " projected" : ""));
    }
    return out;
}

std::vector<std::string> described(const std::vector<ReleaseFact>& releases) {
    std::vector<std::string> out;
    for (const ReleaseFact& r : releases) {
        out.push_back(r.torch.to_string() + (r.from_index ? " from the index" : ""));
    }
    return out;
}

} // namespace

// A matrix for one machine holds the builds, arch lists and driver minimums of its OS and CPU,
// whatever the data calls the CPU ("arm64" on macOS), in the order the matrix of every platform
// has them: release_backend's rows, then those index_build adds. Its releases stay every
// platform's: a release the index shows on Windows only is one on Linux too (of which no build is
// known there).
BOOST_AUTO_TEST_CASE(a_matrix_for_a_machine_holds_the_platform_facts_of_its_os_and_cpu) {
    TempDatabase temp;
    auto store = std::make_shared<MatrixStore>(MatrixStore::open(temp.path, true));
    ListingImport builds{&release_backend_table(),
                         "data/releases.toml",
                         SourceInfo{"tables", "data/releases.toml", "b", "", ""},
                         {}};
    for (const auto& [backend, os, arch, evidence] :
         std::vector<std::array<std::string, 4>>{{"cpu", "macos", "arm64", "install-command"},
                                                 {"cu121", "linux", "x86_64", "install-command"},
                                                 {"cu121", "windows", "amd64", "index-page"},
                                                 {"cpu", "linux", "aarch64", "projected"}}) {
        builds.rows.push_back(RowValues{"2.1.2", backend, os, arch, evidence, "", "source-a"});
    }
    ListingImport releases{&torch_release_table(),
                           "data/releases.toml",
                           SourceInfo{"tables", "data/releases.toml", "r", "", ""},
                           {}};
    RowValues release(torch_release_table().columns().size());
    release[0] = "2.1.2";
    release.back() = "release-md";
    releases.rows.push_back(release);
    ListingImport arch_lists{&cuda_arch_list_table(),
                             "data/cuda.toml",
                             SourceInfo{"tables", "data/cuda.toml", "a", "", ""},
                             {}};
    ListingImport drivers{&cuda_driver_table(),
                          "data/cuda.toml",
                          SourceInfo{"tables", "data/cuda.toml", "d", "", ""},
                          {}};
    for (const auto& [os, arch] : std::vector<std::array<std::string, 2>>{
             {"linux", "x86_64"}, {"windows", "amd64"}, {"linux", "aarch64"}}) {
        arch_lists.rows.push_back(RowValues{"==2.1.2", "cu121", os, arch, "5.0 8.0", "build-script",
                                            std::nullopt, "source-a"});
        if (arch != "aarch64") {
            drivers.rows.push_back(RowValues{"12.1.0", os, std::nullopt, std::nullopt,
                                             os == "linux" ? "530.30.02" : "531.14", std::nullopt,
                                             "source-a"});
        }
    }
    const std::vector<IndexFile> files{wheel(a),
                                       wheel("torch-2.1.2+cpu-cp311-cp311-linux_aarch64.whl"),
                                       wheel("torch-2.9.1+cpu-cp312-cp312-win_amd64.whl")};
    BOOST_REQUIRE(
        store->import(request({listing(files, "p"), builds, releases, arch_lists, drivers}))
            .revision);

    const CompatMatrix every = load_compat_matrix_every_platform(*store, 1);
    BOOST_TEST(
        described(every.published) ==
            (std::vector<std::string>{"2.1.2 cpu macos aarch64", "2.1.2 cu121 linux x86_64",
                                      "2.1.2 cu121 windows x86_64", "2.1.2 cpu linux aarch64",
                                      "2.9.1 cpu windows x86_64"}),
        boost::test_tools::per_element());
    BOOST_TEST(described(every.releases) ==
                   (std::vector<std::string>{"2.9.1 from the index", "2.1.2"}),
               boost::test_tools::per_element());
    const std::vector<TagEnvironment> machines{
        {.os = OperatingSystem::Linux, .arch = CpuArch::X86_64},
        {.os = OperatingSystem::Linux, .arch = CpuArch::Aarch64},
        {.os = OperatingSystem::Macos, .arch = CpuArch::Aarch64},
        {.os = OperatingSystem::Windows, .arch = CpuArch::X86_64},
        {.os = OperatingSystem::Linux, .arch = CpuArch::Riscv64}};
    std::size_t held = 0;
    for (const TagEnvironment& env : machines) {
        BOOST_TEST_CONTEXT(name(env.os) << " " << name(env.arch)) {
            std::vector<PublishedBackend> expected;
            std::ranges::copy_if(
                every.published, std::back_inserter(expected),
                [&](const PublishedBackend& p) { return p.os == env.os && p.arch == env.arch; });
            const CompatMatrix on_demand = load_compat_matrix_wheels_on_demand(store, 1, env);
            BOOST_TEST(described(on_demand.published) == described(expected),
                       boost::test_tools::per_element());
            BOOST_TEST(described(load_compat_matrix(*store, 1, env).published) ==
                           described(expected),
                       boost::test_tools::per_element());
            BOOST_TEST(described(on_demand.releases) == described(every.releases),
                       boost::test_tools::per_element());
            const bool has_arch_list = std::ranges::any_of(every.arch_lists, [&](const auto& l) {
                return l.os == env.os && l.arch == env.arch;
            });
            BOOST_TEST(on_demand.arch_lists.size() == (has_arch_list ? 1u : 0u));
            BOOST_TEST((on_demand.arch_list(Version::from("2.1.2"), Backend::from("cu121"), env.os,
                                            env.arch) != nullptr) == has_arch_list);
            for (const CudaDriverFact& driver : on_demand.cuda_drivers) {
                BOOST_TEST((driver.os == env.os));
            }
            BOOST_TEST((on_demand.cuda_driver(CudaVersion::from("12.1.0"), env.os) != nullptr) ==
                       (env.os != OperatingSystem::Macos));
            const CompatMatrix listing_others =
                load_compat_matrix_wheels_on_demand(store, 1, env, PlatformFacts::OfEveryPlatform);
            BOOST_TEST(described(listing_others.published) == described(every.published),
                       boost::test_tools::per_element());
            held += expected.size();
        }
    }
    BOOST_TEST(held == 5u); // each build held by its own machine's matrix, none by RISC-V's
    BOOST_TEST(every.arch_lists.size() == 3u);
    BOOST_TEST(every.cuda_drivers.size() == 2u);
}

BOOST_AUTO_TEST_CASE(observed_torch_files_of_the_index_show_published_builds) {
    TempDatabase temp;
    auto store = MatrixStore::open(temp.path, true);
    const auto file_at = [](const std::string& url, const std::string& name,
                            std::optional<std::string> backend) {
        IndexFile file = wheel(name);
        file.listing = "data/wheels/list.json";
        file.url = url + name;
        file.backend = backend ? std::optional(Backend::from(*backend)) : std::nullopt;
        return file;
    };
    ListingImport list{&wheel_file_table(),
                       "data/wheels/list.json",
                       SourceInfo{"wheel-list", "data/wheels/list.json", "d", "", ""},
                       {}};
    for (const IndexFile& file :
         {file_at("https://download.pytorch.org/whl/cpu/",
                  "torch-2.8.0-cp310-none-macosx_11_0_arm64.whl", "cpu"),
          file_at("https://repo.radeon.com/rocm/windows/rocm-rel-7.2.1/",
                  "torch-2.9.1+rocm7.2.1-cp312-cp312-win_amd64.whl", "rocm7.2.1"),
          file_at("https://files.pythonhosted.org/packages/1a/c9/82/",
                  "torch-2.11.0-cp312-cp312-manylinux_2_28_x86_64.whl", std::nullopt)}) {
        list.rows.push_back(to_row(file));
    }
    // Only builds of known releases count: 2.9.1 (AMD's file) is known too, 2.11.0 is not.
    ListingImport releases{&torch_release_table(),
                           "data/releases.toml",
                           SourceInfo{"tables", "data/releases.toml", "r", "", ""},
                           {}};
    for (const char* torch : {"2.1.2", "2.8.0", "2.9.1"}) {
        RowValues row(torch_release_table().columns().size());
        row[0] = torch;
        row.back() = "release-md";
        releases.rows.push_back(row);
    }
    BOOST_REQUIRE(store.import(request({list, listing({wheel(a)}, "page"), releases})).revision);
    const CompatMatrix m = load_compat_matrix_every_platform(store, 1);
    BOOST_TEST(m.wheel_lists == (std::set<std::string, std::less<>>{"data/wheels/list.json"}),
               boost::test_tools::per_element());
    std::vector<std::string> builds;
    for (const PublishedBackend& p : m.published) {
        builds.push_back(p.torch.to_string() + " " + p.backend.to_string() + " " +
                         std::string(name(p.os)) + " " + std::string(name(p.arch)));
    }
    // The index page's file shows its build; of the wheel list, only the file in /whl/cpu/ does.
    std::sort(builds.begin(), builds.end());
    BOOST_TEST(
        builds == (std::vector<std::string>{"2.1.2 cu121 linux x86_64", "2.8.0 cpu macos aarch64"}),
        boost::test_tools::per_element());
}

BOOST_AUTO_TEST_SUITE_END()

namespace {

// The file names of what ReleaseWheels found, in its order.
std::vector<std::string> names(const std::vector<const IndexFile*>& files) {
    std::vector<std::string> out;
    for (const IndexFile* file : files) {
        out.push_back(file->wheel.to_string());
    }
    return out;
}

} // namespace

BOOST_AUTO_TEST_SUITE(wheels_on_demand)

BOOST_AUTO_TEST_CASE(reading_one_release_at_a_time_finds_what_loading_every_wheel_finds) {
    TempDatabase temp;
    auto store = std::make_shared<MatrixStore>(MatrixStore::open(temp.path, true));
    // Versions whose texts share prefixes: only 2.1.0 and its labels are release 2.1.0.
    std::vector<IndexFile> files;
    for (const std::string version :
         {"2.1.0", "2.1.0+cpu", "2.1.0+cu121", "2.1.0.post1", "2.1.0rc1", "2.1.01", "2.10.0"}) {
        for (const std::string platform : {"linux_x86_64", "win_amd64", "macosx_11_0_arm64"}) {
            files.push_back(wheel("torch-" + version + "-cp311-cp311-" + platform + ".whl"));
        }
    }
    files.push_back(wheel("torchvision-0.16.0+cpu-cp311-cp311-linux_x86_64.whl"));
    files.push_back(wheel("torchaudio-2.1.0-py3-none-any.whl"));
    BOOST_REQUIRE(store->import(request({listing(files, "d1")})).revision);
    files.erase(files.begin() + 1); // 2.1.0 for Windows is gone in revision 2
    BOOST_REQUIRE(store->import(request({listing(files, "d2")})).revision);

    const std::vector<std::pair<std::string, std::string>> asked{
        {"torch", "2.1.0"},      {"torch", "2.1.0+cu121"}, {"torch", "2.1.0.post1"},
        {"torch", "2.1.0rc1"},   {"torch", "2.1.1"},       {"torch", "2.10.0"},
        {"torch", "2.1"},        {"torch", "2.2.0"},       {"torchvision", "0.16.0"},
        {"torchaudio", "2.1.0"}, {"torchaudio", "2.1.1"},  {"torchtext", "2.1.0"}};
    std::size_t found = 0;
    for (const std::int64_t revision : {1, 2}) {
        for (const OperatingSystem os :
             {OperatingSystem::Linux, OperatingSystem::Windows, OperatingSystem::Macos}) {
            TagEnvironment env;
            env.os = os;
            const CompatMatrix all = load_compat_matrix(*store, revision, env);
            const CompatMatrix on_demand =
                load_compat_matrix_wheels_on_demand(store, revision, env);
            BOOST_TEST(on_demand.wheels.empty());
            const ReleaseWheels from_all(all);
            const ReleaseWheels read(on_demand);
            for (const auto& [package, version] : asked) {
                BOOST_TEST_CONTEXT(revision << " " << name(os) << " " << package << " "
                                            << version) {
                    const auto expected = names(from_all.of(package, Version::from(version)));
                    BOOST_TEST(names(read.of(package, Version::from(version))) == expected,
                               boost::test_tools::per_element());
                    found += expected.size();
                }
            }
        }
    }
    BOOST_TEST(found > 20u);
}

namespace {

// A release's files in several folders and spellings of its tags: four versions, eight tag
// sets each, in the cu121 index page and again in a wheel list (whose files of a folder other
// than their label's are not the index's own).
std::vector<ListingImport> listings_of_one_release() {
    std::vector<IndexFile> files;
    for (const std::string version : {"2.1.0", "2.1.0+cpu", "2.1.0+cu121", "2.1.01"}) {
        for (const std::string tags :
             {"cp311-cp311-linux_x86_64", "cp312-cp312-linux_x86_64",
              "cp311-cp311-manylinux_2_17_x86_64.manylinux2014_x86_64",
              "cp311-cp311-manylinux_2_36_x86_64", "cp311-cp311-manylinux_2_28_aarch64",
              "CP311-cp311-win_amd64", "cp39-abi3-macosx_11_0_arm64", "py2.py3-none-any"}) {
            files.push_back(wheel("torch-" + version + "-" + tags + ".whl"));
        }
    }
    files.push_back(wheel("torch-2.1.0-cp311-cp311-linux_x86_64-x86_64_v3.whl")); // a variant
    files.back().url = "https://download.pytorch.org/whl/variant/" + files.back().wheel.to_string();
    files.at(2).provenance = Provenance::Derived;
    ListingImport page = listing(files, "d1");
    std::vector<IndexFile> listed(files.begin(), files.begin() + 12);
    for (IndexFile& file : listed) {
        file.listing = "https://example.org/hashes.txt";
    }
    ListingImport list = listing(listed, "d2");
    list.name = "https://example.org/hashes.txt";
    list.source = SourceInfo{"wheel-list", list.name, "d2", "2026-11-30T00:00:00Z", "a test"};
    return {page, list};
}

const std::vector<TagEnvironment>& three_machines() {
    static const std::vector<TagEnvironment> machines{
        {.python = PythonTarget::parse("cp3.11").value(), .glibc = OsVersion{2, 35}},
        {.os = OperatingSystem::Windows, .python = PythonTarget::parse("cp3.11").value()},
        {.os = OperatingSystem::Macos,
         .arch = CpuArch::Aarch64,
         .python = PythonTarget::parse("cp3.12").value(),
         .macos = OsVersion{14, 0}}};
    return machines;
}

// A release's groups as "package version backend os platforms tags flags", sorted.
std::vector<std::string> described(const ReleaseWheels::Groups& groups) {
    std::vector<std::string> out;
    for (const WheelGroup& g : groups) {
        out.push_back(g.package + " " + g.version.to_string() + " " +
                      (g.backend ? g.backend->to_string() : "-") + " " + g.os + " " + g.platforms +
                      " " + g.tags.str() + " " + std::to_string(g.variant) +
                      std::to_string(g.on_pytorch_index) + std::to_string(g.lists_every_file));
    }
    std::ranges::sort(out);
    return out;
}

} // namespace

// The wheel_group rows an import derived say of a release what its files, loaded at once and
// grouped in memory, say.
BOOST_AUTO_TEST_CASE(groups_read_from_the_matrix_are_those_its_files_make) {
    TempDatabase temp;
    auto store = std::make_shared<MatrixStore>(MatrixStore::open(temp.path, true));
    BOOST_REQUIRE(store->import(request(listings_of_one_release())).revision);
    std::size_t groups = 0;
    for (const TagEnvironment& env : three_machines()) {
        const CompatMatrix all = load_compat_matrix(*store, 1, env);
        const CompatMatrix on_demand = load_compat_matrix_wheels_on_demand(store, 1, env);
        for (const std::string version : {"2.1.0", "2.1.0+cu121", "2.1.1"}) {
            BOOST_TEST_CONTEXT(name(env.os) << " " << version) {
                const auto expected =
                    described(ReleaseWheels(all).groups("torch", Version::from(version)));
                BOOST_TEST(described(ReleaseWheels(on_demand).groups(
                               "torch", Version::from(version))) == expected,
                           boost::test_tools::per_element());
                groups += expected.size();
            }
        }
    }
    // Release 2.1.0 on Linux: a Linux and a pure group for each of its three versions on the page,
    // one more for the variant wheel and one for the derived file, and three groups of the wheel
    // list (2.1.0's two, 2.1.0+cpu's Linux one); asked for twice (2.1.0 and 2.1.0+cu121). On
    // Windows and macOS: two groups per version on the page, two of the list. Release 2.1.1
    // (written 2.1.01): an OS group and a pure one.
    BOOST_TEST(groups == 2u * (6 + 1 + 1 + 3) + 2 + 2u * (6 + 2) + 2 + 2u * (6 + 2) + 2);
    BOOST_TEST(store->verify().empty());
    store->database().execute(
        "UPDATE wheel_group SET tags = 'cp311-cp311-linux_x86_64' WHERE os = 'linux'");
    BOOST_TEST(!store->verify().empty());
}

// A visit of tagged files that stops at one decodes none after it: the wheel list's copy of the
// pure wheel (a later row), damaged, is read only by a visit that goes on.
BOOST_AUTO_TEST_CASE(a_visit_of_tagged_files_decodes_none_past_where_it_stops) {
    TempDatabase temp;
    auto store = std::make_shared<MatrixStore>(MatrixStore::open(temp.path, true));
    BOOST_REQUIRE(store->import(request(listings_of_one_release())).revision);
    store->database().execute(
        "UPDATE wheel_file SET file_name = 'not a wheel' WHERE listing = "
        "'https://example.org/hashes.txt' AND file_name = 'torch-2.1.0-py2.py3-none-any.whl'");
    const CompatMatrix matrix =
        load_compat_matrix_wheels_on_demand(store, 1, three_machines().front());
    const ReleaseWheels wheels(matrix);
    const std::vector<WheelTagColumns> wanted{{"2.1.0", "py2.py3", "none", "any"}};
    std::vector<std::string> visited;
    wheels.visit_tagged("torch", Version::from("2.1.0"), wanted, [&](const IndexFile& file) {
        visited.push_back(file.listing);
        return false;
    });
    BOOST_TEST(visited == std::vector<std::string>{cu121_page}, boost::test_tools::per_element());
    BOOST_CHECK_THROW(wheels.tagged("torch", Version::from("2.1.0"), wanted), InputError);
}

// The files of given versions and tags are those filtering the release's files finds, in the
// same order; the release's other rows are never decoded.
BOOST_AUTO_TEST_CASE(tagged_files_are_found_without_decoding_the_release_s_other_rows) {
    TempDatabase temp;
    auto store = std::make_shared<MatrixStore>(MatrixStore::open(temp.path, true));
    BOOST_REQUIRE(store->import(request(listings_of_one_release())).revision);
    const std::vector<WheelTagColumns> wanted{
        {"2.1.0+cu121", "cp311", "cp311", "linux_x86_64"},
        {"2.1.0", "py2.py3", "none", "any"},
        {"2.1.0+cpu", "CP311", "cp311", "win_amd64"},
        {"2.1.0", "cp311", "cp311", "manylinux_2_17_x86_64.manylinux2014_x86_64"},
        {"2.1.0+cu121", "cp312", "cp312", "linux_x86_64"},
        {"2.1.0", "cp311", "cp311", "manylinux_2_17_x86_64"}, // another spelling: not the file
        {"2.1.1", "cp311", "cp311", "linux_x86_64"}};
    std::size_t found = 0;
    for (const TagEnvironment& env : three_machines()) {
        const CompatMatrix all = load_compat_matrix(*store, 1, env);
        const CompatMatrix on_demand = load_compat_matrix_wheels_on_demand(store, 1, env);
        BOOST_TEST_CONTEXT(name(env.os)) {
            std::vector<const IndexFile*> expected;
            std::ranges::copy_if(ReleaseWheels(all).of("torch", Version::from("2.1.0")),
                                 std::back_inserter(expected), [&](const IndexFile* file) {
                                     return std::ranges::count(wanted, tag_columns(*file)) == 1;
                                 });
            const auto read =
                ReleaseWheels(on_demand).tagged("torch", Version::from("2.1.0"), wanted);
            BOOST_TEST(names(read) == names(expected), boost::test_tools::per_element());
            found += expected.size();
        }
    }
    // Linux: four files, two of them in the wheel list too; Windows: 2.1.0+cpu's and the pure
    // wheel, which is in both; macOS: the pure wheel, in both.
    BOOST_TEST(found == 6u + 3u + 2u);

    // A row not asked for is never decoded: damaged, it fails only a whole read.
    store->database().execute("UPDATE wheel_file SET file_name = 'not a wheel' WHERE file_name = "
                              "'torch-2.1.0+cpu-cp312-cp312-linux_x86_64.whl'");
    const CompatMatrix matrix =
        load_compat_matrix_wheels_on_demand(store, 1, three_machines().front());
    const ReleaseWheels wheels(matrix);
    BOOST_TEST(wheels.tagged("torch", Version::from("2.1.0"), wanted).size() == 6u);
    BOOST_CHECK_THROW(wheels.of("torch", Version::from("2.1.0")), InputError);
}

// A command that reads on demand sees the revisions there were when it started, even when an
// update commits a new one meanwhile (and takes no file lock per statement).
BOOST_AUTO_TEST_CASE(a_store_reading_one_snapshot_does_not_see_a_later_import) {
    TempDatabase temp;
    {
        auto writer = MatrixStore::open(temp.path, true);
        BOOST_REQUIRE(writer.import(request({listing({wheel(a)}, "d1")})).revision);
    }
    auto reader = MatrixStore::open(temp.path, false);
    reader.read_one_snapshot();
    BOOST_TEST(reader.latest_revision_number() == 1);
    auto writer = MatrixStore::open(temp.path, false);
    BOOST_REQUIRE(writer.import(request({listing({wheel(a), wheel(b)}, "d1")})).revision);
    BOOST_TEST(writer.latest_revision_number() == 2);
    BOOST_TEST(reader.latest_revision_number() == 1);
    BOOST_TEST(!reader.has_revision(2));
}

BOOST_AUTO_TEST_CASE(the_matrix_keeps_its_store_open_until_its_wheels_are_read) {
    TempDatabase temp;
    auto store = std::make_shared<MatrixStore>(MatrixStore::open(temp.path, true));
    BOOST_REQUIRE(store->import(request({listing({wheel(a), wheel(b), wheel(c)}, "d1")})).revision);
    TagEnvironment env;
    const CompatMatrix matrix = load_compat_matrix_wheels_on_demand(store, 1, env);
    store.reset();
    const ReleaseWheels wheels(matrix);
    BOOST_TEST(names(wheels.of("torch", Version::from("2.1.2"))) ==
                   (std::vector<std::string>{a, b}),
               boost::test_tools::per_element());
    // A copy of the matrix shares what was read, at the same addresses.
    const CompatMatrix copy = matrix;
    BOOST_TEST(ReleaseWheels(copy).of("torch", Version::from("2.1.2")).front() ==
               wheels.of("torch", Version::from("2.1.2")).front());
}

BOOST_AUTO_TEST_SUITE_END()
