// index_build and wheel_group: what a wheel_file listing's files show, written with every import
// in the same revision, filled by schema versions 19 and 20 on a matrix imported before them, and
// checked by verify; index_build_union and wheel_group_union, the two merged over the listings
// (version 21), the groups of a release with the same tags one row (version 25).
#include "engine/base/diagnostic.hpp"
#include "engine/matrix/dataset_tables.hpp"
#include "engine/matrix/derived_listings.hpp"
#include "engine/matrix/matrix_schema.hpp"
#include "engine/matrix/packed_tables.hpp"
#include "tests/engine/matrix/matrix_store_fixtures.hpp"

#include <algorithm>

#include <boost/test/unit_test.hpp>

using namespace torchpin;
using namespace torchpin::test::store;

namespace {

// The rows index_build (or index_build_union) holds at `revision`, as "torch os arch: backends".
template <class Table = decltype(dataset_columns::index_build)>
std::vector<std::string> builds_at(MatrixStore& store, std::int64_t revision,
                                   const Table& table = dataset_columns::index_build) {
    std::vector<std::string> out;
    for (const IndexBuilds& b : read_rows(store.database(), table, revision)) {
        std::string row = b.torch.to_string() + ' ' + std::string(name(b.os)) + ' ' +
                          std::string(name(b.arch)) + ':';
        for (const Backend& backend : b.backends) {
            row += ' ' + backend.to_string();
        }
        out.push_back(row);
    }
    return out;
}

std::vector<std::string> merged_at(MatrixStore& store, std::int64_t revision) {
    return builds_at(store, revision, dataset_columns::index_build_union);
}

// A listing of `files` from the page that lists every backend's files (/whl/torch/).
ListingImport every_backend_page(const std::vector<IndexFile>& files, const std::string& digest) {
    ListingImport out = listing(files, digest);
    out.name = every_page;
    out.source.uri = every_page;
    return out;
}

} // namespace

BOOST_AUTO_TEST_SUITE(derived_listings)

BOOST_AUTO_TEST_CASE(each_import_writes_the_builds_its_files_show) {
    TempDatabase temp;
    auto store = MatrixStore::open(temp.path, true);
    const auto first = store.import(request({listing({wheel(a), wheel(b), wheel(c)}, "d1")}));
    BOOST_TEST(first.rows.added == 3u); // the derived rows are not counted
    BOOST_TEST((builds_at(store, 1) == std::vector<std::string>{"2.1.2 linux x86_64: cu121",
                                                                "2.1.1 linux x86_64: cu121"}));
    store.import(request({listing({wheel(c), wheel(d)}, "d2")}));
    BOOST_TEST((builds_at(store, 2) == std::vector<std::string>{"2.1.1 linux x86_64: cu121",
                                                                "2.1.0 linux x86_64: cu121"}));
    BOOST_TEST(builds_at(store, 1).size() == 2u); // revision 1 still answers as it did
    BOOST_TEST(store.verify().empty());
}

BOOST_AUTO_TEST_CASE(a_row_holds_the_backends_of_one_release_os_and_cpu_in_their_order) {
    TempDatabase temp;
    auto store = MatrixStore::open(temp.path, true);
    std::vector<IndexFile> files{wheel("torch-2.1.2+cu121-cp311-cp311-linux_x86_64.whl"),
                                 wheel("torch-2.1.2+cu121-cp311-cp311-win_amd64.whl"),
                                 wheel("torch-2.1.2+cu121-cp310-cp310-linux_x86_64.whl"),
                                 wheel("torch-2.1.2+cu118-cp311-cp311-linux_x86_64.whl"),
                                 wheel("torch-2.1.1+cpu-cp311-cp311-linux_x86_64.whl")};
    store.import(request({listing(files, "d1")}));
    BOOST_TEST(builds_at(store, 1) == (std::vector<std::string>{"2.1.2 linux x86_64: cu118 cu121",
                                                                "2.1.2 windows x86_64: cu121",
                                                                "2.1.1 linux x86_64: cpu"}),
               boost::test_tools::per_element());
    BOOST_TEST(store.verify().empty());
    // The same files in another order show the same builds: no new revision.
    std::ranges::reverse(files);
    BOOST_TEST(!store.import(request({listing(files, "d1")})).revision.has_value());
}

