// The probes as readers: detection pointed at the fake machines under tests/data/machines (each
// a root directory with /sys, /proc, /etc, /opt and fake tools), and NVML/libcuda stand-ins.
#include "detect/amd_detection.hpp"
#include "detect/intel_detection.hpp"
#include "detect/libcuda_probe.hpp"
#include "detect/nvidia_detection.hpp"
#include "detect/nvml_probe.hpp"
#include "detect/os_detection.hpp"
#include "tests/support/test_paths.hpp"

#include <algorithm>
#include <unistd.h>

#include <boost/test/unit_test.hpp>

using namespace torchpin;
using namespace std::chrono_literals;
namespace test = torchpin::test;

namespace {

// Rows of data/gpus.toml for the GPUs of the fake machines.
const GpuCatalog& test_catalog() {
    static const GpuCatalog catalog(
        GpuTables{{{"GeForce RTX 3060",
                    ComputeCapability(8, 6),
                    "",
                    {"GA104", "GA106"},
                    {PciId::from("10de:2487"), PciId::from("10de:24c7"), PciId::from("10de:2503"),
                     PciId::from("10de:2504"), PciId::from("10de:2544")}}},
                  {{"Radeon RX 6800/6800 XT / 6900 XT", PciId::from("1002:73bf"), "gfx1030", ""}},
                  {{PciId::from("8086:e20b"), "Arc B580", "Battlemage (Arc B-series)", true,
                    "validated: \"Intel Arc B-Series Graphics (CodeName: Battlemage)\""}},
                  {{PciId::from("10de:2504"), "GA106 [GeForce RTX 3060 Lite Hash Rate]", true},
                   {PciId::from("8086:9a49"), "TigerLake-LP GT2 [Iris Xe Graphics]", false},
                   {PciId::from("8086:e20b"), "Battlemage G21 [Arc B580]", true}}});
    return catalog;
}

std::filesystem::path machine_root(const std::string& name) {
    return test::source_path("tests/data/machines/" + name);
}

// A context for a fake machine: its root, its usr/bin as PATH, no NVIDIA libraries.
DetectionContext fake_context(const std::filesystem::path& root) {
    DetectionContext context;
    context.root = HostRoot(root);
    context.path = (root / "usr" / "bin").string();
    context.uname_machine = "x86_64";
    context.glibc = OsVersion{2, 35};
    context.nvml_libraries = {};
    context.libcuda_libraries = {};
    context.gpu_catalog = [] { return &test_catalog(); };
    return context;
}

Machine detect_hardware(const DetectionContext& context) {
    Machine machine;
    detect_os(context, machine);
    const auto pci = read_pci_display_devices(context.root);
    detect_nvidia(context, pci, machine);
    detect_amd(context, pci, machine);
    detect_intel(context, pci, machine);
    return machine;
}

bool has_note(const Machine& machine, const std::string& fragment) {
    return std::any_of(machine.notes.begin(), machine.notes.end(), [&](const std::string& note) {
        return note.find(fragment) != std::string::npos;
    });
}

std::string driver_of(const Machine& machine) {
    const auto& driver = machine.nvidia.driver;
    return !driver ? "unknown" : driver->value ? driver->value->to_string() : "none";
}

// A writable copy of a fake machine, removed afterwards.
struct RootCopy {
    std::filesystem::path root;
    explicit RootCopy(const std::string& name) {
        root = std::filesystem::temp_directory_path() /
               ("torchpin_root_" + name + "_" + std::to_string(getpid()));
        std::filesystem::remove_all(root);
        std::filesystem::copy(machine_root(name), root, std::filesystem::copy_options::recursive);
    }
    ~RootCopy() { std::filesystem::remove_all(root); }
};

} // namespace

BOOST_AUTO_TEST_SUITE(host_detection)

