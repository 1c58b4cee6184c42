// The table declarations agree with the tables the migrations derived from them create.
#include "engine/matrix/dataset_tables.hpp"
#include "engine/matrix/matrix_schema.hpp"

#include <boost/test/unit_test.hpp>

using namespace torchpin;

BOOST_AUTO_TEST_SUITE(matrix_schema)

BOOST_AUTO_TEST_CASE(every_revisioned_table_matches_its_spec) {
    auto db = sqlite::Database::open(":memory:", sqlite::Database::Mode::Create);
    migrate(db);
    BOOST_TEST(db.user_version() == latest_schema_version());
    for (const TableSpec* spec : stored_tables()) {
        // The table's first columns, the bookkeeping ones, then those added by later versions
        // (ALTER TABLE ADD COLUMN appends them).
        std::vector<std::string> expected{"id INTEGER 0", "listing TEXT 1"};
        std::vector<std::string> added;
        for (const Column& c : spec->columns()) {
            (spec->added_later(c) ? added : expected)
                .push_back(c.name + (is_stored_as_integer(c.type) ? " INTEGER " : " TEXT ") +
                           (c.required ? "1" : "0"));
        }
        expected.insert(expected.end(),
                        {"source INTEGER 1", "valid_from INTEGER 1", "valid_to INTEGER 0"});
        expected.insert(expected.end(), added.begin(), added.end());
        std::vector<std::string> actual;
        auto info =
            db.prepare("SELECT name, type, \"notnull\" FROM pragma_table_info(?1) ORDER BY cid");
        info.bind(1, spec->name);
        while (info.step()) {
            actual.push_back(info.text(0) + " " + info.text(1) + " " + info.text(2));
        }
        BOOST_TEST_CONTEXT(spec->name) {
            BOOST_TEST(actual == expected, boost::test_tools::per_element());
        }
    }
}

// The curated tables, a few hundred rows each, are read whole by the imports of data/; an index
// would cost every process that opens the file its parsing (version 23).
BOOST_AUTO_TEST_CASE(only_the_tables_an_index_import_fills_keep_an_index_on_current_rows) {
    auto db = sqlite::Database::open(":memory:", sqlite::Database::Mode::Create);
    migrate(db);
    std::vector<std::string> indexed;
    auto select = db.prepare("SELECT tbl_name FROM sqlite_schema WHERE type = 'index' AND "
                             "sql LIKE '%WHERE valid_to IS NULL' ORDER BY tbl_name");
    while (select.step()) {
        indexed.push_back(select.text(0));
    }
    BOOST_TEST(indexed == (std::vector<std::string>{"index_build", "index_build_union", "listing",
                                                    "wheel_file", "wheel_group",
                                                    "wheel_group_union", "wheel_metadata"}),
               boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(dataset_tables_are_found_by_name) {
    BOOST_TEST(find_dataset_table("torch_release") == &torch_release_table());
    BOOST_TEST(find_dataset_table("hsa_override") == &hsa_override_table());
    BOOST_TEST(find_dataset_table("wheel_file") == nullptr);
    BOOST_TEST(find_dataset_table("cuda_branch") == &cuda_branch_table());
    BOOST_TEST(find_dataset_table("companion_package") == &companion_package_table());
    BOOST_TEST(dataset_tables().size() == 21u);
}

BOOST_AUTO_TEST_SUITE_END()
