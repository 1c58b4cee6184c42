// wrapped: lines break at spaces within 100 columns, continuation lines carry their prefix, and a
// word longer than a line keeps its own line.
#include "cli/wrapped_text.hpp"

#include <boost/test/unit_test.hpp>

using torchpin::cli::wrapped;

BOOST_AUTO_TEST_SUITE(wrapped_text)

BOOST_AUTO_TEST_CASE(short_text_is_one_line) {
    BOOST_TEST(wrapped("a b", "# ", "#   ") == "# a b\n");
}

BOOST_AUTO_TEST_CASE(long_text_breaks_at_spaces_within_the_width) {
    std::string text;
    for (int i = 0; i < 40; ++i) {
        text += (text.empty() ? "" : " ") + std::string("word");
    }
    const std::string out = wrapped(text, "  ", "    ");
    BOOST_TEST(out.starts_with("  word word"));
    std::size_t start = 0;
    std::size_t lines = 0;
    while (start < out.size()) {
        const std::size_t end = out.find('\n', start);
        BOOST_TEST(end - start <= torchpin::cli::text_width);
        BOOST_TEST((lines == 0 || out.substr(start, 5) == "    w"));
        start = end + 1;
        ++lines;
    }
    BOOST_TEST(lines == 3u); // 19 words, 19 words, 2
}

BOOST_AUTO_TEST_CASE(a_word_longer_than_a_line_stays_whole) {
    const std::string url = "https://example.org/" + std::string(120, 'x');
    BOOST_TEST(wrapped("see " + url + " now", "", "  ") == "see\n  " + url + "\n  now\n");
}

BOOST_AUTO_TEST_SUITE_END()