// A backend list that does not parse (a database written by something else) fails the read,
// naming the table, the column and the list.
BOOST_AUTO_TEST_CASE(a_damaged_backend_list_fails_naming_its_table_and_column) {
    TempDatabase temp;
    auto store = MatrixStore::open(temp.path, true);
    store.import(request({listing({wheel(a)}, "d1")}));
    store.database().execute("UPDATE index_build SET backends = 'cu121 cu12x'");
    try {
        builds_at(store, 1);
        BOOST_FAIL("a damaged backend list was read");
    } catch (const InputError& e) {
        const std::string what = e.what();
        BOOST_TEST(what.find("matrix table index_build") != std::string::npos, what);
        BOOST_TEST(what.find("column backends: invalid CUDA label") != std::string::npos, what);
        BOOST_TEST(what.find("in \"cu121 cu12x\"") != std::string::npos, what);
    }
}

// Both pages list a release's files: the union holds each release, OS and CPU once, with the
// backends of every listing, and follows an import that changes one listing; an earlier revision
// still reads its own.
BOOST_AUTO_TEST_CASE(the_union_holds_each_build_once_over_every_listing) {
    TempDatabase temp;
    auto store = MatrixStore::open(temp.path, true);
    const IndexFile cu118 = wheel("torch-2.1.2+cu118-cp311-cp311-linux_x86_64.whl");
    const IndexFile cpu = wheel("torch-2.1.2+cpu-cp311-cp311-linux_x86_64.whl");
    const IndexFile windows = wheel("torch-2.1.1+cu121-cp311-cp311-win_amd64.whl");
    store.import(request({listing({wheel(a), wheel(c)}, "d1"),
                          every_backend_page({wheel(a), cu118, cpu, windows}, "e1")}));
    BOOST_TEST(builds_at(store, 1).size() == 4u); // one row per listing, release and platform
    BOOST_TEST(
        merged_at(store, 1) ==
            (std::vector<std::string>{"2.1.2 linux x86_64: cpu cu118 cu121",
                                      "2.1.1 linux x86_64: cu121", "2.1.1 windows x86_64: cu121"}),
        boost::test_tools::per_element());
    BOOST_TEST(store.verify().empty());
    // The same pages again make no revision.
    BOOST_TEST(!store
                    .import(request({listing({wheel(c), wheel(a)}, "d1"),
                                     every_backend_page({cpu, windows, cu118, wheel(a)}, "e1")}))
                    .revision.has_value());
    // One page loses its CPU file and the other its Linux 2.1.1: the union follows, its unchanged
    // row kept (first), the changed one new.
    BOOST_TEST(store
                   .import(request({listing({wheel(a)}, "d2"),
                                    every_backend_page({wheel(a), cu118, windows}, "e2")}))
                   .revision.value_or(0) == 2);
    BOOST_TEST(merged_at(store, 2) == (std::vector<std::string>{"2.1.1 windows x86_64: cu121",
                                                                "2.1.2 linux x86_64: cu118 cu121"}),
               boost::test_tools::per_element());
    BOOST_TEST(merged_at(store, 1).size() == 3u);
    BOOST_TEST(store.verify().empty());
}

