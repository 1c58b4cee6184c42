// The pure parsers behind the OS, AMD and PCI probes, each on the text its file or tool gives.
#include "detect/amd_detection.hpp"
#include "detect/intel_detection.hpp"
#include "detect/os_detection.hpp"
#include "detect/pci_devices.hpp"

#include <boost/test/unit_test.hpp>

using namespace torchpin;

BOOST_AUTO_TEST_SUITE(host_parsers)

BOOST_AUTO_TEST_CASE(os_release_names_the_distribution) {
    BOOST_TEST(parse_os_release("PRETTY_NAME=\"Debian GNU/Linux 12 (bookworm)\"\nNAME=\"Debian "
                                "GNU/Linux\"\nVERSION_ID=\"12\"\n")
                   .value() == "Debian GNU/Linux 12 (bookworm)");
    BOOST_TEST(parse_os_release("NAME=Alpine\nVERSION_ID=3.20.3\n").value() == "Alpine 3.20.3");
    BOOST_TEST(parse_os_release("# comment only\n").has_value() == false);
}

BOOST_AUTO_TEST_CASE(musl_loader_output_gives_major_and_minor) {
    // What /lib/ld-musl-x86_64.so.1 prints on stderr when run without arguments (Alpine 3.20).
    const auto version = parse_musl_loader_output("musl libc (x86_64)\nVersion 1.2.5\nDynamic "
                                                  "Program Loader\nUsage: /lib/ld-musl-x86_64.so.1 "
                                                  "[options] [--] pathname [args]\n");
    BOOST_TEST((version.value() == OsVersion{1, 2}));
    BOOST_TEST(!parse_musl_loader_output("ld.so: no such file").has_value());
}

BOOST_AUTO_TEST_CASE(wsl_kernels_are_recognised) {
    BOOST_TEST(is_wsl_kernel_release("5.15.167.4-microsoft-standard-WSL2\n"));
    BOOST_TEST(is_wsl_kernel_release("4.4.0-19041-Microsoft"));
    BOOST_TEST(!is_wsl_kernel_release("6.1.0-28-amd64"));
}

BOOST_AUTO_TEST_CASE(cgroups_name_container_runtimes) {
    BOOST_TEST(container_from_cgroup("12:devices:/docker/3f1c0a2b\n").value() == "docker");
    BOOST_TEST(container_from_cgroup("0::/system.slice/docker-3f1c0a2b.scope\n").value() ==
               "docker");
    BOOST_TEST(container_from_cgroup("11:memory:/kubepods/burstable/pod1/abc\n").value() ==
               "kubernetes");
    BOOST_TEST(container_from_cgroup("0::/machine.slice/libpod-3f1c.scope\n").value() == "podman");
    BOOST_TEST(!container_from_cgroup("0::/init.scope\n").has_value());
    BOOST_TEST(!container_from_cgroup("0::/\n").has_value());
}

BOOST_AUTO_TEST_CASE(rocm_versions_from_the_info_file_and_the_header) {
    BOOST_TEST(parse_rocm_info_version("6.2.0-66\n")->to_string() == "6.2.0");
    BOOST_TEST(parse_rocm_info_version("5.7.1\n")->to_string() == "5.7.1");
    BOOST_TEST(!parse_rocm_info_version("\n").has_value());
    BOOST_TEST(parse_rocm_version_header("#define ROCM_VERSION_MAJOR   6\n#define "
                                         "ROCM_VERSION_MINOR   2\n#define ROCM_VERSION_PATCH   "
                                         "4\n")
                   ->to_string() == "6.2.4");
    BOOST_TEST(!parse_rocm_version_header("#define ROCM_VERSION_MAJORX 6\n").has_value());
}

BOOST_AUTO_TEST_CASE(kfd_target_versions_become_llvm_targets) {
    BOOST_TEST(gfx_target_name(110000).value() == "gfx1100");
    BOOST_TEST(gfx_target_name(100300).value() == "gfx1030");
    BOOST_TEST(gfx_target_name(90402).value() == "gfx942"); // ROCm/rocm-cli#343: an MI300X
    BOOST_TEST(gfx_target_name(90010).value() == "gfx90a");
    BOOST_TEST(gfx_target_name(120001).value() == "gfx1201");
    BOOST_TEST(!gfx_target_name(0).has_value());
    BOOST_TEST(
        gfx_target_from_kfd_properties("cpu_cores_count 0\ngfx_target_version 110002\n").value() ==
        "gfx1102");
    BOOST_TEST(
        !gfx_target_from_kfd_properties("cpu_cores_count 16\ngfx_target_version 0\n").has_value());
    BOOST_TEST(!gfx_target_from_kfd_properties("simd_count 0\n").has_value());
}

BOOST_AUTO_TEST_CASE(rocm_agent_enumerator_output_without_the_cpu_agent) {
    // ROCm before 6 listed gfx000 first (ROCm/legacy-rocm-build#223); ROCm 6 lists GPUs only
    // (iree-org/iree#22283: eight MI300X).
    BOOST_TEST(parse_rocm_agent_enumerator("gfx000\ngfx900\n") ==
               std::vector<std::string>{"gfx900"});
    BOOST_TEST(parse_rocm_agent_enumerator("gfx942\ngfx942\n").size() == 2u);
    BOOST_TEST(parse_rocm_agent_enumerator("").empty());
}

BOOST_AUTO_TEST_CASE(pci_classes_and_addresses) {
    BOOST_TEST(parse_pci_class("0x030000\n").value() == 0x030000u);
    BOOST_TEST(parse_pci_class("0x030200").value() == 0x030200u);
    BOOST_TEST(!parse_pci_class("VGA").has_value());
    BOOST_TEST(sysfs_pci_address("00000000:01:00.0") == "0000:01:00.0");
    BOOST_TEST(sysfs_pci_address("00000000:AF:00.0") == "0000:af:00.0");
    BOOST_TEST(sysfs_pci_address("0000:3b:00.0") == "0000:3b:00.0");
    BOOST_TEST(intel_integrated_address("0000:00:02.0"));
    BOOST_TEST(!intel_integrated_address("0000:03:00.0"));
}

BOOST_AUTO_TEST_SUITE_END()
