// The matrix commands end to end: import as revisions, no-op re-imports, diff, export as of a
// revision, verify, bad input (exit 2, nothing written) and the embedded dataset.
#include "engine/matrix/packed_tables.hpp"
#include "engine/matrix/sqlite.hpp"
#include "tests/support/process.hpp"
#include "tests/support/pytorch_pages.hpp"
#include "tests/support/test_paths.hpp"

#include <filesystem>
#include <fstream>
#include <map>
#include <unistd.h>

#include <boost/test/unit_test.hpp>
#include <nlohmann/json.hpp>

namespace test = torchpin::test;
using nlohmann::json;

namespace {

const std::string page_url = "https://download.pytorch.org/whl/cu121/torch/";
const std::string sha_a(64, 'a');
const std::string sha_b(64, 'b');

// A scratch directory with a user database path and a page file; removed afterwards.
struct Scratch {
    std::filesystem::path dir;
    Scratch() {
        dir = std::filesystem::temp_directory_path() / ("torchpin_cli_" + std::to_string(getpid()));
        std::filesystem::remove_all(dir);
        std::filesystem::create_directories(dir);
    }
    ~Scratch() { std::filesystem::remove_all(dir); }
    std::map<std::string, std::string> env() const {
        return {{"TORCHPIN_DB", (dir / "user.db").string()}};
    }
    std::string page(const std::string& sha, const std::string& extra_key = "") const {
        std::vector<test::PytorchPageFile> files{
            {.key = "whl/cu121/torch-2.1.2%2Bcu121-cp311-cp311-linux_x86_64.whl", .sha256 = sha},
            {.key = "whl/cu121/torch-2.1.2%2Bcu121-cp310-cp310-linux_x86_64.whl", .sha256 = sha_a}};
        if (!extra_key.empty()) {
            files.push_back({.key = extra_key, .sha256 = std::nullopt});
        }
        const auto path = dir / "torch.html";
        std::ofstream(path) << test::write_pytorch_simple_page("torch", files);
        return path.string();
    }
    test::ProcessResult run(std::vector<std::string> args) const {
        return test::run_torchpin(std::move(args), "", env());
    }
};

// How many schema objects of the database file or image `path` (both its parts: packed_tables.hpp)
// hold what only writes use: a constraint or an index on the current rows.
std::int64_t write_side_objects(const std::filesystem::path& path) {
    auto db = torchpin::sqlite::Database::open(path, torchpin::sqlite::Database::Mode::ReadOnly);
    torchpin::attach_packed_part(db);
    std::int64_t objects = 0;
    for (const std::string part : {"main", "image_rest"}) {
        auto select = db.prepare("SELECT count(*) FROM " + part +
                                 ".sqlite_schema WHERE sql LIKE '%CHECK%' OR sql LIKE "
                                 "'%REFERENCES%' OR sql LIKE '%NOT NULL%' OR sql LIKE "
                                 "'%WHERE valid_to IS NULL%'");
        select.step();
        objects += select.integer(0);
    }
    return objects;
}

std::size_t revision_count(const Scratch& s) {
    return json::parse(s.run({"--format", "json", "db", "revisions"}).out)["revisions"].size();
}

} // namespace

BOOST_AUTO_TEST_SUITE(matrix_commands)

// The binary embeds the matrix's read-only image (engine/matrix/read_only_image.hpp): no schema
// that only writes use for every process to parse. A user database made from it has all of it.
BOOST_AUTO_TEST_CASE(the_embedded_matrix_is_the_read_only_image_and_a_copy_is_whole) {
    BOOST_TEST(write_side_objects(TORCHPIN_EMBEDDED_MATRIX_FILE) == 0);
    Scratch s;
    BOOST_TEST_REQUIRE(s.run({"import", s.page(sha_a), "--url", page_url}).exit_code == 0);
    BOOST_TEST(write_side_objects(s.dir / "user.db") > 30);
    BOOST_TEST(s.run({"db", "verify"}).exit_code == 0);
}

