// RECORD CSV: plain and quoted fields, rows without hash or size, and located errors.
#include "importers/installed/record_file.hpp"
#include "tests/support/input_errors.hpp"

#include <boost/test/unit_test.hpp>

using namespace torchpin;

namespace {

std::vector<RecordEntry> parse(std::string text) {
    return parse_record(TextInput::from_string(std::move(text), "RECORD"));
}

} // namespace

BOOST_AUTO_TEST_SUITE(record_file)

BOOST_AUTO_TEST_CASE(reads_path_hash_and_size_and_rows_without_them) {
    const auto entries =
        parse("torch/lib/libc10.so,sha256=3R2tUgLRLaVRjU_Y3XDkzwYvZpyK6BH17c53oC0Ok1o,"
              "1111464\r\n"
              "\n"
              "torch-2.1.2.dist-info/RECORD,,\n"
              "../../bin/torchrun,sha256=abc,229");
    BOOST_REQUIRE_EQUAL(entries.size(), 3u);
    BOOST_TEST(entries[0].path == "torch/lib/libc10.so");
    BOOST_TEST(*entries[0].hash == "sha256=3R2tUgLRLaVRjU_Y3XDkzwYvZpyK6BH17c53oC0Ok1o");
    BOOST_TEST(*entries[0].size == 1111464u);
    BOOST_TEST(!entries[1].hash);
    BOOST_TEST(!entries[1].size);
    BOOST_TEST(entries[2].path == "../../bin/torchrun");
}

BOOST_AUTO_TEST_CASE(quoted_fields_hold_commas_quotes_and_line_breaks) {
    const auto entries = parse("\"a,b.py\",sha256=x,1\n"
                               "\"say \"\"hi\"\".txt\",,\n"
                               "\"two\nlines\",,\n");
    BOOST_REQUIRE_EQUAL(entries.size(), 3u);
    BOOST_TEST(entries[0].path == "a,b.py");
    BOOST_TEST(entries[1].path == "say \"hi\".txt");
    BOOST_TEST(entries[2].path == "two\nlines");
}

BOOST_AUTO_TEST_CASE(an_unterminated_quote_is_reported_at_its_opening_quote) {
    BOOST_TEST(test::input_error_of([] {
                   parse("torch/a.py,,\ntorch/\"b.py,,\n\"torch/c.py,,\n");
               }) == "RECORD:3:1: error: unterminated quoted field (no closing '\"')\n"
                     "    \"torch/c.py,,\n"
                     "    ^");
}

BOOST_AUTO_TEST_CASE(field_count_hash_size_and_stray_text_are_located) {
    BOOST_TEST(test::starts_with(test::input_error_of([] { parse("a.py,,\nb.py,sha256=x\n"); }),
                                 "RECORD:2:1: error: expected 3 fields (path,hash,size), found 2"));
    BOOST_TEST(test::starts_with(test::input_error_of([] { parse("a.py,md5,\n"); }),
                                 "RECORD:1:6: error: expected a hash"));
    BOOST_TEST(test::starts_with(test::input_error_of([] { parse("a.py,sha256=x,12k\n"); }),
                                 "RECORD:1:15: error: expected a size"));
    BOOST_TEST(test::starts_with(test::input_error_of([] { parse("\"a.py\"x,,\n"); }),
                                 "RECORD:1:7: error: expected ',' or the end"));
    BOOST_TEST(test::starts_with(test::input_error_of([] { parse(",sha256=x,1\n"); }),
                                 "RECORD:1:1: error: empty path"));
}

BOOST_AUTO_TEST_SUITE_END()
