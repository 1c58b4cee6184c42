// docs/data.md's coverage table is exactly what `torchpin db coverage` prints for the embedded
// matrix; UPDATE_GOLDEN=1 rewrites it after a data change.
#include "tests/support/process.hpp"
#include "tests/support/test_paths.hpp"

#include <fstream>

#include <boost/test/unit_test.hpp>

namespace test = torchpin::test;

BOOST_AUTO_TEST_SUITE(coverage_doc)

BOOST_AUTO_TEST_CASE(docs_table_matches_the_embedded_matrix) {
    const auto path = test::source_path("docs/data.md");
    std::string doc = test::read_file(path);
    const std::string begin = "<!-- coverage:begin -->\n";
    const std::string end = "<!-- coverage:end -->";
    const auto from = doc.find(begin);
    const auto to = doc.find(end);
    BOOST_REQUIRE(from != std::string::npos && to != std::string::npos);
    const auto result =
        test::run_torchpin({"db", "coverage"}, "", {{"TORCHPIN_DB", "/nonexistent/x.db"}});
    BOOST_REQUIRE_EQUAL(result.exit_code, 0);
    const std::string current = doc.substr(from + begin.size(), to - from - begin.size());
    if (test::update_golden()) {
        doc.replace(from + begin.size(), current.size(), result.out);
        std::ofstream(path) << doc;
        return;
    }
    BOOST_TEST(
        current == result.out,
        "docs/data.md is stale: run UPDATE_GOLDEN=1 build/tests/cli_tests --run_test=coverage_doc");
}

BOOST_AUTO_TEST_SUITE_END()
