// Import warnings: every link issue is counted, duplicate links beyond the first ten are summed up
// in one line unless -v, and -q prints none.
#include "cli/link_issue_report.hpp"
#include "tests/support/process.hpp"
#include "tests/support/scratch_directory.hpp"

#include <algorithm>
#include <sstream>
#include <string>

#include <boost/test/unit_test.hpp>

namespace test = torchpin::test;
using namespace torchpin;

namespace {

// A PEP 503 page listing the same wheel `copies` times: one file and copies - 1 duplicates.
std::string page_with_duplicates(int copies) {
    std::string page = "<!DOCTYPE html><html><body><h1>Links for torch</h1>\n";
    for (int i = 0; i < copies; ++i) {
        page += "<a href=\"https://download.pytorch.org/whl/cpu/"
                "torch-2.1.2%2Bcpu-cp311-cp311-linux_x86_64.whl\">x</a>\n";
    }
    return page + "</body></html>\n";
}

std::size_t lines_with(const std::string& text, const std::string& part) {
    std::istringstream lines(text);
    std::size_t count = 0;
    for (std::string line; std::getline(lines, line);) {
        count += line.find(part) != std::string::npos ? 1 : 0;
    }
    return count;
}

test::ProcessResult import_page(const test::ScratchDirectory& scratch, const std::string& page,
                                const std::string& verbosity) {
    std::vector<std::string> args{"--db", (scratch.path() / "matrix.db").string()};
    if (!verbosity.empty()) {
        args.push_back(verbosity);
    }
    args.insert(args.end(), {"import", scratch.write("torch.html", page).string()});
    return test::run_torchpin(args);
}

} // namespace

BOOST_AUTO_TEST_SUITE(link_issue_report)

BOOST_AUTO_TEST_CASE(counts_read_with_thousands_separators) {
    BOOST_TEST(cli::with_thousands_separators(0) == "0");
    BOOST_TEST(cli::with_thousands_separators(999) == "999");
    BOOST_TEST(cli::with_thousands_separators(4310) == "4,310");
    BOOST_TEST(cli::with_thousands_separators(1234567) == "1,234,567");
}

BOOST_AUTO_TEST_CASE(the_first_ten_duplicates_are_shown_and_the_rest_counted) {
    test::ScratchDirectory scratch("torchpin_duplicates");
    const auto result = import_page(scratch, page_with_duplicates(16), "");
    BOOST_TEST(result.exit_code == 0, result.err);
    BOOST_TEST(lines_with(result.err, "is listed again") == 10u, result.err);
    BOOST_TEST(result.err.ends_with(
                   "torchpin: warning: … and 5 more duplicate links (-v lists them all)\n"),
               result.err);
}

BOOST_AUTO_TEST_CASE(verbose_lists_every_duplicate_and_quiet_none) {
    test::ScratchDirectory scratch("torchpin_duplicates");
    const auto verbose = import_page(scratch, page_with_duplicates(16), "-v");
    BOOST_TEST(lines_with(verbose.err, "is listed again") == 15u, verbose.err);
    BOOST_TEST(lines_with(verbose.err, "more duplicate links") == 0u, verbose.err);
    const auto quiet = import_page(scratch, page_with_duplicates(17), "-q");
    BOOST_TEST(quiet.err.empty(), quiet.err);
}

BOOST_AUTO_TEST_CASE(ten_duplicates_or_fewer_need_no_summary) {
    test::ScratchDirectory scratch("torchpin_duplicates");
    const auto result = import_page(scratch, page_with_duplicates(11), "");
    BOOST_TEST(lines_with(result.err, "is listed again") == 10u, result.err);
    BOOST_TEST(lines_with(result.err, "more duplicate") == 0u, result.err);
}

BOOST_AUTO_TEST_CASE(other_issues_are_never_held_back) {
    std::ostringstream out;
    cli::GlobalOptions global;
    cli::LinkIssueReport report(global, out);
    const LinkIssue duplicate{LinkIssueKind::DuplicateFile, "a.whl",
                              Diagnostic{"p", 1, 1, "dup", ""}};
    const LinkIssue mismatch{LinkIssueKind::BackendMismatch, "b.whl",
                             Diagnostic{"p", 2, 1, "mismatch", ""}};
    for (int i = 0; i < 12; ++i) {
        report.add(duplicate);
    }
    report.add(mismatch);
    report.finish();
    BOOST_TEST(report.count() == 13u);
    BOOST_TEST(lines_with(out.str(), "mismatch") == 1u, out.str());
    BOOST_TEST(lines_with(out.str(), "and 2 more duplicate links") == 1u, out.str());
}

BOOST_AUTO_TEST_SUITE_END()
