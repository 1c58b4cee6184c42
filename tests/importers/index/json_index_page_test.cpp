// PEP 691 JSON pages, one edge case per test: fields, api-version, entry errors, broken JSON.
#include "engine/base/diagnostic.hpp"
#include "importers/index/json_index_page.hpp"
#include "importers/input/text_input.hpp"

#include <functional>
#include <string>

#include <boost/test/unit_test.hpp>

using torchpin::Diagnostic;
using torchpin::IndexListing;
using torchpin::InputError;
using torchpin::PageOptions;
using torchpin::TextInput;

namespace {

const std::string torch_page = "https://download.pytorch.org/whl/cu121/torch/";
const std::string wheel_name = "torch-2.1.0+cu121-cp310-cp310-linux_x86_64.whl";
const std::string wheel_url =
    "https://download.pytorch.org/whl/cu121/torch-2.1.0%2Bcu121-cp310-cp310-linux_x86_64.whl";
const std::string wheel_sha256 = "0d4e8c52a1fcf5ed6cfc256d9a370fcf4360958fc79d0b08a51d55e70914df46";

// A project page whose files[] holds `entries`; the first entry starts on line 5.
std::string project_page(const std::string& entries, const std::string& api_version = "1.1") {
    return "{\n  \"meta\": {\"api-version\": \"" + api_version +
           "\"},\n  \"name\": \"torch\",\n  \"files\": [\n" + entries + "\n  ]\n}\n";
}

std::string entry(const std::string& file_name, const std::string& extra = "") {
    return "    {\"filename\": \"" + file_name + "\", \"url\": \"" + wheel_url + "\"" + extra + "}";
}

IndexListing parse(const std::string& body, const PageOptions& options = {}) {
    return torchpin::parse_json_page(TextInput::from_string(body, "torch.json"), torch_page,
                                     options);
}

const torchpin::IndexFile& only_wheel(const IndexListing& listing) {
    BOOST_REQUIRE_EQUAL(listing.wheels.size(), 1u);
    return listing.wheels[0];
}

Diagnostic error_of(const std::function<void()>& action) {
    try {
        action();
    } catch (const InputError& error) {
        return error.diagnostic();
    }
    BOOST_FAIL("expected an InputError");
    return {};
}

} // namespace

BOOST_AUTO_TEST_SUITE(json_index_page)

BOOST_AUTO_TEST_CASE(a_file_entry_with_every_field) {
    const auto listing = parse(project_page(entry(
        wheel_name, ", \"hashes\": {\"sha256\": \"" + wheel_sha256 +
                        "\", \"md5\": \"00\"}, \"requires-python\": \">=3.8\", \"yanked\": false, "
                        "\"core-metadata\": {\"sha256\": \"" +
                        wheel_sha256 +
                        "\"}, \"upload-time\": \"2023-10-04T17:52:20.612Z\", \"size\": 1")));
    const auto& row = only_wheel(listing);
    BOOST_TEST(row.listing == torch_page);
    BOOST_TEST(row.wheel.to_string() == wheel_name);
    BOOST_TEST(row.url == wheel_url);
    BOOST_TEST(row.sha256.value() == wheel_sha256);
    BOOST_TEST(row.requires_python.value() == ">=3.8");
    BOOST_TEST(!row.yanked);
    BOOST_TEST(row.core_metadata.value() == "sha256=" + wheel_sha256);
    BOOST_TEST(row.upload_time.value() == "2023-10-04T17:52:20.612Z");
    BOOST_TEST(row.backend.value().to_string() == "cu121");
    BOOST_TEST(name(listing.kind) == "simple-json");
    BOOST_TEST(listing.issues.empty());
}

BOOST_AUTO_TEST_CASE(a_minimal_entry_has_no_hash_and_no_metadata) {
    const auto listing = parse(project_page(entry(wheel_name, ", \"hashes\": {}")));
    const auto& row = only_wheel(listing);
    BOOST_TEST(!row.sha256);
    BOOST_TEST(!row.requires_python);
    BOOST_TEST(!row.core_metadata);
    BOOST_TEST(!row.upload_time);
}

BOOST_AUTO_TEST_CASE(a_relative_url_resolves_against_the_page) {
    const auto listing = parse(project_page("{\"filename\": \"" + wheel_name +
                                            "\", \"url\": \"../torch-2.1.0%2Bcu121-cp310-cp310-"
                                            "linux_x86_64.whl#sha256=ignored\"}"));
    BOOST_TEST(only_wheel(listing).url == wheel_url);
    BOOST_TEST(!only_wheel(listing).sha256);
}

