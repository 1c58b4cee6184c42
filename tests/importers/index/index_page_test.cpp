// Kind detection, the real torch_stable.html, and PyTorch-format pages round-tripping real rows.
#include "engine/hardware/backend.hpp"
#include "engine/matrix/index_file.hpp"
#include "importers/index/index_page.hpp"
#include "importers/input/text_input.hpp"
#include "tests/support/pytorch_pages.hpp"
#include "tests/support/test_paths.hpp"

#include <map>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include <boost/test/unit_test.hpp>
#include <nlohmann/json.hpp>

using torchpin::Backend;
using torchpin::IndexFile;
using torchpin::IndexListing;
using torchpin::PageKind;
using torchpin::TextInput;
using torchpin::WheelFilename;
namespace test = torchpin::test;

namespace {

const std::string torch_stable_url = "https://download.pytorch.org/whl/torch_stable.html";

std::string fixture(const std::string& name) {
    return test::read_file(test::source_path("tests/data/wheels/" + name));
}

std::string torch_stable_page() {
    return test::read_file(test::source_path("data/index/torch_stable.html"));
}

IndexListing parse_torch_stable() {
    return torchpin::parse_index_page(
        TextInput::from_string(torch_stable_page(), "torch_stable.html"), torch_stable_url);
}

const IndexFile& row_with_url(const IndexListing& listing, const std::string& url) {
    for (const IndexFile& row : listing.wheels) {
        if (row.url == url) {
            return row;
        }
    }
    BOOST_FAIL("no row for " + url);
    return listing.wheels.front();
}

// A real wheel (from a fixture) placed on the generator's page for its index directory.
struct RealWheel {
    std::string page_url; // "https://download.pytorch.org/whl/cu128/torch/"
    std::string project;
    test::PytorchPageFile file;
    IndexFile expected;
};

std::string host_of(const std::string& url) {
    return url.substr(0, url.find('/', url.find("://") + 3));
}

std::optional<Backend> expected_backend(const WheelFilename& wheel, const std::string& directory) {
    if (auto label = Backend::parse(wheel.version().local_label())) {
        return *label;
    }
    auto from_directory = Backend::parse_index_url(directory);
    return from_directory ? std::optional<Backend>(*from_directory) : std::nullopt;
}

// Rows of a fixture, with their links written site-relative ("/whl/…") or, with `host_links`,
// as absolute URLs on the wheel's own host (download-r2.pytorch.org), as the generator does.
std::vector<RealWheel> real_wheels(const std::string& name, bool host_links) {
    const auto document = nlohmann::json::parse(fixture(name));
    std::vector<RealWheel> wheels;
    std::size_t i = 0;
    for (const auto& row : document.at("wheels")) {
        const auto url = row.at("url").get<std::string>();
        const std::string host = host_of(url);
        const std::string project = row.at("package").get<std::string>();
        const std::string directory = url.substr(0, url.rfind('/'));
        const std::string page_url =
            "https://download.pytorch.org" + directory.substr(host.size()) + "/" + project + "/";
        test::PytorchPageFile file{.key = url.substr(host.size() + 1),
                                   .sha256 = std::nullopt,
                                   .metadata_sha256 = std::nullopt,
                                   .upload_time = std::nullopt,
                                   .base_url = host_links ? host : ""};
        if (!row.at("sha256").is_null()) {
            file.sha256 = row.at("sha256").get<std::string>();
        }
        if (row.contains("upload_time")) {
            file.upload_time = row.at("upload_time").get<std::string>();
        }
        if (++i % 2 == 0) {
            file.metadata_sha256 = std::string(64, "0123456789abcdef"[i % 16]);
        }
        const auto wheel = WheelFilename::from(row.at("wheel_filename").get<std::string>());
        IndexFile expected{.listing = page_url,
                           .wheel = wheel,
                           .backend = expected_backend(wheel, directory),
                           .url = host_links ? url : "https://download.pytorch.org/" + file.key,
                           .sha256 = file.sha256,
                           .requires_python = std::nullopt,
                           .yanked = false,
                           .yanked_reason = "",
                           .core_metadata =
                               file.metadata_sha256
                                   ? std::optional<std::string>("sha256=" + *file.metadata_sha256)
                                   : std::nullopt,
                           .upload_time = file.upload_time,
                           .provenance = torchpin::Provenance::Observed,
                           .seen_in = std::nullopt};
        wheels.push_back(RealWheel{page_url, project, std::move(file), std::move(expected)});
    }
    return wheels;
}

// Writes one generator page per (directory, project), parses each, and compares every row.
void check_round_trip(const std::vector<RealWheel>& wheels) {
    std::map<std::pair<std::string, std::string>, std::vector<const RealWheel*>> pages;
    for (const RealWheel& wheel : wheels) {
        pages[{wheel.page_url, wheel.project}].push_back(&wheel);
    }
    std::size_t compared = 0;
    for (const auto& [page, members] : pages) {
        std::vector<test::PytorchPageFile> files;
        for (const RealWheel* wheel : members) {
            files.push_back(wheel->file);
        }
        const std::string body = test::write_pytorch_simple_page(page.second, files);
        const IndexListing listing = torchpin::parse_index_page(
            TextInput::from_string(body, page.first + "index.html"), page.first);
        BOOST_TEST(name(listing.kind) == "simple-html");
        BOOST_TEST(listing.issues.empty());
        BOOST_TEST(listing.other_files.empty());
        BOOST_REQUIRE_EQUAL(listing.wheels.size(), members.size());
        for (const RealWheel* wheel : members) {
            const IndexFile& row = row_with_url(listing, wheel->expected.url);
            BOOST_TEST((row == wheel->expected), wheel->expected.url);
            ++compared;
        }
    }
    BOOST_TEST(compared == wheels.size());
}

} // namespace

