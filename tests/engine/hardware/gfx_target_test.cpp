// gfx target names: from a version's parts, and from an HSA_OVERRIDE_GFX_VERSION value.
#include "engine/hardware/gfx_target.hpp"

#include <boost/test/unit_test.hpp>

using namespace torchpin;

BOOST_AUTO_TEST_SUITE(gfx_target)

BOOST_AUTO_TEST_CASE(parts_name_a_target_with_a_hex_stepping) {
    BOOST_TEST(gfx_target_name(10, 3, 0).value() == "gfx1030");
    BOOST_TEST(gfx_target_name(9, 0, 10).value() == "gfx90a");
    BOOST_TEST(gfx_target_name(12, 0, 1).value() == "gfx1201");
    BOOST_TEST(!gfx_target_name(0, 0, 0).has_value());
    BOOST_TEST(!gfx_target_name(10, 10, 0).has_value());
    BOOST_TEST(!gfx_target_name(9, 0, 16).has_value());
}

BOOST_AUTO_TEST_CASE(an_override_value_names_the_target_rocm_runs_the_gpu_as) {
    BOOST_TEST(gfx_target_of_override("10.3.0").value() == "gfx1030");
    BOOST_TEST(gfx_target_of_override("11.0.0").value() == "gfx1100");
    BOOST_TEST(gfx_target_of_override("9.0.12").value() == "gfx90c");
    BOOST_TEST(gfx_target_of_override("10.3.4").value() == "gfx1034"); // ollama's RX 5400
}

BOOST_AUTO_TEST_CASE(a_value_that_is_not_x_y_z_or_names_no_target_is_an_error) {
    for (const char* bad : {"10.3", "10.3.0.1", "gfx1030", "10.x.0", "10.10.0", "9.0.16", ""}) {
        BOOST_TEST(!gfx_target_of_override(bad).has_value(), bad);
    }
}

BOOST_AUTO_TEST_SUITE_END()
