// resolver_target(): a machine profile becomes the resolver's target, gaps become assumptions.
#include "engine/solver/target_machine.hpp"

#include <boost/test/unit_test.hpp>

using namespace torchpin;

namespace {

Machine linux_box() {
    Machine m;
    m.os = Fact<OperatingSystem>{OperatingSystem::Linux, "uname"};
    m.arch = Fact<CpuArch>{CpuArch::X86_64, "uname"};
    m.glibc = Fact<OsVersion>{OsVersion{2, 35}, "gnu_get_libc_version()"};
    PythonInterpreter python;
    python.version = "3.11.7";
    python.platform = "linux-x86_64";
    m.pythons.push_back(python);
    return m;
}

NvidiaGpu gpu(std::string name, std::optional<ComputeCapability> capability) {
    NvidiaGpu g;
    g.name = std::move(name);
    if (capability) {
        g.compute_capability = Fact<ComputeCapability>{*capability, "nvml"};
    }
    return g;
}

} // namespace

BOOST_AUTO_TEST_SUITE(target_machine)

BOOST_AUTO_TEST_CASE(a_complete_profile_needs_no_assumption) {
    Machine m = linux_box();
    m.nvidia.driver = Fact<std::optional<DriverVersion>>{DriverVersion::from("550.54.14"), "nvml"};
    m.nvidia.gpus.push_back(gpu("NVIDIA GeForce RTX 3090", ComputeCapability(8, 6)));
    m.amd.gpus.push_back({"gfx1100", "kfd"});
    const auto target = resolver_target(m);
    BOOST_REQUIRE(target.has_value());
    BOOST_TEST(target->assumptions.empty());
    const TargetMachine& t = target->machine;
    BOOST_TEST(t.tags.python.minor == 11u);
    BOOST_TEST((t.tags.glibc == OsVersion{2, 35}));
    BOOST_TEST(t.nvidia_driver->to_string() == "550.54.14");
    BOOST_REQUIRE(t.nvidia_gpus.size() == 1u);
    BOOST_TEST(t.nvidia_gpus[0].capability.sm() == "sm_86");
    BOOST_TEST(t.rocm_gfx == std::vector<std::string>{"gfx1100"});
    BOOST_TEST(!t.intel_xpu_gpu);
}

