// Machine options over a profile: --vc-runtime replaces every runtime fact the profile held.
#include "detect/machine_description.hpp"
#include "tests/support/test_paths.hpp"

#include <stdexcept>

#include <boost/test/unit_test.hpp>

using namespace torchpin;
namespace test = torchpin::test;

BOOST_AUTO_TEST_SUITE(machine_description)

BOOST_AUTO_TEST_CASE(vc_runtime_replaces_the_redistributable_and_system32s_msvcp140) {
    MachineDescription options;
    options.machine_files = {
        test::source_path("tests/data/machines/profiles/windows-box.json").string()};
    options.vc_runtime = "14.44.35211";
    const GpuTablesSource no_tables = []() -> const GpuCatalog& {
        throw std::logic_error("no GPU option was given");
    };
    const auto machines = describe_machines(options, no_tables);
    BOOST_REQUIRE(machines.size() == 1u);
    const WindowsFacts& windows = machines[0].windows;
    BOOST_TEST(windows.vc_redist->value == "14.44.35211");
    BOOST_TEST(windows.vc_redist->source == "option --vc-runtime");
    BOOST_REQUIRE(windows.system32_dlls.size() == 1u); // the profile's msvcp140.dll is dropped
    BOOST_TEST(windows.system32_dlls[0].name == "vcruntime140_1.dll");
}

BOOST_AUTO_TEST_SUITE_END()
