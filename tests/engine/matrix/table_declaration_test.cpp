// read_rows: a text repeated across rows is parsed once per read and decodes alike, each column
// still checks its own allowed words, and flags and texts decode straight from what SQLite holds.
#include "engine/matrix/table_declaration.hpp"

#include <optional>
#include <string>
#include <vector>

#include <boost/test/unit_test.hpp>

namespace {

using namespace torchpin;
using namespace torchpin::table_columns;

struct TwoLists {
    std::vector<std::string> first;
    std::vector<std::string> second;
    std::vector<ArchTarget> arches;
};

// Two word lists of different allowed words, and an arch list.
constexpr auto two_lists = table<TwoLists>(
    "two_lists", 1, required<ValueType::EnumList>("first", &TwoLists::first).of("x y"),
    required<ValueType::EnumList>("second", &TwoLists::second).of("x z"),
    required<ValueType::ArchList>("arches", &TwoLists::arches));

// A database holding `table` with `columns` ("name TYPE", in order) and the revision bookkeeping,
// and a row valid from revision 1 for each of `rows` (its values in SQL, in column order).
sqlite::Database database_with(const std::string& table, const std::vector<std::string>& columns,
                               const std::vector<std::string>& rows) {
    std::string definitions;
    std::string names;
    for (const std::string& column : columns) {
        definitions += column + ", ";
        names += column.substr(0, column.find(' ')) + ", ";
    }
    auto db = sqlite::Database::open(":memory:", sqlite::Database::Mode::Create);
    db.execute("CREATE TABLE " + table + " (id INTEGER PRIMARY KEY, " + definitions +
               "valid_from INTEGER, valid_to INTEGER)");
    for (const std::string& row : rows) {
        db.execute("INSERT INTO " + table + " (" + names + "valid_from) VALUES (" + row + ", 1)");
    }
    return db;
}

sqlite::Database with_rows(const std::vector<std::string>& values) {
    return database_with("two_lists", {"first TEXT", "second TEXT", "arches TEXT"}, values);
}

struct FlagAndTexts {
    bool flag = false;
    std::string required_text;
    std::optional<std::string> optional_text;
};

constexpr auto flag_and_texts =
    table<FlagAndTexts>("flag_and_texts", 1, required<ValueType::Flag>("flag", &FlagAndTexts::flag),
                        required<ValueType::Text>("required_text", &FlagAndTexts::required_text),
                        optional<ValueType::Text>("optional_text", &FlagAndTexts::optional_text));

// flag_and_texts' rows, each `values` a row's three values in SQL.
sqlite::Database with_flags(const std::vector<std::string>& values) {
    return database_with("flag_and_texts",
                         {"flag INTEGER", "required_text TEXT", "optional_text TEXT"}, values);
}

// The message read_rows throws on `db`'s flag_and_texts rows, or "" if it reads them.
std::string flag_and_texts_error(sqlite::Database& db) {
    try {
        read_rows(db, flag_and_texts, 1);
    } catch (const InputError& error) {
        return error.what();
    }
    return "";
}

struct SharedTexts {
    SharedText text;
};

constexpr auto shared_texts =
    table<SharedTexts>("shared_texts", 1, required<ValueType::Text>("text", &SharedTexts::text));

} // namespace

BOOST_AUTO_TEST_SUITE(table_declaration)

