// URL resolution against RFC 3986's own examples, fragments, decoded file names, directories.
#include "importers/input/url_reference.hpp"

#include <string>
#include <utility>
#include <vector>

#include <boost/test/unit_test.hpp>

using torchpin::resolve_url;

BOOST_AUTO_TEST_SUITE(url_reference)

// RFC 3986 section 5.4.1 ("normal examples") and 5.4.2 ("abnormal examples").
BOOST_AUTO_TEST_CASE(resolves_the_examples_of_rfc_3986) {
    const std::string base = "http://a/b/c/d;p?q";
    const std::vector<std::pair<std::string, std::string>> examples{
        {"g:h", "g:h"},
        {"g", "http://a/b/c/g"},
        {"./g", "http://a/b/c/g"},
        {"g/", "http://a/b/c/g/"},
        {"/g", "http://a/g"},
        {"//g", "http://g"},
        {"?y", "http://a/b/c/d;p?y"},
        {"g?y", "http://a/b/c/g?y"},
        {"#s", "http://a/b/c/d;p?q#s"},
        {"g#s", "http://a/b/c/g#s"},
        {"g?y#s", "http://a/b/c/g?y#s"},
        {";x", "http://a/b/c/;x"},
        {"", "http://a/b/c/d;p?q"},
        {".", "http://a/b/c/"},
        {"./", "http://a/b/c/"},
        {"..", "http://a/b/"},
        {"../", "http://a/b/"},
        {"../g", "http://a/b/g"},
        {"../..", "http://a/"},
        {"../../g", "http://a/g"},
        {"../../../g", "http://a/g"},
        {"../../../../g", "http://a/g"},
        {"/./g", "http://a/g"},
        {"/../g", "http://a/g"},
        {"g.", "http://a/b/c/g."},
        {".g", "http://a/b/c/.g"},
        {"g..", "http://a/b/c/g.."},
        {"..g", "http://a/b/c/..g"},
        {"./../g", "http://a/b/g"},
        {"./g/.", "http://a/b/c/g/"},
        {"g/./h", "http://a/b/c/g/h"},
        {"g/../h", "http://a/b/c/h"},
        {"g;x=1/./y", "http://a/b/c/g;x=1/y"},
        {"g;x=1/../y", "http://a/b/c/y"},
        {"http:g", "http:g"},
    };
    for (const auto& [reference, expected] : examples) {
        BOOST_TEST(resolve_url(base, reference) == expected, "reference " << reference);
    }
}

BOOST_AUTO_TEST_CASE(resolves_pytorch_links_against_their_page) {
    const std::string page = "https://download.pytorch.org/whl/cu121/torch/";
    BOOST_TEST(
        resolve_url(page, "/whl/cu121/torch-2.1.0%2Bcu121-cp310-cp310-linux_x86_64.whl") ==
        "https://download.pytorch.org/whl/cu121/torch-2.1.0%2Bcu121-cp310-cp310-linux_x86_64.whl");
    BOOST_TEST(resolve_url(page, "../torch-2.1.0.whl") ==
               "https://download.pytorch.org/whl/cu121/torch-2.1.0.whl");
    BOOST_TEST(
        resolve_url("https://download.pytorch.org/whl/torch_stable.html",
                    "cu111/torch-1.8.0%2Bcu111-cp39-cp39-linux_x86_64.whl") ==
        "https://download.pytorch.org/whl/cu111/torch-1.8.0%2Bcu111-cp39-cp39-linux_x86_64.whl");
}

BOOST_AUTO_TEST_CASE(resolves_against_a_file_path_without_a_scheme) {
    BOOST_TEST(resolve_url("pages/torch_stable.html", "cu111/x.whl") == "pages/cu111/x.whl");
    BOOST_TEST(resolve_url("torch_stable.html", "x.whl") == "x.whl");
    BOOST_TEST(resolve_url("", "https://h/x.whl") == "https://h/x.whl");
}

BOOST_AUTO_TEST_CASE(splits_off_the_fragment) {
    const auto split = torchpin::split_fragment("/whl/x.whl#sha256=ab");
    BOOST_TEST(split.url == "/whl/x.whl");
    BOOST_TEST(split.fragment == "sha256=ab");
    BOOST_TEST(torchpin::split_fragment("x.whl").fragment == "");
}

BOOST_AUTO_TEST_CASE(file_names_are_the_decoded_last_path_segment) {
    BOOST_TEST(torchpin::url_file_name("https://h/whl/torch-2.1.0%2Bcu121-cp310-cp310-linux_x86_64"
                                       ".whl?x=1#sha256=ab") ==
               "torch-2.1.0+cu121-cp310-cp310-linux_x86_64.whl");
    BOOST_TEST(torchpin::url_file_name("https://h/whl/torch/") == "");
    BOOST_TEST(torchpin::url_file_name("x%2b%zz%4") == "x+%zz%4");
}

BOOST_AUTO_TEST_CASE(directories_and_relative_paths) {
    BOOST_TEST(torchpin::url_directory("https://h/whl/cu121/torch/index.html?a#b") ==
               "https://h/whl/cu121/torch/");
    BOOST_TEST(torchpin::url_directory("torch-1.0.whl") == "");
    BOOST_TEST(torchpin::is_relative_path("cu111/torch-1.8.0.whl"));
    BOOST_TEST(!torchpin::is_relative_path("/whl/torch-1.8.0.whl"));
    BOOST_TEST(!torchpin::is_relative_path("https://h/torch-1.8.0.whl"));
    BOOST_TEST(!torchpin::is_relative_path("//h/torch-1.8.0.whl"));
}

BOOST_AUTO_TEST_SUITE_END()
