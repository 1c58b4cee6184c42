// read_dist_info on dist-info folders made from real METADATA: fields, records, located errors.
#include "importers/installed/dist_info.hpp"
#include "tests/importers/installed/installed_trees.hpp"
#include "tests/support/input_errors.hpp"

#include <boost/test/unit_test.hpp>

using namespace torchpin;
using test::DistInfoFiles;

BOOST_AUTO_TEST_SUITE(dist_info)

BOOST_AUTO_TEST_CASE(reads_version_label_requirements_tags_and_installer_records) {
    const test::ScratchDirectory site("dist_info");
    test::write_cu121_family(site);
    const InstalledDistribution torch = read_dist_info(site.path() / "torch-2.1.2+cu121.dist-info");
    BOOST_TEST(torch.name == "torch");
    BOOST_TEST(torch.normalized_name == "torch");
    BOOST_TEST(torch.version.to_string() == "2.1.2+cu121");
    BOOST_TEST(torch.version.local_label() == "cu121");
    BOOST_TEST((torch.format == MetadataFormat::DistInfo));
    BOOST_REQUIRE_EQUAL(torch.requires_dist.size(), 20u);
    BOOST_TEST(torch.requires_dist[1].to_string() == "typing-extensions>=4.8.0");
    BOOST_TEST(torch.requires_dist.back().name().normalized() == "optree");
    BOOST_REQUIRE(torch.requires_dist.back().marker());
    BOOST_TEST(*torch.requires_python == ">=3.8.0");
    BOOST_REQUIRE_EQUAL(torch.wheel_tags.size(), 1u);
    BOOST_TEST(torch.wheel_tags.front() == "cp311-cp311-linux_x86_64");
    BOOST_TEST(*torch.installer == "pip");
    BOOST_TEST(torch.requested);
    BOOST_TEST(!torch.direct_url);
    BOOST_REQUIRE_EQUAL(torch.record.size(), 3u);
    BOOST_TEST(torch.record[1].path == "torch/lib/libc10.so");
    BOOST_TEST(*index_hint(torch) == "local label +cu121: a build of PyTorch's cu121 variant, "
                                     "published on PyTorch's own index");

    const InstalledDistribution vision =
        read_dist_info(site.path() / "torchvision-0.16.2+cu121.dist-info");
    BOOST_TEST(vision.version.to_string() == "0.16.2+cu121");
    BOOST_TEST(!vision.requested);
    const auto torch_pin =
        std::find_if(vision.requires_dist.begin(), vision.requires_dist.end(),
                     [](const Requirement& r) { return r.name().normalized() == "torch"; });
    BOOST_REQUIRE(torch_pin != vision.requires_dist.end());
    BOOST_TEST(torch_pin->specifier().to_string() == "==2.1.2");
}

BOOST_AUTO_TEST_CASE(a_url_install_and_an_editable_install_are_told_by_direct_url_json) {
    const test::ScratchDirectory site("dist_info_direct");
    DistInfoFiles files(test::torch_metadata("2.2.2"),
                        test::wheel_file("cp311-cp311-linux_x86_64"));
    files.installer = "uv\n";
    files.direct_url = test::installed_data("direct_url.archive.json");
    const auto torch = read_dist_info(test::write_dist_info(site, "torch-2.2.2.dist-info", files));
    BOOST_TEST(*torch.installer == "uv");
    BOOST_TEST(*index_hint(torch) ==
               "a URL install from https://github.com/pypa/pip/archive/1.3.1.zip");

    files.direct_url = test::installed_data("direct_url.editable.json");
    files.metadata = test::torchvision_metadata("0.17.0a0+git1234", "2.2.2");
    const auto vision = read_dist_info(
        test::write_dist_info(site, "torchvision-0.17.0a0+git1234.dist-info", files));
    BOOST_TEST(vision.direct_url->editable);
    BOOST_TEST(*index_hint(vision) == "an editable install of file:///home/user/project");
}

BOOST_AUTO_TEST_CASE(an_ordinary_install_without_a_label_has_no_index_hint) {
    const test::ScratchDirectory site("dist_info_plain");
    const auto torch = read_dist_info(
        test::write_dist_info(site, "torch-2.2.2.dist-info", {test::torch_metadata("2.2.2")}));
    BOOST_TEST(!index_hint(torch));
    BOOST_TEST(torch.wheel_tags.empty());
}

BOOST_AUTO_TEST_CASE(metadata_errors_name_file_line_and_column) {
    const test::ScratchDirectory site("dist_info_errors");
    const auto error_of = [&](std::string metadata) {
        const auto folder = test::write_dist_info(site, "x-1.dist-info", {std::move(metadata)});
        return test::input_error_of([&] { read_dist_info(folder); });
    };
    const std::string metadata = (site.path() / "x-1.dist-info" / "METADATA").string();
    BOOST_TEST(error_of(" Name: torch\n") ==
               metadata + ":1:1: error: a continuation line (starting with a space or tab) "
                          "before any header\n     Name: torch\n    ^");
    BOOST_TEST(test::starts_with(error_of("Metadata-Version: 2.1\nName: torch\n"),
                                 metadata + ": error: no Version header"));
    BOOST_TEST(error_of("Name: torch\nVersion: 2.1.x+cu121\n") ==
               metadata + ":2:13: error: invalid version \"2.1.x+cu121\": " +
                   Version::parse("2.1.x+cu121").error().message +
                   "\n    Version: 2.1.x+cu121\n                ^");
    BOOST_TEST(test::starts_with(error_of("Name: torch\nVersion: 2\nRequires-Dist: numpy >= \n"),
                                 metadata + ":3:"));
    BOOST_TEST(test::starts_with(error_of("Name: -torch\nVersion: 2\n"),
                                 metadata + ":1:7: error: invalid project name"));
}

BOOST_AUTO_TEST_CASE(record_and_direct_url_errors_name_their_file) {
    const test::ScratchDirectory site("dist_info_record");
    DistInfoFiles files(test::torch_metadata("2.2.2"));
    files.record = "torch/a.py,,\n\"torch/b.py,,\n";
    const auto folder = test::write_dist_info(site, "torch-2.2.2.dist-info", files);
    BOOST_TEST(test::starts_with(test::input_error_of([&] { read_dist_info(folder); }),
                                 (folder / "RECORD").string() + ":2:1: error: unterminated"));
    files.record.clear();
    std::filesystem::remove(folder / "RECORD");
    files.direct_url = "{\"url\": ";
    test::write_dist_info(site, "torch-2.2.2.dist-info", files);
    BOOST_TEST(test::starts_with(test::input_error_of([&] { read_dist_info(folder); }),
                                 (folder / "direct_url.json").string() + ":1:"));
}

BOOST_AUTO_TEST_CASE(a_missing_metadata_file_is_an_error_naming_it) {
    const test::ScratchDirectory site("dist_info_missing");
    const auto folder = test::write_dist_info(site, "torch-2.2.2.dist-info",
                                              {"", test::wheel_file("py3-none-any")});
    BOOST_TEST(test::input_error_of([&] { read_dist_info(folder); }) ==
               (folder / "METADATA").string() +
                   ": error: missing: every .dist-info folder holds a METADATA file");
}

BOOST_AUTO_TEST_SUITE_END()