BOOST_AUTO_TEST_CASE(a_machine_without_gpus_has_no_driver_and_says_why) {
    const Machine machine = detect_hardware(fake_context(machine_root("no_gpu")));
    BOOST_TEST(machine.os_version->value == "Debian GNU/Linux 12 (bookworm)");
    BOOST_TEST(machine.os_version->source == "/etc/os-release");
    BOOST_TEST((machine.arch->value == CpuArch::X86_64));
    BOOST_TEST((machine.glibc->value == OsVersion{2, 35}));
    BOOST_TEST(machine.wsl->value == false);
    BOOST_TEST(machine.container.empty());
    BOOST_TEST(driver_of(machine) == "none");
    BOOST_TEST(machine.nvidia.driver->source.find("no probe found one") == 0u);
    BOOST_TEST(machine.nvidia.gpus.empty());
    BOOST_TEST(machine.amd.gpus.empty());
    BOOST_TEST(machine.intel_gpus.empty());
    BOOST_TEST(has_note(machine, "nvml: no library to load"));
    BOOST_TEST(has_note(machine, "/sys/module/nvidia/version: No such file or directory"));
    BOOST_TEST(has_note(machine, "/proc/driver/nvidia/version: No such file or directory"));
    BOOST_TEST(has_note(machine, "nvidia-smi: not found on PATH"));
}

BOOST_AUTO_TEST_CASE(one_nvidia_gpu_from_the_module_file_and_nvidia_smi) {
    const Machine machine = detect_hardware(fake_context(machine_root("one_nvidia")));
    BOOST_TEST(driver_of(machine) == "550.144.03");
    BOOST_TEST(machine.nvidia.driver->source == "/sys/module/nvidia/version");
    BOOST_REQUIRE(machine.nvidia.gpus.size() == 1u);
    const NvidiaGpu& gpu = machine.nvidia.gpus[0];
    BOOST_TEST(gpu.name == "NVIDIA GeForce RTX 3090");
    BOOST_TEST(gpu.source == "nvidia-smi");
    BOOST_TEST(gpu.bus_id == "00000000:01:00.0");
    BOOST_TEST(gpu.pci_id->to_string() == "10de:2204"); // from sysfs, by bus id
    BOOST_TEST(gpu.compute_capability->value.to_string() == "8.6");
    BOOST_TEST(gpu.compute_capability->source == "nvidia-smi");
    BOOST_TEST(*gpu.memory_mib == 24576u);
    BOOST_TEST(!gpu.mig.has_value());
    BOOST_TEST(!machine.nvidia.cuda.has_value());
    BOOST_TEST(has_note(machine, "libcuda: no library to load"));
}

BOOST_AUTO_TEST_CASE(libcuda_gives_the_cuda_version_as_the_last_resort) {
    DetectionContext context = fake_context(machine_root("one_nvidia"));
    context.libcuda_libraries = {"/nonexistent/libcuda.so.1", TORCHPIN_FAKE_LIBCUDA};
    const Machine machine = detect_hardware(context);
    BOOST_TEST(machine.nvidia.cuda->value.to_string() == "12.2");
    BOOST_TEST(machine.nvidia.cuda->source == "libcuda cuDriverGetVersion");
}

BOOST_AUTO_TEST_CASE(nvml_answers_first_and_nvidia_smi_is_not_run) {
    DetectionContext context = fake_context(machine_root("one_nvidia"));
    context.nvml_libraries = {TORCHPIN_FAKE_NVML};
    const Machine machine = detect_hardware(context);
    BOOST_TEST(driver_of(machine) == "550.144.03");
    BOOST_TEST(machine.nvidia.driver->source == "nvml");
    BOOST_TEST(machine.nvidia.cuda->value.to_string() == "12.4");
    BOOST_REQUIRE(machine.nvidia.gpus.size() == 2u);
    BOOST_TEST(machine.nvidia.gpus[0].source == "nvml");
    BOOST_TEST(machine.nvidia.gpus[1].name == "NVIDIA A100-SXM4-40GB");
    BOOST_TEST(*machine.nvidia.gpus[1].mig == true);
    BOOST_TEST(machine.notes.empty());
}

