// Environment variables as each host names them: exactly on POSIX, in any case on Windows.
#include "detect/detection_context.hpp"

#include <boost/test/unit_test.hpp>

using namespace torchpin;

BOOST_AUTO_TEST_SUITE(detection_context)

BOOST_AUTO_TEST_CASE(windows_variables_are_found_in_any_case) {
    DetectionContext context;
    context.environment = {{"SYSTEMROOT", R"(C:\WINDOWS)"}, {"Path", R"(C:\Windows\system32)"}};
    BOOST_TEST(context.variable("SystemRoot").empty());
    context.host = HostKind::Windows;
    BOOST_TEST(context.variable("SystemRoot") == R"(C:\WINDOWS)");
    BOOST_TEST(context.variable("PATH") == R"(C:\Windows\system32)");
    BOOST_TEST(context.variable("LOCALAPPDATA").empty());
}

BOOST_AUTO_TEST_CASE(an_exact_spelling_wins) {
    DetectionContext context;
    context.host = HostKind::Windows;
    context.environment = {{"PATH", "exact"}, {"Path", "other"}};
    BOOST_TEST(context.variable("PATH") == "exact");
}

BOOST_AUTO_TEST_SUITE_END()
