// DriverVersion, CudaVersion and RocmVersion: parsing, exact round trips, numeric order, errors.
#include "engine/hardware/cuda_version.hpp"
#include "engine/hardware/driver_version.hpp"
#include "engine/hardware/rocm_version.hpp"

#include <algorithm>
#include <string>
#include <vector>

#include <boost/test/unit_test.hpp>

using torchpin::CudaVersion;
using torchpin::DriverVersion;
using torchpin::RocmVersion;

BOOST_AUTO_TEST_SUITE(driver_version)

BOOST_AUTO_TEST_CASE(real_driver_versions_round_trip_exactly) {
    for (const char* text : {"535.104.05", "560.94", "580.65.06", "384.81", "452.39", "525.60.13",
                             "450.80.02", "580", "0.0.0"}) {
        BOOST_TEST_CONTEXT(text) {
            const auto parsed = DriverVersion::parse(text);
            BOOST_REQUIRE(parsed.has_value());
            BOOST_TEST(parsed->to_string() == text);
            BOOST_TEST(DriverVersion::from(parsed->to_string()).to_string() == text);
        }
    }
    BOOST_TEST(DriverVersion::from("580.65.06").parts() ==
               (std::vector<std::uint32_t>{580, 65, 6}));
    BOOST_TEST(DriverVersion::from("535.104.05").branch() == 535u);
}

BOOST_AUTO_TEST_CASE(drivers_sort_numerically_with_missing_parts_as_zero) {
    // Each is newer than the one before; string order would put "1000.1" before "384.81".
    std::vector<DriverVersion> versions;
    for (const char* text : {"384.81", "450.80.02", "452.39", "525.60.13", "535.104.05", "560.94",
                             "580", "580.65.06", "1000.1"}) {
        versions.push_back(DriverVersion::from(text));
    }
    for (std::size_t i = 0; i + 1 < versions.size(); ++i) {
        BOOST_TEST_CONTEXT(versions[i].to_string() << " < " << versions[i + 1].to_string()) {
            BOOST_TEST((versions[i] < versions[i + 1]));
        }
    }
    BOOST_TEST((DriverVersion::from("580") == DriverVersion::from("580.0.0")));
    BOOST_TEST((DriverVersion::from("535.104.05") == DriverVersion::from("535.104.5")));
    BOOST_TEST((DriverVersion::from("535.104.05") > DriverVersion::from("535.104")));
}

BOOST_AUTO_TEST_CASE(driver_errors_carry_a_position) {
    struct Case {
        std::string text;
        std::size_t position;
        std::string fragment;
    };
    const std::vector<Case> cases{
        {"", 0, "expected a number"},          {"535.", 4, "found the end"},
        {"535..1", 4, "expected a number"},    {"v535", 0, "found 'v'"},
        {"535.104.05 ", 10, "unexpected ' '"}, {"32.0.15.6094", 7, "Windows file version"},
        {"99999999999.1", 0, "too large"},
    };
    for (const auto& c : cases) {
        BOOST_TEST_CONTEXT("input '" << c.text << "'") {
            const auto parsed = DriverVersion::parse(c.text);
            BOOST_REQUIRE(!parsed.has_value());
            BOOST_TEST(parsed.error().position == c.position);
            BOOST_TEST(parsed.error().message.find(c.fragment) != std::string::npos,
                       parsed.error().message);
            BOOST_TEST(parsed.error().input == c.text);
        }
    }
    BOOST_CHECK_THROW(DriverVersion::from("latest"), torchpin::ParseFailure);
}

BOOST_AUTO_TEST_CASE(cuda_versions_parse_print_and_order) {
    BOOST_TEST(CudaVersion::from("12.1").to_string() == "12.1");
    BOOST_TEST(CudaVersion::from("12.1.1").to_string() == "12.1.1");
    BOOST_TEST(*CudaVersion::from("12.1.1").patch() == 1u);
    BOOST_TEST((CudaVersion::from("12.1") == CudaVersion::from("12.1.0")));
    BOOST_TEST((CudaVersion::from("9.2") < CudaVersion::from("10.0")));
    BOOST_TEST((CudaVersion::from("12.4.1") < CudaVersion::from("12.10")));
    BOOST_TEST(!CudaVersion::parse("12").has_value());
    BOOST_TEST(!CudaVersion::parse("12.01").has_value());
    BOOST_TEST(!CudaVersion::parse("12.1.1.1").has_value());
    BOOST_TEST(CudaVersion::parse("12.x").error().position == 3u);
}

BOOST_AUTO_TEST_CASE(cuda_labels_put_the_minor_version_in_the_last_digit) {
    const std::vector<std::pair<std::string, std::string>> labels{
        {"cu75", "7.5"},   {"cu80", "8.0"},   {"cu92", "9.2"},   {"cu100", "10.0"},
        {"cu101", "10.1"}, {"cu118", "11.8"}, {"cu121", "12.1"}, {"cu128", "12.8"},
        {"cu130", "13.0"}, {"cu132", "13.2"}};
    for (const auto& [label, dotted] : labels) {
        BOOST_TEST_CONTEXT(label) {
            const auto version = CudaVersion::parse_label(label);
            BOOST_REQUIRE(version.has_value());
            BOOST_TEST(version->to_string() == dotted);
            BOOST_TEST(*version->label() == label);
        }
    }
    BOOST_TEST(!CudaVersion::from("12.10").label().has_value());
    for (const char* bad : {"cu", "cu1", "cu1210", "cuda121", "cu012", "cpu", "CU121"}) {
        BOOST_TEST(!CudaVersion::parse_label(bad).has_value(), bad);
    }
    BOOST_TEST(CudaVersion::parse_label("cu12a").error().position == 4u);
}

BOOST_AUTO_TEST_CASE(rocm_versions_keep_two_or_three_parts) {
    std::vector<RocmVersion> ascending;
    for (const char* text :
         {"3.7", "3.8", "3.10", "4.0.1", "5.4.2", "6.2", "6.2.4", "7.1", "7.14"}) {
        ascending.push_back(RocmVersion::from(text));
        BOOST_TEST(ascending.back().to_string() == text);
    }
    BOOST_TEST(std::is_sorted(ascending.begin(), ascending.end()));
    BOOST_TEST((RocmVersion::from("6.2") == RocmVersion::from("6.2.0")));
    BOOST_TEST(!RocmVersion::parse("6").has_value());
    BOOST_TEST(!RocmVersion::parse("6.02").has_value());
}

BOOST_AUTO_TEST_SUITE_END()
