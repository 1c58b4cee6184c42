// direct_url.json (PEP 610): the specification's examples and located errors.
#include "importers/installed/direct_url.hpp"
#include "tests/importers/installed/installed_trees.hpp"
#include "tests/support/input_errors.hpp"

#include <boost/test/unit_test.hpp>

using namespace torchpin;

namespace {

DirectUrl parse(std::string text) {
    return parse_direct_url(TextInput::from_string(std::move(text), "direct_url.json"));
}

} // namespace

BOOST_AUTO_TEST_SUITE(direct_url)

BOOST_AUTO_TEST_CASE(an_archive_install_gives_its_url_and_sha256) {
    const DirectUrl direct = parse(test::installed_data("direct_url.archive.json"));
    BOOST_TEST(direct.url == "https://github.com/pypa/pip/archive/1.3.1.zip");
    BOOST_TEST((direct.kind == DirectUrlKind::Archive));
    BOOST_TEST(*direct.archive_hash ==
               "sha256=2dc6b5a470a1bde68946f263f1af1515a2574a150a30d6ce02c6ff742fcc0db8");
    BOOST_TEST(!direct.editable);
}

BOOST_AUTO_TEST_CASE(the_legacy_hash_member_is_read_when_hashes_is_absent) {
    const DirectUrl direct =
        parse(R"({"url": "file:///w/torch.whl", "archive_info": {"hash": "sha256=ab"}})");
    BOOST_TEST(*direct.archive_hash == "sha256=ab");
}

BOOST_AUTO_TEST_CASE(an_editable_folder_and_a_vcs_checkout) {
    const DirectUrl editable = parse(test::installed_data("direct_url.editable.json"));
    BOOST_TEST((editable.kind == DirectUrlKind::Directory));
    BOOST_TEST(editable.editable);
    BOOST_TEST(editable.url == "file:///home/user/project");
    const DirectUrl vcs = parse(test::installed_data("direct_url.vcs.json"));
    BOOST_TEST((vcs.kind == DirectUrlKind::Vcs));
    BOOST_TEST(*vcs.vcs == "git");
    BOOST_TEST(*vcs.vcs_commit == "7921be1537eac1e97bc40179a57f0349c2aee67d");
}

BOOST_AUTO_TEST_CASE(bad_json_is_reported_where_it_stops_being_json) {
    BOOST_TEST(test::starts_with(
        test::input_error_of([] { parse("{\"url\": \"x\",\n \"dir_info\": {]}\n"); }),
        "direct_url.json:2:15: error:"));
}

BOOST_AUTO_TEST_CASE(members_of_the_wrong_kind_are_reported_at_their_key) {
    BOOST_TEST(test::starts_with(
        test::input_error_of([] { parse("{\"url\": \"x\",\n \"dir_info\": {\"editable\": 1}}"); }),
        "direct_url.json:2:15: error: expected true or false"));
    BOOST_TEST(
        test::starts_with(test::input_error_of([] { parse("{\"url\": 3, \"dir_info\": {}}"); }),
                          "direct_url.json:1:2: error: expected a string"));
    BOOST_TEST(test::starts_with(test::input_error_of([] { parse("{\"dir_info\": {}}"); }),
                                 "direct_url.json:1:1: error: expected a \"url\" member"));
    BOOST_TEST(test::starts_with(
        test::input_error_of(
            [] { parse("{\"url\": \"x\", \"dir_info\": {}, \"vcs_info\": {\"vcs\": \"git\"}}"); }),
        "direct_url.json:1:1: error: expected exactly one of"));
    BOOST_TEST(test::starts_with(test::input_error_of([] { parse("[1]"); }),
                                 "direct_url.json:1:1: error: expected a JSON object"));
}

BOOST_AUTO_TEST_SUITE_END()