BOOST_AUTO_TEST_SUITE(index_page)

BOOST_AUTO_TEST_CASE(kind_names_round_trip) {
    for (const PageKind kind : {PageKind::SimpleHtml, PageKind::SimpleJson, PageKind::FindLinks}) {
        BOOST_TEST((torchpin::parse_page_kind(name(kind)) == kind));
    }
    BOOST_TEST(!torchpin::parse_page_kind("pep503"));
}

BOOST_AUTO_TEST_CASE(json_is_detected_by_its_opening_brace) {
    BOOST_TEST(name(torchpin::detect_page_kind("\xEF\xBB\xBF \n{\"meta\": {}}", "index.html")) ==
               "simple-json");
    BOOST_TEST(name(torchpin::detect_page_kind("<!DOCTYPE html>", "torch.json")) == "simple-html");
}

BOOST_AUTO_TEST_CASE(content_that_is_neither_is_read_as_its_name_says) {
    BOOST_TEST(name(torchpin::detect_page_kind("garbage", "torch.json")) == "simple-json");
    BOOST_TEST(name(torchpin::detect_page_kind("", "application/vnd.pypi.simple.v1+json")) ==
               "simple-json");
    BOOST_TEST(name(torchpin::detect_page_kind("garbage", "torch.html")) == "simple-html");
}

BOOST_AUTO_TEST_CASE(find_links_pages_are_told_from_simple_pages) {
    BOOST_TEST(name(torchpin::detect_page_kind(torch_stable_page(), "torch_stable.html")) ==
               "find-links");
    const std::string simple =
        test::write_pytorch_simple_page("torch", {{.key = "whl/cu111/torch-1.8.0%2Bcu111-cp39-cp39-"
                                                          "linux_x86_64.whl",
                                                   .sha256 = std::nullopt,
                                                   .metadata_sha256 = std::nullopt,
                                                   .upload_time = std::nullopt,
                                                   .base_url = ""}});
    BOOST_TEST(name(torchpin::detect_page_kind(simple, "index.html")) == "simple-html");
    // Relative links in directories but with the PEP 503 heading: a simple page.
    BOOST_TEST(name(torchpin::detect_page_kind(
                   "<h1>Links for torch</h1><a href=\"cu111/torch-1.8.0.whl\">x</a>", "x")) ==
               "simple-html");
    // Relative links without directories: nothing says find-links.
    BOOST_TEST(name(torchpin::detect_page_kind("<a href=\"torch-1.8.0.whl\">x</a>", "x")) ==
               "simple-html");
    BOOST_TEST(name(torchpin::detect_page_kind(test::write_pytorch_root_page({"torch"}), "x")) ==
               "simple-html");
}

