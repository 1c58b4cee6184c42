// TextInput: line splitting, and clear located errors for binary, non-UTF-8 and oversized input.
#include "engine/base/diagnostic.hpp"
#include "importers/input/text_input.hpp"
#include "tests/support/input_errors.hpp"

#include <filesystem>
#include <fstream>
#include <sstream>
#include <unistd.h>

#include <boost/test/unit_test.hpp>

using torchpin::TextInput;
using torchpin::test::input_error_of;

namespace {} // namespace

BOOST_AUTO_TEST_SUITE(text_input)

BOOST_AUTO_TEST_CASE(splits_lines_keeping_numbers_and_dropping_line_endings) {
    const TextInput input =
        TextInput::from_string("\xEF\xBB\xBFtorch\r\n\n  torchvision\nlast", "r.txt");
    BOOST_REQUIRE_EQUAL(input.lines().size(), 4u);
    BOOST_TEST(input.lines()[0].text == "torch");
    BOOST_TEST(input.lines()[1].text == "");
    BOOST_TEST(input.lines()[2].number == 3u);
    BOOST_TEST(input.lines()[3].text == "last");
    BOOST_TEST(TextInput::from_string("", "empty").lines().empty());
}

BOOST_AUTO_TEST_CASE(lines_stay_valid_after_a_move) {
    TextInput first = TextInput::from_string("a\nb", "short");
    TextInput moved = std::move(first);
    BOOST_TEST(moved.lines()[1].text == "b");
}

BOOST_AUTO_TEST_CASE(binary_content_is_rejected_with_its_position) {
    const std::string message =
        input_error_of([] { TextInput::from_string(std::string("ok\nab\0c", 7), "data.bin"); });
    BOOST_TEST(message.find("data.bin:2:3: error: this is a binary file") == 0u, message);
}

BOOST_AUTO_TEST_CASE(invalid_utf8_is_rejected_with_line_column_and_byte) {
    const std::string message =
        input_error_of([] { TextInput::from_string("torch==2.1\ntorch\xff\n", "req.txt"); });
    BOOST_TEST(message.find("req.txt:2:6: error: invalid UTF-8 (byte 0xff)") == 0u, message);
    // Overlong encodings and surrogates are invalid too; real multi-byte text is fine.
    BOOST_TEST(input_error_of([] { TextInput::from_string("\xc0\xaf", "x"); }) != "no error");
    BOOST_TEST(input_error_of([] { TextInput::from_string("\xed\xa0\x80", "x"); }) != "no error");
    BOOST_TEST(input_error_of([] { TextInput::from_string("caf\xc3\xa9 \xe2\x9c\x93", "x"); }) ==
               "no error");
}

BOOST_AUTO_TEST_CASE(a_bad_byte_in_a_long_line_is_found_at_its_column) {
    // Long ASCII runs are checked eight bytes at a time: the bad byte at every offset of a word,
    // and valid multi-byte text right after a run.
    for (std::size_t column = 1; column <= 40; ++column) {
        std::string line(48, 'x');
        line[column - 1] = '\0';
        BOOST_TEST(input_error_of([&] {
                       TextInput::from_string("ok\n" + line, "a.bin");
                   }).find("a.bin:2:" + std::to_string(column) + ": error: this is a binary") == 0u,
                   "NUL at column " << column);
        line[column - 1] = '\xfe';
        BOOST_TEST(input_error_of([&] {
                       TextInput::from_string(line, "a.txt");
                   }).find("a.txt:1:" + std::to_string(column) + ": error: invalid UTF-8") == 0u,
                   "0xfe at column " << column);
        line.replace(column - 1, 1, "\xc3\xa9");
        BOOST_TEST(input_error_of([&] { TextInput::from_string(line, "a.txt"); }) == "no error");
    }
}

BOOST_AUTO_TEST_CASE(oversized_input_is_rejected_before_reading_it_all) {
    std::istringstream big(std::string(2048, 'x'));
    const std::string message =
        input_error_of([&] { TextInput::read_stream(big, "<stdin>", 1024); });
    BOOST_TEST(message.find("<stdin>: error: input too large") == 0u, message);

    const auto path = std::filesystem::temp_directory_path() /
                      ("torchpin_text_input_big_" + std::to_string(getpid()) + ".txt");
    std::ofstream(path) << std::string(4096, 'y');
    const std::string file_message = input_error_of([&] { TextInput::read_file(path, 1024); });
    BOOST_TEST(file_message.find("file too large") != std::string::npos, file_message);
    std::filesystem::remove(path);
}

BOOST_AUTO_TEST_CASE(missing_files_and_directories_are_named) {
    BOOST_TEST(input_error_of([] {
                   TextInput::read_file("/nonexistent/req.txt");
               }).find("/nonexistent/req.txt: error: cannot open") == 0u);
    BOOST_TEST(input_error_of([] { TextInput::read_file("/tmp"); }).find("is a directory") !=
               std::string::npos);
}

BOOST_AUTO_TEST_SUITE_END()
