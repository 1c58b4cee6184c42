// A matrix file's seldom-read tables, packed when a writing store closes, unpacked while one is
// open, read through the attached part by a reading store, and never lost on the way.
#include "engine/matrix/matrix_schema.hpp"
#include "engine/matrix/matrix_store.hpp"
#include "engine/matrix/packed_tables.hpp"
#include "tests/engine/matrix/matrix_store_fixtures.hpp"

#include <algorithm>
#include <chrono>
#include <iterator>
#include <vector>

#include <boost/test/unit_test.hpp>

using namespace torchpin;
using namespace torchpin::test::store;

namespace {

// The schema objects of `schema` that `keep` accepts: "type name sql", in name order.
template <class Keep>
std::vector<std::string> objects(sqlite::Database& db, const std::string& schema, Keep keep) {
    auto select = db.prepare("SELECT type, name, tbl_name, ifnull(sql, '') FROM " + schema +
                             ".sqlite_schema ORDER BY name");
    std::vector<std::string> out;
    while (select.step()) {
        if (keep(select.text(2))) {
            out.push_back(select.text(0) + ' ' + select.text(1) + ' ' + select.text(3));
        }
    }
    return out;
}

// Every row of `names` as "table|quoted values", in table and row order: what a file holds,
// packed or not.
std::vector<std::string> contents(sqlite::Database& db, const std::vector<std::string>& names) {
    std::vector<std::string> out;
    for (const std::string& table : names) {
        std::string values = "'" + table + "'";
        for (const std::string& column :
             strings(db, "SELECT name FROM pragma_table_xinfo('" + table + "') ORDER BY cid")) {
            values += " || '|' || quote(" + column + ")";
        }
        std::ranges::copy(strings(db, "SELECT " + values + " FROM " + table),
                          std::back_inserter(out));
    }
    return out;
}

std::vector<std::string> attached(sqlite::Database& db) {
    return strings(db, "SELECT name FROM pragma_database_list WHERE name <> 'temp' ORDER BY seq");
}

std::int64_t count(sqlite::Database& db, const std::string& sql) {
    return std::stoll(strings(db, sql).at(0));
}

bool is_packed_table(const std::string& table) {
    return !is_read_by_every_command(table) && table != "image_rest";
}

// A file with two revisions, written by a store that then closes: packed.
void write_two_revisions(const std::filesystem::path& path) {
    auto store = MatrixStore::open(path, true);
    store.import(request({listing({wheel(a), wheel(c)}, "d1")}));
    store.import(request({listing({wheel(c), wheel(d)}, "d2")}));
}

} // namespace

BOOST_AUTO_TEST_SUITE(packed_tables)

BOOST_AUTO_TEST_CASE(a_writing_store_packs_the_file_when_it_closes_and_unpacks_it_when_it_opens) {
    TempDatabase temp;
    std::vector<std::string> every_table;
    std::vector<std::string> rows_while_open;
    std::vector<std::string> packed_schema;
    {
        auto store = MatrixStore::open(temp.path, true);
        store.import(request({listing({wheel(a), wheel(c)}, "d1")}));
        store.import(request({listing({wheel(c), wheel(d)}, "d2")}));
        every_table = tables(store.database());
        std::erase(every_table, "image_rest");
        rows_while_open = contents(store.database(), every_table);
        packed_schema = objects(store.database(), "main", is_packed_table);
        BOOST_TEST(count(store.database(), "SELECT count(*) FROM image_rest") == 0);
    }
    BOOST_TEST(every_table.size() == 33u);
    {
        // Closed: the file holds the tables every command reads, and the rest in one row.
        auto db = sqlite::Database::open(temp.path, sqlite::Database::Mode::ReadOnly);
        BOOST_TEST(
            (tables(db) == std::vector<std::string>{"image_rest", "index_build_union", "listing",
                                                    "prepared_matrix", "revision",
                                                    "revision_source", "source", "wheel_file",
                                                    "wheel_group_union", "wheel_metadata"}),
            boost::test_tools::per_element());
        BOOST_TEST(count(db, "SELECT count(*) FROM image_rest") == 1);
        attach_packed_part(db);
        BOOST_TEST(db.user_version("image_rest") == latest_schema_version());
        // The packed tables keep their whole schema (NOT NULL, indexes on current rows) and rows.
        BOOST_TEST(objects(db, "image_rest", is_packed_table) == packed_schema,
                   boost::test_tools::per_element());
        BOOST_TEST(contents(db, every_table) == rows_while_open, boost::test_tools::per_element());
    }
    // Open to write, every table is in the file again, as it was.
    auto store = MatrixStore::open(temp.path, false);
    BOOST_TEST(tables(store.database()).size() == every_table.size() + 1);
    BOOST_TEST(count(store.database(), "SELECT count(*) FROM image_rest") == 0);
    BOOST_TEST(objects(store.database(), "main", is_packed_table) == packed_schema,
               boost::test_tools::per_element());
    BOOST_TEST(contents(store.database(), every_table) == rows_while_open,
               boost::test_tools::per_element());
    BOOST_TEST(store.verify().empty());
}

