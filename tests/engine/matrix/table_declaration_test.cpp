// read_rows: a text repeated across rows is parsed once per read and decodes alike, and each
// column still checks its own allowed words.
#include "engine/matrix/table_declaration.hpp"

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

sqlite::Database with_rows(const std::vector<std::string>& values) {
    auto db = sqlite::Database::open(":memory:", sqlite::Database::Mode::Create);
    db.execute("CREATE TABLE two_lists (id INTEGER PRIMARY KEY, first TEXT, second TEXT, "
               "arches TEXT, valid_from INTEGER, valid_to INTEGER)");
    for (const std::string& row : values) {
        db.execute("INSERT INTO two_lists (first, second, arches, valid_from) VALUES (" + row +
                   ", 1)");
    }
    return db;
}

} // namespace

BOOST_AUTO_TEST_SUITE(table_declaration)

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
