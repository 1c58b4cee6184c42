// The interpreter self-description: the script's real output from this project's machines, the
// fields it must have, and the cache that spares the Python start on later runs.
#include "detect/python_probe.hpp"
#include "detect/python_probe_cache.hpp"
#include "tests/support/platform.hpp"
#include "tests/support/test_paths.hpp"

#include <fstream>
#include <unistd.h>

#include <boost/test/unit_test.hpp>

using namespace torchpin;
using namespace std::chrono_literals;
namespace test = torchpin::test;

namespace {

PythonDescription parse_sample(const std::string& name) {
    auto parsed = parse_python_probe_output(
        test::read_file(test::source_path("tests/data/detection/python/" + name)));
    if (!parsed) {
        BOOST_FAIL(name << ": " << parsed.error().message);
    }
    return *std::move(parsed);
}

struct Scratch {
    std::filesystem::path dir;
    Scratch() {
        dir = std::filesystem::temp_directory_path() /
              ("torchpin_probe_cache_" + std::to_string(getpid()));
        std::filesystem::remove_all(dir);
        std::filesystem::create_directories(dir);
    }
    ~Scratch() { std::filesystem::remove_all(dir); }
};

} // namespace

BOOST_AUTO_TEST_SUITE(python_probe)

BOOST_AUTO_TEST_CASE(real_outputs_describe_their_interpreters) {
    const auto debian = parse_sample("cpython-3.11.2-debian12.json");
    BOOST_TEST(debian.executable == "/usr/bin/python3");
    BOOST_TEST(debian.prefix == "/usr");
    BOOST_TEST(debian.interpreter.version == "3.11.2");
    BOOST_TEST((debian.interpreter.implementation == PythonImplementation::CPython));
    BOOST_TEST(debian.interpreter.platform == "linux-x86_64");
    BOOST_TEST((debian.interpreter.glibc == OsVersion{2, 36}));
    BOOST_TEST(!debian.interpreter.free_threaded);

    const auto old = parse_sample("cpython-3.6.15-pyenv-debian12.json");
    BOOST_TEST(old.interpreter.abi_flags == "m");
    BOOST_TEST(old.interpreter.target()->abi() == "cp36m");
    const auto gil = parse_sample("cpython-3.13.0-pyenv-debian12.json");
    BOOST_TEST(!gil.interpreter.free_threaded); // Py_GIL_DISABLED is 0
}

BOOST_AUTO_TEST_CASE(free_threaded_pypy_and_musl_interpreters) {
    const auto free_threaded = parse_python_probe_output(
        R"({"executable": "/usr/bin/python3.13t", "prefix": "/usr", "implementation": "cpython",
            "version": [3, 13, 1], "abiflags": "t", "gil_disabled": 1,
            "platform": "linux-x86_64", "glibc": "glibc 2.39"})");
    BOOST_TEST(free_threaded->interpreter.free_threaded);
    BOOST_TEST(free_threaded->interpreter.target()->abi() == "cp313t");
    const auto pypy = parse_python_probe_output(
        R"({"executable": "/opt/pypy/bin/pypy3", "prefix": "/opt/pypy", "implementation": "pypy",
            "version": [3, 10, 14], "abiflags": "", "gil_disabled": null,
            "platform": "linux-x86_64", "glibc": "glibc 2.36"})");
    BOOST_TEST((pypy->interpreter.implementation == PythonImplementation::PyPy));
    const auto musl = parse_python_probe_output(
        R"({"executable": "/usr/bin/python3", "prefix": "/usr", "implementation": "cpython",
            "version": [3, 12, 7], "abiflags": "", "gil_disabled": null,
            "platform": "linux-x86_64", "glibc": null})");
    BOOST_TEST(!musl->interpreter.glibc.has_value());
}

BOOST_AUTO_TEST_CASE(other_output_is_rejected) {
    for (const char* output : {"", "Python 3.11.2", "[]", R"({"executable": "/usr/bin/python3"})",
                               R"({"executable": "x", "prefix": "/", "implementation": "ironpython",
              "version": [3, 4, 0], "platform": "cli"})",
                               R"({"executable": "x", "prefix": "/", "implementation": "cpython",
              "version": [3, 11], "platform": "linux-x86_64"})"}) {
        BOOST_TEST(!parse_python_probe_output(output).has_value(), output);
    }
}

BOOST_AUTO_TEST_CASE(interpreters_that_fail_leave_a_note, *test::posix_only()) {
    std::vector<std::string> notes;
    const PythonCandidate failing{"/bin/false", "PATH"};
    BOOST_TEST(!run_python_probe(failing, 5s, notes).has_value());
    BOOST_TEST(notes.at(0) == "python (/bin/false) exited with status 1");
    const PythonCandidate missing{"/nonexistent/python3", "option --python-exe"};
    BOOST_TEST(!run_python_probe(missing, 5s, notes).has_value());
    BOOST_TEST(notes.at(1).find("could not be started") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(the_cache_remembers_a_binary_until_it_changes) {
    Scratch scratch;
    const auto python = scratch.dir / "python3";
    std::filesystem::copy_file(TORCHPIN_FAKE_PYTHON, python);
    const PythonCandidate candidate{python, "PATH"};
    const auto file = scratch.dir / "cache" / "interpreters.json";
    std::vector<std::string> notes;
    {
        PythonProbeCache cache(file);
        BOOST_TEST(!cache.find(candidate).has_value());
        const auto described = cache.describe(candidate, 5s, notes);
        BOOST_TEST(described->interpreter.version == "3.11.2");
        BOOST_TEST(described->interpreter.path == python.string());
        cache.save();
    }
    PythonProbeCache reloaded(file);
    const auto remembered = reloaded.find(candidate);
    BOOST_REQUIRE(remembered.has_value());
    BOOST_TEST(remembered->interpreter.source == "PATH");
    std::ofstream(python, std::ios::app) << "changed";
    BOOST_TEST(!reloaded.find(candidate).has_value());
    BOOST_TEST(notes.empty());
}

BOOST_AUTO_TEST_CASE(scripts_are_never_remembered, *test::posix_only()) {
    Scratch scratch;
    const auto file = scratch.dir / "interpreters.json";
    const PythonCandidate script{test::source_path("tests/data/machines/no_gpu/usr/bin/python3"),
                                 "PATH"};
    PythonProbeCache cache(file);
    std::vector<std::string> notes;
    BOOST_TEST(cache.describe(script, 5s, notes)->interpreter.version == "3.11.2");
    cache.save();
    BOOST_TEST(!std::filesystem::exists(file));
}

BOOST_AUTO_TEST_CASE(the_cache_file_follows_the_xdg_rules) {
    DetectionContext context;
    context.environment = {{"HOME", "/home/me"}};
    BOOST_TEST(python_probe_cache_file(context) == "/home/me/.cache/torchpin/interpreters.json");
    context.environment["XDG_CACHE_HOME"] = "/cache";
    BOOST_TEST(python_probe_cache_file(context) == "/cache/torchpin/interpreters.json");
    context.environment["TORCHPIN_CACHE_DIR"] = "/tmp/tp";
    BOOST_TEST(python_probe_cache_file(context) == "/tmp/tp/interpreters.json");
    BOOST_TEST(python_probe_cache_file(DetectionContext{}).empty());
}

BOOST_AUTO_TEST_SUITE_END()
