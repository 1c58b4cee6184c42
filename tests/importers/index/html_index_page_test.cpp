// PEP 503 HTML pages, one edge case per test: hashes, hrefs, attributes, duplicates, bad input.
#include "engine/base/diagnostic.hpp"
#include "importers/index/html_index_page.hpp"
#include "importers/input/text_input.hpp"

#include <functional>
#include <string>

#include <boost/test/unit_test.hpp>

using torchpin::Diagnostic;
using torchpin::IndexListing;
using torchpin::InputError;
using torchpin::PageKind;
using torchpin::PageOptions;
using torchpin::TextInput;

namespace {

const std::string cu121_page = "https://download.pytorch.org/whl/cu121/torch/";
const std::string wheel_href = "/whl/cu121/torch-2.1.0%2Bcu121-cp310-cp310-linux_x86_64.whl";
const std::string wheel_url = "https://download.pytorch.org" + wheel_href;
const std::string wheel_name = "torch-2.1.0+cu121-cp310-cp310-linux_x86_64.whl";
const std::string wheel_sha256 = "0d4e8c52a1fcf5ed6cfc256d9a370fcf4360958fc79d0b08a51d55e70914df46";

// Lines 1-4 are the header, so the first link is on line 5.
std::string page_with(const std::string& links) {
    return "<!DOCTYPE html>\n<html>\n<body>\n<h1>Links for torch</h1>\n" + links +
           "\n</body>\n</html>\n";
}

IndexListing parse(const std::string& body, const PageOptions& options = {},
                   const std::string& page_url = cu121_page) {
    return torchpin::parse_html_page(TextInput::from_string(body, "torch.html"), page_url, options);
}

IndexListing parse_one_link(const std::string& link) {
    const IndexListing listing = parse(page_with(link));
    BOOST_REQUIRE_EQUAL(listing.wheels.size(), 1u);
    return listing;
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

BOOST_AUTO_TEST_SUITE(html_index_page)

BOOST_AUTO_TEST_CASE(a_link_with_its_sha256_fragment) {
    const auto listing = parse_one_link("<a href=\"" + wheel_href + "#sha256=" + wheel_sha256 +
                                        "\">" + wheel_name + "</a><br/>");
    const auto& row = listing.wheels[0];
    BOOST_TEST(row.listing == cu121_page);
    BOOST_TEST(row.wheel.to_string() == wheel_name);
    BOOST_TEST(row.url == wheel_url);
    BOOST_TEST(row.sha256.value() == wheel_sha256);
    BOOST_TEST(row.backend.value().to_string() == "cu121");
    BOOST_TEST(!row.requires_python);
    BOOST_TEST(!row.yanked);
    BOOST_TEST(!row.core_metadata);
    BOOST_TEST(!row.upload_time);
    BOOST_TEST(name(listing.kind) == "simple-html");
    BOOST_TEST(listing.issues.empty());
}

BOOST_AUTO_TEST_CASE(a_missing_hash_gives_no_sha256) {
    const auto listing = parse_one_link("<a href=\"" + wheel_href + "\">x</a>");
    BOOST_TEST(!listing.wheels[0].sha256);
    BOOST_TEST(listing.wheels[0].url == wheel_url);
}

BOOST_AUTO_TEST_CASE(another_hash_algorithm_gives_no_sha256_but_keeps_the_link) {
    const auto listing =
        parse_one_link("<a href=\"" + wheel_href + "#md5=0123456789abcdef0123456789abcdef\">x</a>");
    BOOST_TEST(!listing.wheels[0].sha256);
    BOOST_TEST(listing.wheels[0].url == wheel_url);
}

BOOST_AUTO_TEST_CASE(an_uppercase_sha256_among_other_fragment_parameters_is_lowercased) {
    std::string upper = wheel_sha256;
    for (char& c : upper) {
        c = static_cast<char>(std::toupper(c));
    }
    const auto listing =
        parse_one_link("<a href=\"" + wheel_href + "#egg=torch&amp;sha256=" + upper + "\">x</a>");
    BOOST_TEST(listing.wheels[0].sha256.value() == wheel_sha256);
}

BOOST_AUTO_TEST_CASE(a_malformed_sha256_is_invalid_input) {
    const auto error =
        error_of([] { parse(page_with("<a href=\"" + wheel_href + "#sha256=12ab\">x</a>")); });
    BOOST_TEST(error.line == 5u);
    BOOST_TEST(error.message.find("not 64 hexadecimal digits") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(a_relative_href_resolves_against_the_page_directory) {
    const auto listing =
        parse_one_link("<a href=\"torch-2.1.0%2Bcu121-cp310-cp310-linux_x86_64.whl\">x</a>");
    BOOST_TEST(listing.wheels[0].url ==
               cu121_page + "torch-2.1.0%2Bcu121-cp310-cp310-linux_x86_64.whl");
}

BOOST_AUTO_TEST_CASE(an_absolute_href_is_kept) {
    const std::string r2 = "https://download-r2.pytorch.org/whl/cu121/"
                           "torch-2.1.0%2Bcu121-cp310-cp310-linux_x86_64.whl";
    const auto listing = parse_one_link("<a href=\"" + r2 + "\">x</a>");
    BOOST_TEST(listing.wheels[0].url == r2);
}

BOOST_AUTO_TEST_CASE(a_parent_directory_href_resolves_above_the_page) {
    const auto listing = parse_one_link(
        "<a href=\"../../cu118/torch-2.1.0%2Bcu118-cp310-cp310-linux_x86_64.whl\">x</a>");
    BOOST_TEST(
        listing.wheels[0].url ==
        "https://download.pytorch.org/whl/cu118/torch-2.1.0%2Bcu118-cp310-cp310-linux_x86_64.whl");
    BOOST_TEST(listing.wheels[0].backend.value().to_string() == "cu118");
}

BOOST_AUTO_TEST_CASE(a_base_element_changes_what_links_are_relative_to) {
    const auto listing =
        parse_one_link("<base href=\"https://mirror.example/whl/cu121/\">"
                       "<a href=\"torch-2.1.0%2Bcu121-cp310-cp310-linux_x86_64.whl\">x</a>");
    BOOST_TEST(listing.wheels[0].url ==
               "https://mirror.example/whl/cu121/torch-2.1.0%2Bcu121-cp310-cp310-linux_x86_64.whl");
}

BOOST_AUTO_TEST_CASE(the_file_name_comes_from_the_url_not_the_link_text) {
    const auto listing =
        parse_one_link("<a href=\"" + wheel_href + "\">torch-9.9.9-py3-none-any.whl</a>");
    BOOST_TEST(listing.wheels[0].wheel.to_string() == wheel_name);
    BOOST_TEST(listing.wheels[0].wheel.version().to_string() == "2.1.0+cu121");
}

BOOST_AUTO_TEST_CASE(an_escaped_requires_python_is_unescaped) {
    const auto listing = parse_one_link("<a href=\"" + wheel_href +
                                        "\" data-requires-python=\"&gt;=3.8,&lt;4\">x</a>");
    BOOST_TEST(listing.wheels[0].requires_python.value() == ">=3.8,<4");
}

BOOST_AUTO_TEST_CASE(yanked_without_a_reason) {
    const auto listing = parse_one_link("<a href=\"" + wheel_href + "\" data-yanked>x</a>");
    BOOST_TEST(listing.wheels[0].yanked);
    BOOST_TEST(listing.wheels[0].yanked_reason == "");
}

BOOST_AUTO_TEST_CASE(yanked_with_a_reason) {
    const auto listing = parse_one_link("<a href=\"" + wheel_href +
                                        "\" data-yanked=\"broken &quot;cuda&quot; libs\">x</a>");
    BOOST_TEST(listing.wheels[0].yanked);
    BOOST_TEST(listing.wheels[0].yanked_reason == "broken \"cuda\" libs");
}

BOOST_AUTO_TEST_CASE(dist_info_metadata_alone_gives_the_core_metadata) {
    const auto listing =
        parse_one_link("<a href=\"" + wheel_href +
                       "\" data-dist-info-metadata=\"sha256=" + wheel_sha256 + "\">x</a>");
    BOOST_TEST(listing.wheels[0].core_metadata.value() == "sha256=" + wheel_sha256);
}

BOOST_AUTO_TEST_CASE(core_metadata_wins_over_dist_info_metadata) {
    const std::string other(64, 'c');
    const auto listing =
        parse_one_link("<a href=\"" + wheel_href + "\" data-dist-info-metadata=\"sha256=" + other +
                       "\" data-core-metadata=\"sha256=" + wheel_sha256 + "\">x</a>");
    BOOST_TEST(listing.wheels[0].core_metadata.value() == "sha256=" + wheel_sha256);
}

BOOST_AUTO_TEST_CASE(metadata_without_a_sha256_is_true) {
    const auto with_true =
        parse_one_link("<a href=\"" + wheel_href + "\" data-core-metadata=\"true\">x</a>");
    BOOST_TEST(with_true.wheels[0].core_metadata.value() == "true");
    const auto with_md5 =
        parse_one_link("<a href=\"" + wheel_href + "\" data-dist-info-metadata=\"md5=00\">x</a>");
    BOOST_TEST(with_md5.wheels[0].core_metadata.value() == "true");
}

BOOST_AUTO_TEST_CASE(upload_time_is_kept_as_written) {
    const auto listing = parse_one_link("<a href=\"" + wheel_href +
                                        "\" data-upload-time=\"2025-06-03T18:27:52Z\">x</a>");
    BOOST_TEST(listing.wheels[0].upload_time.value() == "2025-06-03T18:27:52Z");
}

BOOST_AUTO_TEST_CASE(a_duplicate_link_keeps_the_first_and_is_reported) {
    const auto listing = parse(page_with("<a href=\"" + wheel_href + "#sha256=" + wheel_sha256 +
                                         "\">x</a>\n  <a href=\"" + wheel_href + "\">x</a>"));
    BOOST_REQUIRE_EQUAL(listing.wheels.size(), 1u);
    BOOST_TEST(listing.wheels[0].sha256.value() == wheel_sha256);
    BOOST_REQUIRE_EQUAL(listing.issues.size(), 1u);
    const auto& issue = listing.issues[0];
    BOOST_TEST(name(issue.kind) == "duplicate-file");
    BOOST_TEST(issue.file_name == wheel_name);
    BOOST_TEST(issue.diagnostic.line == 6u);
    BOOST_TEST(issue.diagnostic.column == 3u);
    BOOST_TEST(issue.diagnostic.message.find("first at line 5, column 1") != std::string::npos,
               issue.diagnostic.message);
}

BOOST_AUTO_TEST_CASE(an_empty_page_is_an_error) {
    const auto error = error_of([] { parse(""); });
    BOOST_TEST(error.origin == "torch.html");
    BOOST_TEST(error.line == 1u);
    BOOST_TEST(error.column == 1u);
    BOOST_TEST(error.message == "the page is empty");
    BOOST_TEST(error_of([] { parse(" \n\t\n"); }).message == "the page is empty");
}

BOOST_AUTO_TEST_CASE(text_without_markup_is_not_an_html_page) {
    const auto error = error_of([] { parse("\n  PK this is not a page"); });
    BOOST_TEST(error.line == 2u);
    BOOST_TEST(error.column == 3u);
    BOOST_TEST(error.message.starts_with("this is not an HTML page"));
}

BOOST_AUTO_TEST_CASE(html_without_links_is_an_empty_listing) {
    const auto listing = parse(page_with("<p>No files yet.</p>"));
    BOOST_TEST(listing.wheels.empty());
    BOOST_TEST(listing.other_files.empty());
    BOOST_TEST(listing.projects.empty());
    BOOST_TEST(listing.issues.empty());
    BOOST_TEST(parse("<!DOCTYPE html>").wheels.empty());
}

BOOST_AUTO_TEST_CASE(an_anchor_without_href_is_not_a_link) {
    const auto listing =
        parse_one_link("<a name=\"top\">top</a><a href=\"" + wheel_href + "\">x</a>");
    BOOST_TEST(listing.other_files.empty());
}

BOOST_AUTO_TEST_CASE(an_invalid_wheel_name_fails_at_its_anchor) {
    const std::string body = page_with("<a href=\"" + wheel_href +
                                       "\">ok</a>\n  <a href=\"/whl/torch-2.x-cp310.whl\">bad</a>");
    const auto error = error_of([&] { parse(body); });
    BOOST_TEST(error.origin == "torch.html");
    BOOST_TEST(error.line == 6u);
    BOOST_TEST(error.column == 3u);
    BOOST_TEST(error.source_line == "  <a href=\"/whl/torch-2.x-cp310.whl\">bad</a>");
    BOOST_TEST(
        error.message.starts_with("\"torch-2.x-cp310.whl\" is not a valid wheel file name: "),
        error.message);
}

BOOST_AUTO_TEST_CASE(skip_invalid_reports_the_invalid_wheel_and_keeps_the_rest) {
    const std::string body = page_with("<a href=\"/whl/torch-2.x-cp310.whl\">bad</a>\n<a href=\"" +
                                       wheel_href + "\">ok</a>");
    const auto listing = parse(body, PageOptions{.kind = {}, .skip_invalid = true});
    BOOST_REQUIRE_EQUAL(listing.wheels.size(), 1u);
    BOOST_TEST(listing.wheels[0].wheel.to_string() == wheel_name);
    BOOST_REQUIRE_EQUAL(listing.issues.size(), 1u);
    BOOST_TEST(name(listing.issues[0].kind) == "invalid-link");
    BOOST_TEST(listing.issues[0].file_name == "torch-2.x-cp310.whl");
    BOOST_TEST(listing.issues[0].diagnostic.line == 5u);
    BOOST_TEST(listing.issues[0].diagnostic.column == 1u);
}

BOOST_AUTO_TEST_CASE(sdists_and_other_files_are_counted_not_dropped) {
    const auto listing =
        parse(page_with("<a href=\"/whl/torch-2.1.0.tar.gz#sha256=" + wheel_sha256 +
                        "\">s</a>\n<a href=\"/whl/torch-2.1.0.zip\">z</a>\n"
                        "<a href=\"" +
                        wheel_href + "\">w</a>"));
    BOOST_TEST(listing.wheels.size() == 1u);
    BOOST_REQUIRE_EQUAL(listing.other_files.size(), 2u);
    BOOST_TEST(listing.other_files[0].file_name == "torch-2.1.0.tar.gz");
    BOOST_TEST(listing.other_files[0].url == "https://download.pytorch.org/whl/torch-2.1.0.tar.gz");
    BOOST_TEST(listing.other_files[1].file_name == "torch-2.1.0.zip");
}

BOOST_AUTO_TEST_CASE(the_backend_comes_from_the_label_then_the_link_path_then_the_page) {
    const auto listing = parse(page_with(
        "<a href=\"https://files.example/torch-2.1.0%2Bcpu-cp310-cp310-linux_x86_64.whl\">a</a>\n"
        "<a href=\"/whl/rocm5.6/pytorch_triton_rocm-2.1.0-cp310-cp310-linux_x86_64.whl\">b</a>\n"
        "<a href=\"https://files.example/numpy-1.26.0-cp310-cp310-linux_x86_64.whl\">c</a>"));
    BOOST_REQUIRE_EQUAL(listing.wheels.size(), 3u);
    BOOST_TEST(listing.wheels[0].backend.value().to_string() == "cpu");
    BOOST_TEST(listing.wheels[1].backend.value().to_string() == "rocm5.6");
    BOOST_TEST(listing.wheels[2].backend.value().to_string() == "cu121");
    const auto plain =
        parse(page_with("<a href=\"numpy-1.26.0-cp310-cp310-linux_x86_64.whl\">c</a>"), {},
              "https://pypi.org/simple/numpy/");
    BOOST_TEST(!plain.wheels.at(0).backend);
}

BOOST_AUTO_TEST_CASE(a_label_that_is_no_backend_leaves_the_path_backend) {
    const auto listing = parse_one_link(
        "<a href=\"/whl/cu121/torchcsprng-0.1.4%2Bgit1234-cp310-cp310-linux_x86_64.whl\">x</a>");
    BOOST_TEST(listing.wheels[0].backend.value().to_string() == "cu121");
    BOOST_TEST(listing.issues.empty());
}

BOOST_AUTO_TEST_CASE(a_label_that_disagrees_with_the_path_is_reported_and_wins) {
    const auto listing = parse_one_link(
        "<a href=\"/whl/cu118/torch-2.1.0%2Bcu121-cp310-cp310-linux_x86_64.whl\">x</a>");
    BOOST_TEST(listing.wheels[0].backend.value().to_string() == "cu121");
    BOOST_REQUIRE_EQUAL(listing.issues.size(), 1u);
    BOOST_TEST(name(listing.issues[0].kind) == "backend-mismatch");
    BOOST_TEST(listing.issues[0].diagnostic.line == 5u);
    BOOST_TEST(listing.issues[0].diagnostic.message.find("cu121") != std::string::npos);
    BOOST_TEST(listing.issues[0].diagnostic.message.find("cu118/") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(variant_labels_match_their_variant_directories) {
    const auto listing = parse(page_with(
        "<a "
        "href=\"/whl/cpu-cxx11-abi/torch-2.1.0%2Bcpu.cxx11.abi-cp310-cp310-linux_x86_64.whl\">a</"
        "a>\n"
        "<a href=\"/whl/cu121_full/torch-2.1.0%2Bcu121-cp310-cp310-linux_x86_64.whl\">b</a>"));
    BOOST_REQUIRE_EQUAL(listing.wheels.size(), 2u);
    BOOST_TEST(listing.wheels[0].backend.value().to_string() == "cpu.cxx11.abi");
    BOOST_TEST(listing.wheels[1].backend.value().to_string() == "cu121");
    BOOST_TEST(listing.issues.empty());
}

BOOST_AUTO_TEST_CASE(a_root_page_lists_projects) {
    const auto listing = parse("<!DOCTYPE html>\n<html><body>\n<a href=\"../\">../</a>\n"
                               "<a href=\"torch/\">torch</a><br/>\n"
                               "<a href=\"/simple/pytorch-triton/\"> pytorch_triton </a><br/>\n"
                               "<a href=\"torchvision/\"></a>\n</body></html>",
                               {}, "https://download.pytorch.org/whl/");
    BOOST_REQUIRE_EQUAL(listing.projects.size(), 3u);
    BOOST_TEST(listing.projects[0].name.written() == "torch");
    BOOST_TEST(listing.projects[0].url == "https://download.pytorch.org/whl/torch/");
    BOOST_TEST(listing.projects[1].name.normalized() == "pytorch-triton");
    BOOST_TEST(listing.projects[1].url == "https://download.pytorch.org/simple/pytorch-triton/");
    BOOST_TEST(listing.projects[2].name.written() == "torchvision");
    BOOST_TEST(listing.wheels.empty());
    BOOST_TEST(listing.other_files.empty());
}

BOOST_AUTO_TEST_CASE(an_invalid_project_name_fails_at_its_anchor) {
    const auto error = error_of([] {
        parse("<html><body>\n<a href=\"torch/\">torch</a>\n <a href=\"x/\">not a name!</a>", {},
              "https://download.pytorch.org/whl/");
    });
    BOOST_TEST(error.line == 3u);
    BOOST_TEST(error.column == 2u);
    BOOST_TEST(error.message.starts_with("\"not a name!\" is not a valid project name"));
}

BOOST_AUTO_TEST_CASE(a_forced_kind_is_kept) {
    const auto listing = parse(page_with("<a href=\"" + wheel_href + "\">x</a>"),
                               PageOptions{.kind = PageKind::FindLinks, .skip_invalid = false});
    BOOST_TEST(name(listing.kind) == "find-links");
}

BOOST_AUTO_TEST_SUITE_END()