// A reading store attaches the packed part when a statement first names one of its tables; over a
// file that a writing store holds open, it reads them where they are.
BOOST_AUTO_TEST_CASE(a_reading_store_reads_the_packed_tables_through_the_attached_part) {
    TempDatabase temp;
    write_two_revisions(temp.path);
    const std::string groups = "SELECT count(*) FROM wheel_group";
    std::int64_t groups_written = 0;
    {
        auto reader = MatrixStore::open_to_read(temp.path);
        BOOST_TEST(*reader.latest_revision_number() == 2);
        BOOST_TEST(reader.prepared_form(2, "every").has_value());
        BOOST_TEST(attached(reader.database()) == std::vector<std::string>{"main"},
                   boost::test_tools::per_element());
        groups_written = count(reader.database(), groups);
        BOOST_TEST(groups_written > 0);
        BOOST_TEST((attached(reader.database()) == std::vector<std::string>{"main", "image_rest"}),
                   boost::test_tools::per_element());
        BOOST_CHECK_THROW(reader.database().prepare("SELECT * FROM no_such_table"), sqlite::Error);
    }
    {
        auto reader = MatrixStore::open_to_read(temp.path);
        BOOST_TEST(reader.verify().empty()); // the packed part's integrity and rules too
    }
    auto writer = MatrixStore::open(temp.path, false);
    auto reader = MatrixStore::open_to_read(temp.path);
    BOOST_TEST(count(reader.database(), groups) == groups_written);
    BOOST_TEST(attached(reader.database()) == std::vector<std::string>{"main"},
               boost::test_tools::per_element());
}

// Two stores write one file: when the first closes and packs it, the second's next import
// unpacks it again (on a new connection), with the rules that hold its rows, and packs it when it
// closes.
BOOST_AUTO_TEST_CASE(a_store_that_writes_after_another_packed_the_file_unpacks_it_again) {
    TempDatabase temp;
    auto second = std::make_unique<MatrixStore>(MatrixStore::open(temp.path, true));
    {
        auto first = MatrixStore::open(temp.path, false);
        first.import(request({listing({wheel(a), wheel(c)}, "d1")}));
    }
    {
        auto db = sqlite::Database::open(temp.path, sqlite::Database::Mode::ReadOnly);
        BOOST_TEST(count(db, "SELECT count(*) FROM image_rest") == 1);
    }
    const ImportResult result = second->import(request({listing({wheel(c), wheel(d)}, "d2")}));
    BOOST_TEST(*result.revision == 2);
    BOOST_TEST(count(second->database(), "SELECT count(*) FROM image_rest") == 0);
    BOOST_CHECK_EXCEPTION(second->database().execute("UPDATE wheel_group SET source = 999"),
                          sqlite::Error, [](const sqlite::Error& e) {
                              return std::string(e.what()).find("source names no source row") !=
                                     std::string::npos;
                          });
    BOOST_TEST(second->verify().empty());
    second.reset();
    auto reader = MatrixStore::open_to_read(temp.path);
    BOOST_TEST(count(reader.database(), "SELECT count(*) FROM main.image_rest") == 1);
    BOOST_TEST(count(reader.database(), "SELECT count(*) FROM wheel_group WHERE valid_from = 2") >
               0);
    BOOST_TEST(reader.verify().empty());
}

// Two stores open one file and neither writes: the second to close finds it packed by the first,
// and leaves the part as it is (every row kept), rather than packing the tables it no longer sees.
BOOST_AUTO_TEST_CASE(a_store_that_closes_after_another_packed_the_file_keeps_its_part) {
    TempDatabase temp;
    write_two_revisions(temp.path);
    std::vector<std::string> rows_before;
    {
        auto writer = MatrixStore::open(temp.path, false);
        rows_before = contents(writer.database(), {"wheel_group", "index_build", "http_cache"});
    }
    BOOST_TEST(rows_before.size() > 2u);
    auto first = std::make_unique<MatrixStore>(MatrixStore::open(temp.path, false));
    auto second = std::make_unique<MatrixStore>(MatrixStore::open(temp.path, false));
    first.reset();
    second.reset();
    auto reader = MatrixStore::open_to_read(temp.path);
    reader.database().attach_pending(); // (a pragma on a table it lacks finds no columns)
    BOOST_TEST(contents(reader.database(), {"wheel_group", "index_build", "http_cache"}) ==
                   rows_before,
               boost::test_tools::per_element());
    BOOST_TEST(reader.verify().empty());
}

