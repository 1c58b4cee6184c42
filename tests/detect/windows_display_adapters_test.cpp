// Display adapters from the registry's display class key: PCI ids from MatchingDeviceId in any
// case, DriverDesc as the name, the key as the source, non-adapter subkeys and buses skipped.
#include "detect/windows_display_adapters.hpp"
#include "tests/detect/fake_windows.hpp"

#include <boost/test/unit_test.hpp>

using namespace torchpin;
namespace test = torchpin::test;

BOOST_AUTO_TEST_SUITE(windows_display_adapters)

BOOST_AUTO_TEST_CASE(hardware_ids_give_pci_ids_in_any_case) {
    // Device instance ids from astral-sh/uv's accelerator tests (shared/data/extracted/fixtures/
    // driver_detection_samples.json, "windows_pnp_device_ids").
    BOOST_TEST(pci_id_from_hardware_id(R"(PCI\VEN_8086&DEV_9A49&SUBSYS_00000000\3&11583659&0&10)")
                   ->to_string() == "8086:9a49");
    BOOST_TEST(pci_id_from_hardware_id(R"(PCI\VEN_10DE&DEV_2504&SUBSYS_00000000\4&12AB34CD&0&0008)")
                   ->to_string() == "10de:2504");
    // MatchingDeviceId as the display class key holds it: lower case, the INF's match.
    BOOST_TEST(pci_id_from_hardware_id(R"(pci\ven_10de&dev_2684)")->to_string() == "10de:2684");
    BOOST_TEST(pci_id_from_hardware_id(R"(PCI\VEN_1002&DEV_73BF&REV_C1)")->to_string() ==
               "1002:73bf");
    BOOST_TEST(!pci_id_from_hardware_id(R"(ROOT\BasicDisplay)"));
    BOOST_TEST(!pci_id_from_hardware_id(R"(PCI\VEN_10DE)"));
    BOOST_TEST(!pci_id_from_hardware_id(R"(PCI\DEV_2684&VEN_10DE)"));
    BOOST_TEST(!pci_id_from_hardware_id(R"(PCI\VEN_10DEX&DEV_2684)"));
}

BOOST_AUTO_TEST_CASE(adapters_are_read_in_key_order_and_others_skipped) {
    test::FakeWindows windows("adapters");
    windows.add_display_adapter("0001", R"(PCI\VEN_1002&DEV_73BF&REV_C1)", "AMD Radeon RX 6800 XT",
                                "31.0.24033.1003", "Advanced Micro Devices, Inc.");
    windows.add_display_adapter("0000", R"(pci\ven_10de&dev_2684)", "NVIDIA GeForce RTX 4090",
                                "32.0.15.6636", "NVIDIA");
    windows.add_display_adapter("0002", R"(ROOT\BasicDisplay)", "Microsoft Basic Display Adapter",
                                "10.0.22621.1", "Microsoft");
    const std::string properties = std::string(display_class_key) + R"(\Properties)";
    windows.registry.set(properties, "MatchingDeviceId", std::string(R"(pci\ven_8086&dev_e20b)"));
    const auto adapters = read_windows_display_adapters(windows.registry);
    BOOST_REQUIRE(adapters.size() == 2u);
    BOOST_TEST(adapters[0].id.to_string() == "10de:2684");
    BOOST_TEST(adapters[0].name == "NVIDIA GeForce RTX 4090");
    BOOST_TEST(adapters[0].source == std::string(display_class_key) + R"(\0000)");
    BOOST_TEST(adapters[0].address.empty());
    BOOST_TEST(adapters[1].id.to_string() == "1002:73bf");
    BOOST_TEST(adapters[1].source.ends_with(R"(\0001)"));
    BOOST_TEST(read_windows_display_adapters(MemoryRegistry{}).empty());
}

BOOST_AUTO_TEST_SUITE_END()
