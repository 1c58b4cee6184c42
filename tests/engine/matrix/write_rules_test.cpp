// The rows' rules: a writing store refuses every write that breaks one and leaves the rows as
// they were, a reading store parses none of them, schema version 24 takes the constraints out of
// the stored tables without touching a column or row, and db verify reports stored rows that
// break a rule.
#include "engine/matrix/matrix_schema.hpp"
#include "engine/matrix/matrix_store.hpp"
#include "engine/matrix/write_rules.hpp"
#include "tests/engine/matrix/matrix_store_fixtures.hpp"
#include "tests/support/printing.hpp"

#include <algorithm>
#include <string>
#include <vector>

#include <boost/test/unit_test.hpp>

using namespace torchpin;
using namespace torchpin::test::store;

namespace {

// The first column of the first row of `sql`'s result ("NULL" for NULL, "" for no row).
std::string first_row(sqlite::Database& db, const std::string& sql) {
    auto select = db.prepare(sql);
    return select.step() ? select.optional_text(0).value_or("NULL") : "";
}

// The message of the sqlite::Error `sql` throws, or "" if it runs.
std::string refusal(sqlite::Database& db, const std::string& sql) {
    try {
        db.execute(sql);
    } catch (const sqlite::Error& error) {
        return error.what();
    }
    return "";
}

bool has(const std::vector<std::string>& lines, const std::string& line) {
    return std::ranges::find(lines, line) != lines.end();
}

// The rules' TEMP triggers `db` holds.
std::int64_t rule_triggers(sqlite::Database& db) {
    return std::stoll(first_row(db, "SELECT count(*) FROM sqlite_temp_schema WHERE type = "
                                    "'trigger' AND name LIKE 'torchpin\\_rules\\_%' ESCAPE '\\'"));
}

// Every table's stored columns and rows, for comparing a database before and after a change.
std::vector<std::string> columns_and_rows(sqlite::Database& db) {
    std::vector<std::string> out;
    auto tables = db.prepare("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT "
                             "LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name");
    while (tables.step()) {
        const std::string table = tables.text(0);
        auto columns = db.prepare("SELECT name, type, \"notnull\", quote(dflt_value), pk FROM "
                                  "pragma_table_xinfo(?1) ORDER BY cid");
        columns.bind(1, table);
        int column_count = 0;
        while (columns.step()) {
            ++column_count;
            out.push_back(table + ": " + columns.text(0) + ' ' + columns.text(1) + ' ' +
                          columns.text(2) + ' ' + columns.text(3) + ' ' + columns.text(4));
        }
        auto rows = db.prepare("SELECT * FROM " + table + " ORDER BY 1");
        while (rows.step()) {
            std::string row = table + ":";
            for (int i = 0; i < column_count; ++i) {
                row += ' ' + rows.optional_text(i).value_or("NULL");
            }
            out.push_back(row);
        }
    }
    return out;
}

} // namespace

BOOST_AUTO_TEST_SUITE(write_rules)

BOOST_AUTO_TEST_CASE(a_writing_store_refuses_each_write_that_breaks_a_rule) {
    TempDatabase temp;
    auto store = MatrixStore::open(temp.path, true);
    store.import(request({listing({wheel(a), wheel(b)}, "d1")}));
    sqlite::Database& db = store.database();
    const std::string rows_before = first_row(
        db, "SELECT count(*) || group_concat(source || valid_from || yanked) FROM wheel_file");

    const std::vector<std::pair<std::string, std::string>> cases{
        {"UPDATE wheel_file SET valid_to = valid_from",
         "wheel_file: valid_to is not after valid_from"},
        {"UPDATE wheel_file SET yanked = 2", "wheel_file: yanked is not 0 or 1"},
        {"UPDATE wheel_file SET source = 999", "wheel_file: source names no source row"},
        {"UPDATE wheel_file SET valid_to = 999", "wheel_file: valid_to names no revision row"},
        {"INSERT INTO listing (table_name, name, content_digest, row_count, source, valid_from) "
         "SELECT 'wheel_file', 'x', '', 0, source, 7 FROM listing",
         "listing: valid_from names no revision row"},
        {"UPDATE revision SET parent = 5", "revision: parent names no revision row"},
        {"INSERT INTO revision_source VALUES (1, 999)",
         "revision_source: source names no source row"},
        {"INSERT INTO prepared_matrix VALUES (9, 'l', 'p', x'00')",
         "prepared_matrix: revision names no revision row"},
        {"INSERT INTO http_cache (url, backend_folders, fetched_at) VALUES ('u', '', 'now')",
         "http_cache: has neither an etag nor a last-modified date"},
        {"DELETE FROM source", "source: a row of revision_source names it by source"},
        {"UPDATE revision SET number = 5", "revision: a row of revision_source names it by "
                                           "revision"},
    };
    for (const auto& [sql, message] : cases) {
        BOOST_TEST_CONTEXT(sql) {
            const std::string error = refusal(db, sql);
            BOOST_TEST(error.find(message) != std::string::npos, error);
        }
    }
    BOOST_TEST(first_row(db, "SELECT count(*) || group_concat(source || valid_from || yanked) "
                             "FROM wheel_file") == rows_before);
    BOOST_TEST(store.verify().empty());
    // Writes that keep the rules pass: an import closes rows and adds others.
    BOOST_TEST(store.import(request({listing({wheel(c)}, "d2")})).revision ==
               std::optional<std::int64_t>(2));
    BOOST_TEST(refusal(db, "UPDATE wheel_file SET yanked = 1").empty());
}

