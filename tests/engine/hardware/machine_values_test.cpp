// The value types of machine profiles: compute capabilities, PCI ids, interpreter targets and the
// tag environment a profile gives.
#include "engine/hardware/machine.hpp"

#include <boost/test/unit_test.hpp>

using namespace torchpin;

BOOST_AUTO_TEST_SUITE(machine_values)

BOOST_AUTO_TEST_CASE(compute_capabilities_round_trip_in_both_spellings) {
    for (const char* text :
         {"3.7", "5.0", "6.1", "7.5", "8.0", "8.6", "8.9", "9.0", "10.0", "12.0"}) {
        BOOST_TEST_CONTEXT(text) {
            const auto capability = ComputeCapability::from(text);
            BOOST_TEST(capability.to_string() == text);
            BOOST_TEST((ComputeCapability::parse_sm(capability.sm()).value() == capability));
        }
    }
    BOOST_TEST(ComputeCapability::from("8.6").sm() == "sm_86");
    BOOST_TEST(ComputeCapability::from("12.0").sm() == "sm_120");
    BOOST_TEST((ComputeCapability::parse_sm("sm86").value() == ComputeCapability(8, 6)));
    BOOST_TEST((ComputeCapability::from("7.5") < ComputeCapability::from("8.0")));
    BOOST_TEST((ComputeCapability::from("9.0") < ComputeCapability::from("10.0")));
}

BOOST_AUTO_TEST_CASE(malformed_capabilities_are_rejected_with_a_position) {
    for (const char* text : {"8", "8.6.1", "", "x.6", "8.6a"}) {
        BOOST_TEST(!ComputeCapability::parse(text).has_value(), text);
    }
    for (const char* text : {"sm_8", "sm_0860", "sm_86a", "gfx86", "sm_", "sm_08"}) {
        BOOST_TEST(!ComputeCapability::parse_sm(text).has_value(), text);
    }
    BOOST_TEST(ComputeCapability::parse_sm("sm_86a").error().position == 5u);
}

BOOST_AUTO_TEST_CASE(pci_ids_parse_either_case_and_print_lowercase) {
    const auto id = PciId::from("10DE:2204");
    BOOST_TEST(id.vendor == 0x10de);
    BOOST_TEST(id.device == 0x2204);
    BOOST_TEST(id.to_string() == "10de:2204");
    BOOST_TEST((PciId::from(id.to_string()) == id));
    for (const char* text : {"10de", "10de:22040", "10dg:2204", ":2204", "10de-2204"}) {
        BOOST_TEST(!PciId::parse(text).has_value(), text);
    }
    BOOST_TEST(parse_pci_half("0x10de\n").value() == 0x10de);
    BOOST_TEST(parse_pci_half("0x8086").value() == 0x8086);
    BOOST_TEST(!parse_pci_half("0x10d").has_value());
}

BOOST_AUTO_TEST_CASE(python_platforms_name_the_interpreters_cpu) {
    BOOST_TEST((python_platform_arch("linux-x86_64") == CpuArch::X86_64));
    BOOST_TEST((python_platform_arch("linux-aarch64") == CpuArch::Aarch64));
    BOOST_TEST((python_platform_arch("win-amd64") == CpuArch::X86_64));
    BOOST_TEST((python_platform_arch("win-arm64") == CpuArch::Aarch64));
    BOOST_TEST((python_platform_arch("win32") == CpuArch::I686));
    BOOST_TEST((python_platform_arch("macosx-11.0-arm64") == CpuArch::Aarch64));
    BOOST_TEST(!python_platform_arch("macosx-10.9-universal2").has_value());
    BOOST_TEST(!python_platform_arch("").has_value());
}

BOOST_AUTO_TEST_CASE(interpreters_give_their_wheel_target) {
    PythonInterpreter python;
    python.version = "3.13.1";
    python.free_threaded = true;
    const auto target = python.target();
    BOOST_REQUIRE(target.has_value());
    BOOST_TEST(target->abi() == "cp313t");
    python.version = "3.11";
    python.free_threaded = false;
    BOOST_TEST(python.target()->abi() == "cp311");
    python.version = "three";
    BOOST_TEST(!python.target().has_value());
}

BOOST_AUTO_TEST_CASE(tag_environments_combine_the_machine_and_the_interpreter) {
    Machine machine;
    machine.os = Fact<OperatingSystem>{OperatingSystem::Linux, "uname"};
    machine.arch = Fact<CpuArch>{CpuArch::X86_64, "uname"};
    machine.glibc = Fact<OsVersion>{OsVersion{2, 28}, "option --glibc"};
    PythonInterpreter python;
    python.version = "3.11.7";
    python.platform = "linux-i686"; // a 32-bit interpreter on a 64-bit machine
    python.glibc = OsVersion{2, 36};
    const auto env = tag_environment(machine, python);
    BOOST_REQUIRE(env.has_value());
    BOOST_TEST((env->arch == CpuArch::I686));
    BOOST_TEST((env->glibc == OsVersion{2, 28})); // the machine's (here: the option's) wins
    BOOST_TEST(accepted_tags(*env).front().to_string() == "cp311-cp311-manylinux_2_28_i686");

    machine.glibc.reset();
    BOOST_TEST((tag_environment(machine, python)->glibc == OsVersion{2, 36}));

    Machine mac;
    mac.os = Fact<OperatingSystem>{OperatingSystem::Macos, "option --os"};
    mac.arch = Fact<CpuArch>{CpuArch::Aarch64, "option --arch"};
    BOOST_TEST(!tag_environment(mac, python).has_value()); // no macOS version
    mac.macos_version = Fact<OsVersion>{OsVersion{14, 2}, "profile"};
    python.platform.clear();
    BOOST_TEST(tag_environment(mac, python)->macos.has_value());
    BOOST_TEST(!tag_environment(Machine{}, python).has_value());
}

BOOST_AUTO_TEST_SUITE_END()
