// NVIDIA on a fake Windows machine: nvidia-smi.exe searched in System32, NVSMI, then PATH and
// asked Linux's query (again without compute_cap when old), NVML and nvcuda.dll where the driver
// installs them, and the display adapters' registry keys when no tool answers.
#include "detect/windows_display_adapters.hpp"
#include "detect/windows_nvidia_detection.hpp"
#include "tests/detect/fake_windows.hpp"
#include "tests/support/platform.hpp"

#include <algorithm>

#include <boost/test/unit_test.hpp>

using namespace torchpin;
namespace test = torchpin::test;

namespace {

// nvidia-smi.exe that answers torchpin's full query (and nothing else) with one RTX 4090.
std::string current_nvidia_smi(const std::string& driver) {
    return "[ \"$1\" = --query-gpu=name,pci.bus_id,driver_version,memory.total,compute_cap,"
           "mig.mode.current ] && [ \"$2\" = --format=csv,noheader ] || exit 3\n"
           "printf '%s\\n' 'NVIDIA GeForce RTX 4090, 00000000:01:00.0, " +
           driver + ", 24564 MiB, 8.9, [N/A]'";
}

// nvidia-smi.exe of a driver before 510: refuses compute_cap as those do.
const std::string old_nvidia_smi =
    "case \"$1\" in *compute_cap*)\n"
    "    echo 'Field \"compute_cap\" is not a valid field to query.'; exit 2;;\n"
    "esac\n"
    "[ \"$1\" = --query-gpu=name,pci.bus_id,driver_version,memory.total ] || exit 3\n"
    "printf '%s\\n' 'NVIDIA GeForce RTX 3060, 00000000:01:00.0, 472.12, 12288 MiB'";

Machine detect(const DetectionContext& context) {
    Machine machine;
    detect_windows_nvidia(context, read_windows_display_adapters(*context.registry), machine);
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

} // namespace

BOOST_AUTO_TEST_SUITE(windows_nvidia_detection)

BOOST_AUTO_TEST_CASE(nvidia_libraries_are_looked_for_where_the_driver_installs_them) {
    test::FakeWindows windows("nvidia_libraries");
    DetectionContext context = windows.context();
    BOOST_TEST(
        windows_nvml_libraries(context) ==
            (std::vector<std::string>{
                (windows.system_root() / "System32" / "nvml.dll").string(),
                (windows.program_files() / "NVIDIA Corporation" / "NVSMI" / "nvml.dll").string()}),
        boost::test_tools::per_element());
    BOOST_TEST(windows_cuda_driver_libraries(context) ==
                   (std::vector<std::string>{
                       (windows.system_root() / "System32" / "nvcuda.dll").string()}),
               boost::test_tools::per_element());
    context.environment = {{"SYSTEMROOT", windows.system_root().string()}};
    BOOST_TEST(windows_nvml_libraries(context).size() == 1u); // no ProgramFiles, found in any case
    context.environment.clear();
    BOOST_TEST(windows_nvml_libraries(context) == (std::vector<std::string>{"nvml.dll"}),
               boost::test_tools::per_element());
    BOOST_TEST(windows_cuda_driver_libraries(context) == (std::vector<std::string>{"nvcuda.dll"}),
               boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(nvidia_smi_is_searched_in_system32_then_nvsmi_then_path, *test::posix_only()) {
    test::FakeWindows windows("nvidia_smi_order");
    const auto in_system32 = windows.program(windows.system_root() / "System32" / "nvidia-smi.exe",
                                             current_nvidia_smi("566.36"));
    const auto in_nvsmi =
        windows.program(windows.program_files() / "NVIDIA Corporation/NVSMI/nvidia-smi.exe",
                        current_nvidia_smi("552.44"));
    const auto tools = windows.drive() / "Tools";
    windows.program(tools / "nvidia-smi.exe", current_nvidia_smi("537.58"));
    DetectionContext context = windows.context();
    context.path = (windows.drive() / "Empty").string() + ";\"" + tools.string() + "\"";
    BOOST_TEST(find_windows_nvidia_smi(context).value() == in_system32);
    BOOST_TEST(driver_of(detect(context)) == "566.36");
    std::filesystem::remove(in_system32);
    BOOST_TEST(driver_of(detect(context)) == "552.44");
    std::filesystem::remove(in_nvsmi);
    const Machine from_path = detect(context);
    BOOST_TEST(driver_of(from_path) == "537.58");
    BOOST_TEST(from_path.nvidia.driver->source == "nvidia-smi");
    BOOST_REQUIRE(from_path.nvidia.gpus.size() == 1u);
    BOOST_TEST(from_path.nvidia.gpus[0].compute_capability->value.to_string() == "8.9");
    std::filesystem::remove(tools / "nvidia-smi.exe");
    BOOST_TEST(!find_windows_nvidia_smi(context).has_value());
    const Machine nothing = detect(context);
    BOOST_TEST(driver_of(nothing) == "none");
    BOOST_TEST(has_note(nothing, "nvidia-smi.exe: not in %SystemRoot%\\System32"));
}

BOOST_AUTO_TEST_CASE(an_old_nvidia_smi_is_asked_again_without_compute_cap, *test::posix_only()) {
    test::FakeWindows windows("old_nvidia_smi");
    windows.program(windows.program_files() / "NVIDIA Corporation/NVSMI/nvidia-smi.exe",
                    old_nvidia_smi);
    DetectionContext context = windows.context();
    context.gpu_catalog = [] { return &test::windows_test_catalog(); };
    const Machine machine = detect(context);
    BOOST_TEST(driver_of(machine) == "472.12");
    BOOST_TEST(has_note(machine, "does not know 'compute_cap'; asked again"));
    BOOST_REQUIRE(machine.nvidia.gpus.size() == 1u);
    const NvidiaGpu& gpu = machine.nvidia.gpus[0];
    BOOST_TEST(gpu.name == "NVIDIA GeForce RTX 3060");
    BOOST_TEST(gpu.compute_capability->value.to_string() == "8.6");
    BOOST_TEST(gpu.compute_capability->source.find("GeForce RTX 3060") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(without_tools_the_registry_gives_driver_and_gpus) {
    test::FakeWindows windows("nvidia_registry");
    windows.add_display_adapter("0000", R"(pci\ven_10de&dev_2684)", "NVIDIA GeForce RTX 4090",
                                "32.0.15.6636", "NVIDIA");
    DetectionContext context = windows.context();
    context.gpu_catalog = [] { return &test::windows_test_catalog(); };
    const Machine machine = detect(context);
    const std::string key = std::string(display_class_key) + R"(\0000)";
    BOOST_TEST(driver_of(machine) == "566.36");
    BOOST_TEST(machine.nvidia.driver->source ==
               key + " (DriverVersion 32.0.15.6636 in nvidia-smi's form)");
    BOOST_TEST(!machine.nvidia.cuda.has_value());
    BOOST_TEST(has_note(machine, "nvcuda: no library to load"));
    BOOST_REQUIRE(machine.nvidia.gpus.size() == 1u);
    const NvidiaGpu& gpu = machine.nvidia.gpus[0];
    BOOST_TEST(gpu.name == "NVIDIA GeForce RTX 4090");
    BOOST_TEST(gpu.pci_id->to_string() == "10de:2684");
    BOOST_TEST(gpu.source == key);
    BOOST_TEST(gpu.compute_capability->value.to_string() == "8.9");
    BOOST_TEST(has_note(machine, "NVIDIA display adapters are in the registry, but neither NVML "
                                 "nor nvidia-smi described them"));

    windows.registry.set(key, "DriverVersion", std::string("566.36"));
    const Machine garbled = detect(context);
    BOOST_TEST(driver_of(garbled) == "none");
    BOOST_TEST(has_note(garbled, key + ": DriverVersion '566.36': "));
}

BOOST_AUTO_TEST_CASE(nvml_answers_first_and_nvcuda_gives_the_cuda_version_otherwise,
                     *test::posix_only()) {
    test::FakeWindows windows("nvidia_nvml");
    windows.program(windows.system_root() / "System32" / "nvidia-smi.exe", "exit 9");
    DetectionContext context = windows.context();
    context.nvml_libraries = {(windows.system_root() / "System32" / "nvml.dll").string(),
                              TORCHPIN_FAKE_NVML};
    const Machine with_nvml = detect(context);
    BOOST_TEST(with_nvml.nvidia.driver->source == "nvml");
    BOOST_TEST(with_nvml.nvidia.cuda->value.to_string() == "12.4");
    BOOST_TEST(with_nvml.nvidia.gpus.size() == 2u);
    BOOST_TEST(!has_note(with_nvml, "exited with status 9")); // nvidia-smi.exe never ran

    windows.program(windows.system_root() / "System32" / "nvidia-smi.exe",
                    current_nvidia_smi("566.36"));
    context.nvml_libraries = {};
    context.libcuda_libraries = {TORCHPIN_FAKE_LIBCUDA};
    const Machine with_nvcuda = detect(context);
    BOOST_TEST(with_nvcuda.nvidia.driver->source == "nvidia-smi");
    BOOST_TEST(with_nvcuda.nvidia.cuda->value.to_string() == "12.2");
    BOOST_TEST(with_nvcuda.nvidia.cuda->source == "nvcuda cuDriverGetVersion");
}

BOOST_AUTO_TEST_SUITE_END()
