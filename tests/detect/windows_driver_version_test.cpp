// NVIDIA's Windows driver versions into nvidia-smi's form, on pairs published side by side.
#include "detect/windows_driver_version.hpp"

#include <boost/test/unit_test.hpp>

using namespace torchpin;

namespace {

std::string converted(std::string_view windows_version) {
    auto version = nvidia_driver_from_windows_version(windows_version);
    return version ? version->to_string() : "error: " + version.error().message;
}

} // namespace

BOOST_AUTO_TEST_SUITE(windows_driver_version)

BOOST_AUTO_TEST_CASE(published_pairs_convert) {
    // Mozilla's wiki, Blocklisting/Blocked_Graphics_Drivers (revision 336922, 2011): "257.21 is
    // the commercial version number. This corresponds to the last 5 digits in the technical
    // version number, which for instance is 8.17.12.5721 on Windows 7/Vista."
    BOOST_TEST(converted("8.17.12.5721") == "257.21");
    // the-database/mpv-AnimeJaNai pull request #81 (2026-06-14): "verified 31.0.15.7652 ->
    // 576.52", a Win32_VideoController.DriverVersion against the driver it was.
    BOOST_TEST(converted("31.0.15.7652") == "576.52");
    // Issue 19's pair: 32.0.15.6636, the registry's DriverVersion of the 566.36 driver (Device
    // Manager dates that package 2024-12-03; NVIDIA published 566.36 on 2024-12-05).
    BOOST_TEST(converted("32.0.15.6636") == "566.36");
}

BOOST_AUTO_TEST_CASE(the_fourth_field_counts_as_four_digits) {
    // The rule applied to NVIDIA's 566.03 (October 2024): the minor part keeps its zero.
    BOOST_TEST(converted("32.0.15.6603") == "566.03");
    BOOST_TEST(converted("31.0.15.603") == "506.03"); // "603" read as "0603"
}

BOOST_AUTO_TEST_CASE(other_shapes_are_errors) {
    BOOST_TEST(converted("566.36").starts_with("error: "));
    BOOST_TEST(converted("32.0.15").starts_with("error: "));
    BOOST_TEST(converted("32.0.15.6636.1").starts_with("error: "));
    BOOST_TEST(converted("32.0.15.66360") ==
               "error: the last field of a Windows driver version has at most four digits");
    BOOST_TEST(converted("").starts_with("error: "));
}

BOOST_AUTO_TEST_SUITE_END()