BOOST_AUTO_TEST_CASE(yanked_as_true_or_as_a_reason) {
    const auto plain = parse(project_page(entry(wheel_name, ", \"yanked\": true")));
    BOOST_TEST(only_wheel(plain).yanked);
    BOOST_TEST(only_wheel(plain).yanked_reason == "");
    const auto reason = parse(project_page(entry(wheel_name, ", \"yanked\": \"broken libs\"")));
    BOOST_TEST(only_wheel(reason).yanked);
    BOOST_TEST(only_wheel(reason).yanked_reason == "broken libs");
}

BOOST_AUTO_TEST_CASE(core_metadata_as_a_boolean_and_the_older_dist_info_metadata) {
    const auto yes = parse(project_page(entry(wheel_name, ", \"core-metadata\": true")));
    BOOST_TEST(only_wheel(yes).core_metadata.value() == "true");
    const auto no = parse(project_page(entry(wheel_name, ", \"core-metadata\": false")));
    BOOST_TEST(!only_wheel(no).core_metadata);
    const auto older = parse(project_page(
        entry(wheel_name, ", \"dist-info-metadata\": {\"sha256\": \"" + wheel_sha256 + "\"}")));
    BOOST_TEST(only_wheel(older).core_metadata.value() == "sha256=" + wheel_sha256);
}

BOOST_AUTO_TEST_CASE(sdists_are_counted) {
    const auto listing = parse(project_page("{\"filename\": \"torch-2.1.0.tar.gz\", \"url\": "
                                            "\"/packages/torch-2.1.0.tar.gz\"},\n" +
                                            entry(wheel_name)));
    BOOST_TEST(listing.wheels.size() == 1u);
    BOOST_REQUIRE_EQUAL(listing.other_files.size(), 1u);
    BOOST_TEST(listing.other_files[0].file_name == "torch-2.1.0.tar.gz");
    BOOST_TEST(listing.other_files[0].url ==
               "https://download.pytorch.org/packages/torch-2.1.0.tar.gz");
}

BOOST_AUTO_TEST_CASE(a_duplicate_entry_keeps_the_first) {
    const auto listing =
        parse(project_page(entry(wheel_name, ", \"yanked\": true") + ",\n" + entry(wheel_name)));
    BOOST_TEST(only_wheel(listing).yanked);
    BOOST_REQUIRE_EQUAL(listing.issues.size(), 1u);
    BOOST_TEST(name(listing.issues[0].kind) == "duplicate-file");
    BOOST_TEST(listing.issues[0].diagnostic.line == 6u);
    BOOST_TEST(listing.issues[0].diagnostic.column == 5u);
}

BOOST_AUTO_TEST_CASE(truncated_json_fails_where_the_input_ends) {
    const std::string whole = project_page(entry(wheel_name));
    const std::string truncated = whole.substr(0, whole.find("\"url\"") + 3);
    const auto error = error_of([&] { parse(truncated); });
    BOOST_TEST(error.origin == "torch.json");
    BOOST_TEST(error.line == 5u);
    BOOST_TEST(error.column == truncated.size() - truncated.rfind('\n'));
    BOOST_TEST(error.message.starts_with("invalid JSON: syntax error"), error.message);
}

BOOST_AUTO_TEST_CASE(html_given_as_json_fails_at_its_first_byte) {
    const auto error = error_of([] { parse("\n<!DOCTYPE html>"); });
    BOOST_TEST(error.line == 2u);
    BOOST_TEST(error.column == 1u);
    BOOST_TEST(error.message.starts_with("invalid JSON"));
}

BOOST_AUTO_TEST_CASE(an_empty_page_is_an_error) {
    BOOST_TEST(error_of([] { parse("  \n"); }).message == "the page is empty");
}

BOOST_AUTO_TEST_CASE(api_version_2_is_refused_at_its_key) {
    const auto error = error_of([] { parse(project_page(entry(wheel_name), "2.0")); });
    BOOST_TEST(error.line == 2u);
    BOOST_TEST(error.column == 12u); // the opening quote of "api-version"
    BOOST_TEST(error.message.starts_with("unsupported api-version \"2.0\""), error.message);
}

BOOST_AUTO_TEST_CASE(a_page_without_meta_is_not_pep_691) {
    const auto error = error_of([] { parse("{\"files\": []}"); });
    BOOST_TEST(error.line == 1u);
    BOOST_TEST(error.column == 1u);
    BOOST_TEST(error.message.starts_with("no meta.api-version"));
}

