// The read-only image the binary embeds: the same tables, columns and rows as the matrix file it
// is written from, in two parts, without the constraints and write-side indexes; and the user
// database made from it, with the whole schema again.
#include "engine/matrix/matrix_schema.hpp"
#include "engine/matrix/matrix_store.hpp"
#include "engine/matrix/packed_tables.hpp"
#include "engine/matrix/read_only_image.hpp"
#include "tests/engine/matrix/matrix_store_fixtures.hpp"

#include <fstream>
#include <iterator>
#include <vector>

#include <boost/test/unit_test.hpp>

using namespace torchpin;
using namespace torchpin::test::store;

namespace {

// The tables of both parts, a file's or an image's, but the one that holds the second.
std::vector<std::string> every_table(sqlite::Database& db) {
    std::vector<std::string> both = tables(db, "image_rest");
    std::ranges::copy_if(tables(db), std::back_inserter(both),
                         [](const std::string& table) { return table != "image_rest"; });
    std::ranges::sort(both);
    return both;
}

// A matrix file, read-only, with its packed tables attached (packed_tables.hpp).
sqlite::Database open_whole(const std::filesystem::path& path) {
    auto db = sqlite::Database::open(path, sqlite::Database::Mode::ReadOnly);
    attach_packed_part(db);
    return db;
}

// "name type" of each column, in order.
std::vector<std::string> columns(sqlite::Database& db, const std::string& table) {
    return strings(db, "SELECT name || ' ' || type FROM pragma_table_xinfo(?1) ORDER BY cid",
                   table);
}

// Every row of `table`, each value quoted, in the table's order.
std::vector<std::string> rows(sqlite::Database& db, const std::string& table) {
    std::string values;
    for (const std::string& name :
         strings(db, "SELECT name FROM pragma_table_xinfo(?1) ORDER BY cid", table)) {
        values += (values.empty() ? "" : " || '|' || ") + std::string("quote(") + name + ")";
    }
    return strings(db, "SELECT " + values + " FROM " + table);
}

// The schema as SQLite keeps it: type, name, table and SQL of every object, of both parts.
std::vector<std::string> schema(sqlite::Database& db) {
    std::vector<std::string> both;
    for (const std::string part : {"main", "image_rest"}) {
        std::ranges::copy(strings(db, "SELECT type || ' ' || name || ' ' || tbl_name || ' ' || "
                                      "ifnull(sql, '') FROM " +
                                          part + ".sqlite_schema ORDER BY name"),
                          std::back_inserter(both));
    }
    return both;
}

// A matrix file with two revisions: rows current, closed and added.
void write_matrix(const std::filesystem::path& path) {
    auto store = MatrixStore::open(path, true);
    store.import(request({listing({wheel(a, "aa"), wheel(b), wheel(c)}, "d1")}));
    store.import(request({listing({wheel(a, "ab"), wheel(d)}, "d2")}));
}

std::vector<unsigned char> bytes_of(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

} // namespace

BOOST_AUTO_TEST_SUITE(read_only_image)

BOOST_AUTO_TEST_CASE(an_image_keeps_every_column_and_row_and_none_of_the_constraints) {
    TempDatabase full_file;
    TempDatabase image_file;
    write_matrix(full_file.path);
    write_read_only_image(full_file.path, image_file.path);
    auto full = open_whole(full_file.path); // made packed, as db build makes it
    auto image = open_whole(image_file.path);

    BOOST_TEST(image.user_version() == full.user_version());
    BOOST_TEST(image.user_version("image_rest") == full.user_version());
    // The tables every command reads in the file, the rest in its second part: each table once.
    const std::vector<std::string> first = tables(image);
    const std::vector<std::string> rest = tables(image, "image_rest");
    BOOST_TEST((first == std::vector<std::string>{"image_rest", "index_build_union", "listing",
                                                  "prepared_matrix", "revision", "revision_source",
                                                  "source", "wheel_file", "wheel_group_union",
                                                  "wheel_metadata"}),
               boost::test_tools::per_element());
    BOOST_TEST(every_table(image) == every_table(full), boost::test_tools::per_element());
    BOOST_TEST(every_table(full).size() > first.size() + rest.size() / 2);
    std::size_t rows_seen = 0;
    for (const std::string& table : every_table(full)) {
        BOOST_TEST(columns(image, table) == columns(full, table), table);
        BOOST_TEST(rows(image, table) == rows(full, table), table);
        rows_seen += rows(full, table).size();
        BOOST_TEST(strings(image, "SELECT 1 FROM pragma_foreign_key_list(?1)", table).empty());
        // (A WITHOUT ROWID table's key is NOT NULL by itself.)
        BOOST_TEST(strings(image,
                           "SELECT 1 FROM pragma_table_xinfo(?1) WHERE \"notnull\" AND pk = 0",
                           table)
                       .empty());
    }
    BOOST_TEST(rows_seen > 10u);
    // The file's tables keep NOT NULL (its CHECK and foreign keys went in schema version 24).
    BOOST_TEST(strings(full, "SELECT 1 FROM sqlite_schema WHERE sql LIKE '%NOT NULL%'").size() >
               0u);
    for (const std::string schema : {"main", "image_rest"}) {
        BOOST_TEST(strings(image, "SELECT 1 FROM " + schema +
                                      ".sqlite_schema WHERE sql LIKE '%NOT NULL%' OR sql LIKE "
                                      "'%CHECK%'")
                       .empty());
    }
    // The indexes reads use are kept (a primary key's among them); those on current rows
    // (partial) and the UNIQUE keys are not.
    const auto index_names = [](sqlite::Database& db) {
        return strings(db, "SELECT name FROM (SELECT name, type FROM main.sqlite_schema UNION "
                           "ALL SELECT name, type FROM image_rest.sqlite_schema) WHERE type = "
                           "'index' ORDER BY name");
    };
    const auto read_indexes = [&](const std::string& part) {
        return strings(full, "SELECT s.name FROM " + part +
                                 ".sqlite_schema AS s JOIN pragma_index_list(s.tbl_name, '" + part +
                                 "') AS i ON i.name = s.name WHERE s.type = 'index' AND "
                                 "i.origin <> 'u' AND NOT i.partial");
    };
    std::vector<std::string> full_read_indexes = read_indexes("main");
    std::ranges::copy(read_indexes("image_rest"), std::back_inserter(full_read_indexes));
    std::ranges::sort(full_read_indexes);
    BOOST_TEST(index_names(image) == full_read_indexes, boost::test_tools::per_element());
    BOOST_TEST(index_names(image).size() >= 1u);
    BOOST_TEST(index_names(full).size() > index_names(image).size());
}

// A store over the image attaches its second part when a statement first names one of its
// tables, and not before: a command that reads only the first part never parses the rest's
// schema. A table neither part holds still fails its statement.
BOOST_AUTO_TEST_CASE(an_image_store_attaches_its_second_part_when_a_statement_names_it) {
    TempDatabase full_file;
    TempDatabase image_file;
    write_matrix(full_file.path);
    write_read_only_image(full_file.path, image_file.path);
    const std::vector<unsigned char> bytes = bytes_of(image_file.path);
    auto store = MatrixStore::open_image(bytes);
    const auto attached = [&] {
        return strings(store.database(),
                       "SELECT name FROM pragma_database_list WHERE name <> 'temp' ORDER BY seq");
    };
    BOOST_TEST(*store.latest_revision_number() == 2);
    BOOST_TEST(store.prepared_form(2, "every").has_value());
    BOOST_TEST(attached() == std::vector<std::string>{"main"}, boost::test_tools::per_element());

    auto full = open_whole(full_file.path);
    const std::string count = "SELECT count(*) FROM wheel_group";
    BOOST_TEST(strings(store.database(), count) == strings(full, count),
               boost::test_tools::per_element());
    BOOST_TEST(strings(full, count) != std::vector<std::string>{"0"});
    BOOST_TEST((attached() == std::vector<std::string>{"main", "image_rest"}),
               boost::test_tools::per_element());
    BOOST_TEST(rows(store.database(), "wheel_group") == rows(full, "wheel_group"),
               boost::test_tools::per_element());
    BOOST_CHECK_THROW(store.database().prepare("SELECT * FROM no_such_table"), sqlite::Error);
}

BOOST_AUTO_TEST_CASE(a_database_made_from_an_image_has_the_whole_schema_and_every_row) {
    TempDatabase full_file;
    TempDatabase image_file;
    TempDatabase copy_file;
    write_matrix(full_file.path);
    write_read_only_image(full_file.path, image_file.path);
    const std::vector<unsigned char> image = bytes_of(image_file.path);
    {
        auto copy = MatrixStore::open(copy_file.path, true);
        copy_image_rows(copy.database(), image);
        BOOST_TEST(copy.verify().empty());
        BOOST_TEST(*copy.latest_revision_number() == 2);
    }
    auto full = open_whole(full_file.path);
    auto copy = open_whole(copy_file.path);
    BOOST_TEST(schema(copy) == schema(full), boost::test_tools::per_element());
    for (const std::string& table : every_table(full)) {
        BOOST_TEST(rows(copy, table) == rows(full, table), table);
    }
    // The copy is written to like any matrix: a third revision on top of the image's two.
    auto store = MatrixStore::open(copy_file.path, false);
    store.import(request({listing({wheel(a, "ac")}, "d3")}));
    BOOST_TEST(*store.latest_revision_number() == 3);
    BOOST_TEST(store.verify().empty());
}

BOOST_AUTO_TEST_CASE(an_image_of_another_schema_version_is_refused_and_nothing_is_copied) {
    TempDatabase full_file;
    TempDatabase image_file;
    TempDatabase copy_file;
    write_matrix(full_file.path);
    write_read_only_image(full_file.path, image_file.path);
    sqlite::Database::open(image_file.path, sqlite::Database::Mode::ReadWrite)
        .set_user_version(latest_schema_version() - 1);
    const std::vector<unsigned char> image = bytes_of(image_file.path);
    auto copy = MatrixStore::open(copy_file.path, true);
    BOOST_CHECK_EXCEPTION(copy_image_rows(copy.database(), image), std::runtime_error,
                          [](const std::runtime_error& e) {
                              return std::string(e.what()).find("schema version") !=
                                     std::string::npos;
                          });
    BOOST_TEST(!copy.latest_revision_number().has_value());
    // The image was detached: the same connection copies a good image afterwards.
    write_read_only_image(full_file.path, image_file.path);
    copy_image_rows(copy.database(), bytes_of(image_file.path));
    BOOST_TEST(*copy.latest_revision_number() == 2);
}

BOOST_AUTO_TEST_CASE(a_failed_write_leaves_the_previous_image_and_no_partial_file) {
    TempDatabase image_file;
    std::ofstream(image_file.path) << "the previous image";
    const auto missing = std::filesystem::temp_directory_path() / "torchpin_no_such_matrix.db";
    BOOST_CHECK_THROW(write_read_only_image(missing, image_file.path), std::runtime_error);
    BOOST_TEST(!std::filesystem::exists(missing));
    std::ifstream in(image_file.path);
    BOOST_TEST(std::string(std::istreambuf_iterator<char>(in), {}) == "the previous image");
    BOOST_TEST(!std::filesystem::exists(image_file.path.string() + ".partial"));
}

BOOST_AUTO_TEST_SUITE_END()