BOOST_AUTO_TEST_CASE(a_forced_kind_chooses_the_parser) {
    const auto page = TextInput::from_string("<html></html>", "page.html");
    BOOST_CHECK_THROW(
        torchpin::parse_index_page(page, "https://h/",
                                   {.kind = PageKind::SimpleJson, .skip_invalid = false}),
        torchpin::InputError);
}

BOOST_AUTO_TEST_CASE(torch_stable_html_wheels_per_package_and_backend) {
    const IndexListing listing = parse_torch_stable();
    BOOST_TEST(name(listing.kind) == "find-links");
    BOOST_TEST(listing.wheels.size() == 1499u);
    BOOST_TEST(listing.other_files.size() == 0u); // every link of the page is a wheel
    BOOST_TEST(listing.projects.empty());
    BOOST_TEST(listing.issues.empty()); // no label disagrees with its directory
    std::map<std::pair<std::string, std::string>, int> per_package_and_backend;
    for (const IndexFile& row : listing.wheels) {
        ++per_package_and_backend[{row.wheel.name().normalized(),
                                   row.backend ? row.backend->to_string() : "none"}];
    }
    const std::map<std::pair<std::string, std::string>, int> expected{
        {{"torch", "cpu"}, 201},        {{"torch", "cu75"}, 62},
        {{"torch", "cu80"}, 98},        {{"torch", "cu90"}, 64},
        {{"torch", "cu91"}, 10},        {{"torch", "cu92"}, 71},
        {{"torch", "cu100"}, 53},       {{"torch", "cu101"}, 70},
        {{"torch", "cu102"}, 44},       {{"torch", "cu110"}, 14},
        {{"torch", "cu111"}, 8},        {{"torch", "rocm3.7"}, 4},
        {{"torch", "rocm3.8"}, 4},      {{"torch", "rocm3.10"}, 4},
        {{"torch", "rocm4.0.1"}, 4},    {{"torch", "none"}, 66},
        {{"torch-cuda80", "none"}, 4},  {{"torch-model-archiver", "none"}, 2},
        {{"torch-nightly", "cu80"}, 4}, {{"torch-nightly", "cu92"}, 4},
        {{"torchaudio", "none"}, 116},  {{"torchcsprng", "cpu"}, 38},
        {{"torchcsprng", "cu92"}, 15},  {{"torchcsprng", "cu101"}, 23},
        {{"torchcsprng", "cu102"}, 23}, {{"torchcsprng", "cu110"}, 8},
        {{"torchcsprng", "cu111"}, 8},  {{"torchcsprng", "none"}, 19},
        {{"torchserve", "none"}, 2},    {{"torchtext", "none"}, 55},
        {{"torchvision", "cpu"}, 92},   {{"torchvision", "cu90"}, 8},
        {{"torchvision", "cu92"}, 63},  {{"torchvision", "cu100"}, 32},
        {{"torchvision", "cu101"}, 76}, {{"torchvision", "cu102"}, 50},
        {{"torchvision", "cu110"}, 20}, {{"torchvision", "cu111"}, 8},
        {{"torchvision", "none"}, 52},
    };
    BOOST_TEST(per_package_and_backend == expected);
}

