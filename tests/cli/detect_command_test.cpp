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

    const auto named =
        s.run({"--db", db, "--format", "json", "detect", "--machine", profile("gpu-box.json"),
               "--gpu", "geforce rtx3090", "--gpu", "10de:2504"});
    BOOST_REQUIRE_MESSAGE(named.exit_code == 0, named.err);
    const json gpus = json::parse(named.out)["nvidia"]["gpus"];
    BOOST_REQUIRE(gpus.size() == 2u);
    BOOST_TEST(gpus[0]["name"] == "GeForce RTX 3090");
    BOOST_TEST(gpus[0]["compute_capability"]["value"] == "8.6");
    BOOST_TEST(gpus[0]["compute_capability"]["source"] ==
               "option --gpu (model name 'geforce rtx3090' in the GPU model table (GeForce RTX "
               "3090))");
    BOOST_TEST(gpus[1]["pci_id"] == "10de:2504");
    BOOST_TEST(gpus[1]["name"] == "GA106");

    const auto typo =
        s.run({"--db", db, "detect", "--machine", profile("gpu-box.json"), "--gpu", "RTX 3909"});
    BOOST_TEST(typo.exit_code == 2);
    BOOST_TEST(typo.err == "torchpin: error: --gpu 'RTX 3909': unknown GPU: no GPU model is named "
                           "'RTX 3909'; did you mean 'RTX 3090'?\n");

    const auto a100 =
        s.run({"--db", db, "detect", "--machine", profile("gpu-box.json"), "--gpu", "10de:20b0"});
    BOOST_TEST(a100.exit_code == 2);
    BOOST_TEST(a100.err.find("is 'GA100 [A100 SXM4 40GB]' in the GPU PCI table, but the GPU "
                             "model table has no compute capability") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(a_missing_profile_is_bad_input) {
    Scratch s;
    const auto result = s.run({"detect", "--machine", (s.dir / "absent.json").string()});
    BOOST_TEST(result.exit_code == 2);
    BOOST_TEST(result.err.find("absent.json") != std::string::npos, result.err);
}

BOOST_AUTO_TEST_SUITE_END()
