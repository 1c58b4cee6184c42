// Message patterns: case, white space, quotes and `...` as docs/data.md describes them, and no
// match across a line for `...`.
#include "engine/diagnosis/message_pattern.hpp"

#include <boost/test/unit_test.hpp>

using namespace torchpin;

namespace {

bool matches(std::string_view pattern, std::string_view message) {
    return MessagePattern::parse(pattern).value().matches(PreparedMessage(message));
}

} // namespace

BOOST_AUTO_TEST_SUITE(message_pattern)

BOOST_AUTO_TEST_CASE(text_is_found_anywhere_ignoring_case) {
    BOOST_TEST(matches("Torch not compiled with CUDA enabled",
                       "Traceback ...\nAssertionError: torch NOT compiled with cuda enabled\n"));
    BOOST_TEST(!matches("Torch not compiled with CUDA enabled", "Torch compiled with CUDA"));
}

BOOST_AUTO_TEST_CASE(a_space_matches_any_run_of_white_space_line_breaks_included) {
    BOOST_TEST(matches("The NVIDIA driver on your system is too old",
                       "The NVIDIA driver on your\n    system  is\ttoo old (found version 9000)"));
    BOOST_TEST(!matches("is too old", "istoo old"));
}

BOOST_AUTO_TEST_CASE(a_quote_matches_any_quote_or_none) {
    const std::string_view pattern = "version 'GLIBCXX_...' not found";
    BOOST_TEST(matches(pattern, "libstdc++.so.6: version `GLIBCXX_3.4.30' not found (required"));
    BOOST_TEST(matches(pattern, "version \"GLIBCXX_3.4.32\" not found"));
    BOOST_TEST(matches(pattern, "version GLIBCXX_3.4.26 not found"));
    BOOST_TEST(!matches(pattern, "version `GLIBC_2.28' not found"));
}

BOOST_AUTO_TEST_CASE(a_gap_is_any_text_within_one_line) {
    const std::string_view pattern = "[WinError 126] ... fbgemm.dll";
    BOOST_TEST(matches(pattern, R"(OSError: [WinError 126] The specified module could not be )"
                                R"(found. Error loading "C:\Users\me\venv\torch\lib\fbgemm.dll")"));
    BOOST_TEST(!matches(pattern, "OSError: [WinError 126] The specified module could not be "
                                 "found.\nError loading fbgemm.dll"));
    BOOST_TEST(matches("[WinError 126]...fbgemm.dll", "[WinError 126]fbgemm.dll"));
    BOOST_TEST(matches(pattern, R"([WinError 126] Error loading "C:\torch\lib\fbgemm.dll")"));
}

BOOST_AUTO_TEST_CASE(literal_brackets_dots_and_parentheses_need_no_escaping) {
    BOOST_TEST(matches("Could not find module '...c10.dll' (or one of its dependencies)",
                       R"(FileNotFoundError: Could not find module 'C:\Python38\lib\site-)"
                       R"(packages\torch\lib\c10.dll' (or one of its dependencies). Try)"));
    BOOST_TEST(!matches("c10.dll", "c10Xdll"));
}

BOOST_AUTO_TEST_CASE(a_match_may_start_after_a_false_start) {
    BOOST_TEST(matches("libcudnn.so.9: cannot open", "libcudnn.so.8 libcudnn.so.9: cannot open"));
    BOOST_TEST(matches("aab", "aaab"));
}

BOOST_AUTO_TEST_CASE(a_pattern_without_text_is_rejected) {
    BOOST_TEST(!MessagePattern::parse("").has_value());
    BOOST_TEST(!MessagePattern::parse(" ... ' ").has_value());
}

BOOST_AUTO_TEST_CASE(a_named_part_reads_out_a_version_like_word) {
    const auto pattern =
        MessagePattern::parse("PyTorch {built_for_torch} with CUDA ... (you have {installed})");
    const auto readings = pattern.value().match(PreparedMessage(
        "xFormers was built for:\n    PyTorch 2.5.1+cu121 with CUDA 1201 (you have 2.6.0+cu124)"));
    BOOST_TEST_REQUIRE(readings.has_value());
    BOOST_TEST_REQUIRE(readings->size() == 2u);
    BOOST_TEST((*readings)[0].name == "built_for_torch");
    BOOST_TEST((*readings)[0].value == "2.5.1+cu121");
    BOOST_TEST((*readings)[1].name == "installed");
    BOOST_TEST((*readings)[1].value == "2.6.0+cu124");
}

BOOST_AUTO_TEST_CASE(a_named_part_is_never_empty_and_never_spans_white_space) {
    BOOST_TEST(!matches("you have {torch})", "you have )"));
    BOOST_TEST(!matches("you have {torch})", "you have 2.6 beta)"));
    BOOST_TEST(matches("you have {torch})", "you have 2.6.0)"));
}

BOOST_AUTO_TEST_CASE(a_last_named_part_takes_the_whole_word) {
    const auto readings =
        MessagePattern::parse("found {torch}").value().match(PreparedMessage("(found 2.10.0)."));
    BOOST_TEST_REQUIRE(readings.has_value());
    BOOST_TEST(readings->front().value == "2.10.0");
}

BOOST_AUTO_TEST_CASE(a_part_before_a_gap_is_read_whole_and_without_a_full_stop) {
    const auto readings = MessagePattern::parse("version: {requested} ... version: {detected}")
                              .value()
                              .match(PreparedMessage("version: 118 / version: 12.8."));
    BOOST_TEST_REQUIRE(readings.has_value());
    BOOST_TEST((*readings)[0].value == "118");
    BOOST_TEST((*readings)[1].value == "12.8");
}

BOOST_AUTO_TEST_CASE(braces_that_name_no_part_are_text) {
    BOOST_TEST(matches("a {} b", "a {} b"));
    BOOST_TEST(matches("{Not A Name}", "{not a name}"));
    BOOST_TEST(MessagePattern::parse("{only}").has_value() == false);
}

BOOST_AUTO_TEST_CASE(a_long_traceback_is_read_without_recursion) {
    std::string traceback;
    for (int i = 0; i < 20000; ++i) {
        traceback += "  File \"/home/me/project/module.py\", line 12, in <module>\n";
    }
    traceback += "RuntimeError: operator torchvision::nms does not exist\n";
    BOOST_TEST(matches("operator torchvision::nms does not exist", traceback));
    BOOST_TEST(matches("File ... in <module> ... nms", traceback) == false);
}

BOOST_AUTO_TEST_SUITE_END()
