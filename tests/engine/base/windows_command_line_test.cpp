// Quoting for CommandLineToArgvW, checked against the examples of Microsoft's "Parsing C++
// command-line arguments" read backwards: each argument must come back exactly.
#include "engine/base/windows_command_line.hpp"

#include <boost/test/unit_test.hpp>

using torchpin::quote_windows_argument;
using torchpin::windows_command_line;

BOOST_AUTO_TEST_SUITE(windows_command_line_quoting)

BOOST_AUTO_TEST_CASE(plain_arguments_are_left_alone) {
    BOOST_TEST(quote_windows_argument("--query-gpu=name,driver_version") ==
               "--query-gpu=name,driver_version");
    BOOST_TEST(quote_windows_argument(R"(C:\dir\)") == R"(C:\dir\)"); // no quote follows
    BOOST_TEST(quote_windows_argument(R"(a\\\b)") == R"(a\\\b)");
}

BOOST_AUTO_TEST_CASE(spaces_quotes_and_empty_arguments_are_quoted_by_the_backslash_rules) {
    // Microsoft's table: "a\\\"b" reads as a\"b; "a\\\\b c" reads as a\\b c.
    BOOST_TEST(quote_windows_argument(R"(a\"b)") == R"("a\\\"b")");
    BOOST_TEST(quote_windows_argument(R"(a\\b c)") == R"("a\\b c")");
    BOOST_TEST(quote_windows_argument(R"(de fg)") == R"("de fg")");
    BOOST_TEST(quote_windows_argument("") == R"("")");
    BOOST_TEST(quote_windows_argument(R"(C:\Program Files\NVIDIA Corporation\)") ==
               R"("C:\Program Files\NVIDIA Corporation\\")");
    BOOST_TEST(quote_windows_argument(R"x(import sys; print("x"))x") ==
               R"x("import sys; print(\"x\")")x");
}

BOOST_AUTO_TEST_CASE(the_program_is_quoted_without_escapes) {
    BOOST_TEST(windows_command_line(R"(C:\Program Files\NVIDIA Corporation\NVSMI\nvidia-smi.exe)",
                                    {"--query-gpu=name", "--format=csv,noheader"}) ==
               R"("C:\Program Files\NVIDIA Corporation\NVSMI\nvidia-smi.exe" --query-gpu=name )"
               R"(--format=csv,noheader)");
    BOOST_TEST(windows_command_line(R"(C:\Python312\python.exe)", {"-I", "-c", "print(1)"}) ==
               R"(C:\Python312\python.exe -I -c print(1))");
}

BOOST_AUTO_TEST_SUITE_END()
