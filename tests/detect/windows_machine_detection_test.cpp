// A whole fake Windows machine through detect_machine: OS facts from the platform layer, GPUs of
// three vendors from the registry and nvidia-smi.exe, the VC++ runtime, the py launcher's
// interpreter, and nothing read from the Linux root the context also points at.
#include "detect/machine_detection.hpp"
#include "detect/machine_json.hpp"
#include "detect/windows_display_adapters.hpp"
#include "tests/detect/fake_windows.hpp"
#include "tests/support/platform.hpp"
#include "tests/support/test_paths.hpp"

#include <algorithm>

#include <boost/test/unit_test.hpp>

using namespace torchpin;
namespace test = torchpin::test;

BOOST_AUTO_TEST_SUITE(windows_machine_detection)

BOOST_AUTO_TEST_CASE(a_windows_machine_with_three_gpus_the_vc_runtime_and_python,
                     *test::posix_only()) {
    test::FakeWindows windows("whole_machine");
    // Driver versions as Device Manager shows them (the-database/mpv-AnimeJaNai pull request
    // #81 gives these AMD and Intel ones).
    windows.add_display_adapter("0000", R"(pci\ven_10de&dev_2684)", "NVIDIA GeForce RTX 4090",
                                "32.0.15.6636", "NVIDIA");
    windows.add_display_adapter("0001", R"(PCI\VEN_1002&DEV_73BF&REV_C1)", "AMD Radeon RX 6800 XT",
                                "31.0.24033.1003", "Advanced Micro Devices, Inc.");
    windows.add_display_adapter("0002", R"(PCI\VEN_8086&DEV_E20B)",
                                "Intel(R) Arc(TM) B580 Graphics", "32.0.101.6737",
                                "Intel Corporation");
    const std::string runtimes = R"(HKLM\SOFTWARE\Microsoft\VisualStudio\14.0\VC\Runtimes\x64)";
    windows.registry.set(runtimes, "Installed", std::uint32_t{1});
    windows.registry.set(runtimes, "Major", std::uint32_t{14});
    windows.registry.set(runtimes, "Minor", std::uint32_t{44});
    windows.registry.set(runtimes, "Bld", std::uint32_t{35211});
    windows.program(windows.system_root() / "System32/nvidia-smi.exe",
                    "printf '%s\\n' 'NVIDIA GeForce RTX 4090, 00000000:01:00.0, 566.36, 24564 MiB, "
                    "8.9, [N/A]'");
    const auto python = windows.drive() / "Python312" / "python.exe";
    std::filesystem::create_directories(python.parent_path());
    std::filesystem::copy_file(TORCHPIN_FAKE_PYTHON, python);
    windows.program(windows.system_root() / "py.exe",
                    "printf ' -V:3.12 *        %s\\r\\n' '" + python.string() + "'");
    const auto store =
        windows.program(windows.local_app_data() / "Microsoft/WindowsApps/python.exe",
                        "echo 'Python was not found'; exit 9009");
    DetectionContext context = windows.context();
    context.path = store.parent_path().string();
    context.gpu_catalog = [] { return &test::windows_test_catalog(); };
    context.file_version = [](const std::filesystem::path& file) {
        return file.filename() == "msvcp140.dll" ? std::optional<std::string>("14.44.35211.0")
                                                 : std::nullopt;
    };
    // A Linux root full of facts (os-release, the NVIDIA module's version, nvidia-smi): none may
    // be read on Windows.
    context.root = HostRoot(test::source_path("tests/data/machines/one_nvidia"));
    PythonProbeCache no_cache("");
    const Machine machine = detect_machine(context, std::nullopt, no_cache);

    BOOST_TEST((machine.os->value == OperatingSystem::Windows));
    BOOST_TEST((machine.arch->value == CpuArch::X86_64));
    BOOST_TEST(machine.arch->source == "IsWow64Process2");
    BOOST_TEST(machine.os_version->value == "10.0.22631");
    BOOST_TEST(machine.os_version->source == "RtlGetVersion");
    BOOST_TEST(!machine.glibc.has_value());
    BOOST_TEST(!machine.wsl.has_value());
    BOOST_TEST(machine.container.empty());

    BOOST_TEST(machine.nvidia.driver->value->to_string() == "566.36");
    BOOST_TEST(machine.nvidia.driver->source == "nvidia-smi");
    BOOST_REQUIRE(machine.nvidia.gpus.size() == 1u);
    BOOST_TEST(machine.nvidia.gpus[0].compute_capability->value.to_string() == "8.9");

    const std::string key = std::string(display_class_key) + "\\";
    BOOST_REQUIRE(machine.amd.gpus.size() == 1u);
    BOOST_TEST(machine.amd.gpus[0].gfx_target == "gfx1030");
    BOOST_TEST(machine.amd.gpus[0].source ==
               "gpu table: PCI id 1002:73bf is Radeon RX 6800/6800 XT / 6900 XT in the AMD GPU "
               "table (" +
                   key + "0001)");
    BOOST_REQUIRE(machine.intel_gpus.size() == 1u);
    BOOST_TEST(machine.intel_gpus[0].name == "Arc B580");
    BOOST_TEST(machine.intel_gpus[0].xpu->value == true);
    BOOST_TEST(machine.intel_gpus[0].discrete->value == true);
    BOOST_TEST(machine.intel_gpus[0].source == key + "0002");

    const auto& adapters = machine.windows.display_adapters;
    BOOST_REQUIRE(adapters.size() == 3u);
    BOOST_TEST(adapters[1].name == "AMD Radeon RX 6800 XT");
    BOOST_TEST(adapters[1].driver_version->value == "31.0.24033.1003");
    BOOST_TEST(adapters[1].driver_version->source == key + "0001");
    BOOST_TEST(adapters[2].driver_version->value == "32.0.101.6737");
    BOOST_TEST(machine.windows.vc_redist->value == "14.44.35211");
    BOOST_TEST(machine.windows.vc_redist->source == runtimes);
    BOOST_TEST(machine.windows.system32_dlls.at(0).version == "14.44.35211.0");

    BOOST_REQUIRE(machine.pythons.size() == 1u);
    BOOST_TEST(machine.pythons[0].source == "py -0p: -V:3.12 (its default)");
    BOOST_TEST(machine.pythons[0].path == python.string());
    const auto noted = [&machine](const std::string& text) {
        return std::find(machine.notes.begin(), machine.notes.end(), text) != machine.notes.end();
    };
    BOOST_TEST(noted(store.string() + " is the Microsoft Store's alias, skipped"));
    BOOST_TEST(!noted("python.exe: not found on PATH")); // the alias is what PATH had

    for (const auto& note : machine.notes) {
        BOOST_TEST((note.find("/proc") == std::string::npos &&
                    note.find("/sys") == std::string::npos &&
                    note.find("/etc") == std::string::npos),
                   note);
    }
    BOOST_TEST((machine_from_json(
                    TextInput::from_string(machine_to_json(machine).dump(), "m.json")) == machine));
}

BOOST_AUTO_TEST_SUITE_END()