BOOST_AUTO_TEST_CASE(four_mixed_gpus_with_the_driver_from_proc) {
    const Machine machine = detect_hardware(fake_context(machine_root("four_mixed_nvidia")));
    BOOST_TEST(driver_of(machine) == "580.126.09");
    BOOST_TEST(machine.nvidia.driver->source == "/proc/driver/nvidia/version");
    BOOST_REQUIRE(machine.nvidia.gpus.size() == 4u);
    const std::vector<std::string> capabilities{"7.5", "8.9", "9.0", "8.0"};
    const std::vector<std::string> ids{"10de:1eb8", "10de:27b8", "10de:2330", "10de:20b0"};
    for (std::size_t i = 0; i < 4; ++i) {
        BOOST_TEST(machine.nvidia.gpus[i].compute_capability->value.to_string() == capabilities[i]);
        BOOST_TEST(machine.nvidia.gpus[i].pci_id->to_string() == ids[i]);
    }
    BOOST_TEST(!machine.nvidia.gpus[0].mig.has_value()); // a T4 has no MIG
    BOOST_TEST(*machine.nvidia.gpus[2].mig == false);    // H100, MIG off
    BOOST_TEST(*machine.nvidia.gpus[3].mig == true);     // A100, MIG on
    BOOST_TEST(*machine.nvidia.gpus[3].memory_mib == 40960u);
}

BOOST_AUTO_TEST_CASE(wsl_uses_the_tools_in_usr_lib_wsl_lib) {
    const Machine machine = detect_hardware(fake_context(machine_root("wsl")));
    BOOST_TEST(machine.wsl->value == true);
    BOOST_TEST(driver_of(machine) == "551.61");
    BOOST_TEST(machine.nvidia.driver->source == "nvidia-smi");
    BOOST_REQUIRE(machine.nvidia.gpus.size() == 1u);
    BOOST_TEST(machine.nvidia.gpus[0].name == "NVIDIA GeForce RTX 4070 SUPER");
    BOOST_TEST(has_note(machine, "usr/lib/wsl/lib/libnvidia-ml.so.1"));
}

BOOST_AUTO_TEST_CASE(wsl_loads_nvml_from_usr_lib_wsl_lib) {
    RootCopy copy("wsl");
    std::filesystem::copy_file(TORCHPIN_FAKE_NVML, copy.root / "usr/lib/wsl/lib/libnvidia-ml.so.1");
    const Machine machine = detect_hardware(fake_context(copy.root));
    BOOST_TEST(machine.nvidia.driver->source == "nvml");
    BOOST_TEST(machine.nvidia.gpus.size() == 2u);
}

BOOST_AUTO_TEST_CASE(amd_gfx1100_with_rocm_6_2) {
    const Machine machine = detect_hardware(fake_context(machine_root("amd_gfx1100_rocm62")));
    BOOST_TEST(machine.amd.rocm->value.to_string() == "6.2.0");
    BOOST_TEST(machine.amd.rocm->source == "/opt/rocm/.info/version");
    BOOST_REQUIRE(machine.amd.gpus.size() == 1u); // node 0 is the CPU
    BOOST_TEST(machine.amd.gpus[0].gfx_target == "gfx1100");
    BOOST_TEST(machine.amd.gpus[0].source == "/sys/class/kfd/kfd/topology/nodes/1/properties");
    BOOST_TEST(driver_of(machine) == "none");
}