namespace {

// Two imports into `path`, then back to what a torchpin of schema version `version` left: none
// of the tables (derived ones and the prepared forms of version 22 included) and columns later
// versions add. (The schema is taken back through a connection of its own: a store's rule
// triggers name the tables and columns that go.)
void import_two_revisions_as_of(const std::filesystem::path& path, int version) {
    {
        auto store = MatrixStore::open(path, true);
        store.import(request({listing({wheel(a), wheel(c)}, "d1")}));
        store.import(request({listing({wheel(c), wheel(d)}, "d2")}));
    }
    auto db = sqlite::Database::open(path, sqlite::Database::Mode::ReadWrite);
    db.execute("BEGIN");
    unpack_seldom_read_tables(db); // packed since version 26
    db.execute("DROP TABLE image_rest; COMMIT");
    if (version < 22) {
        db.execute("DROP TABLE prepared_matrix");
    }
    for (const TableSpec* spec : stored_tables()) {
        if (spec->since > version) {
            db.execute("DELETE FROM listing WHERE table_name = '" + spec->name + "'; DROP TABLE " +
                       spec->name + ";");
            continue;
        }
        for (const Column& column : spec->columns()) {
            if (column.since > version) {
                db.execute("ALTER TABLE " + spec->name + " DROP COLUMN " + column.name + ";");
            }
        }
    }
    db.set_user_version(version);
}

// The wheel groups valid at `revision`, as "package version os tags".
std::vector<std::string> groups_at(MatrixStore& store, std::int64_t revision) {
    std::vector<std::string> out;
    for (const WheelGroup& g :
         read_rows(store.database(), dataset_columns::wheel_group, revision)) {
        out.push_back(g.package + ' ' + g.version.to_string() + ' ' + g.os + ' ' + g.tags.str());
    }
    return out;
}

// The merged groups valid at `revision`, as "package version os tags lists_every_file", in the
// order of the sets that hold them.
std::vector<std::string> merged_groups_at(MatrixStore& store, std::int64_t revision) {
    std::vector<WheelGroup> groups;
    for (const WheelGroupSet& set :
         read_rows(store.database(), dataset_columns::wheel_group_union, revision)) {
        add_groups_of(set, groups);
    }
    std::vector<std::string> out;
    for (const WheelGroup& g : groups) {
        out.push_back(g.package + ' ' + g.version.to_string() + ' ' + g.os + ' ' + g.tags.str() +
                      ' ' + (g.lists_every_file ? '1' : '0'));
    }
    return out;
}

// wheel_group_union's rows valid at `revision`, as "package release os: builds | tags".
std::vector<std::string> group_sets_at(MatrixStore& store, std::int64_t revision) {
    std::vector<std::string> out;
    for (const WheelGroupSet& set :
         read_rows(store.database(), dataset_columns::wheel_group_union, revision)) {
        std::string row = set.package + ' ' + set.release.to_string() + ' ' + set.os + ':';
        for (const WheelBuild& build : set.builds) {
            row += ' ' + to_string(build);
        }
        out.push_back(row + " | " + set.tags.str());
    }
    return out;
}

} // namespace

BOOST_AUTO_TEST_CASE(version_20_fills_the_builds_of_a_matrix_imported_before_it) {
    TempDatabase temp;
    import_two_revisions_as_of(temp.path, 10);
    auto store = MatrixStore::open(temp.path, true);
    BOOST_TEST(store.database().user_version() == latest_schema_version());
    BOOST_TEST((builds_at(store, 1) == std::vector<std::string>{"2.1.2 linux x86_64: cu121",
                                                                "2.1.1 linux x86_64: cu121"}));
    BOOST_TEST((builds_at(store, 2) == std::vector<std::string>{"2.1.1 linux x86_64: cu121",
                                                                "2.1.0 linux x86_64: cu121"}));
    BOOST_TEST(store.verify().empty());
}

// The groups of one key from two pages are one group with the files of both; groups of another
// standing (a wheel list's, which does not list every file) stay apart.
BOOST_AUTO_TEST_CASE(the_group_union_holds_a_key_s_files_from_every_listing) {
    TempDatabase temp;
    auto store = MatrixStore::open(temp.path, true);
    const IndexFile windows = wheel("torch-2.1.2+cu121-cp311-cp311-win_amd64.whl");
    ListingImport list = every_backend_page({wheel(a)}, "l1");
    list.name = "https://example.org/hashes.txt";
    list.source = SourceInfo{"wheel-list", list.name, "l1", "2026-11-30T00:00:00Z", "a test"};
    store.import(request({listing({wheel(a), windows}, "d1"),
                          every_backend_page({wheel(b), wheel(a)}, "e1"), list}));
    BOOST_TEST(groups_at(store, 1).size() == 4u); // the page's two, one of /whl/torch/, the list's
    BOOST_TEST(
        merged_groups_at(store, 1) ==
            (std::vector<std::string>{
                "torch 2.1.2+cu121 linux cp310-cp310-linux_x86_64 cp311-cp311-linux_x86_64 1",
                "torch 2.1.2+cu121 win cp311-cp311-win_amd64 1",
                "torch 2.1.2+cu121 linux cp311-cp311-linux_x86_64 0"}),
        boost::test_tools::per_element());
    BOOST_TEST(store.verify().empty());
}