BOOST_AUTO_TEST_CASE(a_page_that_is_not_an_object_is_refused) {
    BOOST_TEST(
        error_of([] { parse("[1, 2]"); }).message.starts_with("a PEP 691 page is a JSON object"));
    BOOST_TEST(error_of([] {
                   parse("{\"meta\": {\"api-version\": \"1.0\"}}");
               }).message.starts_with("the page has neither"));
    const auto error =
        error_of([] { parse("{\"meta\": {\"api-version\": \"1.0\"},\n \"files\": {}}"); });
    BOOST_TEST(error.line == 2u);
    BOOST_TEST(error.column == 2u);
    BOOST_TEST(error.message == "\"files\" must be an array");
}

BOOST_AUTO_TEST_CASE(an_invalid_wheel_name_fails_at_its_entry) {
    const auto error = error_of(
        [] { parse(project_page(entry(wheel_name) + ",\n" + entry("torch-2.x-cp310.whl"))); });
    BOOST_TEST(error.line == 6u);
    BOOST_TEST(error.column == 5u);
    BOOST_TEST(error.message.starts_with("\"torch-2.x-cp310.whl\" is not a valid wheel file name"));
}

BOOST_AUTO_TEST_CASE(skip_invalid_reports_bad_entries_and_keeps_the_rest) {
    const auto listing =
        parse(project_page(entry("torch-2.x-cp310.whl") + ",\n    {\"filename\": 3},\n    7,\n" +
                           entry(wheel_name, ", \"yanked\": 1") + ",\n" + entry(wheel_name)),
              PageOptions{.kind = {}, .skip_invalid = true});
    BOOST_TEST(only_wheel(listing).wheel.to_string() == wheel_name);
    BOOST_REQUIRE_EQUAL(listing.issues.size(), 4u);
    for (const auto& issue : listing.issues) {
        BOOST_TEST(name(issue.kind) == "invalid-link");
    }
    BOOST_TEST(listing.issues[0].diagnostic.line == 5u);
    BOOST_TEST(listing.issues[1].diagnostic.line == 6u);
    BOOST_TEST(listing.issues[1].diagnostic.message == "\"filename\" must be a string");
    BOOST_TEST(listing.issues[2].diagnostic.line == 7u);
    BOOST_TEST(listing.issues[2].diagnostic.message == "a files[] entry must be an object");
    BOOST_TEST(listing.issues[3].diagnostic.line == 8u);
    BOOST_TEST(listing.issues[3].diagnostic.message == "\"yanked\" must be a boolean or a reason");
}

BOOST_AUTO_TEST_CASE(an_error_on_a_one_line_page_names_its_column) {
    const std::string one_line = "{\"meta\":{\"api-version\":\"1.0\"},\"files\":[" +
                                 entry(wheel_name).substr(4) +
                                 ",{\"filename\":\"x-1.whl\","
                                 "\"url\":\"x-1.whl\"}]}";
    const auto error = error_of([&] { parse(one_line); });
    BOOST_TEST(error.line == 1u);
    BOOST_TEST(error.column == one_line.find(",{\"filename\":\"x-1.whl\"") + 2);
}

BOOST_AUTO_TEST_CASE(the_root_page_lists_projects) {
    const auto listing =
        parse("{\"meta\": {\"_last-serial\": 1, \"api-version\": \"1.0\"},\n"
              " \"projects\": [{\"name\": \"torch\"}, {\"name\": \"Pytorch_Triton\"}]}");
    BOOST_REQUIRE_EQUAL(listing.projects.size(), 2u);
    BOOST_TEST(listing.projects[0].url == "https://download.pytorch.org/whl/cu121/torch/torch/");
    BOOST_TEST(listing.projects[1].name.written() == "Pytorch_Triton");
    BOOST_TEST(listing.projects[1].url ==
               "https://download.pytorch.org/whl/cu121/torch/pytorch-triton/");
}

BOOST_AUTO_TEST_CASE(a_project_entry_without_a_name_is_invalid) {
    const auto error = error_of([] {
        parse("{\"meta\": {\"api-version\": \"1.0\"}, \"projects\": [\n  {\"name\": \"torch\"},\n  "
              "{}]}");
    });
    BOOST_TEST(error.line == 3u);
    BOOST_TEST(error.column == 3u);
}

BOOST_AUTO_TEST_SUITE_END()
