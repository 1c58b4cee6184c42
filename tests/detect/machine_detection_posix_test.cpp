// Whole-machine detection on the fake machines: the hardware probes plus the Python interpreters
// their PATH holds, each environment described once.
#include "detect/machine_detection.hpp"
#include "tests/support/test_paths.hpp"

#include <fstream>
#include <unistd.h>

#include <boost/test/unit_test.hpp>

using namespace torchpin;
namespace test = torchpin::test;

namespace {

DetectionContext fake_context(const std::string& name) {
    DetectionContext context;
    const auto root = test::source_path("tests/data/machines/" + name);
    context.root = HostRoot(root);
    context.path = (root / "usr" / "bin").string();
    context.uname_machine = "x86_64";
    context.glibc = OsVersion{2, 35};
    context.nvml_libraries = {};
    context.libcuda_libraries = {};
    return context;
}

} // namespace

BOOST_AUTO_TEST_SUITE(machine_detection)

BOOST_AUTO_TEST_CASE(a_fake_machine_with_its_python) {
    PythonProbeCache no_cache("");
    const Machine machine = detect_machine(fake_context("one_nvidia"), std::nullopt, no_cache);
    BOOST_REQUIRE(machine.pythons.size() == 1u);
    const PythonInterpreter& python = machine.pythons[0];
    BOOST_TEST(python.version == "3.10.12");
    BOOST_TEST(python.source == "PATH");
    BOOST_TEST(python.path.ends_with("tests/data/machines/one_nvidia/usr/bin/python3"));
    BOOST_TEST((python.glibc == OsVersion{2, 35}));
    BOOST_TEST(machine.nvidia.gpus.size() == 1u);
    const auto env = tag_environment(machine, python);
    BOOST_REQUIRE(env.has_value());
    BOOST_TEST(accepted_tags(*env).front().to_string() == "cp310-cp310-manylinux_2_35_x86_64");
}

BOOST_AUTO_TEST_CASE(one_environment_reached_twice_is_described_once) {
    // $VIRTUAL_ENV/bin/python and python3 on PATH both print the same executable and prefix.
    DetectionContext context = fake_context("no_gpu");
    const auto bin = test::source_path("tests/data/machines/no_gpu/usr/bin");
    const auto venv =
        std::filesystem::temp_directory_path() / ("torchpin_venv_" + std::to_string(getpid()));
    std::filesystem::create_directories(venv / "bin");
    std::filesystem::copy_file(bin / "python3", venv / "bin" / "python",
                               std::filesystem::copy_options::overwrite_existing);
    context.environment = {{"VIRTUAL_ENV", venv.string()}};
    PythonProbeCache no_cache("");
    const Machine machine = detect_machine(context, std::nullopt, no_cache);
    std::filesystem::remove_all(venv);
    BOOST_REQUIRE(machine.pythons.size() == 1u);
    BOOST_TEST(machine.pythons[0].source == "$VIRTUAL_ENV");
}

BOOST_AUTO_TEST_CASE(no_python_is_a_note) {
    DetectionContext context = fake_context("no_gpu");
    context.path = "/nonexistent";
    PythonProbeCache no_cache("");
    const Machine machine = detect_machine(context, std::nullopt, no_cache);
    BOOST_TEST(machine.pythons.empty());
    BOOST_TEST(machine.notes.back() == "no Python interpreter could be described");
    const Machine chosen = detect_machine(
        context, test::source_path("tests/data/machines/wsl/usr/bin/python3").string(), no_cache);
    BOOST_TEST(chosen.pythons.at(0).source == "option --python-exe");
}

BOOST_AUTO_TEST_SUITE_END()
