// A --db that is no usable matrix (another file, another application's SQLite database, an empty
// one, a newer schema, a read-only file, a locked database) is bad input: exit 2 naming the file;
// a damaged table fails only the questions that read it.
#include "engine/matrix/packed_tables.hpp"
#include "engine/matrix/sqlite.hpp"
#include "tests/support/process.hpp"
#include "tests/support/scratch_directory.hpp"
#include "tests/support/test_paths.hpp"

#include <filesystem>
#include <string>
#include <unistd.h>

#include <boost/test/unit_test.hpp>

namespace test = torchpin::test;
namespace sqlite = torchpin::sqlite;

namespace {

const std::string page = R"(<!DOCTYPE html><html><body><h1>Links for torch</h1>
<a href="https://download.pytorch.org/whl/cu121/torch-2.1.2%2Bcu121-cp311-cp311-linux_x86_64.whl">x</a>
</body></html>
)";

// A matrix database at `db`: the embedded dataset, copied there by a first import.
void make_matrix(const test::ScratchDirectory& scratch, const std::filesystem::path& db) {
    const auto imported =
        test::run_torchpin({"--db", db.string(), "import", scratch.write("torch.html", page)});
    BOOST_REQUIRE_MESSAGE(imported.exit_code == 0, imported.err);
}

// A SQLite database that is not torchpin's: one table of another application, and a user_version.
void make_foreign_database(const std::filesystem::path& path, int user_version) {
    auto db = sqlite::Database::open(path, sqlite::Database::Mode::Create);
    db.execute("CREATE TABLE notes (body TEXT)");
    db.set_user_version(user_version);
}

// Runs `sql` on the packed tables of the matrix file `db` (packed_tables.hpp), as a damage done
// behind torchpin's back would be, and packs them again.
void change_packed_rows(const std::filesystem::path& db, const std::string& sql) {
    auto damaging = sqlite::Database::open(db, sqlite::Database::Mode::ReadWrite);
    damaging.execute("BEGIN IMMEDIATE");
    BOOST_TEST_REQUIRE(torchpin::unpack_seldom_read_tables(damaging));
    damaging.execute(sql);
    torchpin::pack_seldom_read_tables(damaging);
    damaging.execute("COMMIT");
}

test::ProcessResult revisions_of(const std::filesystem::path& db) {
    return test::run_torchpin({"--db", db.string(), "db", "revisions"});
}

} // namespace

BOOST_AUTO_TEST_SUITE(database_file)

BOOST_AUTO_TEST_CASE(a_file_that_is_no_database_is_bad_input) {
    test::ScratchDirectory scratch("torchpin_bad_db");
    const auto file = scratch.write("notes.txt", "this is a text file, not a database\n");
    const auto read = revisions_of(file);
    BOOST_TEST(read.exit_code == 2);
    BOOST_TEST(read.err == file.string() + ": error: not a torchpin matrix database\n");
    const auto resolved = test::run_torchpin({"--db", file.string(), "resolve", "--cpu-only"});
    BOOST_TEST(resolved.exit_code == 2);
    BOOST_TEST(resolved.err == file.string() + ": error: not a torchpin matrix database\n");
}

BOOST_AUTO_TEST_CASE(another_applications_database_is_refused_and_left_as_it_was) {
    test::ScratchDirectory scratch("torchpin_bad_db");
    const auto path = scratch.path() / "other.db";
    make_foreign_database(path, 0);
    const auto size = std::filesystem::file_size(path);
    const auto read = revisions_of(path);
    BOOST_TEST(read.exit_code == 2);
    BOOST_TEST(read.err == path.string() + ": error: not a torchpin matrix database (a SQLite "
                                           "database with other tables)\n");
    const auto written =
        test::run_torchpin({"--db", path.string(), "import", scratch.write("torch.html", page)});
    BOOST_TEST(written.exit_code == 2);
    BOOST_TEST(std::filesystem::file_size(path) == size); // no torchpin table was added
}

BOOST_AUTO_TEST_CASE(an_empty_database_file_is_no_matrix_to_read) {
    test::ScratchDirectory scratch("torchpin_bad_db");
    const auto path = scratch.write("empty.db", "");
    const auto read = revisions_of(path);
    BOOST_TEST(read.exit_code == 2);
    BOOST_TEST(read.err ==
               path.string() + ": error: not a torchpin matrix database (an empty database)\n");
    BOOST_TEST(std::filesystem::file_size(path) == 0u);
}

BOOST_AUTO_TEST_CASE(a_database_of_a_newer_torchpin_names_the_schema_it_needs) {
    test::ScratchDirectory scratch("torchpin_bad_db");
    const auto path = scratch.path() / "newer.db";
    make_foreign_database(path, 99);
    const auto read = revisions_of(path);
    BOOST_TEST(read.exit_code == 2);
    BOOST_TEST(read.err.starts_with(path.string() + ": error: written by a newer torchpin: its "
                                                    "schema version is 99, this torchpin knows "
                                                    "up to "),
               read.err);
}