// Packing only makes reads faster: a store that closes while another connection holds the write
// lock does not wait for it, and leaves the file unpacked and whole, for the next one to pack.
BOOST_AUTO_TEST_CASE(a_file_that_cannot_be_packed_stays_unpacked_and_whole) {
    TempDatabase temp;
    write_two_revisions(temp.path);
    auto store = std::make_unique<MatrixStore>(MatrixStore::open(temp.path, false));
    auto holder = sqlite::Database::open(temp.path, sqlite::Database::Mode::ReadWrite);
    holder.execute("BEGIN IMMEDIATE");
    const auto start = std::chrono::steady_clock::now();
    store.reset();
    const auto waited = std::chrono::steady_clock::now() - start;
    BOOST_TEST(std::chrono::duration_cast<std::chrono::milliseconds>(waited).count() < 2000);
    holder.execute("ROLLBACK");
    BOOST_TEST(count(holder, "SELECT count(*) FROM image_rest") == 0);
    BOOST_TEST(count(holder, "SELECT count(*) FROM main.wheel_group") > 0);
    {
        auto reader = MatrixStore::open_to_read(temp.path);
        BOOST_TEST(reader.verify().empty());
    }
    MatrixStore::open(temp.path, false); // opened and closed: packed
    BOOST_TEST(count(holder, "SELECT count(*) FROM image_rest") == 1);
}

// A file of schema version 25 (every table in it, no image_rest) is read as it is, and packed by
// the first store that writes it.
BOOST_AUTO_TEST_CASE(a_file_of_version_25_is_packed_by_the_first_store_that_writes_it) {
    TempDatabase temp;
    write_two_revisions(temp.path);
    {
        auto db = sqlite::Database::open(temp.path, sqlite::Database::Mode::ReadWrite);
        db.execute("BEGIN");
        BOOST_TEST(unpack_seldom_read_tables(db));
        db.execute("DROP TABLE image_rest; COMMIT");
        db.set_user_version(25);
    }
    {
        auto reader = MatrixStore::open_to_read(temp.path);
        BOOST_TEST(reader.database().user_version() == latest_schema_version());
        BOOST_TEST(count(reader.database(), "SELECT count(*) FROM image_rest") == 0);
        BOOST_TEST(count(reader.database(), "SELECT count(*) FROM main.wheel_group") > 0);
        BOOST_TEST(reader.verify().empty());
    }
    MatrixStore::open(temp.path, false);
    auto reader = MatrixStore::open_to_read(temp.path);
    BOOST_TEST(count(reader.database(), "SELECT count(*) FROM main.image_rest") == 1);
    BOOST_TEST(count(reader.database(), "SELECT count(*) FROM wheel_group") > 0);
    BOOST_TEST(reader.verify().empty());
}

// A packed part that is no database, or of another schema version than its file, is a damaged
// file, named so, and not a missing table.
BOOST_AUTO_TEST_CASE(a_damaged_packed_part_fails_the_reads_of_its_tables_as_damage) {
    TempDatabase temp;
    write_two_revisions(temp.path);
    std::string part;
    {
        auto db = sqlite::Database::open(temp.path, sqlite::Database::Mode::ReadOnly);
        part = *packed_part(db);
    }
    const auto with_part = [&](const std::string& bytes) {
        auto db = sqlite::Database::open(temp.path, sqlite::Database::Mode::ReadWrite);
        db.prepare("UPDATE image_rest SET bytes = ?1").bind_blob(1, bytes).run();
    };
    const auto read_fails_as_damage = [&](const std::string& expected) {
        auto reader = MatrixStore::open_to_read(temp.path);
        BOOST_TEST(*reader.latest_revision_number() == 2); // what the file holds still reads
        BOOST_CHECK_EXCEPTION(reader.database().prepare("SELECT count(*) FROM wheel_group"),
                              sqlite::Error, [&](const sqlite::Error& e) {
                                  BOOST_TEST_MESSAGE(e.what());
                                  return e.is_damaged() &&
                                         std::string(e.what()).find(expected) != std::string::npos;
                              });
    };
    with_part(std::string(8192, '\0'));
    read_fails_as_damage("its packed tables (image_rest): ");
    std::string older = part;
    older[63] = static_cast<char>(latest_schema_version() - 1); // user_version: bytes 60-63
    with_part(older);
    read_fails_as_damage("have schema version " + std::to_string(latest_schema_version() - 1) +
                         ", the file " + std::to_string(latest_schema_version()));
    with_part(part);
    auto reader = MatrixStore::open_to_read(temp.path);
    BOOST_TEST(reader.verify().empty());
}

BOOST_AUTO_TEST_SUITE_END()