BOOST_AUTO_TEST_CASE(rows_of_one_read_share_each_text_a_shared_text_member_holds) {
    auto db = database_with("shared_texts", {"text TEXT"},
                            {"'a long text'", "'another'", "'a long text'", "''"});
    const auto rows = read_rows(db, shared_texts, 1);
    BOOST_TEST_REQUIRE(rows.size() == 4U);
    BOOST_TEST(rows[0].text.view() == "a long text");
    BOOST_TEST(rows[1].text.view() == "another");
    BOOST_TEST(rows[0].text.identity() == rows[2].text.identity());
    BOOST_TEST(rows[0].text.identity() != rows[1].text.identity());
    BOOST_TEST(rows[3].text.view().empty());
    // Long texts that differ only in the middle hash alike (by their ends) and stay apart.
    const std::string ends(80, 'e');
    const std::string one = ends + "one" + ends;
    const std::string two = ends + "two" + ends;
    db.execute("INSERT INTO shared_texts (text, valid_from) VALUES ('" + one + "', 1), ('" + two +
               "', 1), ('" + one + "', 1)");
    const auto long_rows = read_rows(db, shared_texts, 1);
    BOOST_TEST_REQUIRE(long_rows.size() == 7U);
    BOOST_TEST(long_rows[4].text.view() == one);
    BOOST_TEST(long_rows[5].text.view() == two);
    BOOST_TEST(long_rows[4].text.identity() == long_rows[6].text.identity());
    BOOST_TEST(long_rows[4].text.identity() != long_rows[5].text.identity());
    // Another read makes texts of its own: equal, not the same.
    const auto again = read_rows(db, shared_texts, 1);
    BOOST_TEST((again[0].text == rows[0].text));
    BOOST_TEST(again[0].text.identity() != rows[0].text.identity());
}

BOOST_AUTO_TEST_CASE(flags_and_texts_decode_as_stored) {
    auto db = with_flags({"1, 'any text: \"quoted\", with spaces', NULL", "0, '', 'x'"});
    const auto rows = read_rows(db, flag_and_texts, 1);
    BOOST_TEST_REQUIRE(rows.size() == 2U);
    BOOST_TEST(rows[0].flag);
    BOOST_TEST(rows[0].required_text == "any text: \"quoted\", with spaces");
    BOOST_TEST(!rows[0].optional_text.has_value());
    BOOST_TEST(!rows[1].flag);
    BOOST_TEST(rows[1].required_text.empty());
    BOOST_TEST(rows[1].optional_text.value_or("") == "x");
}

BOOST_AUTO_TEST_CASE(a_flag_other_than_0_or_1_or_a_missing_value_fails_naming_its_column) {
    auto two = with_flags({"2, 'a', NULL"});
    BOOST_TEST(flag_and_texts_error(two).find("column flag: expected true or false in \"2\"") !=
                   std::string::npos,
               flag_and_texts_error(two));
    auto no_flag = with_flags({"NULL, 'a', NULL"});
    BOOST_TEST(flag_and_texts_error(no_flag).find(
                   "column flag: NULL in a column that needs a value") != std::string::npos,
               flag_and_texts_error(no_flag));
    auto no_text = with_flags({"1, NULL, NULL"});
    BOOST_TEST(flag_and_texts_error(no_text).find(
                   "column required_text: NULL in a column that needs a value") !=
                   std::string::npos,
               flag_and_texts_error(no_text));
}

BOOST_AUTO_TEST_CASE(repeated_texts_decode_alike) {
    auto db =
        with_rows({"'x y', 'z', '8.6 9.0+PTX'", "'x y', 'z', '8.6 9.0+PTX'", "'y', 'x z', '8.6'"});
    const auto rows = read_rows(db, two_lists, 1);
    BOOST_TEST_REQUIRE(rows.size() == 3U);
    BOOST_TEST(rows[1].first == (std::vector<std::string>{"x", "y"}));
    BOOST_TEST(rows[1].second == std::vector<std::string>{"z"});
    BOOST_TEST(rows[1].arches.size() == 2U);
    BOOST_TEST(rows[0].arches.size() == 2U);
    BOOST_TEST(rows[2].first == std::vector<std::string>{"y"});
    BOOST_TEST(rows[2].second == (std::vector<std::string>{"x", "z"}));
    BOOST_TEST(rows[2].arches.size() == 1U);
}

BOOST_AUTO_TEST_CASE(each_column_checks_its_own_words) {
    // "y" is one of the first column's words, and was parsed for it, but not the second's.
    auto db = with_rows({"'x', 'x', '8.6'", "'y', 'y', '8.6'"});
    try {
        read_rows(db, two_lists, 1);
        BOOST_ERROR("a word the second column does not allow was read");
    } catch (const InputError& error) {
        BOOST_TEST(std::string(error.what()).find("column second") != std::string::npos,
                   error.what());
    }
}

BOOST_AUTO_TEST_SUITE_END()
