// Windows detection on Windows itself (under wine in CI, in a WINEPREFIX this suite owns): the
// registry written with reg.exe, stand-in nvidia-smi.exe and nvml.dll built with mingw, and the
// Win32 side of the platform layer that reads them.
#include "detect/machine_detection.hpp"
#include "detect/windows_python_discovery.hpp"
#include "engine/base/host_system.hpp"
#include "engine/base/program_run.hpp"
#include "engine/base/registry.hpp"
#include "engine/base/utf8_path.hpp"
#include "tests/detect/fake_windows.hpp"
#include "tests/support/scratch_directory.hpp"

#include <algorithm>

#include <boost/test/unit_test.hpp>

using namespace torchpin;
using namespace std::chrono_literals;
namespace test = torchpin::test;

namespace {

const std::string runtimes = R"(HKLM\SOFTWARE\Microsoft\VisualStudio\14.0\VC\Runtimes\x64)";
const std::string display_class =
    R"(HKLM\SYSTEM\CurrentControlSet\Control\Class\{4d36e968-e325-11ce-bfc1-08002be10318})";

// reg.exe add KEY /v NAME /t TYPE /d DATA /f, in the 64-bit view.
void reg_add(const std::string& key, const std::string& name, const std::string& type,
             const std::string& data) {
    const auto reg = path_from_utf8(host_variable("SystemRoot").value()) / "system32" / "reg.exe";
    const auto run =
        run_program(reg, {"add", key, "/v", name, "/t", type, "/d", data, "/f", "/reg:64"}, 30s);
    BOOST_TEST_REQUIRE(run.succeeded(), "reg add " << key << " " << name << ": " << run.out
                                                   << run.err << run.describe(30s));
}

// A machine whose System32 is a scratch folder: a context of this process with SystemRoot,
// ProgramFiles and PATH pointing into it, nothing else changed.
struct ScratchWindows {
    test::ScratchDirectory scratch{"windows_detection"};
    std::filesystem::path system32 = scratch.path() / "Windows" / "System32";

    ScratchWindows() { std::filesystem::create_directories(system32); }

    DetectionContext context(const std::string& path = "") const {
        DetectionContext context = DetectionContext::this_machine();
        context.environment["SystemRoot"] = utf8_of(scratch.path() / "Windows");
        context.environment["ProgramFiles"] = utf8_of(scratch.path() / "Program Files");
        context.environment["LOCALAPPDATA"] = utf8_of(scratch.path() / "Local");
        context.path = path;
        context.nvml_libraries = {utf8_of(system32 / "nvml.dll")};
        context.libcuda_libraries = {};
        context.gpu_catalog = [] { return &test::windows_test_catalog(); };
        return context;
    }
    void install(const char* built, const std::string& as) const {
        std::filesystem::copy_file(built, system32 / as,
                                   std::filesystem::copy_options::overwrite_existing);
    }
};

Machine detect(const DetectionContext& context) {
    PythonProbeCache no_cache("");
    return detect_machine(context, std::nullopt, no_cache);
}

} // namespace

BOOST_AUTO_TEST_SUITE(windows_detection)

// py.exe in %SystemRoot% (a stand-in answering -0p), a PEP 514 key written with reg.exe, and a
// PATH holding the Microsoft Store's alias before a real python.exe: the interpreters in the
// order detection asks them, the alias skipped.
BOOST_AUTO_TEST_CASE(the_py_launcher_pep_514_and_path_give_the_interpreters_in_order) {
    const ScratchWindows windows;
    const std::filesystem::path root = windows.scratch.path();
    std::filesystem::copy_file(TORCHPIN_FAKE_PY_LAUNCHER, root / "Windows" / "py.exe");
    const auto interpreter = [&](const std::filesystem::path& folder) {
        std::filesystem::create_directories(root / folder);
        std::filesystem::copy_file(TORCHPIN_FAKE_PY_LAUNCHER, root / folder / "python.exe");
        return root / folder / "python.exe";
    };
    const auto python312 = interpreter("Python312");
    const auto python311 = interpreter(path_from_utf8("Zoë Python 311"));
    const auto python310 = interpreter("Python310");
    interpreter(std::filesystem::path("Local") / "Microsoft" / "WindowsApps");
    const auto on_path = interpreter("Tools");
    const std::string pep514 = R"(HKCU\Software\Python\PythonCore\3.10-torchpin-test\InstallPath)";
    const auto reg = path_from_utf8(host_variable("SystemRoot").value()) / "system32" / "reg.exe";
    const auto added = run_program(
        reg, {"add", pep514, "/ve", "/d", utf8_of(root / "Python310"), "/f", "/reg:64"}, 30s);
    BOOST_TEST_REQUIRE(added.succeeded(), added.out << added.err);

    DetectionContext context = windows.context(
        utf8_of(root / "Local" / "Microsoft" / "WindowsApps") + ";" + utf8_of(root / "Tools"));
    context.environment.erase("VIRTUAL_ENV");
    context.environment.erase("CONDA_PREFIX");
    std::vector<std::string> notes;
    const auto candidates = windows_python_candidates(context, notes);
    std::vector<std::string> paths;
    for (const auto& candidate : candidates) {
        paths.push_back(utf8_of(candidate.path));
    }
    const std::vector<std::string> expected{utf8_of(python312), utf8_of(python311),
                                            utf8_of(python310), utf8_of(on_path)};
    BOOST_TEST(paths == expected, boost::test_tools::per_element());
    BOOST_TEST(candidates.front().source == "py -0p: -V:3.12 (its default)");
    const bool alias_noted = std::any_of(notes.begin(), notes.end(), [](const std::string& n) {
        return n.find("Microsoft Store's alias") != std::string::npos;
    });
    BOOST_TEST(alias_noted);
}

