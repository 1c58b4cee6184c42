// scan_site_packages on trees made from real metadata: the cu121 family, two torch installs, an
// egg-info, pip's '~' leftovers and unreadable dist-infos.
#include "importers/installed/site_packages.hpp"
#include "tests/importers/installed/installed_trees.hpp"

#include <boost/test/unit_test.hpp>

using namespace torchpin;

namespace {

std::vector<std::string> names_and_versions(const SitePackages& site) {
    std::vector<std::string> out;
    for (const InstalledDistribution& d : site.distributions) {
        out.push_back(d.normalized_name + " " + d.version.to_string());
    }
    return out;
}

} // namespace

BOOST_AUTO_TEST_SUITE(site_packages)

BOOST_AUTO_TEST_CASE(the_cu121_family_is_read_and_sorted_by_name) {
    const test::ScratchDirectory site("site_cu121");
    test::write_cu121_family(site);
    site.write("torch/__init__.py", "");
    const SitePackages scanned = scan_site_packages(site.path());
    BOOST_TEST(names_and_versions(scanned) ==
               (std::vector<std::string>{"torch 2.1.2+cu121", "torchaudio 2.1.2+cu121",
                                         "torchvision 0.16.2+cu121"}));
    BOOST_TEST(scanned.unreadable.empty());
    BOOST_TEST(scanned.uninstall_leftovers.empty());
    BOOST_REQUIRE_EQUAL(scanned.find("torchvision").size(), 1u);
    BOOST_TEST(scanned.find("torchvision").front()->wheel_tags.size() == 1u);
    BOOST_TEST(scanned.find("Torch").empty()); // find takes the normalized form
}

BOOST_AUTO_TEST_CASE(two_torch_dist_infos_are_both_found_oldest_first) {
    const test::ScratchDirectory site("site_two_torches");
    test::write_dist_info(site, "torch-2.3.0.dist-info", {test::torch_metadata("2.3.0")});
    test::write_dist_info(site, "torch-2.1.2.dist-info", {test::torch_metadata("2.1.2")});
    const SitePackages scanned = scan_site_packages(site.path());
    const auto torches = scanned.find("torch");
    BOOST_REQUIRE_EQUAL(torches.size(), 2u);
    BOOST_TEST(torches[0]->version.to_string() == "2.1.2");
    BOOST_TEST(torches[1]->version.to_string() == "2.3.0");
}

BOOST_AUTO_TEST_CASE(names_compare_normalized) {
    const test::ScratchDirectory site("site_names");
    std::string metadata = test::torchvision_metadata("0.16.2", "2.1.2");
    metadata.replace(metadata.find("Name: torchvision"), 17, "Name: TorchVision");
    test::write_dist_info(site, "TorchVision-0.16.2.dist-info", {metadata});
    const SitePackages scanned = scan_site_packages(site.path());
    BOOST_REQUIRE_EQUAL(scanned.find("torchvision").size(), 1u);
    BOOST_TEST(scanned.find("torchvision").front()->name == "TorchVision");
}

BOOST_AUTO_TEST_CASE(an_egg_info_folder_or_file_is_read_from_pkg_info) {
    const test::ScratchDirectory site("site_egg");
    site.write("torchvision-0.12.egg-info/PKG-INFO",
               test::installed_data("torchvision-0.12.PKG-INFO"));
    site.write("torchelastic-0.2.2-py3.10.egg-info",
               "Metadata-Version: 2.1\nName: torchelastic\nVersion: 0.2.2\n");
    const SitePackages scanned = scan_site_packages(site.path());
    BOOST_TEST(names_and_versions(scanned) ==
               (std::vector<std::string>{"torchelastic 0.2.2", "torchvision 0.12"}));
    for (const InstalledDistribution& d : scanned.distributions) {
        BOOST_TEST((d.format == MetadataFormat::EggInfo));
        BOOST_TEST(d.record.empty());
    }
}

BOOST_AUTO_TEST_CASE(pip_uninstall_leftovers_are_listed_and_matched_to_their_project) {
    const test::ScratchDirectory site("site_leftovers");
    test::write_dist_info(site, "torch-2.3.0.dist-info", {test::torch_metadata("2.3.0")});
    site.write("~orch/__init__.py", "");
    test::write_dist_info(site, "~orch-2.1.2.dist-info", {test::torch_metadata("2.1.2")});
    site.write("~-rchvision/__init__.py", "");
    const SitePackages scanned = scan_site_packages(site.path());
    BOOST_TEST(names_and_versions(scanned) == std::vector<std::string>{"torch 2.3.0"});
    BOOST_TEST(scanned.uninstall_leftovers.size() == 3u);
    const auto torch_leftovers = scanned.leftovers_of("torch");
    BOOST_REQUIRE_EQUAL(torch_leftovers.size(), 2u);
    BOOST_TEST(torch_leftovers[0].filename().string() == "~orch");
    BOOST_TEST(torch_leftovers[1].filename().string() == "~orch-2.1.2.dist-info");
    BOOST_TEST(scanned.leftovers_of("torchvision").size() == 1u);
    BOOST_TEST(scanned.leftovers_of("torchaudio").empty());
}

BOOST_AUTO_TEST_CASE(the_leftover_pattern_follows_pips_renaming) {
    BOOST_TEST(is_uninstall_leftover_of("~orch", "torch"));
    BOOST_TEST(is_uninstall_leftover_of("~-rch", "torch"));
    BOOST_TEST(is_uninstall_leftover_of("~~=ch-2.1.2.dist-info", "torch"));
    BOOST_TEST(is_uninstall_leftover_of("~riton-2.1.0.dist-info", "triton"));
    BOOST_TEST(is_uninstall_leftover_of("~vidia_cudnn_cu12", "nvidia-cudnn-cu12"));
    BOOST_TEST(!is_uninstall_leftover_of("~orchvision", "torch"));
    BOOST_TEST(!is_uninstall_leftover_of("~xrch", "torch"));
    BOOST_TEST(!is_uninstall_leftover_of("torch", "torch"));
}

BOOST_AUTO_TEST_CASE(unreadable_dist_infos_are_kept_with_their_diagnostic) {
    const test::ScratchDirectory site("site_unreadable");
    test::write_cu121_family(site);
    test::write_dist_info(site, "torch-2.3.0.dist-info", {"Name: torch\nVersion: two\n"});
    test::write_dist_info(site, "xformers-0.0.23.dist-info", {"", ""}); // INSTALLER alone
    const SitePackages scanned = scan_site_packages(site.path());
    BOOST_TEST(scanned.distributions.size() == 3u);
    BOOST_REQUIRE_EQUAL(scanned.unreadable.size(), 2u);
    BOOST_TEST(scanned.unreadable[0].path.filename().string() == "torch-2.3.0.dist-info");
    BOOST_TEST(scanned.unreadable[0].diagnostic.line == 2u);
    BOOST_TEST(scanned.unreadable[0].diagnostic.column == 10u);
    BOOST_TEST(scanned.unreadable[1].diagnostic.message ==
               "missing: every .dist-info folder holds a METADATA file");
}

BOOST_AUTO_TEST_CASE(a_folder_that_does_not_exist_is_an_input_error) {
    const test::ScratchDirectory site("site_none");
    BOOST_CHECK_THROW(scan_site_packages(site.path() / "absent"), InputError);
}

BOOST_AUTO_TEST_SUITE_END()