BOOST_AUTO_TEST_CASE(torch_stable_html_rows) {
    const IndexListing listing = parse_torch_stable();
    const IndexFile& cu111 = row_with_url(
        listing,
        "https://download.pytorch.org/whl/cu111/torch-1.8.0%2Bcu111-cp39-cp39-linux_x86_64.whl");
    BOOST_TEST(cu111.listing == torch_stable_url);
    BOOST_TEST(cu111.wheel.to_string() == "torch-1.8.0+cu111-cp39-cp39-linux_x86_64.whl");
    BOOST_TEST(cu111.backend->to_string() == "cu111");
    BOOST_TEST(!cu111.sha256); // the page predates hashes
    BOOST_TEST(!cu111.requires_python);
    BOOST_TEST(!cu111.core_metadata);
    BOOST_TEST(!cu111.upload_time);
    BOOST_TEST(!cu111.yanked);

    const IndexFile& rocm =
        row_with_url(listing, "https://download.pytorch.org/whl/rocm4.0.1/"
                              "torch-1.8.0%2Brocm4.0.1-cp36-cp36m-linux_x86_64.whl");
    BOOST_TEST(rocm.backend->name() == "ROCm 4.0.1");

    const IndexFile& top_level = row_with_url(
        listing, "https://download.pytorch.org/whl/torchaudio-0.8.0-cp39-cp39-linux_x86_64.whl");
    BOOST_TEST(!top_level.backend);

    // Before local labels, one file name sat in several variant directories: different files,
    // so different rows (1499 rows, 1238 file names).
    int unlabelled_builds = 0;
    std::set<std::string> file_names;
    for (const IndexFile& row : listing.wheels) {
        unlabelled_builds += row.wheel.to_string() == "torch-1.0.0-cp27-cp27mu-linux_x86_64.whl";
        file_names.insert(row.wheel.to_string());
    }
    BOOST_TEST(unlabelled_builds == 4); // cpu/, cu80/, cu90/, cu100/
    BOOST_TEST(file_names.size() == 1238u);
}

BOOST_AUTO_TEST_CASE(generator_pages_with_r2_links_round_trip_real_rows) {
    check_round_trip(real_wheels("invokeai_uvlock_pytorch_index_wheels.json", true));
}

BOOST_AUTO_TEST_CASE(generator_pages_with_site_relative_links_round_trip_real_rows) {
    check_round_trip(real_wheels("nixpkgs_torch_wheels.json", false));
}

BOOST_AUTO_TEST_CASE(a_generator_page_has_the_documented_shape) {
    const std::string page = test::write_pytorch_simple_page(
        "Torch_Nightly",
        {{.key = "whl/nightly/cu128/torch-2.9.0.dev20250701%2Bcu128-cp312-cp312-"
                 "manylinux_2_28_x86_64.whl",
          .sha256 = std::nullopt,
          .metadata_sha256 = std::string(64, 'a'),
          .upload_time = "2025-07-01T07:00:00Z",
          .base_url = ""}},
        1751353200);
    BOOST_TEST(page ==
               "<!DOCTYPE html>\n<html>\n  <body>\n    <h1>Links for torch-nightly</h1>\n"
               "    <a href=\"/whl/nightly/cu128/torch-2.9.0.dev20250701%2Bcu128-cp312-cp312-"
               "manylinux_2_28_x86_64.whl\" data-dist-info-metadata=\"sha256=" +
                   std::string(64, 'a') + "\" data-core-metadata=\"sha256=" + std::string(64, 'a') +
                   "\" data-upload-time=\"2025-07-01T07:00:00Z\">torch-2.9.0.dev20250701+cu128-"
                   "cp312-cp312-manylinux_2_28_x86_64.whl</a><br/>\n  </body>\n</html>\n"
                   "<!--TIMESTAMP 1751353200-->");
}

BOOST_AUTO_TEST_CASE(a_generator_root_page_lists_its_projects) {
    const std::string page =
        test::write_pytorch_root_page({"torch", "pytorch_triton", "torchvision"});
    const IndexListing listing = torchpin::parse_index_page(
        TextInput::from_string(page, "index.html"), "https://download.pytorch.org/whl/cu128/");
    BOOST_REQUIRE_EQUAL(listing.projects.size(), 3u);
    BOOST_TEST(listing.projects[1].name.written() == "pytorch-triton");
    BOOST_TEST(listing.projects[1].url == "https://download.pytorch.org/whl/cu128/pytorch-triton/");
    BOOST_TEST(listing.wheels.empty());
}

BOOST_AUTO_TEST_SUITE_END()