// The builds of a release whose files have the same tags are one row, each build's label and
// backend listed; a build with other files (another Python) is a row of its own. Read back, the
// rows are the groups.
BOOST_AUTO_TEST_CASE(the_group_union_holds_the_builds_of_the_same_files_as_one_row) {
    TempDatabase temp;
    auto store = MatrixStore::open(temp.path, true);
    store.import(
        request({every_backend_page({wheel("torch-2.1.2+cu121-cp311-cp311-linux_x86_64.whl"),
                                     wheel("torch-2.1.2+cpu-cp311-cp311-linux_x86_64.whl"),
                                     wheel("torch-2.1.2+cu118-cp310-cp310-linux_x86_64.whl"),
                                     wheel("torch-2.1.2+cu118-cp311-cp311-linux_x86_64.whl"),
                                     wheel("torch-2.1.1+cu121-cp311-cp311-linux_x86_64.whl")},
                                    "e1")}));
    BOOST_TEST(group_sets_at(store, 1) ==
                   (std::vector<std::string>{
                       "torch 2.1.2 linux: cpu:cpu cu121:cu121 | cp311-cp311-linux_x86_64",
                       "torch 2.1.2 linux: cu118:cu118 | cp310-cp310-linux_x86_64 "
                       "cp311-cp311-linux_x86_64",
                       "torch 2.1.1 linux: cu121:cu121 | cp311-cp311-linux_x86_64"}),
               boost::test_tools::per_element());
    BOOST_TEST(
        merged_groups_at(store, 1) ==
            (std::vector<std::string>{
                "torch 2.1.2+cpu linux cp311-cp311-linux_x86_64 1",
                "torch 2.1.2+cu121 linux cp311-cp311-linux_x86_64 1",
                "torch 2.1.2+cu118 linux cp310-cp310-linux_x86_64 cp311-cp311-linux_x86_64 1",
                "torch 2.1.1+cu121 linux cp311-cp311-linux_x86_64 1"}),
        boost::test_tools::per_element());
    BOOST_TEST(store.verify().empty());
}

// A builds list that does not parse (a database written by something else) fails the read,
// naming the table, the column and the list.
BOOST_AUTO_TEST_CASE(a_damaged_builds_list_fails_naming_its_table_and_column) {
    TempDatabase temp;
    auto store = MatrixStore::open(temp.path, true);
    store.import(request({listing({wheel(a)}, "d1")}));
    for (const std::string builds : {"cu121", "CU121:cu121", "cu121:cu12x", "cu121.:"}) {
        auto other = sqlite::Database::open(temp.path, sqlite::Database::Mode::ReadWrite);
        other.execute("UPDATE wheel_group_union SET builds = '" + builds + "'");
        try {
            group_sets_at(store, 1);
            BOOST_FAIL("a damaged builds list was read: " + builds);
        } catch (const InputError& e) {
            const std::string what = e.what();
            BOOST_TEST(what.find("matrix table wheel_group_union") != std::string::npos, what);
            BOOST_TEST(what.find("column builds: ") != std::string::npos, what);
            BOOST_TEST(what.find("in \"" + builds + "\"") != std::string::npos, what);
        }
    }
}

BOOST_AUTO_TEST_CASE(version_21_merges_the_builds_of_a_matrix_imported_before_it) {
    TempDatabase temp;
    import_two_revisions_as_of(temp.path, 20);
    auto store = MatrixStore::open(temp.path, true);
    BOOST_TEST(store.database().user_version() == latest_schema_version());
    BOOST_TEST(merged_at(store, 1) == builds_at(store, 1), boost::test_tools::per_element());
    BOOST_TEST(merged_at(store, 2) == builds_at(store, 2), boost::test_tools::per_element());
    BOOST_TEST(merged_at(store, 2).size() == 2u);
    BOOST_TEST(merged_groups_at(store, 2).size() == 2u);
    BOOST_TEST(store.verify().empty());
}