BOOST_AUTO_TEST_CASE(this_process_is_described_as_windows_by_the_platform_layer) {
    BOOST_TEST((host_kind() == HostKind::Windows));
    BOOST_TEST(host_machine_arch() == "x86_64");
    const auto build = host_windows_build();
    BOOST_REQUIRE(build.has_value());
    BOOST_TEST(build->starts_with("10.0."), *build);
    BOOST_TEST(!host_glibc_version().has_value());
}

BOOST_AUTO_TEST_CASE(nvidia_smi_exe_in_system32_the_vc_runtime_key_and_adapters_are_read) {
    const ScratchWindows windows;
    windows.install(TORCHPIN_FAKE_NVIDIA_SMI, "nvidia-smi.exe");
    reg_add(runtimes, "Installed", "REG_DWORD", "1");
    reg_add(runtimes, "Version", "REG_SZ", "v14.44.35211.00");
    reg_add(runtimes, "Major", "REG_DWORD", "14");
    reg_add(runtimes, "Minor", "REG_DWORD", "44");
    reg_add(runtimes, "Bld", "REG_DWORD", "35211");
    reg_add(display_class + R"(\0901)", "MatchingDeviceId", "REG_SZ", R"(PCI\VEN_1002&DEV_73BF)");
    reg_add(display_class + R"(\0901)", "DriverDesc", "REG_SZ", "AMD Radeon RX 6800 XT");
    reg_add(display_class + R"(\0901)", "DriverVersion", "REG_SZ", "31.0.24033.1003");
    reg_add(display_class + R"(\0902)", "MatchingDeviceId", "REG_SZ", R"(pci\ven_8086&dev_e20b)");
    reg_add(display_class + R"(\0902)", "DriverDesc", "REG_SZ", "Intel(R) Arc(TM) B580 Graphics");
    reg_add(display_class + R"(\0902)", "DriverVersion", "REG_SZ", "32.0.101.6737");

    BOOST_TEST(system_registry().number(runtimes, "bld").value() == 35211u);
    const Machine machine = detect(windows.context());
    BOOST_TEST((machine.os->value == OperatingSystem::Windows));
    BOOST_TEST(machine.os_version->source == "RtlGetVersion");
    BOOST_REQUIRE(machine.nvidia.driver.has_value());
    BOOST_TEST(machine.nvidia.driver->value->to_string() == "566.36");
    BOOST_TEST(machine.nvidia.driver->source == "nvidia-smi");
    BOOST_REQUIRE(machine.nvidia.gpus.size() == 1u);
    BOOST_TEST(machine.nvidia.gpus[0].compute_capability->value.to_string() == "8.9");
    BOOST_REQUIRE(machine.windows.vc_redist.has_value());
    BOOST_TEST(machine.windows.vc_redist->value == "14.44.35211");
    BOOST_TEST(machine.windows.vc_redist->source == runtimes);
    BOOST_REQUIRE(machine.amd.gpus.size() == 1u);
    BOOST_TEST(machine.amd.gpus[0].gfx_target == "gfx1030");
    BOOST_REQUIRE(machine.intel_gpus.size() == 1u);
    BOOST_TEST(machine.intel_gpus[0].source == display_class + R"(\0902)");
}

BOOST_AUTO_TEST_CASE(an_nvidia_smi_before_510_is_asked_again_without_compute_cap) {
    const ScratchWindows windows;
    windows.install(TORCHPIN_FAKE_NVIDIA_SMI_BEFORE_510, "nvidia-smi.exe");
    const Machine machine = detect(windows.context());
    BOOST_REQUIRE(machine.nvidia.driver.has_value());
    BOOST_TEST(machine.nvidia.driver->value->to_string() == "472.12");
    BOOST_REQUIRE(machine.nvidia.gpus.size() == 1u);
    BOOST_TEST(machine.nvidia.gpus[0].name == "NVIDIA GeForce RTX 3060");
}

BOOST_AUTO_TEST_CASE(nvidia_smi_exe_is_found_on_path_when_system32_has_none) {
    const ScratchWindows windows;
    const auto tools = windows.scratch.path() / "Tools with spaces" / "Zoë";
    std::filesystem::create_directories(tools);
    std::filesystem::copy_file(TORCHPIN_FAKE_NVIDIA_SMI, tools / "nvidia-smi.exe");
    const Machine machine = detect(windows.context(utf8_of(tools)));
    BOOST_REQUIRE(machine.nvidia.driver.has_value());
    BOOST_TEST(machine.nvidia.driver->value->to_string() == "566.36");
}

BOOST_AUTO_TEST_CASE(nvml_dll_in_system32_is_loaded_before_nvidia_smi_is_run) {
    const ScratchWindows windows;
    windows.install(TORCHPIN_FAKE_NVML, "nvml.dll");
    windows.install(TORCHPIN_FAKE_NVIDIA_SMI, "nvidia-smi.exe");
    const Machine machine = detect(windows.context());
    BOOST_REQUIRE(machine.nvidia.driver.has_value());
    BOOST_TEST(machine.nvidia.driver->value->to_string() == "550.144.03"); // the fake NVML's
    BOOST_TEST(machine.nvidia.driver->source == "nvml");
    BOOST_TEST(machine.nvidia.gpus.size() == 2u);
}

BOOST_AUTO_TEST_SUITE_END()