BOOST_AUTO_TEST_CASE(only_a_store_that_writes_creates_the_rule_triggers) {
    TempDatabase temp;
    {
        auto store = MatrixStore::open(temp.path, true);
        store.import(request({listing({wheel(a)}, "d1")}));
        BOOST_TEST(rule_triggers(store.database()) > 60);
    }
    auto reader = MatrixStore::open_to_read(temp.path);
    BOOST_TEST(rule_triggers(reader.database()) == 0);
    BOOST_TEST(reader.wheel_files({}, 1).size() == 1u);
}

BOOST_AUTO_TEST_CASE(a_reader_that_migrates_the_schema_holds_its_writes_to_the_rules) {
    TempDatabase temp;
    {
        auto store = MatrixStore::open(temp.path, true);
        store.import(request({listing({wheel(a)}, "d1")}));
        store.database().set_user_version(latest_schema_version() - 1);
    }
    auto reader = MatrixStore::open_to_read(temp.path);
    BOOST_TEST(reader.database().user_version() == latest_schema_version());
    BOOST_TEST(rule_triggers(reader.database()) > 60);
}

BOOST_AUTO_TEST_CASE(version_24_removes_the_constraints_and_keeps_every_column_and_row) {
    auto db = sqlite::Database::open(":memory:", sqlite::Database::Mode::Create);
    for (int version = 1; version < 24; ++version) {
        db.execute(migration_sql(version));
    }
    db.set_user_version(23);
    db.execute("INSERT INTO source VALUES (1, 'index', 'u', 'd', 't', 'o');"
               "INSERT INTO revision VALUES (1, 't', NULL, 'n', NULL, 'c');"
               "INSERT INTO listing VALUES (1, 'wheel_group', 'l', 'd', 1, 1, 1, NULL);"
               "INSERT INTO wheel_group (listing, package, version, backend, os, variant, "
               "on_pytorch_index, lists_every_file, platform_tags, tags, source, valid_from) "
               "VALUES ('l', 'torch', '2.1.2', NULL, 'linux', 0, 1, 1, 'any', 'py3-none-any', 1, "
               "1);"
               "INSERT INTO http_cache VALUES ('u', 'e', NULL, NULL, '', 't');");
    BOOST_TEST(std::stoi(first_row(db, "SELECT count(*) FROM sqlite_schema WHERE sql LIKE "
                                       "'%CHECK%' OR sql LIKE '%REFERENCES%'")) > 20);
    const std::vector<std::string> before = columns_and_rows(db);

    migrate(db);
    BOOST_TEST(db.user_version() == latest_schema_version());
    BOOST_TEST(first_row(db, "SELECT count(*) FROM sqlite_schema WHERE sql LIKE '%CHECK%' OR sql "
                             "LIKE '%REFERENCES%'") == "0");
    BOOST_TEST(first_row(db, "SELECT count(*) FROM sqlite_schema AS s, "
                             "pragma_foreign_key_list(s.name) WHERE s.type = 'table'") == "0");
    // Every column and row is still there (version 25 adds wheel_group_union's, filled anew).
    const std::vector<std::string> after = columns_and_rows(db);
    for (const std::string& kept : before) {
        BOOST_TEST((std::ranges::find(after, kept) != after.end()), kept);
    }
    BOOST_TEST(first_row(db, "PRAGMA integrity_check") == "ok");
    // Without the CHECK, the table takes what the rules refuse (only a writing store holds them).
    BOOST_TEST(refusal(db, "UPDATE wheel_group SET variant = 2").empty());
    db.execute("UPDATE wheel_group SET variant = 0"); // version 25's fill reads the groups

    // Run again on tables that have none, it changes nothing.
    db.set_user_version(23);
    migrate(db);
    BOOST_TEST(db.user_version() == latest_schema_version());
}

BOOST_AUTO_TEST_CASE(verify_reports_stored_rows_that_break_a_rule) {
    TempDatabase temp;
    auto store = MatrixStore::open(temp.path, true);
    store.import(request({listing({wheel(a), wheel(b)}, "d1")}));
    {
        // Damage the rules would refuse, written past them (another program, a bad disk).
        auto other = sqlite::Database::open(temp.path, sqlite::Database::Mode::ReadWrite);
        other.execute("UPDATE wheel_file SET source = 999 WHERE id = (SELECT min(id) FROM "
                      "wheel_file); UPDATE listing SET valid_to = valid_from WHERE id = (SELECT "
                      "min(id) FROM listing);"
                      "UPDATE wheel_file SET yanked = 5");
    }
    const std::vector<std::string> problems = store.verify();
    BOOST_TEST(has(problems, "wheel_file: 1 row: source names no source row"));
    BOOST_TEST(has(problems, "listing: 1 row: valid_to is not after valid_from"));
    BOOST_TEST(has(problems, "wheel_file: 2 rows: yanked is not 0 or 1"));
}

BOOST_AUTO_TEST_SUITE_END()
