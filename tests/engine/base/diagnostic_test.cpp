// Rendering of diagnostics: location prefix, source line and caret, and windows on long lines.
#include "engine/base/diagnostic.hpp"

#include <string>

#include <boost/test/unit_test.hpp>

using torchpin::Diagnostic;
using torchpin::render;

BOOST_AUTO_TEST_SUITE(diagnostic)

BOOST_AUTO_TEST_CASE(renders_location_source_line_and_caret) {
    const Diagnostic d{"req.txt", 3, 7, "expected a version", "torch==x"};
    BOOST_TEST(render(d) == "req.txt:3:7: error: expected a version\n    torch==x\n          ^");
}

BOOST_AUTO_TEST_CASE(a_long_line_is_cut_to_a_window_with_the_caret_under_the_same_byte) {
    const std::string line = std::string(1000, 'a') + "X" + std::string(1000, 'b');
    const std::string out = render(Diagnostic{"page.json", 1, 1001, "here", line});
    const auto shown_start = out.find("\n    ") + 5;
    const auto shown_end = out.find('\n', shown_start);
    const std::string shown = out.substr(shown_start, shown_end - shown_start);
    const std::string caret = out.substr(shown_end + 5);
    BOOST_TEST(shown.size() < 200u);
    BOOST_TEST(shown.starts_with("..."));
    BOOST_TEST(shown.ends_with("..."));
    BOOST_TEST(shown[caret.size() - 1] == 'X');
    BOOST_TEST(caret.find_first_not_of(' ') == caret.size() - 1);
}

BOOST_AUTO_TEST_CASE(a_long_line_is_never_cut_inside_a_utf8_character) {
    std::string line;
    for (int i = 0; i < 300; ++i) {
        line += "\xC3\xA9"; // é
    }
    // The window would start at byte 221, inside the 111th "é".
    const std::string out = render(Diagnostic{"p", 1, 302, "here", line});
    const auto shown_start = out.find("\n    ") + 5;
    const std::string shown =
        out.substr(shown_start + 3, out.find('\n', shown_start) - shown_start - 6);
    BOOST_TEST(shown.size() % 2 == 0u);
    BOOST_TEST(shown.starts_with("\xC3\xA9"));
}

BOOST_AUTO_TEST_SUITE_END()