BOOST_AUTO_TEST_CASE(an_intel_igpu_next_to_an_nvidia_gpu_on_an_old_driver) {
    const Machine machine = detect_hardware(fake_context(machine_root("intel_igpu_nvidia_dgpu")));
    BOOST_REQUIRE(machine.intel_gpus.size() == 1u);
    const IntelGpu& igpu = machine.intel_gpus[0];
    BOOST_TEST(igpu.pci_id->to_string() == "8086:9a49");
    BOOST_TEST(igpu.name == "TigerLake-LP GT2 [Iris Xe Graphics]"); // torchruntime's list only
    BOOST_TEST(!igpu.xpu.has_value());
    BOOST_TEST(igpu.discrete->value == false);
    BOOST_TEST(igpu.discrete->source == "gpu table: PCI id 8086:9a49 in torchruntime's list");
    BOOST_TEST(driver_of(machine) == "470.182.03");
    BOOST_TEST(has_note(machine, "does not know 'compute_cap'; asked again"));
    BOOST_REQUIRE(machine.nvidia.gpus.size() == 1u);
    const NvidiaGpu& gpu = machine.nvidia.gpus[0];
    BOOST_TEST(gpu.pci_id->to_string() == "10de:2504");
    BOOST_TEST(gpu.compute_capability->value.to_string() == "8.6");
    BOOST_TEST(gpu.compute_capability->source ==
               "gpu table: PCI id 10de:2504 is GeForce RTX 3060 in the NVIDIA GPU table");
}

BOOST_AUTO_TEST_CASE(amd_and_intel_gpus_without_drivers_are_found_by_pci_id) {
    const Machine machine =
        detect_hardware(fake_context(machine_root("amd_intel_without_drivers")));
    BOOST_REQUIRE(machine.amd.gpus.size() == 1u);
    BOOST_TEST(machine.amd.gpus[0].gfx_target == "gfx1030");
    BOOST_TEST(machine.amd.gpus[0].source ==
               "gpu table: PCI id 1002:73bf is Radeon RX 6800/6800 XT / 6900 XT in the AMD GPU "
               "table (/sys/bus/pci/devices/0000:03:00.0)");
    BOOST_TEST(has_note(machine, "AMD GPU 1002:73bf at 0000:03:00.0 has no KFD topology node"));
    BOOST_REQUIRE(machine.intel_gpus.size() == 1u);
    const IntelGpu& arc = machine.intel_gpus[0];
    BOOST_TEST(arc.name == "Arc B580");
    BOOST_TEST(arc.xpu->value == true);
    BOOST_TEST(arc.xpu->source.starts_with(
        "gpu table: PCI id 8086:e20b is Arc B580 in the Intel GPU table: Battlemage (Arc "
        "B-series): validated: "));
    BOOST_TEST(arc.discrete->value == true);
    BOOST_TEST(arc.xpu_target());
}

BOOST_AUTO_TEST_CASE(an_amd_gpu_the_tables_lack_keeps_no_gfx_target_and_says_why) {
    DetectionContext context = fake_context(machine_root("amd_intel_without_drivers"));
    static const GpuCatalog empty(GpuTables{});
    context.gpu_catalog = [] { return &empty; };
    const Machine machine = detect_hardware(context);
    BOOST_TEST(machine.amd.gpus.empty());
    BOOST_TEST(has_note(machine, "AMD GPU 1002:73bf at 0000:03:00.0: gfx target unknown: PCI id "
                                 "1002:73bf is in no GPU table"));
    BOOST_TEST(!machine.intel_gpus.at(0).xpu.has_value());
    BOOST_TEST(machine.intel_gpus.at(0).discrete->value == true); // not the integrated slot
}

BOOST_AUTO_TEST_CASE(without_gpu_tables_the_igpu_is_told_by_its_slot) {
    DetectionContext context = fake_context(machine_root("intel_igpu_nvidia_dgpu"));
    context.gpu_catalog = [] { return nullptr; };
    const Machine machine = detect_hardware(context);
    BOOST_TEST(machine.intel_gpus.at(0).discrete->value == false);
    BOOST_TEST(machine.intel_gpus.at(0).discrete->source ==
               "PCI address 0000:00:02.0 (the integrated GPU slot)");
    BOOST_TEST(!machine.nvidia.gpus.at(0).compute_capability.has_value());
    BOOST_TEST(has_note(machine, "no GPU tables to look up its compute capability in"));
}

