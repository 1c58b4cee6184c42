// METADATA/PKG-INFO/WHEEL header parsing: real files, continuation lines, the body, located errors.
#include "importers/installed/core_metadata.hpp"
#include "tests/importers/installed/installed_trees.hpp"
#include "tests/support/input_errors.hpp"

#include <boost/test/unit_test.hpp>

using namespace torchpin;

namespace {

MetadataHeaders parse(std::string text) {
    return parse_metadata_headers(TextInput::from_string(std::move(text), "METADATA"));
}

} // namespace

BOOST_AUTO_TEST_SUITE(core_metadata)

BOOST_AUTO_TEST_CASE(reads_every_header_of_real_torch_metadata_in_order) {
    const MetadataHeaders headers = parse(test::installed_data("torch-2.2.2.METADATA"));
    BOOST_REQUIRE(headers.first("name"));
    BOOST_TEST(headers.first("NAME")->value == "torch");
    BOOST_TEST(headers.first("Version")->value == "2.2.2");
    const auto requires_dist = headers.all("Requires-Dist");
    BOOST_REQUIRE_EQUAL(requires_dist.size(), 20u); // 6 plain, 11 nvidia-*, triton, 2 extras
    BOOST_TEST(requires_dist.front()->value == "filelock");
    BOOST_TEST(requires_dist.back()->value == "optree (>=0.9.1) ; extra == 'optree'");
    BOOST_TEST(headers.all("Classifier").size() == 18u);
    BOOST_TEST(!headers.first("Description"));
}

BOOST_AUTO_TEST_CASE(stops_at_the_first_empty_line_so_the_body_is_not_read_as_headers) {
    const MetadataHeaders headers = parse(test::installed_data("torchvision-0.12.PKG-INFO"));
    BOOST_TEST(headers.fields.back().name == "Requires-Dist");
    BOOST_TEST(headers.fields.back().value == "scipy; extra == \"scipy\"");
    BOOST_TEST(!headers.first("torchvision"));
}

BOOST_AUTO_TEST_CASE(continuation_lines_unfold_into_the_previous_value) {
    const MetadataHeaders headers = parse("Name: torch\n"
                                          "Summary: Tensors and\n"
                                          "\tdynamic networks\n"
                                          "Version: 2.1.2\r\n");
    BOOST_TEST(headers.first("Summary")->value == "Tensors and\tdynamic networks");
    BOOST_TEST(headers.first("Version")->value == "2.1.2");
}

BOOST_AUTO_TEST_CASE(value_offsets_point_at_the_value_after_the_spaces) {
    const std::string text = "Name: torch\nVersion:   2.1.2\n";
    const MetadataHeaders headers = parse(text);
    BOOST_TEST(headers.first("Version")->offset == text.find("2.1.2"));
}

BOOST_AUTO_TEST_CASE(a_continuation_line_before_any_header_is_an_error_at_line_one) {
    BOOST_TEST(test::input_error_of([] { parse("  Name: torch\nVersion: 2.1.2\n"); }) ==
               "METADATA:1:1: error: a continuation line (starting with a space or tab) before "
               "any header\n"
               "      Name: torch\n"
               "    ^");
}

BOOST_AUTO_TEST_CASE(a_line_without_a_colon_and_a_bad_name_are_located) {
    BOOST_TEST(test::starts_with(test::input_error_of([] { parse("Name: torch\nVersion 2.1\n"); }),
                                 "METADATA:2:1: error: expected a header 'Name: value'"));
    BOOST_TEST(test::starts_with(test::input_error_of([] { parse("Name: torch\nRe quires: x\n"); }),
                                 "METADATA:2:3: error: invalid header name"));
    BOOST_TEST(test::starts_with(test::input_error_of([] { parse(": torch\n"); }),
                                 "METADATA:1:1: error: invalid header name"));
}

BOOST_AUTO_TEST_SUITE_END()
