// Each revision's prepared forms in the database: import writes them with the revision, opening a
// database of schema 21 writes its newest revision's (none where its tables do not load), a load
// reads them, and verify finds a form its revision's tables do not make or tables that do not load.
#include "engine/matrix/compat_matrix_loader.hpp"
#include "engine/matrix/matrix_schema.hpp"
#include "engine/matrix/matrix_store.hpp"
#include "engine/matrix/prepared_matrix.hpp"
#include "tests/engine/matrix/matrix_store_fixtures.hpp"
#include "tests/support/printing.hpp"

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include <boost/test/unit_test.hpp>

using namespace torchpin;
using namespace torchpin::test::store;

BOOST_AUTO_TEST_SUITE(prepared_forms)

namespace {

const TagEnvironment linux_x86_64{.os = OperatingSystem::Linux, .arch = CpuArch::X86_64};

// What `db verify` finds, one problem a line; "" for none.
std::string verify_problems(MatrixStore& store) {
    std::string lines;
    for (const std::string& problem : store.verify()) {
        lines += problem + "\n";
    }
    return lines;
}

// Revision 1 shows builds on three platforms, revision 2 on Linux x86_64 only.
std::shared_ptr<MatrixStore> two_revisions(const TempDatabase& temp) {
    auto store = std::make_shared<MatrixStore>(MatrixStore::open(temp.path, true));
    store->import(
        request({listing({wheel(a), wheel("torch-2.1.2+cpu-cp311-cp311-linux_aarch64.whl"),
                          wheel("torch-2.9.1+cpu-cp312-cp312-win_amd64.whl")},
                         "d1")}));
    store->import(request({listing({wheel(c), wheel(d)}, "d2")}));
    return store;
}

std::vector<std::string> platforms_kept(MatrixStore& store, std::int64_t revision) {
    std::vector<std::string> out;
    auto select = store.database().prepare(
        "SELECT platform FROM prepared_matrix WHERE revision = ?1 ORDER BY platform");
    select.bind(1, revision);
    while (select.step()) {
        out.push_back(select.text(0));
    }
    return out;
}

void replace_form(MatrixStore& store, std::int64_t revision, const std::string& platform,
                  const std::string& form) {
    store.database()
        .prepare("UPDATE prepared_matrix SET form = ?1 WHERE revision = ?2 AND platform = ?3")
        .bind_blob(1, form)
        .bind(2, revision)
        .bind(3, platform)
        .run();
}

std::vector<std::string> release_versions(const CompatMatrix& matrix) {
    std::vector<std::string> out;
    for (const ReleaseFact& release : matrix.releases) {
        out.push_back(release.torch.to_string());
    }
    return out;
}

// A build the index shows for a release whose version does not parse: the tables do not load.
void damage_the_builds(MatrixStore& store) {
    store.database().execute("UPDATE index_build_union SET torch = 'not a version'");
}

bool has_problem(const std::vector<std::string>& problems, const std::string& start) {
    return std::ranges::any_of(problems,
                               [&](const std::string& p) { return p.starts_with(start); });
}

} // namespace

BOOST_AUTO_TEST_CASE(each_import_keeps_the_forms_its_revision_s_tables_make) {
    TempDatabase temp;
    auto store = two_revisions(temp);
    BOOST_TEST(
        platforms_kept(*store, 1) ==
            (std::vector<std::string>{"every", "linux aarch64", "linux x86_64", "windows x86_64"}),
        boost::test_tools::per_element());
    BOOST_TEST(platforms_kept(*store, 2) == (std::vector<std::string>{"every", "linux x86_64"}),
               boost::test_tools::per_element());
    for (const std::int64_t revision : {1, 2}) {
        BOOST_TEST_CONTEXT("revision " << revision) {
            BOOST_TEST(store->prepared_form(revision, "every") ==
                       prepared_form(load_compat_matrix_tables(*store, revision)));
            BOOST_TEST(store->prepared_form(revision, "linux x86_64") ==
                       prepared_form(load_compat_matrix_tables(*store, revision, &linux_x86_64)));
        }
    }
    BOOST_TEST(!store->prepared_form(2, "linux aarch64")); // no build there at revision 2
    BOOST_TEST(verify_problems(*store) == "");
}