BOOST_AUTO_TEST_CASE(the_embedded_dataset_answers_without_any_file) {
    const auto result =
        test::run_torchpin({"db", "verify"}, "", {{"TORCHPIN_DB", "/nonexistent/x.db"}});
    BOOST_TEST(result.exit_code == 0);
    BOOST_TEST(result.out.find("ok: 1 revisions") == 0u, result.out);
    const auto version =
        test::run_torchpin({"--version"}, "", {{"TORCHPIN_DB", "/nonexistent/x.db"}});
    BOOST_TEST(version.out.find("(matrix revision 1, data as of ") != std::string::npos,
               version.out);
}

BOOST_AUTO_TEST_CASE(imports_become_revisions_and_old_ones_stay_answerable) {
    Scratch s;
    auto first = s.run({"import", s.page(sha_a), "--url", page_url});
    BOOST_TEST(first.exit_code == 0, first.err);
    BOOST_TEST(first.out.find("revision 2: 1 listing(s) changed (2 added") == 0u, first.out);
    BOOST_TEST(revision_count(s) == 2u); // the embedded dataset was copied as revision 1

    auto again = s.run({"import", s.page(sha_a), "--url", page_url});
    BOOST_TEST(again.out.find("no change") == 0u, again.out);
    BOOST_TEST(revision_count(s) == 2u);

    auto changed = s.run({"import", s.page(sha_b), "--url", page_url});
    BOOST_TEST(changed.out.find("revision 3:") == 0u, changed.out);

    const json diff = json::parse(s.run({"--format", "json", "db", "diff", "2", "3"}).out);
    BOOST_REQUIRE_EQUAL(diff["changes"].size(), 1u);
    BOOST_TEST(diff["changes"][0]["kind"] == "changed");
    BOOST_TEST(diff["changes"][0]["fields"][0]["column"] == "sha256");
    BOOST_TEST(diff["changes"][0]["fields"][0]["before"] == sha_a);
    BOOST_TEST(diff["changes"][0]["fields"][0]["after"] == sha_b);

    const auto hash_in = [&](const std::string& revision) {
        const json exported = json::parse(s.run({"--revision", revision, "db", "export"}).out);
        for (const auto& row : exported["wheel_files"]) {
            if (row["listing"] == page_url &&
                row["file_name"] == "torch-2.1.2+cu121-cp311-cp311-linux_x86_64.whl") {
                return row["sha256"].get<std::string>();
            }
        }
        return std::string("missing");
    };
    BOOST_TEST(hash_in("2") == sha_a);
    BOOST_TEST(hash_in("3") == sha_b);
    BOOST_TEST(s.run({"db", "verify"}).exit_code == 0);
}

// A command that only reads leaves the WAL files for the next one to open (emptied: the database
// file holds everything); an import, which closes them last, still removes both.
BOOST_AUTO_TEST_CASE(a_reading_command_keeps_the_wal_files_for_the_next_one) {
    Scratch s;
    const std::filesystem::path wal = s.dir / "user.db-wal";
    const std::filesystem::path shm = s.dir / "user.db-shm";
    BOOST_TEST_REQUIRE(s.run({"import", s.page(sha_a), "--url", page_url}).exit_code == 0);
    BOOST_TEST(!std::filesystem::exists(wal));
    BOOST_TEST(revision_count(s) == 2u);
    BOOST_TEST_REQUIRE(std::filesystem::exists(wal));
    BOOST_TEST(std::filesystem::file_size(wal) == 0u);
    BOOST_TEST(std::filesystem::exists(shm));
    BOOST_TEST(revision_count(s) == 2u);
    BOOST_TEST_REQUIRE(s.run({"import", s.page(sha_b), "--url", page_url}).exit_code == 0);
    BOOST_TEST(revision_count(s) == 3u);
    BOOST_TEST_REQUIRE(s.run({"import", s.page(sha_a), "--url", page_url}).exit_code == 0);
    BOOST_TEST(!std::filesystem::exists(wal));
    BOOST_TEST(!std::filesystem::exists(shm));
}

BOOST_AUTO_TEST_CASE(a_bad_wheel_link_fails_the_import_and_writes_nothing) {
    Scratch s;
    s.run({"import", s.page(sha_a), "--url", page_url});
    const auto bad =
        s.run({"import", s.page(sha_b, "whl/cu121/torch-oops.whl"), "--url", page_url});
    BOOST_TEST(bad.exit_code == 2);
    BOOST_TEST(bad.err.find("torch.html:") != std::string::npos, bad.err);
    BOOST_TEST(bad.err.find("is not a valid wheel file name") != std::string::npos, bad.err);
    BOOST_TEST(revision_count(s) == 2u);

    const auto skipped = s.run(
        {"import", s.page(sha_b, "whl/cu121/torch-oops.whl"), "--url", page_url, "--skip-invalid"});
    BOOST_TEST(skipped.exit_code == 0);
    BOOST_TEST(skipped.err.find("warning:") != std::string::npos, skipped.err);
    BOOST_TEST(revision_count(s) == 3u);
}

