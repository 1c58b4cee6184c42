// Which interpreters detection asks: --python-exe alone, else the active virtualenv and conda
// environment, then python3 on PATH, with pyenv shims resolved as pyenv resolves them.
#include "detect/python_discovery.hpp"

#include <fstream>
#include <unistd.h>

#include <boost/test/unit_test.hpp>

using namespace torchpin;

namespace {

// A scratch tree with executables, removed afterwards.
struct Tree {
    std::filesystem::path dir;
    Tree() {
        dir = std::filesystem::temp_directory_path() /
              ("torchpin_pythons_" + std::to_string(getpid()));
        std::filesystem::remove_all(dir);
    }
    ~Tree() { std::filesystem::remove_all(dir); }
    std::filesystem::path executable(const std::string& relative) const {
        const auto path = dir / relative;
        std::filesystem::create_directories(path.parent_path());
        std::ofstream(path) << "#!/bin/sh\n";
        std::filesystem::permissions(path, std::filesystem::perms::owner_all);
        return path;
    }
    void file(const std::string& relative, const std::string& content) const {
        std::filesystem::create_directories((dir / relative).parent_path());
        std::ofstream(dir / relative) << content;
    }
};

std::vector<std::string> sources(const std::vector<PythonCandidate>& candidates) {
    std::vector<std::string> out;
    for (const auto& candidate : candidates) {
        out.push_back(candidate.source);
    }
    return out;
}

} // namespace

BOOST_AUTO_TEST_SUITE(python_discovery)

BOOST_AUTO_TEST_CASE(virtualenv_then_conda_then_path_each_once) {
    Tree tree;
    const auto venv_python = tree.executable("venv/bin/python");
    tree.executable("conda/bin/python");
    tree.executable("venv/bin/python3");
    DetectionContext context;
    context.environment = {{"VIRTUAL_ENV", (tree.dir / "venv").string()},
                           {"CONDA_PREFIX", (tree.dir / "conda").string()}};
    context.path = (tree.dir / "venv/bin").string();
    std::vector<std::string> notes;
    const auto candidates = python_candidates(context, std::nullopt, notes);
    BOOST_TEST(sources(candidates) ==
               (std::vector<std::string>{"$VIRTUAL_ENV", "$CONDA_PREFIX", "PATH"}));
    BOOST_TEST(candidates[0].path == venv_python);
    BOOST_TEST(notes.empty());
}

BOOST_AUTO_TEST_CASE(python_exe_alone_and_missing_interpreters_noted) {
    Tree tree;
    tree.executable("bin/python3");
    DetectionContext context;
    context.environment = {{"VIRTUAL_ENV", (tree.dir / "gone").string()}};
    context.path = (tree.dir / "bin").string();
    std::vector<std::string> notes;
    const auto only = python_candidates(context, "/opt/python/bin/python3.12", notes);
    BOOST_TEST(sources(only) == std::vector<std::string>{"option --python-exe"});
    BOOST_TEST(only[0].path == "/opt/python/bin/python3.12");
    const auto found = python_candidates(context, std::nullopt, notes);
    BOOST_TEST(sources(found) == std::vector<std::string>{"PATH"});
    BOOST_REQUIRE(notes.size() == 1u);
    BOOST_TEST(notes[0].find("$VIRTUAL_ENV is set, but") == 0u);
    context.path = "/nonexistent";
    context.environment.clear();
    notes.clear();
    BOOST_TEST(python_candidates(context, std::nullopt, notes).empty());
    BOOST_TEST(notes.at(0) == "python3: not found on PATH");
}

BOOST_AUTO_TEST_CASE(pyenv_shims_resolve_as_pyenv_chooses) {
    Tree tree;
    const auto shim = tree.executable("pyenv/shims/python3");
    const auto v311 = tree.executable("pyenv/versions/3.11.7/bin/python3");
    const auto v312 = tree.executable("pyenv/versions/3.12.1/bin/python3");
    tree.file("pyenv/version", "3.11.7\n");
    DetectionContext context;
    const auto elsewhere = tree.dir / "elsewhere";
    std::filesystem::create_directories(elsewhere);
    BOOST_TEST(resolve_pyenv_shim(shim, context, elsewhere).value() == v311);

    tree.file("project/sub/keep", "");
    tree.file("project/.python-version", "# pinned\n3.12.1\n");
    BOOST_TEST(resolve_pyenv_shim(shim, context, tree.dir / "project/sub").value() == v312);

    context.environment = {{"PYENV_VERSION", "3.10.0:3.11.7"}}; // 3.10.0 is not installed
    BOOST_TEST(resolve_pyenv_shim(shim, context, tree.dir / "project").value() == v311);
    context.environment = {{"PYENV_VERSION", "system"}};
    BOOST_TEST(!resolve_pyenv_shim(shim, context, elsewhere).has_value());
    BOOST_TEST(!resolve_pyenv_shim(v311, DetectionContext{}, elsewhere).has_value());

    context.environment.clear();
    context.path = (tree.dir / "pyenv/shims").string();
    std::vector<std::string> notes;
    const auto candidates = python_candidates(context, std::nullopt, notes);
    BOOST_REQUIRE(candidates.size() == 1u);
    BOOST_TEST(candidates[0].path == v311);
    BOOST_TEST(candidates[0].source == "pyenv shim " + shim.string() + " on PATH");
}

BOOST_AUTO_TEST_SUITE_END()