BOOST_AUTO_TEST_CASE(a_container_without_the_kernel_module_files) {
    const Machine machine = detect_hardware(fake_context(machine_root("container_no_module")));
    BOOST_REQUIRE(machine.container.size() == 2u);
    BOOST_TEST(machine.container[0].value == "docker");
    BOOST_TEST(machine.container[0].source == "/.dockerenv");
    BOOST_TEST(machine.container[1].source == "/proc/1/cgroup");
    BOOST_TEST(driver_of(machine) == "535.129.03");
    BOOST_TEST(machine.nvidia.driver->source == "nvidia-smi");
    BOOST_TEST(has_note(machine, "/proc/driver/nvidia/version: No such file or directory"));
    BOOST_TEST(machine.nvidia.gpus.at(0).name == "Tesla T4");
}

BOOST_AUTO_TEST_CASE(nvidia_smi_that_fails_hangs_or_prints_garbage_leaves_notes) {
    DetectionContext context = fake_context(machine_root("no_gpu"));
    context.path = test::source_path("tests/data/detection/tools/failing").string();
    const Machine failing = detect_hardware(context);
    BOOST_TEST(driver_of(failing) == "none");
    BOOST_TEST(has_note(failing, "exited with status 9: NVIDIA-SMI has failed because it couldn't "
                                 "communicate with the NVIDIA driver."));

    context.path = test::source_path("tests/data/detection/tools/hanging").string();
    context.timeout = 300ms;
    const auto start = std::chrono::steady_clock::now();
    const Machine hanging = detect_hardware(context);
    BOOST_TEST((std::chrono::steady_clock::now() - start < 5s));
    BOOST_TEST(has_note(hanging, "timed out after 300 ms and was killed"));

    context.path = test::source_path("tests/data/detection/tools/garbage").string();
    const Machine garbage = detect_hardware(context);
    BOOST_TEST(has_note(garbage, "unexpected output"));
    BOOST_TEST(garbage.nvidia.gpus.empty());
}

BOOST_AUTO_TEST_CASE(nvml_and_libcuda_stand_ins_through_dlopen) {
    const NvmlReport report = probe_nvml({"/nonexistent/libnvidia-ml.so.1", TORCHPIN_FAKE_NVML});
    BOOST_TEST(report.problem.empty());
    BOOST_TEST(report.driver->to_string() == "550.144.03");
    BOOST_TEST(report.cuda->to_string() == "12.4");
    BOOST_REQUIRE(report.gpus.size() == 2u);
    BOOST_TEST(report.gpus[0].name == "NVIDIA GeForce RTX 3090");
    BOOST_TEST(report.gpus[0].pci_id->to_string() == "10de:2204");
    BOOST_TEST(report.gpus[0].bus_id == "00000000:01:00.0");
    BOOST_TEST(*report.gpus[0].memory_mib == 24576u);
    BOOST_TEST(!report.gpus[0].mig.has_value());
    BOOST_TEST(report.gpus[1].compute_capability->value.to_string() == "8.0");

    BOOST_TEST(probe_nvml({"/nonexistent/libnvidia-ml.so.1"}).problem.find("No such file") !=
               std::string::npos);
    BOOST_TEST(probe_nvml({TORCHPIN_FAKE_LIBCUDA}).problem.find("lacks an NVML function") !=
               std::string::npos);
    BOOST_TEST(probe_libcuda({TORCHPIN_FAKE_LIBCUDA}).cuda->to_string() == "12.2");
    BOOST_TEST(!probe_libcuda({TORCHPIN_FAKE_NVML}).cuda.has_value());
}

BOOST_AUTO_TEST_SUITE_END()
