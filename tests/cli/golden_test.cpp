// CLI snapshot tests: every tests/cli/golden/*.case file holds a command line, its stdin and the
// expected exit code, stdout and stderr. UPDATE_GOLDEN=1 rewrites the expectations (review the
// diff).
#include "tests/support/process.hpp"
#include "tests/support/test_paths.hpp"

#include <filesystem>
#include <fstream>
#include <sstream>

#include <boost/test/unit_test.hpp>

namespace test = torchpin::test;

namespace {

// Splits "pep440 match '>=2.1, <3'" into words; single quotes group, as in a shell.
std::vector<std::string> split_words(const std::string& line) {
    std::vector<std::string> words;
    std::string word;
    bool quoted = false;
    bool any = false;
    for (char c : line) {
        if (c == '\'') {
            quoted = !quoted;
            any = true;
        } else if (c == ' ' && !quoted) {
            if (any) {
                words.push_back(word);
            }
            word.clear();
            any = false;
        } else {
            word += c;
            any = true;
        }
    }
    if (any) {
        words.push_back(word);
    }
    return words;
}

struct GoldenCase {
    std::string command; // after "$ torchpin "
    std::string input;
    int exit_code = 0;
    std::string out;
    std::string err;
};

GoldenCase parse_case(const std::string& text) {
    GoldenCase c;
    std::istringstream in(text);
    std::string line;
    std::string* section = nullptr;
    while (std::getline(in, line)) {
        if (line.rfind("$ torchpin", 0) == 0) {
            c.command = line.size() > 11 ? line.substr(11) : "";
        } else if (line == "<<< stdin") {
            section = &c.input;
        } else if (line.rfind(">>> exit ", 0) == 0) {
            c.exit_code = std::stoi(line.substr(9));
            section = nullptr;
        } else if (line == ">>> stdout") {
            section = &c.out;
        } else if (line == ">>> stderr") {
            section = &c.err;
        } else if (section != nullptr) {
            *section += line + '\n';
        }
    }
    return c;
}

std::string format_case(const GoldenCase& c) {
    std::string text = "$ torchpin " + c.command + '\n';
    if (!c.input.empty()) {
        text += "<<< stdin\n" + c.input;
    }
    text += ">>> exit " + std::to_string(c.exit_code) + '\n';
    text += ">>> stdout\n" + c.out;
    text += ">>> stderr\n" + c.err;
    return text;
}

// Output that does not end in a newline would not round-trip through the line-based file.
std::string with_final_newline(std::string s) {
    if (!s.empty() && s.back() != '\n') {
        s += "\n[no newline at end]\n";
    }
    return s;
}

} // namespace

BOOST_AUTO_TEST_SUITE(golden)

BOOST_AUTO_TEST_CASE(every_golden_case_matches) {
    const auto dir = test::source_path("tests/cli/golden");
    // Cases name fixture files relative to the source tree.
    const auto build_directory = std::filesystem::current_path();
    std::filesystem::current_path(test::source_dir());
    std::size_t cases = 0;
    for (const auto& entry : std::filesystem::directory_iterator(dir)) {
        if (entry.path().extension() != ".case") {
            continue;
        }
        ++cases;
        const GoldenCase expected = parse_case(test::read_file(entry.path()));
        const auto result = test::run_torchpin(split_words(expected.command), expected.input,
                                               {{"TORCHPIN_DB", "/nonexistent/torchpin-test.db"}});
        GoldenCase actual = expected;
        actual.exit_code = result.exit_code;
        actual.out = with_final_newline(result.out);
        actual.err = with_final_newline(result.err);
        if (test::update_golden()) {
            std::ofstream(entry.path()) << format_case(actual);
            continue;
        }
        BOOST_TEST_CONTEXT(entry.path().filename().string() << ": torchpin " << expected.command) {
            BOOST_TEST(actual.exit_code == expected.exit_code);
            BOOST_TEST(actual.out == expected.out);
            BOOST_TEST(actual.err == expected.err);
        }
    }
    std::filesystem::current_path(build_directory);
    BOOST_TEST(cases > 0u);
}

BOOST_AUTO_TEST_SUITE_END()
