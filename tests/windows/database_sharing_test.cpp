// The matrix database under Windows' file sharing rules, with torchpin.exe in one process and
// this test holding the same database open in another: a reader keeps its snapshot while import
// commits (WAL), a writer's lock makes import wait, and a lock held past the busy timeout fails
// import with the message that says so, the database unchanged; and files named in UTF-8 are the
// files created.
#include "engine/base/program_run.hpp"
#include "engine/base/utf8_path.hpp"
#include "engine/matrix/matrix_store.hpp"
#include "tests/support/pytorch_pages.hpp"
#include "tests/support/scratch_directory.hpp"

#include <chrono>
#include <fstream>
#include <future>
#include <thread>

#include <boost/test/unit_test.hpp>

using namespace torchpin;
using namespace std::chrono_literals;
namespace test = torchpin::test;

namespace {

const std::string page_url = "https://download.pytorch.org/whl/cu121/torch/";

struct SharedDatabase {
    test::ScratchDirectory scratch{"database_sharing"};
    std::filesystem::path database = scratch.path() / path_from_utf8("Zoë's matrix.db");

    // A torch page whose one wheel has the digest `sha` (another digest: another revision).
    std::filesystem::path page(char sha) const {
        const auto path = scratch.path() / (std::string("torch-") + sha + ".html");
        std::ofstream(path, std::ios::binary) << test::write_pytorch_simple_page(
            "torch", {{.key = "whl/cu121/torch-2.1.2%2Bcu121-cp311-cp311-win_amd64.whl",
                       .sha256 = std::string(64, sha)}});
        return path;
    }
    ProgramRun import(char sha) const {
        return run_program(
            TORCHPIN_EXE,
            {"--db", utf8_of(database), "import", utf8_of(page(sha)), "--url", page_url}, 60s);
    }
    std::size_t revisions() const {
        MatrixStore store = MatrixStore::open(database, false);
        return store.revisions().size();
    }
};

} // namespace

BOOST_AUTO_TEST_SUITE(database_sharing)

BOOST_AUTO_TEST_CASE(a_reader_in_another_process_keeps_its_snapshot_while_import_commits) {
    const SharedDatabase shared;
    BOOST_TEST_REQUIRE(shared.import('a').succeeded());
    const std::size_t before = shared.revisions();

    MatrixStore reader = MatrixStore::open(shared.database, false);
    reader.database().execute("BEGIN");
    BOOST_TEST(reader.revisions().size() == before);
    const ProgramRun run = shared.import('b');
    BOOST_TEST(run.succeeded(), run.out << run.err << run.describe(60s));
    BOOST_TEST(reader.revisions().size() == before); // its snapshot
    reader.database().execute("COMMIT");
    BOOST_TEST(reader.revisions().size() == before + 1);
}

BOOST_AUTO_TEST_CASE(a_writer_in_another_process_makes_import_wait_for_its_lock) {
    const SharedDatabase shared;
    BOOST_TEST_REQUIRE(shared.import('a').succeeded());
    const std::size_t before = shared.revisions();

    MatrixStore writer = MatrixStore::open(shared.database, false);
    writer.database().execute("BEGIN IMMEDIATE");
    const auto started = std::chrono::steady_clock::now();
    auto importing = std::async(std::launch::async, [&] { return shared.import('b'); });
    std::this_thread::sleep_for(2s);
    writer.database().execute("ROLLBACK");
    const ProgramRun run = importing.get();
    BOOST_TEST(run.succeeded(), run.out << run.err << run.describe(60s));
    BOOST_TEST((std::chrono::steady_clock::now() - started >= 2s));
    BOOST_TEST(shared.revisions() == before + 1);
}

BOOST_AUTO_TEST_CASE(a_lock_held_past_the_busy_timeout_fails_import_and_changes_nothing) {
    const SharedDatabase shared;
    BOOST_TEST_REQUIRE(shared.import('a').succeeded());
    const std::size_t before = shared.revisions();

    MatrixStore writer = MatrixStore::open(shared.database, false);
    writer.database().execute("BEGIN IMMEDIATE");
    const ProgramRun run = shared.import('b');
    writer.database().execute("ROLLBACK");
    BOOST_TEST(run.exit_code == 2, run.out << run.err << run.describe(60s));
    BOOST_TEST(run.err.find("locked by another process") != std::string::npos, run.err);
    BOOST_TEST(shared.revisions() == before);
}

// torchpin.exe's arguments arrive as UTF-16 and are UTF-8 inside: the files that --db and -o
// name are the files created, under their own names (an ANSI conversion made "ZoÃ«").
BOOST_AUTO_TEST_CASE(non_ascii_paths_name_the_files_created) {
    const SharedDatabase shared;
    BOOST_TEST_REQUIRE(shared.import('a').succeeded());
    BOOST_TEST(std::filesystem::exists(shared.database));
    const auto answer = shared.scratch.path() / path_from_utf8("Zoë's requirements.txt");
    const ProgramRun run =
        run_program(TORCHPIN_EXE,
                    {"-q", "resolve", "--os", "windows", "--arch", "x86_64", "--python", "3.12",
                     "--cpu-only", "torch==2.5.1", "-o", utf8_of(answer)},
                    60s);
    BOOST_TEST(run.succeeded(), run.out << run.err << run.describe(60s));
    BOOST_TEST(std::filesystem::exists(answer));
}

// db build's --data, --db and --image are UTF-8 inside as well: a matrix built from a folder and
// into files named with non-ASCII letters reads that folder and writes those files.
BOOST_AUTO_TEST_CASE(db_build_reads_and_writes_non_ascii_paths) {
    const SharedDatabase shared;
    const auto data = shared.scratch.path() / path_from_utf8("Zoë's data");
    std::filesystem::copy(TORCHPIN_FROZEN_DATASET, data, std::filesystem::copy_options::recursive);
    const auto image = shared.scratch.path() / path_from_utf8("Zoë's image.db");
    const ProgramRun run = run_program(TORCHPIN_EXE,
                                       {"-q", "--db", utf8_of(shared.database), "db", "build",
                                        "--data", utf8_of(data), "--image", utf8_of(image)},
                                       120s);
    BOOST_TEST_REQUIRE(run.succeeded(), run.out << run.err << run.describe(120s));
    BOOST_TEST(shared.revisions() == 1u);
    BOOST_TEST(std::filesystem::exists(image));
}

BOOST_AUTO_TEST_SUITE_END()