BOOST_AUTO_TEST_CASE(a_read_only_database_is_not_written_and_says_why) {
    test::ScratchDirectory scratch("torchpin_bad_db");
    std::filesystem::permissions(scratch.path(), std::filesystem::perms::all);
    const auto db = scratch.path() / "matrix.db";
    make_matrix(scratch, db);
    std::filesystem::permissions(db, std::filesystem::perms::owner_read |
                                         std::filesystem::perms::group_read |
                                         std::filesystem::perms::others_read);
    const std::vector<std::string> import{"--db", db.string(), "import",
                                          scratch.write("cu118.html", page + "<!-- other -->")};
    // Root may write any file whatever its mode, so as root the import runs as nobody.
    std::vector<std::string> as_nobody{"--reuid=65534", "--regid=65534", "--clear-groups",
                                       test::torchpin_binary().string()};
    as_nobody.insert(as_nobody.end(), import.begin(), import.end());
    const auto imported =
        geteuid() == 0 ? test::run_process("/usr/bin/setpriv", as_nobody, "", {{"NO_COLOR", "1"}})
                       : test::run_torchpin(import);
    BOOST_TEST(imported.exit_code == 2, imported.err);
    BOOST_TEST(imported.err.starts_with(db.string() + ": error: cannot be written ("),
               imported.err);
}

BOOST_AUTO_TEST_CASE(a_database_locked_past_the_busy_timeout_is_reported_not_a_crash) {
    test::ScratchDirectory scratch("torchpin_bad_db");
    const auto db = scratch.path() / "matrix.db";
    make_matrix(scratch, db);
    auto holder = sqlite::Database::open(db, sqlite::Database::Mode::ReadWrite);
    holder.execute("BEGIN EXCLUSIVE"); // held for the whole import: it waits 10 s, then gives up
    const auto imported = test::run_torchpin(
        {"--db", db.string(), "import", scratch.write("cu118.html", page + "<!-- other -->")});
    holder.execute("ROLLBACK");
    BOOST_TEST(imported.exit_code == 2, imported.err);
    BOOST_TEST(imported.err == db.string() + ": error: locked by another process (torchpin or "
                                             "SQLite) for more than 10 s; try again when it has "
                                             "finished\n");
}

// The companion packages are read when a question names one: with a damaged row among them,
// resolving torch still answers as before, and asking for xformers names the table.
BOOST_AUTO_TEST_CASE(a_damaged_companion_row_fails_only_the_questions_about_companions) {
    test::ScratchDirectory scratch("torchpin_damaged_companion");
    const auto db = scratch.path() / "matrix.db";
    make_matrix(scratch, db);
    const std::vector<std::string> torch_alone{
        "--db", db.string(), "resolve", "--os",     "linux",      "--arch", "x86_64", "--python",
        "3.11", "--glibc",   "2.35",    "--driver", "535.104.05", "--gpu",  "8.6"};
    const auto before = test::run_torchpin(torch_alone);
    BOOST_TEST_REQUIRE(before.exit_code == 0, before.err);
    change_packed_rows(db, "UPDATE companion_package SET torch = NULL WHERE pairing = 'exact'");
    auto damaging = sqlite::Database::open(db, sqlite::Database::Mode::ReadOnly);
    torchpin::attach_packed_part(damaging);
    auto damaged = damaging.prepare(
        "SELECT count(*) FROM companion_package WHERE pairing = 'exact' AND torch IS NULL");
    BOOST_TEST_REQUIRE(damaged.step());
    BOOST_TEST_REQUIRE(damaged.integer(0) > 0);

    const auto after = test::run_torchpin(torch_alone);
    BOOST_TEST(after.exit_code == 0, after.err);
    BOOST_TEST(after.out == before.out);
    std::vector<std::string> with_xformers = torch_alone;
    with_xformers.insert(with_xformers.end(), {"torch", "xformers"});
    const auto asked = test::run_torchpin(with_xformers);
    BOOST_TEST(asked.exit_code == 2);
    BOOST_TEST(asked.err.find("matrix table companion_package") != std::string::npos, asked.err);
}

// check reads the companion packages ahead, beside the files: a damaged row still fails only the
// checks that look a pin up there, and a file that pins nothing is checked as before.
BOOST_AUTO_TEST_CASE(a_damaged_companion_row_fails_only_the_checks_that_read_companions) {
    test::ScratchDirectory scratch("torchpin_damaged_companion_check");
    const auto db = scratch.path() / "matrix.db";
    make_matrix(scratch, db);
    const auto unpinned = scratch.write("unpinned.txt", "torch>=2.1\n");
    const auto pinned = scratch.write("pinned.txt", "torch==2.1.2\ntorchvision==0.16.2\n");
    const auto check = [&](const std::filesystem::path& file) {
        return test::run_torchpin({"--db", db.string(), "check", file.string()});
    };
    const auto before = check(unpinned);
    BOOST_TEST_REQUIRE(before.exit_code == 0, before.err);
    change_packed_rows(db, "UPDATE companion_package SET torch = NULL WHERE pairing = 'exact'");

    const auto after = check(unpinned);
    BOOST_TEST(after.exit_code == 0, after.err);
    BOOST_TEST(after.out == before.out);
    BOOST_TEST(after.err == before.err);
    const auto asked = check(pinned);
    BOOST_TEST(asked.exit_code == 2);
    BOOST_TEST(asked.err.find("matrix table companion_package") != std::string::npos, asked.err);
}

BOOST_AUTO_TEST_SUITE_END()