BOOST_AUTO_TEST_CASE(a_load_reads_the_form_and_verify_finds_one_its_tables_do_not_make) {
    TempDatabase temp;
    auto store = two_revisions(temp);
    BOOST_TEST(release_versions(load_compat_matrix_wheels_on_demand(store, 1, linux_x86_64)) ==
                   (std::vector<std::string>{"2.9.1", "2.1.2"}),
               boost::test_tools::per_element());
    // Revision 1's Linux form swapped for revision 2's: the load answers what the form holds.
    replace_form(*store, 1, "linux x86_64", *store->prepared_form(2, "linux x86_64"));
    BOOST_TEST(release_versions(load_compat_matrix_wheels_on_demand(store, 1, linux_x86_64)) ==
                   (std::vector<std::string>{"2.1.1", "2.1.0"}),
               boost::test_tools::per_element());
    BOOST_TEST(store->verify() ==
                   (std::vector<std::string>{
                       "revision 1: the prepared form for linux x86_64 does not match its tables"}),
               boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(verify_finds_forms_missing_or_of_a_platform_without_builds) {
    TempDatabase temp;
    auto store = two_revisions(temp);
    sqlite::Database& db = store->database();
    db.execute("DELETE FROM prepared_matrix WHERE revision = 1 AND platform = 'every'");
    db.execute("INSERT INTO prepared_matrix SELECT revision, layout, 'linux riscv64', form "
               "FROM prepared_matrix WHERE revision = 2 AND platform = 'linux x86_64'");
    BOOST_TEST(store->verify() ==
                   (std::vector<std::string>{
                       "revision 1: no prepared form for every",
                       "revision 2: a prepared form for linux riscv64, a platform its builds do "
                       "not name"}),
               boost::test_tools::per_element());
    db.execute("DELETE FROM prepared_matrix WHERE revision = 2");
    const std::vector<std::string> problems = store->verify();
    BOOST_TEST(problems.back() ==
               "revision 2: the newest revision has no prepared forms (commands read its tables)");
}

BOOST_AUTO_TEST_CASE(a_form_of_another_layout_is_not_read) {
    TempDatabase temp;
    auto store = two_revisions(temp);
    store->database().execute("UPDATE prepared_matrix SET layout = 'torchpin prepared matrix 0', "
                              "form = x'00' WHERE revision = 2 AND platform = 'linux x86_64'");
    BOOST_TEST(!store->prepared_form(2, "linux x86_64"));
    BOOST_TEST(release_versions(load_compat_matrix_wheels_on_demand(store, 2, linux_x86_64)) ==
                   (std::vector<std::string>{"2.1.1", "2.1.0"}),
               boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(opening_a_database_of_schema_21_writes_its_newest_revision_s_forms) {
    TempDatabase temp;
    {
        auto store = two_revisions(temp);
        store->database().execute("DROP TABLE prepared_matrix");
        store->database().set_user_version(21);
    }
    auto store = std::make_shared<MatrixStore>(MatrixStore::open(temp.path, false));
    BOOST_TEST(store->database().user_version() == latest_schema_version());
    BOOST_TEST(platforms_kept(*store, 1).empty()); // read from its tables
    BOOST_TEST(platforms_kept(*store, 2) == (std::vector<std::string>{"every", "linux x86_64"}),
               boost::test_tools::per_element());
    BOOST_TEST(release_versions(load_compat_matrix_wheels_on_demand(store, 1, linux_x86_64)) ==
                   (std::vector<std::string>{"2.9.1", "2.1.2"}),
               boost::test_tools::per_element());
    BOOST_TEST(verify_problems(*store) == "");
}

// A migration writes the newest revision's forms anew: one left of a platform its builds no longer
// name goes.
BOOST_AUTO_TEST_CASE(a_migration_replaces_the_newest_revision_s_forms) {
    TempDatabase temp;
    {
        auto store = two_revisions(temp);
        store->database().execute(
            "INSERT INTO prepared_matrix SELECT revision, layout, 'linux riscv64', x'00' "
            "FROM prepared_matrix WHERE revision = 2 AND platform = 'every'");
        store->database().set_user_version(latest_schema_version() - 1);
    }
    auto store = MatrixStore::open(temp.path, false);
    BOOST_TEST(platforms_kept(store, 2) == (std::vector<std::string>{"every", "linux x86_64"}),
               boost::test_tools::per_element());
    BOOST_TEST(verify_problems(store) == "");
}

BOOST_AUTO_TEST_CASE(verify_reports_forms_whose_tables_no_longer_load) {
    TempDatabase temp;
    auto store = two_revisions(temp);
    damage_the_builds(*store);
    const std::vector<std::string> problems = store->verify();
    BOOST_TEST(has_problem(problems, "revision 2: its tables do not load (matrix table "
                                     "index_build_union"));
}

BOOST_AUTO_TEST_CASE(a_migrated_database_whose_tables_do_not_load_still_opens) {
    TempDatabase temp;
    {
        auto store = two_revisions(temp);
        store->database().execute("DROP TABLE prepared_matrix");
        store->database().set_user_version(21);
        damage_the_builds(*store);
    }
    auto store = MatrixStore::open(temp.path, false);
    BOOST_TEST(store.database().user_version() == latest_schema_version());
    BOOST_TEST(platforms_kept(store, 2).empty());
    BOOST_TEST(store.revisions().size() == 2u); // what does not load the tables still works
    const std::vector<std::string> problems = store.verify();
    BOOST_TEST(has_problem(problems, "revision 2: the newest revision has no prepared forms"));
    BOOST_TEST(has_problem(problems, "revision 2: its tables do not load (matrix table "
                                     "index_build_union"));
}

BOOST_AUTO_TEST_SUITE_END()
