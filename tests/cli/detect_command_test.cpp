// `torchpin detect` end to end: this machine's profile (no NVIDIA driver here, the right glibc
// and Python), the --machine round trip, and GPU names looked up in a matrix built for the test.
#include "tests/support/process.hpp"
#include "tests/support/test_paths.hpp"

#include <filesystem>
#include <fstream>
#include <gnu/libc-version.h>
#include <unistd.h>

#include <boost/test/unit_test.hpp>
#include <nlohmann/json.hpp>

namespace test = torchpin::test;
using nlohmann::json;

namespace {

struct Scratch {
    std::filesystem::path dir;
    Scratch() {
        dir = std::filesystem::temp_directory_path() /
              ("torchpin_detect_" + std::to_string(getpid()));
        std::filesystem::remove_all(dir);
        std::filesystem::create_directories(dir);
    }
    ~Scratch() { std::filesystem::remove_all(dir); }
    std::map<std::string, std::string> env() const {
        return {{"TORCHPIN_DB", "/nonexistent/torchpin-test.db"},
                {"TORCHPIN_CACHE_DIR", (dir / "cache").string()}};
    }
    test::ProcessResult run(const std::vector<std::string>& args) const {
        return test::run_torchpin(args, "", env());
    }
};

std::string profile(const std::string& name) {
    return test::source_path("tests/data/machines/profiles/" + name).string();
}

bool has_nvidia_driver() {
    return std::filesystem::exists("/proc/driver/nvidia/version") ||
           std::filesystem::exists("/sys/module/nvidia/version") ||
           std::filesystem::exists("/usr/lib/wsl/lib/nvidia-smi");
}

} // namespace

BOOST_AUTO_TEST_SUITE(detect_command)

BOOST_AUTO_TEST_CASE(this_machine_reports_its_glibc_python_and_driver) {
    Scratch s;
    const auto result = s.run({"--format", "json", "detect"});
    BOOST_REQUIRE_MESSAGE(result.exit_code == 0, result.err);
    const json machine = json::parse(result.out);
    BOOST_TEST(machine["schema"] == "torchpin/machine/v1");
    BOOST_TEST(machine["os"]["value"] == "linux");
    BOOST_TEST(machine["glibc"]["value"] == gnu_get_libc_version());
    if (!has_nvidia_driver()) {
        BOOST_TEST(machine["nvidia"]["driver"]["value"].is_null());
        BOOST_TEST(machine["nvidia"]["gpus"].empty());
    }
    // The interpreter python3 on PATH runs, by its own account.
    const char* path = std::getenv("PATH");
    const auto python = test::run_process(
        "/usr/bin/env",
        {"python3", "-c",
         "import sys, platform; print(platform.python_version()); print(sys.executable)"},
        "", {{"PATH", path != nullptr ? path : ""}});
    if (python.exit_code == 0 && std::getenv("VIRTUAL_ENV") == nullptr &&
        std::getenv("CONDA_PREFIX") == nullptr) {
        BOOST_REQUIRE(!machine["pythons"].empty());
        const auto lines = python.out;
        const std::string version = lines.substr(0, lines.find('\n'));
        BOOST_TEST(machine["pythons"][0]["version"] == version);
        BOOST_TEST(!machine["pythons"][0]["tags"].empty());
    }
}

BOOST_AUTO_TEST_CASE(a_detected_profile_reads_back_unchanged) {
    Scratch s;
    const auto detected = s.run({"--format", "json", "detect"});
    BOOST_REQUIRE(detected.exit_code == 0);
    const auto file = s.dir / "this-machine.json";
    std::ofstream(file) << detected.out;
    const auto again = s.run({"--format", "json", "detect", "--machine", file.string()});
    BOOST_TEST(again.exit_code == 0, again.err);
    BOOST_TEST(again.out == detected.out);
}

BOOST_AUTO_TEST_CASE(the_text_report_groups_facts_with_sources_and_notes_last) {
    Scratch s;
    const auto result = s.run({"detect"});
    BOOST_REQUIRE(result.exit_code == 0);
    BOOST_TEST(result.out.find("System\n  OS            linux  (uname)\n") == 0u, result.out);
    BOOST_TEST(result.out.find("\nPython\n") != std::string::npos);
    BOOST_TEST(result.out.find("\nNVIDIA\n") != std::string::npos);
    if (!has_nvidia_driver()) {
        BOOST_TEST(result.out.find("\nNotes\n") != std::string::npos);
        BOOST_TEST(result.out.find("nvidia-smi") != std::string::npos);
    }
}

