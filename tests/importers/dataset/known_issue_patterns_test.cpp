// The real data/known_issues.toml for explain-error: every issue has patterns that parse, one of
// them matches its own message, the message's source is among its links, and issues of every
// torch known only by their message are marked so that answers never warn of them.
#include "engine/diagnosis/issue_checks.hpp"
#include "engine/diagnosis/message_pattern.hpp"
#include "engine/matrix/dataset_tables.hpp"
#include "importers/dataset/dataset.hpp"
#include "tests/support/test_paths.hpp"

#include <algorithm>
#include <map>
#include <sstream>

#include <boost/test/unit_test.hpp>

using namespace torchpin;
namespace test = torchpin::test;

namespace {

std::vector<std::map<std::string, std::string>> known_issue_rows() {
    static const DatasetImport loaded = load_dataset(test::source_path("data"));
    std::vector<std::map<std::string, std::string>> out;
    const auto columns = known_issue_table().columns();
    for (const ListingImport& listing : loaded.request.listings) {
        if (listing.table != &known_issue_table()) {
            continue;
        }
        for (const RowValues& row : listing.rows) {
            std::map<std::string, std::string> named;
            for (std::size_t i = 0; i < columns.size(); ++i) {
                named[columns[i].name] = row[i].value_or("");
            }
            out.push_back(std::move(named));
        }
    }
    return out;
}

std::vector<std::string> split(const std::string& text, char separator) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string item; std::getline(in, item, separator);) {
        out.push_back(item);
    }
    return out;
}

} // namespace

BOOST_AUTO_TEST_SUITE(known_issue_patterns)

BOOST_AUTO_TEST_CASE(each_issue_matches_its_own_message_and_cites_where_it_is_shown) {
    const auto rows = known_issue_rows();
    BOOST_TEST_REQUIRE(!rows.empty());
    for (const auto& row : rows) {
        BOOST_TEST_CONTEXT(row.at("issue")) {
            const auto patterns = split(row.at("patterns"), '\n');
            BOOST_TEST(!patterns.empty());
            const PreparedMessage own(row.at("error"));
            bool any = false;
            for (const std::string& text : patterns) {
                const auto pattern = MessagePattern::parse(text);
                BOOST_TEST(pattern.has_value(), text);
                any = any || (pattern && pattern->matches(own));
            }
            BOOST_TEST(any, "no pattern matches: " << row.at("error"));
            const auto links = split(row.at("links"), ' ');
            BOOST_TEST(
                (std::find(links.begin(), links.end(), row.at("message_source")) != links.end()),
                row.at("message_source"));
            // An issue of every torch on every OS would otherwise warn in every answer.
            if (row.at("torch").empty() && row.at("os") == "any") {
                BOOST_TEST(row.at("message_only") == "1");
            }
        }
    }
}

// decided_by names a fact explain-error knows how to weigh; a misspelt one would silently weigh
// nothing.
BOOST_AUTO_TEST_CASE(each_decided_by_is_a_fact_explain_error_weighs) {
    std::size_t decided = 0;
    for (const auto& row : known_issue_rows()) {
        if (!row.at("decided_by").empty()) {
            ++decided;
            BOOST_TEST(is_decisive_fact(row.at("decided_by")), row.at("issue")
                                                                   << ": " << row.at("decided_by"));
        }
    }
    BOOST_TEST(decided == 5u);
}

BOOST_AUTO_TEST_CASE(no_message_matches_two_issues_patterns_by_accident) {
    // Each issue's own message picks itself, and only itself, except where one message is
    // part of another's (none today).
    const auto rows = known_issue_rows();
    for (const auto& row : rows) {
        const PreparedMessage own(row.at("error"));
        for (const auto& other : rows) {
            if (other.at("issue") == row.at("issue")) {
                continue;
            }
            for (const std::string& text : split(other.at("patterns"), '\n')) {
                BOOST_TEST(!MessagePattern::parse(text).value().matches(own),
                           row.at("issue") << " also matches " << other.at("issue"));
            }
        }
    }
}

BOOST_AUTO_TEST_SUITE_END()