// Version 25 on a matrix of version 24: the union of one row per group (as 21 made it) goes with
// its listing, and the sets of the groups fill it anew at every revision.
BOOST_AUTO_TEST_CASE(version_25_makes_sets_of_the_groups_of_a_matrix_imported_before_it) {
    TempDatabase temp;
    import_two_revisions_as_of(temp.path, 24);
    {
        auto db = sqlite::Database::open(temp.path, sqlite::Database::Mode::ReadWrite);
        db.execute(
            "CREATE TABLE wheel_group_union (id INTEGER PRIMARY KEY, listing TEXT NOT NULL, "
            "package TEXT NOT NULL, version TEXT NOT NULL, backend TEXT, os TEXT NOT NULL, "
            "variant INTEGER NOT NULL, on_pytorch_index INTEGER NOT NULL, lists_every_file "
            "INTEGER NOT NULL, platform_tags TEXT NOT NULL, tags TEXT NOT NULL, source INTEGER "
            "NOT NULL, valid_from INTEGER NOT NULL, valid_to INTEGER) STRICT;"
            "INSERT INTO listing (table_name, name, content_digest, row_count, source, "
            "valid_from) VALUES ('wheel_group_union', 'wheel_group_union', 'old', 1, 1, 1);"
            "INSERT INTO wheel_group_union (listing, package, version, backend, os, variant, "
            "on_pytorch_index, lists_every_file, platform_tags, tags, source, valid_from) VALUES "
            "('wheel_group_union', 'torch', '9.9.9', NULL, 'linux', 0, 1, 1, 'linux_x86_64', "
            "'cp311-cp311-linux_x86_64', 1, 1);");
    }
    auto store = MatrixStore::open(temp.path, true);
    BOOST_TEST(store.database().user_version() == latest_schema_version());
    BOOST_TEST(
        group_sets_at(store, 1) ==
            (std::vector<std::string>{"torch 2.1.2 linux: cu121:cu121 | cp311-cp311-linux_x86_64",
                                      "torch 2.1.1 linux: cu121:cu121 | cp311-cp311-linux_x86_64"}),
        boost::test_tools::per_element());
    BOOST_TEST(
        group_sets_at(store, 2) ==
            (std::vector<std::string>{"torch 2.1.1 linux: cu121:cu121 | cp311-cp311-linux_x86_64",
                                      "torch 2.1.0 linux: cu121:cu121 | cp311-cp311-linux_x86_64"}),
        boost::test_tools::per_element());
    BOOST_TEST(store.verify().empty());
}

BOOST_AUTO_TEST_CASE(version_19_fills_the_wheel_groups_of_a_matrix_imported_before_it) {
    TempDatabase temp;
    import_two_revisions_as_of(temp.path, 18);
    auto store = MatrixStore::open(temp.path, true);
    BOOST_TEST(store.database().user_version() == latest_schema_version());
    BOOST_TEST(groups_at(store, 1) ==
                   (std::vector<std::string>{"torch 2.1.2+cu121 linux cp311-cp311-linux_x86_64",
                                             "torch 2.1.1+cu121 linux cp311-cp311-linux_x86_64"}),
               boost::test_tools::per_element());
    BOOST_TEST(groups_at(store, 2) ==
                   (std::vector<std::string>{"torch 2.1.1+cu121 linux cp311-cp311-linux_x86_64",
                                             "torch 2.1.0+cu121 linux cp311-cp311-linux_x86_64"}),
               boost::test_tools::per_element());
    BOOST_TEST(store.verify().empty());
}

BOOST_AUTO_TEST_CASE(verify_finds_builds_the_files_do_not_show) {
    TempDatabase temp;
    auto store = MatrixStore::open(temp.path, true);
    store.import(request({listing({wheel(a)}, "d1")}));
    store.database().execute(
        "DELETE FROM index_build; DELETE FROM listing WHERE table_name = 'index_build'");
    const auto problems = store.verify();
    BOOST_TEST(std::any_of(problems.begin(), problems.end(), [](const std::string& p) {
        return p.find("index_build rows are not what its wheel files show") != std::string::npos;
    }));
}

BOOST_AUTO_TEST_CASE(verify_finds_a_union_that_is_not_the_builds_merged) {
    TempDatabase temp;
    auto store = MatrixStore::open(temp.path, true);
    store.import(request({listing({wheel(a)}, "d1")}));
    store.database().execute("DELETE FROM index_build_union; DELETE FROM listing WHERE "
                             "table_name = 'index_build_union'");
    const auto problems = store.verify();
    BOOST_TEST(std::any_of(problems.begin(), problems.end(), [](const std::string& p) {
        return p == "listing index_build_union: its rows are not index_build's merged";
    }));
}

BOOST_AUTO_TEST_SUITE_END()
