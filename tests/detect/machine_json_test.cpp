// Machine profiles as JSON: every field survives a round trip, the fixture profiles read, and a
// malformed profile is an error naming file, line, column and key.
#include "detect/machine_json.hpp"
#include "engine/base/diagnostic.hpp"
#include "tests/support/test_paths.hpp"

#include <boost/test/unit_test.hpp>

using namespace torchpin;
namespace test = torchpin::test;

namespace {

// A profile with every kind of fact set, as a Windows machine's and a Linux machine's together.
Machine every_fact() {
    Machine m;
    m.os = Fact<OperatingSystem>{OperatingSystem::Linux, "uname"};
    m.os_version = Fact<std::string>{"Ubuntu 22.04.5 LTS", "/etc/os-release"};
    m.arch = Fact<CpuArch>{CpuArch::X86_64, "uname"};
    m.glibc = Fact<OsVersion>{OsVersion{2, 35}, "gnu_get_libc_version()"};
    m.musl = Fact<OsVersion>{OsVersion{1, 2}, "/lib/ld-musl-x86_64.so.1"};
    m.macos_version = Fact<OsVersion>{OsVersion{14, 2}, "sw_vers"};
    m.apple_silicon = Fact<bool>{true, "sysctl hw.optional.arm64"};
    m.wsl = Fact<bool>{true, "/proc/sys/kernel/osrelease"};
    m.container = {{"docker", "/.dockerenv"}, {"kubernetes", "/proc/1/cgroup"}};
    PythonInterpreter python;
    python.path = "/home/me/.venv/bin/python";
    python.source = "$VIRTUAL_ENV";
    python.version = "3.13.1";
    python.abi_flags = "t";
    python.free_threaded = true;
    python.platform = "linux-x86_64";
    python.glibc = OsVersion{2, 35};
    PythonInterpreter pypy;
    pypy.source = "option --python";
    pypy.implementation = PythonImplementation::PyPy;
    pypy.version = "3.10";
    m.pythons = {python, pypy};
    m.nvidia.driver = Fact<std::optional<DriverVersion>>{DriverVersion::from("550.144.03"), "nvml"};
    m.nvidia.cuda = Fact<CudaVersion>{CudaVersion::from("12.4"), "nvml"};
    NvidiaGpu gpu;
    gpu.name = "NVIDIA A100-SXM4-40GB";
    gpu.pci_id = PciId::from("10de:20b0");
    gpu.bus_id = "00000000:AF:00.0";
    gpu.compute_capability = Fact<ComputeCapability>{ComputeCapability(8, 0), "nvml"};
    gpu.memory_mib = 40960;
    gpu.mig = true;
    gpu.source = "nvml";
    NvidiaGpu bare;
    bare.source = "option --gpu";
    m.nvidia.gpus = {gpu, bare};
    m.amd.rocm = Fact<RocmVersion>{RocmVersion::from("6.2.0"), "/opt/rocm/.info/version"};
    m.amd.gpus = {{"gfx1100", "/sys/class/kfd/kfd/topology/nodes/1/properties"}};
    m.intel_gpus = {{PciId::from("8086:56a0"), "Arc A770",
                     Fact<bool>{true, "gpu table: PCI id 8086:56a0"},
                     Fact<bool>{true, "gpu table: Alchemist (Arc A-series, DG2)"},
                     "/sys/bus/pci/devices/0000:03:00.0"},
                    {std::nullopt, "Intel Graphics (Panther Lake)", std::nullopt,
                     Fact<bool>{true, "option --gpu"}, "option --gpu"}};
    m.windows.vc_redist = Fact<std::string>{"14.40.33810.0", "registry"};
    m.windows.system32_dlls = {{"msvcp140.dll", "14.40.33810.0", "System32"}};
    m.windows.display_adapters = {
        {"AMD Radeon RX 6800 XT", PciId::from("1002:73bf"),
         Fact<std::string>{"31.0.24033.1003", R"(HKLM\SYSTEM\Class\0001)"}},
        {"Intel(R) Arc(TM) B580 Graphics", PciId::from("8086:e20b"), std::nullopt}};
    m.notes = {"nvidia-smi: not found on PATH"};
    return m;
}

Machine round_trip(const Machine& machine) {
    return machine_from_json(
        TextInput::from_string(machine_to_json(machine).dump(2), "profile.json"));
}

// The rendered error for reading `text` as a profile.
std::string error_for(const std::string& text) {
    try {
        machine_from_json(TextInput::from_string(text, "box.json"));
    } catch (const InputError& error) {
        return error.what();
    }
    return "no error";
}

} // namespace

BOOST_AUTO_TEST_SUITE(machine_json)

BOOST_AUTO_TEST_CASE(every_fact_survives_a_round_trip) {
    const Machine machine = every_fact();
    BOOST_TEST((round_trip(machine) == machine));
    Machine none_driver;
    none_driver.nvidia.driver = Fact<std::optional<DriverVersion>>{std::nullopt, "option --driver"};
    BOOST_TEST((round_trip(none_driver) == none_driver));
    BOOST_TEST((round_trip(Machine{}) == Machine{}));
}