BOOST_AUTO_TEST_CASE(gpu_names_and_pci_ids_resolve_through_the_matrix) {
    Scratch s;
    const std::string db = (s.dir / "gpus.db").string();
    const auto built = s.run({"--quiet", "--db", db, "db", "build", "--data",
                              test::source_path("tests/data/machines/gpu_dataset").string()});
    BOOST_REQUIRE_MESSAGE(built.exit_code == 0, built.err);

    const auto named = s.run({"--db", db, "--format", "json", "detect", "--machine",
                              profile("gpu-box.json"), "--gpu", "geforce gtx1080ti", "--gpu",
                              "10de:2204", "--gpu", "1002:73bf", "--gpu", "Intel Arc B580"});
    BOOST_REQUIRE_MESSAGE(named.exit_code == 0, named.err);
    const json profile_json = json::parse(named.out);
    const json gpus = profile_json["nvidia"]["gpus"];
    BOOST_REQUIRE(gpus.size() == 2u);
    BOOST_TEST(gpus[0]["name"] == "GeForce GTX 1080 Ti");
    BOOST_TEST(gpus[0]["pci_id"] == "10de:1b06");
    BOOST_TEST(gpus[0]["compute_capability"]["value"] == "6.1");
    BOOST_TEST(gpus[0]["compute_capability"]["source"] ==
               "option --gpu ('geforce gtx1080ti' is GeForce GTX 1080 Ti in the NVIDIA GPU table)");
    BOOST_TEST(gpus[1]["name"] == "GeForce RTX 3090");
    BOOST_TEST(gpus[1]["compute_capability"]["value"] == "8.6");
    const json amd = profile_json["amd"]["gpus"];
    BOOST_REQUIRE(amd.size() == 1u);
    BOOST_TEST(amd[0]["gfx_target"] == "gfx1030");
    const json intel = profile_json["intel"]["gpus"];
    BOOST_REQUIRE(intel.size() == 1u);
    BOOST_TEST(intel[0]["pci_id"] == "8086:e20b");
    BOOST_TEST(intel[0]["xpu"]["value"] == true);
    BOOST_TEST(!intel[0].contains("discrete"));

    const auto typo =
        s.run({"--db", db, "detect", "--machine", profile("gpu-box.json"), "--gpu", "RTX 3909"});
    BOOST_TEST(typo.exit_code == 2);
    BOOST_TEST(typo.err == "torchpin: error: --gpu 'RTX 3909': unknown GPU: no GPU in the NVIDIA, "
                           "AMD or Intel tables is named 'RTX 3909'; did you mean 'GeForce RTX "
                           "3090'?\n");

    const auto titan =
        s.run({"--db", db, "detect", "--machine", profile("gpu-box.json"), "--gpu", "Titan X"});
    BOOST_TEST(titan.exit_code == 2);
    BOOST_TEST(titan.err == "torchpin: error: --gpu 'Titan X': ambiguous: 'Titan X' names GPUs "
                            "that differ: compute capability 5.2: GeForce GTX TITAN X; compute "
                            "capability 6.1: TITAN X Pascal. Name one of them, or give its "
                            "PCI id, compute capability or gfx target\n");

    const auto k40c =
        s.run({"--db", db, "detect", "--machine", profile("gpu-box.json"), "--gpu", "10de:1024"});
    BOOST_TEST(k40c.exit_code == 2);
    BOOST_TEST(k40c.err.find("PCI id 10de:1024 is 'GK180GL [Tesla K40c]' in torchruntime's PCI "
                             "list, but no GPU table gives it a compute capability") !=
               std::string::npos);
}

BOOST_AUTO_TEST_CASE(a_missing_profile_is_bad_input) {
    Scratch s;
    const auto result = s.run({"detect", "--machine", (s.dir / "absent.json").string()});
    BOOST_TEST(result.exit_code == 2);
    BOOST_TEST(result.err.find("absent.json") != std::string::npos, result.err);
}

BOOST_AUTO_TEST_SUITE_END()