BOOST_AUTO_TEST_CASE(missing_os_cpu_or_python_is_an_error_naming_the_option) {
    Machine no_os = linux_box();
    no_os.os.reset();
    BOOST_TEST(resolver_target(no_os).error().message.find("--os") != std::string::npos);
    Machine no_python = linux_box();
    no_python.pythons.clear();
    BOOST_TEST(resolver_target(no_python).error().message.find("--python") != std::string::npos);
    Machine no_arch = linux_box();
    no_arch.arch.reset();
    no_arch.pythons.front().platform.clear();
    BOOST_TEST(resolver_target(no_arch).error().message.find("--arch") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(the_interpreters_platform_gives_the_cpu_when_the_machine_lacks_it) {
    Machine m = linux_box();
    m.arch.reset();
    m.pythons.front().platform = "linux-aarch64";
    const auto target = resolver_target(m);
    BOOST_REQUIRE(target.has_value());
    BOOST_TEST((target->machine.tags.arch == CpuArch::Aarch64));
}

BOOST_AUTO_TEST_CASE(unknown_glibc_and_macos_versions_are_assumed_out_loud) {
    Machine m = linux_box();
    m.glibc.reset();
    auto target = resolver_target(m);
    BOOST_REQUIRE(target.has_value());
    BOOST_TEST((target->machine.tags.glibc == OsVersion{2, 28}));
    BOOST_REQUIRE(target->assumptions.size() == 1u);
    BOOST_TEST(target->assumptions[0].message.find("--glibc") != std::string::npos);

    Machine mac = linux_box();
    mac.os = Fact<OperatingSystem>{OperatingSystem::Macos, "option --os"};
    mac.arch = Fact<CpuArch>{CpuArch::Aarch64, "option --arch"};
    mac.glibc.reset();
    mac.pythons.front().platform.clear();
    target = resolver_target(mac);
    BOOST_REQUIRE(target.has_value());
    BOOST_TEST((target->machine.tags.macos == OsVersion{14, 0}));
    BOOST_TEST(target->assumptions.size() == 1u);
}

BOOST_AUTO_TEST_CASE(a_gpu_without_capability_is_left_out_with_a_warning_but_counts_as_a_gpu) {
    Machine m = linux_box();
    m.nvidia.driver = Fact<std::optional<DriverVersion>>{DriverVersion::from("535.104.05"), "smi"};
    m.nvidia.gpus.push_back(gpu("NVIDIA Mystery", std::nullopt));
    const auto target = resolver_target(m);
    BOOST_REQUIRE(target.has_value());
    BOOST_TEST(target->machine.nvidia_gpus.empty());
    BOOST_REQUIRE(target->assumptions.size() == 1u);
    BOOST_TEST(target->assumptions[0].message.find("NVIDIA Mystery") != std::string::npos);
    BOOST_TEST(target->machine.has_gpu()); // the driver says there is one: no silent CPU build
}

BOOST_AUTO_TEST_CASE(an_intel_gpu_is_an_xpu_target_when_pytorch_lists_its_family) {
    Machine m = linux_box();
    IntelGpu iris{PciId::from("8086:9a49"), "Iris Xe", Fact<bool>{false, "pci"}, std::nullopt,
                  "pci"};
    m.intel_gpus.push_back(iris);
    BOOST_TEST(!resolver_target(m)->machine.intel_xpu_gpu);
    // Integrated, but on PyTorch's XPU list (Lunar Lake): the list decides.
    IntelGpu lunar_lake{PciId::from("8086:64a0"), "Intel Graphics (Lunar Lake)",
                        Fact<bool>{false, "pci"}, Fact<bool>{true, "gpu table"}, "pci"};
    m.intel_gpus = {lunar_lake};
    BOOST_TEST(resolver_target(m)->machine.intel_xpu_gpu);
    // Discrete, but its family is not on the list (DG1).
    IntelGpu dg1{PciId::from("8086:4905"), "Iris Xe MAX Graphics", Fact<bool>{true, "pci"},
                 Fact<bool>{false, "gpu table"}, "pci"};
    m.intel_gpus = {dg1};
    BOOST_TEST(!resolver_target(m)->machine.intel_xpu_gpu);
    // Not in the table: a discrete one is taken for an XPU target, as before the table.
    IntelGpu unknown{PciId::from("8086:56ff"), "", Fact<bool>{true, "pci"}, std::nullopt, "pci"};
    m.intel_gpus = {unknown};
    BOOST_TEST(resolver_target(m)->machine.intel_xpu_gpu);
    // A --gpu name: only the list is known.
    IntelGpu named{std::nullopt, "Arc B580", std::nullopt, Fact<bool>{true, "option --gpu"},
                   "option --gpu"};
    m.intel_gpus = {named};
    BOOST_TEST(resolver_target(m)->machine.intel_xpu_gpu);
}

BOOST_AUTO_TEST_CASE(the_msvcp140_that_loads_decides_the_vc_runtime_over_the_redistributable) {
    Machine m = linux_box();
    m.os = Fact<OperatingSystem>{OperatingSystem::Windows, "host"};
    m.pythons.front().platform = "win-amd64";
    const auto runtime = [&m] {
        const auto version = resolver_target(m)->machine.vc_runtime;
        return version ? version->to_string() : "unknown";
    };
    BOOST_TEST(runtime() == "unknown");
    m.windows.vc_redist = Fact<std::string>{"14.44.35211", R"(HKLM\...\Runtimes\x64)"};
    BOOST_TEST(runtime() == "14.44.35211");
    // An update waiting for a restart: the key says 14.44, System32 still holds 14.38's DLL.
    m.windows.system32_dlls = {{"vcruntime140.dll", "14.44.35211.0", "System32"},
                               {"MSVCP140.dll", "14.38.33135.0", "System32"}};
    BOOST_TEST(runtime() == "14.38.33135.0");
    // A DLL newer than the key is what loads too.
    m.windows.system32_dlls = {{"msvcp140.dll", "14.44.35211.0", "System32"}};
    m.windows.vc_redist->value = "14.38.33135";
    BOOST_TEST(runtime() == "14.44.35211.0");
    // A file version that does not parse leaves the key's word.
    m.windows.system32_dlls = {{"msvcp140.dll", "unknown", "System32"}};
    BOOST_TEST(runtime() == "14.38.33135");
}

BOOST_AUTO_TEST_SUITE_END()