// PEP 825 variant wheels (a label after the platform tag) are files like any other: kept, with
// their name, never an error that would stop `update` on an index that starts serving them.
BOOST_AUTO_TEST_CASE(variant_wheels_are_imported_with_their_label) {
    Scratch s;
    const auto result = s.run(
        {"import",
         s.page(sha_a, "whl/cu121/torch-2.1.2%2Bcu121-cp311-cp311-linux_x86_64-cu121_sm90.whl"),
         "--url", page_url});
    BOOST_TEST(result.exit_code == 0, result.err);
    const auto exported = s.run({"db", "export"});
    BOOST_TEST(exported.out.find("torch-2.1.2+cu121-cp311-cp311-linux_x86_64-cu121_sm90.whl") !=
                   std::string::npos,
               exported.out.substr(0, 400));
}

BOOST_AUTO_TEST_CASE(sdists_are_counted_not_dropped_silently) {
    Scratch s;
    const auto result =
        s.run({"import", s.page(sha_a, "whl/cu121/torch-2.1.2.tar.gz"), "--url", page_url});
    BOOST_TEST(result.out.find("1 non-wheel file(s)") != std::string::npos, result.out);
}

BOOST_AUTO_TEST_CASE(unknown_revisions_and_missing_databases_are_usage_errors) {
    Scratch s;
    const auto missing = s.run({"--revision", "99", "db", "export"});
    BOOST_TEST(missing.exit_code == 2);
    BOOST_TEST(missing.err.find("no revision 99") != std::string::npos, missing.err);
    const auto no_db = test::run_torchpin({"--db", "/nonexistent/a.db", "db", "revisions"});
    BOOST_TEST(no_db.exit_code == 2);
    BOOST_TEST(no_db.err.find("/nonexistent/a.db: error: no such matrix database") !=
                   std::string::npos,
               no_db.err);
}

BOOST_AUTO_TEST_CASE(export_to_a_file_is_whole_json) {
    Scratch s;
    const auto path = s.dir / "matrix.json";
    BOOST_TEST(s.run({"db", "export", "-o", path.string()}).exit_code == 0);
    std::ifstream in(path);
    const json exported = json::parse(in);
    BOOST_TEST(exported["schema"] == "torchpin/matrix/v1");
    std::map<std::string, std::size_t> per_listing;
    for (const auto& row : exported["wheel_files"]) {
        ++per_listing[row["listing"].get<std::string>()];
    }
    BOOST_TEST(per_listing["https://download.pytorch.org/whl/torch_stable.html"] == 1499u);
    BOOST_TEST(per_listing["data/wheels/invokeai_uvlock_pytorch_index_wheels.json"] == 39u);
    BOOST_TEST(per_listing["data/wheels/nixpkgs_torch_wheels.json"] == 56u);
    BOOST_TEST(!std::filesystem::exists(s.dir / "user.db")); // reading never creates it
}

BOOST_AUTO_TEST_CASE(a_malformed_manifest_is_reported_with_its_position) {
    Scratch s;
    std::filesystem::create_directories(s.dir / "data");
    std::ofstream(s.dir / "data" / "manifest.json")
        << "{\n  \"schema\": \"torchpin/dataset/v1\",\n  \"data_as_of\": 12\n";
    const auto result = test::run_torchpin(
        {"--db", (s.dir / "new.db").string(), "db", "build", "--data", (s.dir / "data").string()});
    BOOST_TEST(result.exit_code == 2);
    BOOST_TEST(result.err.find("manifest.json:3:20: error: malformed JSON: syntax error while "
                               "parsing object - unexpected end of input") != std::string::npos,
               result.err);
    BOOST_TEST(!std::filesystem::exists(s.dir / "new.db"));
}

BOOST_AUTO_TEST_SUITE_END()