BOOST_AUTO_TEST_CASE(the_json_has_the_schema_sources_and_tags) {
    const auto json = machine_to_json(every_fact());
    BOOST_TEST(json.begin().key() == "schema");
    BOOST_TEST(json["schema"] == "torchpin/machine/v1");
    BOOST_TEST(json["nvidia"]["driver"]["source"] == "nvml");
    BOOST_TEST(json["nvidia"]["gpus"][0]["compute_capability"]["value"] == "8.0");
    BOOST_TEST(json["pythons"][0]["tags"][0] == "cp313-cp313t-manylinux_2_35_x86_64");
    BOOST_TEST(json["pythons"][1]["tags"][0].get<std::string>().starts_with("pp310-pypy310_pp73"));
    BOOST_TEST(machine_to_json(Machine{}).contains("windows") == false);
    BOOST_TEST(json["windows"]["display_adapters"][0]["pci_id"] == "1002:73bf");
    BOOST_TEST(json["windows"]["display_adapters"][1].contains("driver_version") == false);
    Machine without_adapters;
    without_adapters.windows.vc_redist = Fact<std::string>{"14.44.35211", "option --vc-runtime"};
    BOOST_TEST(machine_to_json(without_adapters)["windows"].contains("display_adapters") == false);
}

BOOST_AUTO_TEST_CASE(the_fixture_profiles_read) {
    for (const char* name : {"gpu-box.json", "windows-box.json", "mac-laptop.json"}) {
        BOOST_TEST_CONTEXT(name) {
            const auto path =
                test::source_path(std::string("tests/data/machines/profiles/") + name);
            const Machine machine = machine_from_json(TextInput::read_file(path));
            BOOST_TEST(machine.os.has_value());
            BOOST_TEST(machine_to_json(machine).dump(2) + "\n" == test::read_file(path));
        }
    }
}

BOOST_AUTO_TEST_CASE(malformed_profiles_name_file_line_column_and_key) {
    struct Case {
        std::string text;
        std::string expected;
    };
    const std::string schema = "{\n  \"schema\": \"torchpin/machine/v1\",\n";
    const std::vector<Case> cases{
        {"{\n  \"schema\": \"torchpin/machine/v1\",\n  \"os\": \n}",
         "box.json:4:1: error: invalid JSON"},
        {"{\"os\": {\"value\": \"linux\", \"source\": \"uname\"}}",
         "box.json:1:1: error: machine profile: missing key 'schema'"},
        {"{\n  \"schema\": \"torchpin/machine/v9\"\n}",
         "box.json:2:3: error: schema: unsupported schema 'torchpin/machine/v9' (this torchpin "
         "reads torchpin/machine/v1)"},
        {schema + "  \"gpu\": []\n}", "box.json:3:3: error: machine profile: unknown key 'gpu'"},
        {schema + "  \"nvidia\": {\"driver\": {\"value\": 535, \"source\": \"x\"}}\n}",
         "box.json:3:25: error: nvidia.driver.value: expected a string"},
        {schema + "  \"nvidia\": {\"driver\": {\"value\": \"535.x\", \"source\": \"x\"}}\n}",
         "box.json:3:25: error: nvidia.driver.value: expected a driver version like 535.104.05, "
         "found '535.x'"},
        {schema + "  \"arch\": {\"value\": \"x86_64\"}\n}",
         "box.json:3:3: error: arch: missing key 'source'"},
        {schema + "  \"arch\": {\"value\": \"sparc\", \"source\": \"uname\"}\n}",
         "box.json:3:12: error: arch.value: expected a CPU architecture like x86_64 or aarch64, "
         "found 'sparc'"},
        {schema + "  \"pythons\": [\n    {\"path\": \"\", \"source\": \"x\", \"implementation\": "
                  "\"cpython\", \"version\": \"3\"}\n  ]\n}",
         "box.json:4:62: error: pythons[0].version: expected a Python version like 3.11 or "
         "3.11.7, found '3'"},
        {schema + "  \"nvidia\": {\"gpus\": [{\"name\": \"x\", \"source\": \"y\", \"memory_mib\": "
                  "-1}]}\n}",
         "box.json:3:52: error: nvidia.gpus[0].memory_mib: expected a whole number"},
        {schema + "  \"nvidia\": {\"gpus\": {}}\n}",
         "box.json:3:14: error: nvidia.gpus: expected an array"},
        {schema + "  \"windows\": {\"display_adapters\": [{\"name\": \"x\", \"pci_id\": "
                  "\"PCI\\\\VEN_1002\"}]}\n}",
         "box.json:3:50: error: windows.display_adapters[0].pci_id: expected a PCI id like "
         "10de:2204, found 'PCI\\VEN_1002'"},
    };
    for (const auto& c : cases) {
        BOOST_TEST_CONTEXT(c.text) {
            const std::string error = error_for(c.text);
            BOOST_TEST(error.find(c.expected) == 0u, error);
        }
    }
}

BOOST_AUTO_TEST_SUITE_END()
